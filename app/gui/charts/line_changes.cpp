// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/line_changes.h"

#include <algorithm>
#include <limits>

namespace perfscope::gui {
namespace {

// A break between two stretches: at the x of the point before it (x stays
// in order for the lookup), at a y no mapped point has (they are clamped),
// so a break that moved is a change.
constexpr double kBreakY = std::numeric_limits<double>::infinity();

bool is_break(const QPointF& p)
{
    return p.y() == kBreakY;
}

// Exactly the same point (QPointF's == allows a relative error, and no error
// at all for infinities).
bool same(const QPointF& a, const QPointF& b)
{
    return a.x() == b.x() && a.y() == b.y();
}

std::vector<QPointF> flatten(const std::vector<QPolygonF>& stretches)
{
    std::vector<QPointF> points;
    for (const QPolygonF& stretch : stretches) {
        if (!points.empty())
            points.emplace_back(points.back().x(), kBreakY);
        points.insert(points.end(), stretch.begin(), stretch.end());
    }
    return points;
}

// x of the first and the last point that is not a break (none: an empty span).
XSpan extent(const std::vector<QPointF>& points)
{
    XSpan span{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
    for (const QPointF& p : points)
        if (!is_break(p)) {
            span.from = std::min(span.from, p.x());
            span.to = std::max(span.to, p.x());
        }
    return span;
}

void add(std::vector<XSpan>& out, double from, double to)
{
    if (from <= to)
        out.push_back({from, to});
}

}  // namespace

void addChangedSpans(const std::vector<QPolygonF>& before, const std::vector<QPolygonF>& after, std::vector<XSpan>& out)
{
    const std::vector<QPointF> old_points = flatten(before);
    const std::vector<QPointF> new_points = flatten(after);
    const XSpan old_extent = extent(old_points);
    const XSpan new_extent = extent(new_points);
    const double first = std::min(old_extent.from, new_extent.from);
    const double last = std::max(old_extent.to, new_extent.to);
    // The first few new points, looked up among the old ones by x: points
    // only leave at the start, so one of them is where the two agree.
    constexpr size_t kTries = 8;
    for (size_t j = 0; j < std::min(kTries, new_points.size()); ++j) {
        const QPointF& p = new_points[j];
        if (is_break(p))
            continue;
        auto it = std::lower_bound(old_points.begin(), old_points.end(), p.x(),
                                   [](const QPointF& q, double x) { return q.x() < x; });
        for (; it != old_points.end() && it->x() == p.x() && !same(*it, p); ++it) {}
        if (it == old_points.end() || !same(*it, p))
            continue;
        size_t i = static_cast<size_t>(it - old_points.begin());
        size_t k = j;
        while (i < old_points.size() && k < new_points.size() && same(old_points[i], new_points[k])) {
            ++i;
            ++k;
        }
        // Before the common run: from the first point of either to its start
        // (the segment into it included).
        if (j > 0 || it != old_points.begin())
            add(out, first, p.x());
        // After it: from its last point (the segment out of it) to the end.
        if (i < old_points.size() || k < new_points.size()) {
            add(out, new_points[k - 1].x(), last);
        }
        return;
    }
    add(out, first, last);
}

}  // namespace perfscope::gui
