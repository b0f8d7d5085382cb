// SPDX-License-Identifier: Apache-2.0
// The sample interval as typeperf's -si takes it: seconds ("5", "0.5") or
// [[hh:]mm:]ss ("01:30", "1:00:00"). One parser for both front ends (the CLI's
// -si, the app's --interval), so they accept and reject the same text.
#pragma once

#include "core/result.h"

#include <string>
#include <string_view>

namespace wpo::query {

// The shortest and longest time parse_interval reads: a tenth of a second (the
// shortest interval a sampler keeps) and a year of 365 days.
inline constexpr double kShortestDurationS = 0.1;
inline constexpr double kLongestDurationS = 365.0 * 86400;

// Seconds, from kShortestDurationS to kLongestDurationS; `option` names the flag in the
// error message ("-si needs seconds like 5, ..., got \"x\"").
wpo::Result<double> parse_interval(std::string_view text, std::string_view option = "-si");

// The text parse_interval reads back as `seconds` (to the millisecond):
// seconds under a minute as a number ("0.5", "30"), longer ones as [h:]mm:ss
// ("1:30", "1:00:00", "2:05.5").
std::string format_interval(double seconds);

}  // namespace wpo::query
