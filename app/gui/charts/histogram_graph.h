// SPDX-License-Identifier: Apache-2.0
// The histogram: a horizontal bar per shown live series, its last value in
// the window × its scale, sorted by value, largest first (HistogramView shows
// the bars that fit and scrolls to the rest). Ended series have no current
// value and get no bar. A refresh sorts the values (n log n over the rows);
// names are made for the painted rows only.
#pragma once

#include "gui/charts/graph.h"
#include "gui/charts/histogram_view.h"

namespace perfscope::gui {

class HistogramGraph : public Graph {
public:
    HistogramGraph(const ViewData* data, QWidget* parent);

    QWidget* widget() const override;
    void insertRow(int) override {}
    void removeRow(int) override {}
    void changeRow(int) override {}
    void refresh(const GraphFrame& frame) override;
    void applyPalette(const QPalette& palette) override;

    HistogramView* view() const { return m_view; }
    const std::vector<HistogramView::Bar>& bars() const { return m_view->bars(); }

private:
    const ViewData* m_data;
    HistogramView* m_view = nullptr;
    bool m_one_counter = false;  // every bar of the last refresh is the same counter
};

}  // namespace perfscope::gui
