// SPDX-License-Identifier: Apache-2.0
// What hovering a line graph tells: for the series whose drawn line is nearest
// the cursor (within kMaxDistancePx), its full counter path, counter,
// instance, and the stored value nearest in time with that time. Plain text,
// one fact a line, so a tooltip shows it as it is.
#pragma once

#include "gui/charts/view_data.h"

#include <QCoreApplication>
#include <QString>

namespace perfscope::gui {

class HoverReadout {
    Q_DECLARE_TR_FUNCTIONS(HoverReadout)
public:
    // How far from a line (px) the cursor still reads it.
    static constexpr double kMaxDistancePx = 8.0;

    // The stored point of `history` nearest to time_ms (the earlier on a
    // tie), -1 when the history is empty.
    static qsizetype nearestPoint(const SeriesHistory& history, qint64 time_ms);
    static QString text(const ViewSeries& series, qint64 time_ms);
};

}  // namespace perfscope::gui
