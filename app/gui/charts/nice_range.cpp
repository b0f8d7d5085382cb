// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/nice_range.h"

#include <algorithm>
#include <cmath>

namespace perfscope::gui {
namespace {

// 1, 2, 5 or 10 times the power of ten at or below x: the smallest of them
// not below x when rounding up, else the nearest.
double nice_number(double x, bool round_up)
{
    const double power = std::pow(10.0, std::floor(std::log10(x)));
    const double fraction = x / power;  // in [1, 10)
    double nice = 10.0;
    if (round_up)
        nice = fraction <= 1.0 ? 1.0 : fraction <= 2.0 ? 2.0 : fraction <= 5.0 ? 5.0 : 10.0;
    else
        nice = fraction < 1.5 ? 1.0 : fraction < 3.0 ? 2.0 : fraction < 7.0 ? 5.0 : 10.0;
    return nice * power;
}

}  // namespace

NiceRange niceRange(double lo, double hi, int target_ticks)
{
    if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo) || target_ticks < 2) {
        const double base = std::isfinite(lo) ? lo : 0.0;
        return {base, base + 1.0, 2};
    }
    const double span = nice_number(hi - lo, true);
    const double step = nice_number(span / (target_ticks - 1), false);
    // A step near the doubles' resolution at these magnitudes has no whole
    // multiples to speak of: the range as it is.
    if (!(step > 0.0) || !std::isfinite(step) || step < 1e-12 * std::max(std::abs(lo), std::abs(hi)))
        return {lo, hi, 2};
    double first = std::floor(lo / step);
    double last = std::ceil(hi / step);
    // A quotient rounded to a whole number can put an end a hair inside.
    if (first * step > lo)
        first -= 1.0;
    if (last * step < hi)
        last += 1.0;
    return {first * step, last * step, static_cast<int>(last - first) + 1};
}

std::optional<int> scaleToFitExponent(double maximum)
{
    const double m = std::abs(maximum);
    if (!std::isfinite(m) || m == 0.0)
        return std::nullopt;
    constexpr int kLowest = -10, kHighest = 10;
    int exponent = 2 - static_cast<int>(std::ceil(std::log10(m)));
    // log10 of an exact power of ten may land a hair off: settle by testing.
    while (exponent > kLowest && m * std::pow(10.0, exponent) > 100.0)
        --exponent;
    while (exponent < kHighest && m * std::pow(10.0, exponent) <= 10.0)
        ++exponent;
    return std::clamp(exponent, kLowest, kHighest);
}

}  // namespace perfscope::gui
