// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/chart_style.h"

#include "gui/charts/view_data.h"

#include <QChart>
#include <QGraphicsLayout>
#include <QPalette>
#include <QValueAxis>

#include <optional>

namespace perfscope::gui {

void setAxisRange(QValueAxis* axis, const NiceRange& range)
{
    if (axis->min() != range.min || axis->max() != range.max)
        axis->setRange(range.min, range.max);
    if (axis->tickCount() != range.ticks)
        axis->setTickCount(range.ticks);
}

void setAxisScale(QValueAxis* axis, const AxisScale& scale)
{
    const QString format =
        QStringLiteral("%.6g") + QString(scale.suffix).replace(QLatin1Char('%'), QStringLiteral("%%"));
    if (axis->labelFormat() != format)
        axis->setLabelFormat(format);
    setAxisRange(axis, {scale.range.min / scale.divisor, scale.range.max / scale.divisor, scale.range.ticks});
}

ValueUnit shared_unit(const ViewData& data)
{
    std::optional<ValueUnit> unit;
    for (int row = 0; row < data.seriesCount(); ++row) {
        const ViewSeries& s = data.series(row);
        if (!s.visible)
            continue;
        if (s.scaleFactor() != 1.0 || (unit && *unit != s.info.unit))
            return ValueUnit::none;
        unit = s.info.unit;
    }
    return unit.value_or(ValueUnit::none);
}

void style_chart(QChart* chart)
{
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->hide();
    // Room for the first and last time labels, centred on the plot edges.
    chart->setMargins(QMargins(18, 10, 30, 4));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
}

void apply_chart_palette(QChart* chart, const QPalette& pal)
{
    // No chart background (ChartView paints the view's once): no plot area one either.
    chart->setPlotAreaBackgroundVisible(false);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsColor(pal.color(QPalette::Text));
        axis->setLinePenColor(pal.color(QPalette::Mid));
        QColor grid = pal.color(QPalette::Text);
        grid.setAlpha(40);
        axis->setGridLineColor(grid);
        axis->setTitleBrush(pal.brush(QPalette::Text));
    }
}

}  // namespace perfscope::gui
