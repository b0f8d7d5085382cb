// SPDX-License-Identifier: Apache-2.0
#include "cli/record_file_name.h"

#include <cstdio>
#include <ctime>
#include <filesystem>

namespace perfscope::cli {

std::string timestamped_file_name(const std::string& base, std::chrono::system_clock::time_point start)
{
    const std::time_t seconds = std::chrono::system_clock::to_time_t(start);
    std::tm utc{};
#ifdef _WIN32
    gmtime_s(&utc, &seconds);
#else
    gmtime_r(&seconds, &utc);
#endif
    char stamp[80];
    std::snprintf(stamp, sizeof stamp, "-%04d%02d%02d-%02d%02d%02d", utc.tm_year + 1900, utc.tm_mon + 1, utc.tm_mday,
                  utc.tm_hour, utc.tm_min, utc.tm_sec);
    const std::filesystem::path path(base);
    const std::string extension = path.has_extension() ? path.extension().string() : std::string(".psrec");
    return (path.parent_path() / (path.stem().string() + stamp + extension)).string();
}

}  // namespace perfscope::cli
