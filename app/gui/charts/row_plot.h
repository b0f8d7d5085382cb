// SPDX-License-Identifier: Apache-2.0
// One row of a view as every graph reads it: its decimated window and the
// statistics the last refresh took from it. ViewWidget keeps one per ViewData
// row whichever graph shows, since the legend needs the statistics anyway.
#pragma once

#include "gui/charts/decimator.h"

namespace perfscope::gui {

struct RowPlot {
    Decimator decimator;
    WindowStats stats;
};

}  // namespace perfscope::gui
