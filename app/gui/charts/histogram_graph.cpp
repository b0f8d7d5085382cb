// SPDX-License-Identifier: Apache-2.0
#include "histogram_graph.h"

#include "chart_style.h"
#include "chart_view.h"
#include "view_data.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace perfscope::gui {

HistogramGraph::HistogramGraph(const ViewData* data, QWidget* parent) : m_data(data)
{
    m_bar_chart = new QChart();
    style_chart(m_bar_chart);
    m_bars = new QBarSeries(m_bar_chart);
    m_bars->setBarWidth(0.9);
    m_bar_chart->addSeries(m_bars);
    m_bar_x = new QBarCategoryAxis(m_bar_chart);
    m_bar_x->append(QStringLiteral(" "));
    m_bar_x->setGridLineVisible(false);
    m_bar_y = new QValueAxis(m_bar_chart);
    m_bar_y->setLabelFormat(QStringLiteral("%.6g"));
    m_bar_chart->addAxis(m_bar_x, Qt::AlignBottom);
    m_bar_chart->addAxis(m_bar_y, Qt::AlignLeft);
    m_bars->attachAxis(m_bar_x);
    m_bars->attachAxis(m_bar_y);
    m_bar_view = new ChartView(m_bar_chart, parent);
    m_bar_view->setToolTip(QString());
}

QWidget* HistogramGraph::widget() const
{
    return m_bar_view;
}

void HistogramGraph::insertRow(int)
{
    m_bars_dirty = true;
}

void HistogramGraph::removeRow(int)
{
    m_bars_dirty = true;
}

void HistogramGraph::changeRow(int)
{
    m_bars_dirty = true;
}

void HistogramGraph::applyPalette(const QPalette& pal)
{
    apply_chart_palette(m_bar_chart, pal);
    m_bar_view->setBackgroundBrush(pal.brush(QPalette::Base));
}

void HistogramGraph::rebuildBars()
{
    m_bars->clear();
    for (int row = 0; row < m_data->seriesCount(); ++row) {
        const ViewSeries& s = m_data->series(row);
        if (!s.visible)
            continue;
        auto* set = new QBarSet(s.displayName());
        set->setColor(s.color);
        set->setBorderColor(s.color);
        set->setProperty("row", row);
        set->append(0.0);
        m_bars->append(set);
    }
    m_bars_dirty = false;
}

void HistogramGraph::refresh(const GraphFrame& frame)
{
    if (m_bars_dirty)
        rebuildBars();
    double hi = 0.0;
    double lo = 0.0;
    for (QBarSet* set : m_bars->barSets()) {
        const int row = set->property("row").toInt();
        const ViewSeries& s = m_data->series(row);
        const double last = frame.plots[static_cast<size_t>(row)].stats.last;
        const double v = std::isnan(last) ? 0.0 : last * s.scaleFactor();
        set->replace(0, v);
        hi = std::max(hi, v);
        lo = std::min(lo, v);
    }
    if (frame.y_fixed)
        setAxisRange(m_bar_y, {frame.y_fixed->first, frame.y_fixed->second, kValueTicks});
    else
        setAxisRange(m_bar_y, niceRange(lo, hi > lo ? hi + (hi - lo) * 0.05 : lo + 1.0, kValueTicks));
}

}  // namespace perfscope::gui
