// SPDX-License-Identifier: Apache-2.0
// Round axis ranges for the value axis: "loose" labels after Heckbert
// (Graphics Gems I, "Nice numbers for graph labels"): the step is 1, 2 or 5
// times a power of ten, and the range is widened to whole steps. Computed
// here rather than by QValueAxis::applyNiceNumbers, which lays the axis's
// labels out on every call (twice: once for the range, once for the tick
// count) and starts from the tick count the previous call left: a view would
// pay that layout on every refresh while the data moves within one range.
#pragma once

#include <optional>

namespace perfscope::gui {

struct NiceRange {
    double min = 0.0;
    double max = 1.0;
    int ticks = 2;  // min, max and the steps between
    friend bool operator==(const NiceRange&, const NiceRange&) = default;
};

// The nice range covering [lo, hi] with about `target_ticks` ticks (≥ 2).
// hi must be greater than lo and both finite; anything else gives [lo, lo + 1].
NiceRange niceRange(double lo, double hi, int target_ticks);

// PerfMon's "scale to fit": the power of ten that puts a series' largest
// visible magnitude within (10, 100], so lines of different counters share a
// 0–100 axis. Clamped to the scales a counter set accepts (-10 to 10).
// nullopt for no data, zero or a non-finite maximum (the scale stays).
std::optional<int> scaleToFitExponent(double maximum);

}  // namespace perfscope::gui
