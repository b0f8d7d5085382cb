// The sample interval as typeperf's -si takes it: seconds ("5", "0.5") or
// [[hh:]mm:]ss ("01:30", "1:00:00"). One parser for both front ends (the CLI's
// -si, the app's --interval), so they accept and reject the same text.
#pragma once

#include "core/result.h"

#include <string_view>

namespace wpo::query {

// Seconds, at least 0.1 and at most a year; `option` names the flag in the
// error message ("-si needs seconds like 5, ..., got \"x\"").
wpo::Result<double> parse_interval(std::string_view text, std::string_view option = "-si");

}  // namespace wpo::query
