// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/flat_runs.h"

#include <cmath>

namespace perfscope::gui {

bool keepsFlatRunPoint(const QPointF& before, const QPointF& point, const QPointF& after, double knot_px)
{
    // The raster engine lights row floor(y) for a 1 px aliased line (a line at
    // y = 49.9 is drawn on row 49, one at 50.0 on row 50).
    const double y = std::floor(point.y());
    if (std::floor(before.y()) != y || std::floor(after.y()) != y)
        return true;
    // A dropped point lies on its run's row in the span of the last kept
    // point, so its original neighbour stands for the last kept point.
    return knot_px > 0 && std::floor(point.x() / knot_px) != std::floor(before.x() / knot_px);
}

void dropFlatRunInteriors(QPolygonF& pixels, double knot_px)
{
    const qsizetype n = pixels.size();
    if (n < 3)
        return;
    qsizetype kept = 1;
    QPointF before = pixels[0];
    for (qsizetype i = 1; i + 1 < n; ++i) {
        const QPointF point = pixels[i];
        if (keepsFlatRunPoint(before, point, pixels[i + 1], knot_px))
            pixels[kept++] = point;
        before = point;
    }
    pixels[kept++] = pixels[n - 1];
    pixels.resize(kept);
}

}  // namespace perfscope::gui
