// SPDX-License-Identifier: Apache-2.0
// A series and its points, made off the GUI thread by a recording's or a
// log's reader and handed to a view whole: ViewData::adoptSeries takes the
// history over without copying it.
#pragma once

#include "gui/charts/series_history.h"
#include "gui/data/series_info.h"

#include <limits>

namespace perfscope::gui {

struct SeriesWithHistory {
    SeriesInfo info;
    // Unbounded while a recording's reader fills it (a log's reader knows its
    // row count and sizes it at once); handed over with a capacity of the
    // points it holds, so the view keeps the storage as it is.
    SeriesHistory history{std::numeric_limits<qsizetype>::max()};
};

}  // namespace perfscope::gui
