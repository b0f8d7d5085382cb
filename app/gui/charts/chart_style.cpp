// SPDX-License-Identifier: Apache-2.0
#include "chart_style.h"

#include <QChart>
#include <QGraphicsLayout>
#include <QPalette>
#include <QValueAxis>

namespace perfscope::gui {

void setAxisRange(QValueAxis* axis, const NiceRange& range)
{
    if (axis->min() != range.min || axis->max() != range.max)
        axis->setRange(range.min, range.max);
    if (axis->tickCount() != range.ticks)
        axis->setTickCount(range.ticks);
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
