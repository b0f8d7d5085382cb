// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/flat_runs.h"

#include <cmath>

namespace perfscope::gui {

void dropFlatRunInteriors(QPolygonF& pixels, double knot_px)
{
    const qsizetype n = pixels.size();
    if (n < 3)
        return;
    // The raster engine lights row floor(y) for a 1 px aliased line (a line at
    // y = 49.9 is drawn on row 49, one at 50.0 on row 50).
    const auto row = [](const QPointF& p) { return std::floor(p.y()); };
    qsizetype kept = 1;
    for (qsizetype i = 1; i + 1 < n; ++i) {
        // The last kept point is on the run's row whenever points were dropped
        // since, so comparing with it equals comparing with the original neighbour.
        const double y = row(pixels[i]);
        const bool knot =
            knot_px > 0 && std::floor(pixels[i].x() / knot_px) != std::floor(pixels[kept - 1].x() / knot_px);
        if (row(pixels[kept - 1]) == y && row(pixels[i + 1]) == y && !knot)
            continue;
        pixels[kept++] = pixels[i];
    }
    pixels[kept++] = pixels[n - 1];
    pixels.resize(kept);
}

}  // namespace perfscope::gui
