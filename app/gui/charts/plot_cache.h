// SPDX-License-Identifier: Apache-2.0
// The drawn lines of a line view kept as an image between paints. While
// the window slides, the image moves by whole pixels and only strips are
// drawn again: the new time at the right edge and the spans where lines
// changed (line_changes.h), typically the new points and the window's
// start. A view of thousands of processes then costs per second what the
// new strip costs, not what the whole plot costs.
//
// The strips are drawn with the same planning and pens as a full drawing;
// a dashed line drawn in a strip starts its dash pattern there, the one
// difference an eye could find.
#pragma once

#include "gui/charts/line_changes.h"

#include <QImage>
#include <QRect>

#include <vector>

class QPainter;

namespace perfscope::gui {

class PlotCache {
public:
    // Whether a paint can use the image: on screen (a widget), in a whole
    // pixel position, at a whole device pixel ratio. Exports (SVG, PDF,
    // scaled images) draw the lines themselves.
    static bool suits(const QPainter& painter);

    // Everything drawn again at the next paint (ranges, area, colors, order).
    void invalidate() { m_valid = false; }
    // x in anchored pixels (see PlotLinesItem) where the drawing changed.
    void addChange(double from, double to) { m_changes.push_back({from, to}); }
    bool valid() const { return m_valid; }

    // What to draw, for an image of `rect` (item coordinates, whole pixels)
    // showing anchored x from `shift` on: everything (`full`), or strips.
    struct Plan {
        bool full = true;
        std::vector<XSpan> strips;  // anchored x, merged, in order
    };
    // Moves the image to `shift` and returns what must be drawn; the caller
    // draws it and calls done(). `margin` widens each change (pen widths).
    Plan prepare(const QRect& rect, qreal device_pixel_ratio, double shift, double margin);
    void done() { m_valid = true; }
    QImage& image() { return m_image; }

private:
    void scroll(int dx);

    QImage m_image;
    QRect m_rect;
    double m_shift = 0;
    bool m_valid = false;
    std::vector<XSpan> m_changes;
};

}  // namespace perfscope::gui
