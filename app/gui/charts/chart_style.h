// SPDX-License-Identifier: Apache-2.0
// What the graphs built on Qt Charts share: their look and the value axis's
// range, set only when it changed.
#pragma once

#include "gui/charts/nice_range.h"
#include "gui/charts/value_format.h"

class QChart;
class QPalette;
class QValueAxis;

namespace perfscope::gui {
class ViewData;
}

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
// The axis shows tick / divisor with the unit ("20 GiB"); its range is in
// those units, the lines and grid keep the series' own values.
void setAxisScale(QValueAxis* axis, const AxisScale& scale);
// The unit every visible series shares at its own scale; none when they
// differ or one is scaled (a scaled value is no longer in its unit).
ValueUnit shared_unit(const ViewData& data);

}  // namespace perfscope::gui
