// SPDX-License-Identifier: Apache-2.0
// What ViewWidget asks of one kind of graph (line, histogram, report): a
// widget for its stack, row notifications that mirror the ViewData's, and a
// refresh over the window ViewWidget has decimated. The widget keeps the
// legend, the value bar, selection and the refresh schedule; a graph only
// draws, and only while it is the one shown.
#pragma once

#include "gui/charts/row_plots.h"

#include <QtGlobal>

#include <optional>
#include <utility>
#include <vector>

class QPalette;
class QWidget;

namespace perfscope::gui {

class ViewData;

struct GraphFrame {
    const ViewData& data;
    const RowPlots& plots;  // one per ViewData row, decimated over [from, to]
    qint64 from = 0;        // ms since the epoch
    qint64 to = 0;
    std::optional<std::pair<double, double>> y_fixed;  // the view's fixed value range
    std::optional<std::pair<double, double>> y_zoom;   // a rubber-band zoom's value range
};

class Graph {
public:
    virtual ~Graph() = default;

    virtual QWidget* widget() const = 0;
    // The ViewData's rows, as they happen (a changed row: color, scale,
    // visibility or ended). Cheap: the work waits for the next refresh.
    virtual void insertRow(int row) = 0;
    virtual void removeRow(int row) = 0;
    virtual void changeRow(int row) = 0;
    // Brings the graph up to the frame; called for the shown graph only.
    virtual void refresh(const GraphFrame& frame) = 0;
    virtual void applyPalette(const QPalette& palette) = 0;
};

}  // namespace perfscope::gui
