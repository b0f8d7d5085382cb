// SPDX-License-Identifier: Apache-2.0
// The histogram: one bar per shown series, its last value in the window × its scale.
#pragma once

#include "graph.h"

class QBarCategoryAxis;
class QBarSeries;
class QChart;
class QValueAxis;

namespace perfscope::gui {

class ChartView;

class HistogramGraph : public Graph {
public:
    HistogramGraph(const ViewData* data, QWidget* parent);

    QWidget* widget() const override;
    void insertRow(int row) override;
    void removeRow(int row) override;
    void changeRow(int row) override;
    void refresh(const GraphFrame& frame) override;
    void applyPalette(const QPalette& palette) override;

    QBarSeries* barSeries() const { return m_bars; }

private:
    void rebuildBars();

    const ViewData* m_data;
    bool m_bars_dirty = true;
    ChartView* m_bar_view = nullptr;
    QChart* m_bar_chart = nullptr;
    QBarSeries* m_bars = nullptr;
    QBarCategoryAxis* m_bar_x = nullptr;
    QValueAxis* m_bar_y = nullptr;
};

}  // namespace perfscope::gui
