// SPDX-License-Identifier: Apache-2.0
// Finding a view's series by what a user sees of it, for the window tests.
#pragma once

#include "gui/charts/view_data.h"

#include <QString>

namespace perfscope::gui::test {

// The row of the series of `instance` (and of `counter`, when given); -1 when none.
inline int rowOf(const ViewData& data, const QString& instance, const QString& counter = {})
{
    for (int row = 0; row < data.seriesCount(); ++row) {
        const SeriesInfo& info = data.series(row).info;
        if (info.instance == instance && (counter.isEmpty() || info.counter == counter))
            return row;
    }
    return -1;
}

}  // namespace perfscope::gui::test
