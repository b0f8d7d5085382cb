// SPDX-License-Identifier: Apache-2.0
// What the graphs built on Qt Charts share: their look and the value axis's
// range, set only when it changed.
#pragma once

#include "nice_range.h"

class QChart;
class QPalette;
class QValueAxis;

namespace perfscope::gui {

inline constexpr int kValueTicks = 5;

// No animations, no chart legend (the legend is our table), tight margins.
void style_chart(QChart* chart);
// Charts follow the widget palette (so a dark system theme gives a dark graph)
// instead of Qt Charts' own light theme.
void apply_chart_palette(QChart* chart, const QPalette& palette);
// An axis range and tick count, given to the axis only when they changed:
// each change lays the axis's labels out again.
void setAxisRange(QValueAxis* axis, const NiceRange& range);

}  // namespace perfscope::gui
