// SPDX-License-Identifier: Apache-2.0
// Fewer segments for the same pixels. A line is drawn 1 px wide without
// antialiasing, so a point whose pixel row equals both neighbours' lies in
// the middle of a horizontal run and changes nothing drawn: dropping it
// leaves the run's two ends joined by one segment over the same pixels. Most
// series of a view over every process are such runs (0 % CPU, an unchanged
// working set), and the raster engine's cost grows with segments, not
// pixels: a view of a thousand idle processes draws a thousand segments
// instead of a hundred thousand. Dash patterns continue across the joints of
// a polyline, so dashed lines come out the same too.
#pragma once

#include <QPolygonF>

namespace perfscope::gui {

// Removes, in place, the interior points of every run of three or more
// consecutive points on the same pixel row (the row the raster engine
// draws a point's y on). The first and last points always stay.
//
// With knot_px > 0 an interior point also stays when it is the first in a
// new span of knot_px pixels of x (spans fixed at multiples of knot_px):
// the kept points do not depend on where the run starts or ends, so two
// drawings of a run that moved share them, and a cached drawing redraws
// only the run's ends (plot_cache.h).
void dropFlatRunInteriors(QPolygonF& pixels, double knot_px = 0);

// Whether dropFlatRunInteriors keeps an interior point, given its neighbours
// as they were before any was dropped: the decision depends on these three
// points only, so a line whose points changed at its ends keeps the
// decisions in its middle (PlotLinesItem maps only the changed ends again).
bool keepsFlatRunPoint(const QPointF& before, const QPointF& point, const QPointF& after, double knot_px = 0);

}  // namespace perfscope::gui
