// SPDX-License-Identifier: Apache-2.0
#include "cli/top_report.h"

#include "files/pdh_csv_time.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iterator>

namespace perfscope::cli {
namespace {

using wpo::query::ProcessRanking;
using wpo::query::RankBy;
using wpo::query::RankedProcess;

// FILETIME (100 ns since 1601) and Unix milliseconds are 11644473600 s apart.
constexpr std::int64_t kUnixEpochMs = 11'644'473'600'000LL;

std::string local_time(std::int64_t filetime)
{
    const std::int64_t unix_ms = filetime / 10'000 - kUnixEpochMs;
    return files::format_pdh_time(
        files::utc_to_local_wall_ms(std::chrono::system_clock::time_point(std::chrono::milliseconds(unix_ms))));
}

std::string printf_string(const char* format, double value)
{
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

// Bytes in binary units, as the value format of the desktop app shows them.
std::string bytes(double value)
{
    static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double magnitude = std::fabs(value);
    std::size_t unit = 0;
    while (magnitude >= 1024 && unit + 1 < std::size(kUnits)) {
        magnitude /= 1024;
        ++unit;
    }
    const std::string sign = value < 0 ? "-" : "";
    if (unit == 0)
        return sign + printf_string("%.0f", magnitude) + " B";
    return sign + printf_string("%.1f", magnitude) + " " + kUnits[unit];
}

std::string csv_text(const std::string& text)
{
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

std::string pad(const std::string& text, std::size_t width, bool right)
{
    if (text.size() >= width)
        return text;
    const std::string fill(width - text.size(), ' ');
    return right ? fill + text : text + fill;
}

}  // namespace

const char* measure_name(RankBy by)
{
    switch (by) {
    case RankBy::cpu: return "CPU time";
    case RankBy::io: return "I/O bytes";
    case RankBy::faults: return "page faults";
    case RankBy::working_set: return "working-set growth";
    }
    return "";
}

std::string format_ranked_value(RankBy by, double value)
{
    switch (by) {
    case RankBy::cpu: return printf_string("%.2f", value / 1e7) + " s";
    case RankBy::io: return bytes(value);
    case RankBy::faults: return printf_string("%.0f", value) + " faults";
    case RankBy::working_set: return (value > 0 ? "+" : "") + bytes(value);
    }
    return {};
}

std::string format_top_table(const ProcessRanking& ranking, const TopReportOptions& options)
{
    const auto rows = ranking.rank(options.by, options.count);
    std::string out = "Top " + std::to_string(rows.size()) + " processes by " + measure_name(options.by) + ", " +
                      local_time(ranking.first_time_100ns()) + " to " + local_time(ranking.last_time_100ns()) + " (" +
                      printf_string("%.1f", ranking.seconds()) + " s, " + std::to_string(ranking.sample_count()) +
                      " samples)\n";
    std::size_t name_width = 7;  // "Process"
    for (const RankedProcess& r : rows)
        name_width = std::max(name_width, std::min<std::size_t>(r.usage.name.size(), 32));
    const std::string value_header = options.by == RankBy::cpu      ? "CPU time"
                                     : options.by == RankBy::io     ? "I/O"
                                     : options.by == RankBy::faults ? "Faults"
                                                                    : "Growth";
    out += pad("Rank", 4, true) + "  " + pad("Process", name_width, false) + "  " + pad("PID", 8, true) + "  " +
           pad(value_header, 14, true) + "  " + pad("Share", 8, true) + "\n";
    std::size_t rank = 0;
    for (const RankedProcess& r : rows) {
        std::string name = r.usage.name.substr(0, 32);
        std::string note;
        if (r.usage.started_inside)
            note += " started";
        if (r.usage.ended_inside)
            note += " ended";
        out += pad(std::to_string(++rank), 4, true) + "  " + pad(name, name_width, false) + "  " +
               pad(std::to_string(r.usage.pid), 8, true) + "  " +
               pad(format_ranked_value(options.by, r.value), 14, true) + "  " +
               pad(printf_string("%.1f", 100 * r.share) + " %", 8, true) + note + "\n";
    }
    return out;
}

std::string format_top_csv(const ProcessRanking& ranking, const TopReportOptions& options)
{
    std::string out = "\"Rank\",\"Process\",\"PID\",\"CPU Seconds\",\"IO Bytes\",\"Page Faults\","
                      "\"Working Set Growth Bytes\",\"Share Percent\",\"Started Inside\",\"Ended Inside\"\n";
    std::size_t rank = 0;
    for (const RankedProcess& r : ranking.rank(options.by, options.count)) {
        const auto& u = r.usage;
        out += std::to_string(++rank) + "," + csv_text(u.name) + "," + std::to_string(u.pid) + "," +
               printf_string("%.7f", static_cast<double>(u.cpu_100ns) / 1e7) + "," + std::to_string(u.io_bytes) + "," +
               std::to_string(u.faults) + "," + std::to_string(u.working_set_growth) + "," +
               printf_string("%.3f", 100 * r.share) + "," + (u.started_inside ? "1" : "0") + "," +
               (u.ended_inside ? "1" : "0") + "\n";
    }
    return out;
}

}  // namespace perfscope::cli
