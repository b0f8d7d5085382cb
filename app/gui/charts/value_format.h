// SPDX-License-Identifier: Apache-2.0
// Values as a person reads them: with their unit, bytes in binary prefixes
// (KiB, MiB, GiB, TiB), rounded to what the place has room for. The graph
// and its axis get 3 significant digits, tables (legend, report, value bar)
// more, and whole counts with the locale's thousands separators. The value
// axis asks for a divisor and suffix, so its ticks read "20 GiB" or "50 %".
//
//   formatValue(24185159680.0, ValueUnit::bytes, ValueDetail::compact)  // "22.5 GiB"
//   formatValue(87.5, ValueUnit::percent, ValueDetail::compact)         // "87.5 %"
//   formatValue(1234567.0, ValueUnit::none, ValueDetail::table)        // "1,234,567"
#pragma once

#include "gui/data/value_unit.h"
#include "gui/charts/nice_range.h"

#include <QLocale>
#include <QString>

#include <cstdint>
#include <optional>

namespace perfscope::gui {

enum class ValueDetail {
    compact,  // 3 significant digits: graph labels, axis, tooltips
    table,    // 4 significant digits, whole counts in full with separators
};

// The unit of a counter: the display suffix of its type when known
// (PERF_DISPLAY_PERCENT, PERF_DISPLAY_PER_SEC, PERF_DISPLAY_SECONDS), then
// its name ("Bytes", "Bytes/sec", "/sec", "% ...", "sec/..."). Without a type
// (a counter read from a log) the name alone decides.
ValueUnit unitOf(const QString& counter, std::optional<std::uint32_t> counter_type = std::nullopt);

// "—" for NaN. `locale` gives the decimal point and the group separator.
QString formatValue(double value, ValueUnit unit, ValueDetail detail = ValueDetail::compact,
                    const QLocale& locale = QLocale());

// 10^exponent for the legend's Scale column: written out as PerfMon shows
// it from 0.001 to 1000, beyond that "10^-6", "10^4" (as the scale editor
// reads), which stays narrow where "0.000001" would be cut.
QString formatScaleFactor(int exponent);

// `value` rounded to `digits` significant digits (0 stays 0).
double roundSignificant(double value, int digits);

// How a value axis over one unit labels its ticks: tick value / divisor,
// then the suffix ("%g GiB" as a printf label format).
struct AxisScale {
    NiceRange range;       // in the series' own values
    double divisor = 1.0;  // 2^30 for GiB ticks
    QString suffix;        // " GiB", " %", " /s"; empty for plain numbers
};

// A nice range covering [lo, hi] (a zoom's, a fixed range's) with about
// `target_ticks` ticks: bytes get the binary prefix of the larger end and
// steps of 1, 2 or 5 times a power of ten in that prefix ("5 GiB" steps);
// large counts and rates decimal prefixes (k, M, G).
AxisScale axisScale(double lo, double hi, ValueUnit unit, int target_ticks);

// The automatic range for data from y_min to y_max: from 0 (or below, for
// negative data) with 5 % room above the maximum; percentages that fit
// 0–100 get exactly 0–100 in steps of 20. No data (y_min > y_max): 0–100.
AxisScale dataAxisScale(double y_min, double y_max, ValueUnit unit, int target_ticks);

}  // namespace perfscope::gui
