// SPDX-License-Identifier: Apache-2.0
// Where a line's drawing changed between two mappings of its points, as
// spans of x. A sliding window changes a line at its two ends only (points
// leave at the start, arrive at the end): the spans are those ends, so a
// cached drawing redraws two narrow strips instead of the plot.
#pragma once

#include <QPolygonF>

#include <vector>

namespace perfscope::gui {

struct XSpan {
    double from = 0;
    double to = 0;
};

// Appends to `out` spans covering every segment that `before` has and
// `after` has not, or the reverse (both as the stretches of one line, x
// never decreasing). The common middle is found by exact equality of points:
// anything that does not match is inside a span, so a span may be wider
// than the change, never narrower.
void addChangedSpans(const std::vector<QPolygonF>& before, const std::vector<QPolygonF>& after,
                     std::vector<XSpan>& out);

}  // namespace perfscope::gui
