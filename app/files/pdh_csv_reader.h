// SPDX-License-Identifier: Apache-2.0
// Reads the text logs Windows Performance Monitor, typeperf and relog write
// and `perfscope-cli query` writes too ("PDH-CSV 4.0", and its TSV twin):
//
//   "(PDH-CSV 4.0) (W. Europe Standard Time)(-60)","\\HOST\Processor(_Total)\% Processor Time"
//   "11/22/2026 08:30:01.123","12.500000"
//   "11/22/2026 08:30:02.124"," "
//
// The header's first cell names the format, the time zone and its bias in
// minutes (Windows: UTC = local + bias); the other cells are the columns'
// counter paths. Each row is a local time stamp "MM/DD/YYYY HH:MM:SS.mmm"
// and one value per column, " " (one space) where the counter had none.
//
// Also accepted, as the tools write them: a UTF-8 byte order mark, UTF-16LE
// with its byte order mark (PowerShell's "typeperf ... > log.csv"), CRLF line
// ends, blank lines (typeperf's console output starts with one), unquoted
// cells (numbers), a time stamp without or with fewer/more fraction digits,
// an empty cell for a missing value, and the two lines typeperf's console
// output ends with ("Exiting, please wait..." and "The command completed
// successfully.") after the last row.
//
// typeperf's output redirected to a file ("typeperf ... > log.csv") has a
// header without the zone: "(PDH-CSV 4.0)". Its stamps are read as this
// computer's local time (local_time), as typeperf wrote them on its own.
//
// A last line that ends the file without a line end and does not parse is a
// row cut short (the writer was killed, or is still writing): the rows before
// it load and dropped_line/dropped_reason name it.
//
// Anything else is an error naming the line (and column or cell) and what is
// wrong, and nothing is returned half-way.
#pragma once

#include "core/result.h"
#include "files/pdh_csv_time.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perfscope::files {

struct PdhCsvRow {
    // UTC milliseconds since the Unix epoch: the local stamp + the bias.
    std::int64_t time_ms = 0;
    std::vector<std::optional<double>> values;  // one per column; none = " "
};

struct PdhCsvLog {
    std::string zone_name;             // "W. Europe Standard Time", "UTC"; empty with local_time
    int bias_minutes = 0;              // UTC - local, as Windows gives it
    bool local_time = false;           // no zone in the header: stamps are this computer's local time
    std::string machine;               // the HOST of the columns' \\HOST\ ("A, B" for several), empty without
    std::size_t dropped_line = 0;      // a cut last line left out (1-based), 0 for none
    std::string dropped_reason;        // what was wrong with it
    std::vector<std::string> columns;  // \\HOST\Object(Instance)\Counter, as written
    std::vector<PdhCsvRow> rows;
    char separator = ',';  // '\t' for PDH-TSV
};

// Errc::invalid_argument with "line L[, column C]: what is wrong".
wpo::Result<PdhCsvLog> parse_pdh_csv(std::string_view text);

// The file's errors name the file: not_found, permission_denied, io_error,
// too_large (over kMaxPdhCsvBytes), or a parse error prefixed by the path.
wpo::Result<PdhCsvLog> read_pdh_csv(const std::string& path);

inline constexpr std::uint64_t kMaxPdhCsvBytes = 1ull << 30;

}  // namespace perfscope::files
