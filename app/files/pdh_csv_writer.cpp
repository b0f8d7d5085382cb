// SPDX-License-Identifier: Apache-2.0
#include "files/pdh_csv_writer.h"

#include "files/pdh_csv_time.h"

#include <cstring>
#include <ctime>

namespace perfscope::files {
namespace {

std::tm local_tm(std::time_t t)
{
    std::tm tm{};
#ifdef _WIN32
    localtime_s(&tm, &t);
#else
    localtime_r(&t, &tm);
#endif
    return tm;
}

}  // namespace

std::string PdhCsvWriter::quote(const std::string& cell) const
{
    std::string out = "\"";
    for (char c : cell)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string PdhCsvWriter::format_time(std::chrono::system_clock::time_point when)
{
    return format_pdh_time(utc_to_local_wall_ms(when));
}

std::pair<std::string, int> PdhCsvWriter::local_zone(std::chrono::system_clock::time_point when)
{
    const auto t = std::chrono::system_clock::to_time_t(when);
    std::tm local = local_tm(t);
    std::tm utc{};
#ifdef _WIN32
    gmtime_s(&utc, &t);
#else
    gmtime_r(&t, &utc);
#endif
    // Bias from the broken-down times, so no platform-specific tm_gmtoff.
    utc.tm_isdst = local.tm_isdst;
    const double east_seconds = std::difftime(std::mktime(&local), std::mktime(&utc));
    const int bias = -static_cast<int>(east_seconds / 60);
    char name[64] = "";
    std::strftime(name, sizeof name, "%Z", &local);
    return {name[0] ? name : "UTC", bias};
}

bool PdhCsvWriter::write_header(const std::vector<std::string>& columns, const std::string& zone_name, int bias_minutes)
{
    const char* format = m_separator == '\t' ? "(PDH-TSV 4.0)" : "(PDH-CSV 4.0)";
    std::string line = quote(std::string(format) + " (" + zone_name + ")(" + std::to_string(bias_minutes) + ")");
    for (const std::string& column : columns)
        line += m_separator + quote(column);
    line += '\n';
    return std::fputs(line.c_str(), m_out) >= 0 && std::fflush(m_out) == 0;
}

bool PdhCsvWriter::write_row(std::chrono::system_clock::time_point when,
                             const std::vector<std::optional<double>>& values)
{
    std::string line = quote(format_time(when));
    char number[64];
    for (const auto& value : values) {
        line += m_separator;
        if (value) {
            std::snprintf(number, sizeof number, "%.6f", *value);
            line += quote(number);
        } else {
            line += quote(" ");
        }
    }
    line += '\n';
    return std::fputs(line.c_str(), m_out) >= 0 && std::fflush(m_out) == 0;
}

}  // namespace perfscope::files
