// SPDX-License-Identifier: Apache-2.0
// What a view is and the bounds of its settings, in one place for every front
// end: the counter set reader refuses a value outside them, the desktop app's
// view settings dialog accepts exactly them and the sampler clamps its
// interval to them (docs/counter-sets.md lists them).
#pragma once

#include "query/interval.h"

#include <cmath>
#include <cstddef>
#include <string_view>

namespace perfscope::files {

// How a view shows its series.
enum class ViewKind { line, histogram, report };
inline constexpr ViewKind kViewKinds[] = {ViewKind::line, ViewKind::histogram, ViewKind::report};

// The name a counter set stores ("line", "histogram", "report").
std::string_view to_string(ViewKind kind);

inline constexpr double kMinIntervalS = wpo::query::kShortestDurationS;
inline constexpr double kMaxIntervalS = 3600.0;
// The longest time parse_interval reads (a year; the dialog's field takes it):
// a long window is useful at a long interval, and a year at one hour is 8,760
// values.
inline constexpr double kMinWindowS = 1.0;
inline constexpr double kMaxWindowS = wpo::query::kLongestDurationS;
inline constexpr std::size_t kMinHistoryCapacity = 1;
inline constexpr std::size_t kMaxHistoryCapacity = 10'000'000;

// An interval a sampler can keep: within the bounds, 1 s for NaN or infinity.
inline double clamp_interval(double seconds)
{
    if (!std::isfinite(seconds))
        return 1.0;
    return seconds < kMinIntervalS ? kMinIntervalS : seconds > kMaxIntervalS ? kMaxIntervalS : seconds;
}

}  // namespace perfscope::files
