// SPDX-License-Identifier: Apache-2.0
// PDH-CSV logs (typeperf, relog, perfscope-cli query; the desktop app opens
// them): any bytes as a log. parse_pdh_csv gives a log or an invalid_argument
// error naming the line; an accepted log has one value per column in every
// row, only finite values, and written out again in the PDH layout (times
// through format_pdh_time, values with 17 digits) parses to the same log
// (a cut last line, left out, is not written again).
#include "files/pdh_csv_reader.h"

#include <cstddef>
#include <cstdint>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <string_view>

namespace {

void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

std::string quote(const std::string& cell)
{
    std::string out = "\"";
    for (char c : cell)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string write(const perfscope::files::PdhCsvLog& log)
{
    const std::string tag = log.separator == '\t' ? "(PDH-TSV 4.0)" : "(PDH-CSV 4.0)";
    // A log without a zone stays one: its stamps are local time, here UTC.
    std::string text =
        log.local_time ? quote(tag) : quote(tag + " (" + log.zone_name + ")(" + std::to_string(log.bias_minutes) + ")");
    for (const std::string& column : log.columns)
        text += log.separator + quote(column);
    text += "\r\n";
    for (const auto& row : log.rows) {
        text += quote(perfscope::files::format_pdh_time(row.time_ms - std::int64_t{log.bias_minutes} * 60'000));
        for (const auto& value : row.values) {
            char number[64] = " ";
            if (value)
                std::snprintf(number, sizeof number, "%.17g", *value);
            text += log.separator + quote(number);
        }
        text += "\n";
    }
    return text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    // Local time is UTC, so a log without a zone reads the same everywhere
    // and its stamps write back unchanged.
    static const bool utc = [] {
#ifdef _WIN32
        _putenv_s("TZ", "UTC0");  // the C runtime's own spelling of setenv
        _tzset();
#else
        setenv("TZ", "UTC0", 1);
        tzset();
#endif
        return true;
    }();
    (void)utc;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto log = perfscope::files::parse_pdh_csv(text);
    if (!log) {
        check(log.error().code() == wpo::Errc::invalid_argument);
        check(log.error().message().starts_with("line "));
        return 0;
    }
    check(!log->columns.empty());
    check(log->separator == ',' || log->separator == '\t');
    for (const auto& row : log->rows) {
        check(row.values.size() == log->columns.size());
        for (const auto& value : row.values)
            check(!value || std::isfinite(*value));
    }
    auto again = perfscope::files::parse_pdh_csv(write(*log));
    check(again.ok());
    check(again->zone_name == log->zone_name && again->bias_minutes == log->bias_minutes);
    check(again->local_time == log->local_time && again->machine == log->machine);
    check(again->separator == log->separator && again->columns == log->columns);
    check(again->rows.size() == log->rows.size());
    for (std::size_t i = 0; i < log->rows.size(); ++i) {
        check(again->rows[i].time_ms == log->rows[i].time_ms);
        check(again->rows[i].values == log->rows[i].values);
    }
    // Any text that parses as a time stamp formats back to the same time.
    if (auto ms = perfscope::files::parse_pdh_time(text))
        check(perfscope::files::parse_pdh_time(perfscope::files::format_pdh_time(*ms)) == ms);
    return 0;
}
