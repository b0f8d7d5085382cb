// SPDX-License-Identifier: Apache-2.0
// The one reading and writing of a PDH-CSV time stamp, "MM/DD/YYYY
// HH:MM:SS.mmm": the reader parses rows with parse_pdh_time, the writer
// formats them with format_pdh_time, so what one writes the other reads.
// A "wall" time is milliseconds since 1970-01-01 00:00 of a wall clock, no
// zone applied (the proleptic Gregorian calendar of std::chrono).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace perfscope::files {

// "MM/DD/YYYY HH:MM:SS[.fff]" (up to 9 fraction digits, the first 3 kept) ->
// wall milliseconds; none when it is not such a stamp or names no real date
// or time, or a year before 1601 (where Windows' FILETIME begins).
std::optional<std::int64_t> parse_pdh_time(std::string_view stamp);

// Wall milliseconds -> "MM/DD/YYYY HH:MM:SS.mmm" (years 1601..9999; others
// are clamped to them).
std::string format_pdh_time(std::int64_t wall_ms);

// A wall clock in this computer's local time zone (mktime: the zone and
// daylight saving time of that date) -> UTC milliseconds.
std::int64_t local_wall_to_utc_ms(std::int64_t wall_ms);

// The other way: `when` on this computer's local wall clock (localtime).
std::int64_t utc_to_local_wall_ms(std::chrono::system_clock::time_point when);

}  // namespace perfscope::files
