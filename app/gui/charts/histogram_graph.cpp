// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/histogram_graph.h"

#include "gui/charts/legend_model.h"
#include "gui/charts/nice_range.h"
#include "gui/charts/view_data.h"

#include <algorithm>
#include <cmath>

namespace perfscope::gui {

HistogramGraph::HistogramGraph(const ViewData* data, QWidget* parent) : m_data(data)
{
    m_view = new HistogramView(parent);
    // When every bar is the same counter (a view over one counter of every
    // process), a bar's name is its instance; the legend names the counter.
    m_view->setNameFunction([this](int row) {
        if (row < 0 || row >= m_data->seriesCount())
            return QString();
        const ViewSeries& s = m_data->series(row);
        return m_one_counter && !s.info.instance.isEmpty() ? s.info.instance : s.displayName();
    });
    // The bar's length is scaled; its label is the value itself, in its unit.
    m_view->setValueFunction([this](int row, double value) {
        if (row < 0 || row >= m_data->seriesCount())
            return LegendModel::formatValue(value);
        const ViewSeries& s = m_data->series(row);
        return LegendModel::formatValue(value / s.scaleFactor(), s.info.unit);
    });
}

QWidget* HistogramGraph::widget() const
{
    return m_view;
}

void HistogramGraph::applyPalette(const QPalette& palette)
{
    m_view->setPalette(palette);
}

void HistogramGraph::refresh(const GraphFrame& frame)
{
    std::vector<HistogramView::Bar> bars;
    bars.reserve(frame.plots.size());
    double lo = 0.0;
    double hi = 0.0;
    m_one_counter = true;
    const ViewSeries* first = nullptr;
    for (int row = 0; row < static_cast<int>(frame.plots.size()); ++row) {
        const ViewSeries& s = m_data->series(row);
        const double last = frame.plots[static_cast<size_t>(row)].stats.last;
        if (!s.visible || s.ended || std::isnan(last))
            continue;
        const double v = last * s.scaleFactor();
        if (!first)
            first = &s;
        else if (s.info.counter != first->info.counter || s.info.object != first->info.object)
            m_one_counter = false;
        bars.push_back({row, v, s.color});
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    std::sort(bars.begin(), bars.end(), [](const HistogramView::Bar& a, const HistogramView::Bar& b) {
        return a.value != b.value ? a.value > b.value : a.row < b.row;
    });
    if (frame.y_fixed) {
        m_view->setBars(std::move(bars), frame.y_fixed->first, frame.y_fixed->second);
    } else {
        const NiceRange range = niceRange(lo, hi > lo ? hi : lo + 1.0, 5);
        m_view->setBars(std::move(bars), range.min, range.max);
    }
}

}  // namespace perfscope::gui
