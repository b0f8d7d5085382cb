// SPDX-License-Identifier: Apache-2.0
#include "files/text_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace perfscope::files {

using wpo::Errc;
using wpo::Error;

wpo::Result<std::string> read_text_file(const std::string& path, std::uint64_t max_bytes)
{
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file) {
        const int e = errno;
        const Errc code = e == ENOENT ? Errc::not_found : e == EACCES ? Errc::permission_denied : Errc::io_error;
        return Error(code, "cannot open \"" + path + "\": " + std::strerror(e));
    }
    std::string text;
    char buffer[1 << 16];
    bool failed = false;
    while (true) {
        const std::size_t n = std::fread(buffer, 1, sizeof buffer, file);
        text.append(buffer, n);
        if (text.size() > max_bytes) {
            std::fclose(file);
            return Error(Errc::too_large,
                         "\"" + path + "\" is larger than " + std::to_string(max_bytes >> 20) + " MiB");
        }
        if (n < sizeof buffer) {
            failed = std::ferror(file) != 0;
            break;
        }
    }
    std::fclose(file);
    if (failed)
        return Error(Errc::io_error, "cannot read \"" + path + "\"");
    return text;
}

}  // namespace perfscope::files
