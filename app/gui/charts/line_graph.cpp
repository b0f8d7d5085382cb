// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/line_graph.h"

#include "gui/charts/chart_style.h"
#include "gui/charts/chart_view.h"
#include "gui/charts/nice_range.h"
#include "gui/charts/plot_grid_item.h"
#include "gui/charts/plot_lines_item.h"
#include "gui/charts/view_data.h"

#include <QChart>
#include <QDateTime>
#include <QValueAxis>

#include <algorithm>
#include <limits>

namespace perfscope::gui {

LineGraph::LineGraph(const ViewData* data, qint64 window_ms, QWidget* parent) : m_data(data)
{
    m_line_chart = new QChart();
    style_chart(m_line_chart);
    m_y_axis = new QValueAxis(m_line_chart);
    m_y_axis->setLabelFormat(QStringLiteral("%.6g"));
    m_y_axis->setRange(0, 100);
    // The grid and the axis line are PlotGridItem's (see there why).
    m_y_axis->setGridLineVisible(false);
    m_y_axis->setLineVisible(false);
    m_line_chart->addAxis(m_y_axis, Qt::AlignLeft);
    // The frame, grid and time axis, then the lines above them: items over
    // the plot area (children of the chart, so exports render them).
    m_grid = new PlotGridItem(m_line_chart);
    m_grid->setZValue(5);
    m_grid->setLabelFont(m_y_axis->labelsFont());
    QMargins margins = m_line_chart->margins();
    margins.setBottom(margins.bottom() + m_grid->labelBandHeight());
    m_line_chart->setMargins(margins);
    m_lines = new PlotLinesItem(m_line_chart);
    m_lines->setZValue(10);
    m_lines->setCaching(PlotLinesItem::Caching::OnScreen);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    m_grid->setTimeRange(now - window_ms, now);
    m_lines->setRanges(double(now - window_ms), double(now), 0, 100);
    QObject::connect(m_line_chart, &QChart::plotAreaChanged, m_line_chart, [this](const QRectF& area) {
        m_grid->setPlotArea(area);
        m_lines->setPlotArea(area);
    });
    m_chart_view = new ChartView(m_line_chart, parent);
    m_chart_view->setPlotLines(m_lines);
}

QWidget* LineGraph::widget() const
{
    return m_chart_view;
}

void LineGraph::insertRow(int row)
{
    m_lines->insertLine(row, m_data->series(row).color);
}

void LineGraph::removeRow(int row)
{
    m_lines->removeLine(row);
}

void LineGraph::changeRow(int row)
{
    m_lines->setColor(row, m_data->series(row).color);
    // Scale or visibility may have changed: the stretches are made again.
    m_lines->forgetVersion(row);
}

std::pair<double, double> LineGraph::yRange() const
{
    return {m_y_range.min, m_y_range.max};
}

int LineGraph::plotWidthPx() const
{
    const int w = static_cast<int>(m_line_chart->plotArea().width());
    return w > 10 ? w : std::max(100, m_chart_view->width() - 80);
}

void LineGraph::applyPalette(const QPalette& pal)
{
    apply_chart_palette(m_line_chart, pal);
    m_grid->setColors(pal.color(QPalette::Base), pal.color(QPalette::Text), pal.color(QPalette::Mid));
    m_chart_view->setBackgroundBrush(pal.brush(QPalette::Base));
}

// The lines are one item: each row's stretches go to it; the value axis gets a
// range only when it changed (a moved range lays its labels out again); the
// grid item follows the time range (its labels scroll, see PlotGridItem).
void LineGraph::refresh(const GraphFrame& frame)
{
    const qint64 from = frame.from;
    const qint64 to = frame.to;
    double y_min = std::numeric_limits<double>::infinity();
    double y_max = -std::numeric_limits<double>::infinity();
    for (int row = 0; row < static_cast<int>(frame.plots.size()); ++row) {
        const ViewSeries& s = m_data->series(row);
        const Decimator& decimator = frame.plots[static_cast<size_t>(row)].decimator;
        // A line whose columns did not change (an ended process inside the
        // window) keeps its stretches and their pixels.
        if (!m_lines->hasStretchesOf(row, decimator.version())) {
            QList<QList<QPointF>> stretches;
            if (s.visible)
                decimator.segments(s.scaleFactor(), stretches);
            m_lines->setStretches(row, std::move(stretches), decimator.version());
        }
        const auto [low, high] = m_lines->valueExtent(row);
        y_min = std::min(y_min, low);
        y_max = std::max(y_max, high);
    }

    const ValueUnit unit = shared_unit(*m_data);
    AxisScale scale;
    if (frame.y_zoom) {
        // Round labels after a rubber band too: the zoomed range widened to whole steps.
        scale = axisScale(std::min(frame.y_zoom->first, frame.y_zoom->second),
                          std::max(frame.y_zoom->first, frame.y_zoom->second), unit, kValueTicks);
    } else if (frame.y_fixed) {
        scale = axisScale(frame.y_fixed->first, frame.y_fixed->second, unit, kValueTicks);
        scale.range = {frame.y_fixed->first, frame.y_fixed->second, kValueTicks};
    } else {
        scale = dataAxisScale(y_min, y_max, unit, kValueTicks);
    }
    setAxisScale(m_y_axis, scale);
    m_y_range = scale.range;
    m_grid->setPlotArea(m_line_chart->plotArea());
    m_grid->setTimeRange(from, to);
    m_grid->setValueTicks(m_y_range.min, m_y_range.max, m_y_range.ticks);
    m_lines->setPlotArea(m_line_chart->plotArea());
    m_lines->setRanges(double(from), double(to), m_y_range.min, m_y_range.max);
}

}  // namespace perfscope::gui
