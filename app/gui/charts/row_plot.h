// SPDX-License-Identifier: Apache-2.0
// One row of a view as every graph reads it: its decimated window and the
// statistics the last refresh took from it. ViewWidget keeps one per ViewData
// row whichever graph shows, since the legend needs the statistics anyway.
#pragma once

#include "gui/charts/decimator.h"

#include <optional>

namespace perfscope::gui {

struct RowPlot {
    Decimator decimator;
    WindowStats stats;
    std::optional<quint64> stats_version;      // the decimator's version `stats` was taken from
    std::optional<quint64> published_version;  // the version whose statistics the legend shows

    // The statistics of the decimated window, taken again only when its
    // columns changed.
    void takeStats()
    {
        if (stats_version == decimator.version())
            return;
        stats = decimator.stats();
        stats_version = decimator.version();
    }
};

}  // namespace perfscope::gui
