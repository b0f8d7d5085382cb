// SPDX-License-Identifier: Apache-2.0
// Writes samples in the text log layout Windows Performance Monitor, typeperf
// and relog read ("PDH-CSV 4.0"): a header row whose first cell names the
// format and the time zone, then one row per sample; every cell is quoted.
//
//   "(PDH-CSV 4.0) (UTC)(0)","\\HOST\Memory\Available Bytes"
//   "11/22/2026 08:30:01.123","1234567.000000"
//
// A counter without a value in a sample gets a cell holding one space, as
// typeperf writes it.
#pragma once

#include <chrono>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace perfscope::files {

class PdhCsvWriter {
public:
    // `separator` ',' for CSV, '\t' for TSV. `out` stays owned by the caller.
    PdhCsvWriter(std::FILE* out, char separator) : m_out(out), m_separator(separator) {}

    // Time zone text: "(<name>)(<bias minutes>)", bias = UTC − local as Windows
    // defines it.
    bool write_header(const std::vector<std::string>& columns, const std::string& zone_name, int bias_minutes);
    bool write_row(std::chrono::system_clock::time_point when, const std::vector<std::optional<double>>& values);

    // "MM/DD/YYYY HH:MM:SS.mmm" in local time (format_pdh_time of the local wall clock).
    static std::string format_time(std::chrono::system_clock::time_point when);
    // The local zone's name and Windows-style bias at `when`.
    static std::pair<std::string, int> local_zone(std::chrono::system_clock::time_point when);

private:
    std::string quote(const std::string& cell) const;

    std::FILE* m_out;
    char m_separator;
};

}  // namespace perfscope::files
