// SPDX-License-Identifier: Apache-2.0
// The line graph: a QChart with one value axis and no series lays out the plot
// area and draws the value labels; one PlotGridItem (frame, grid, scrolling
// time axis) and one PlotLinesItem (every row's decimated stretches) lie over
// its plot area. Hover, selection and zoom stay ViewWidget's (they reach the
// legend and the value bar); this class draws.
#pragma once

#include "gui/charts/graph.h"
#include "gui/charts/nice_range.h"

#include <utility>

class QChart;
class QValueAxis;

namespace perfscope::gui {

class ChartView;
class PlotGridItem;
class PlotLinesItem;

class LineGraph : public Graph {
public:
    LineGraph(const ViewData* data, qint64 window_ms, QWidget* parent);

    QWidget* widget() const override;
    void insertRow(int row) override;
    void removeRow(int row) override;
    void changeRow(int row) override;
    void refresh(const GraphFrame& frame) override;
    void applyPalette(const QPalette& palette) override;

    ChartView* chartView() const { return m_chart_view; }
    QChart* chart() const { return m_line_chart; }
    PlotLinesItem* lines() const { return m_lines; }
    PlotGridItem* grid() const { return m_grid; }
    std::pair<double, double> yRange() const;  // as shown by the axis
    // Pixel columns the decimation works in.
    int plotWidthPx() const;

private:
    const ViewData* m_data;
    ChartView* m_chart_view = nullptr;
    QChart* m_line_chart = nullptr;
    QValueAxis* m_y_axis = nullptr;
    NiceRange m_y_range{0.0, 100.0, 5};  // what the axis shows, in the series' values
    PlotGridItem* m_grid = nullptr;
    PlotLinesItem* m_lines = nullptr;
};

}  // namespace perfscope::gui
