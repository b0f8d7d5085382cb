// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/plot_lines_item.h"

#include "gui/charts/flat_runs.h"

#include <QHash>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <limits>

namespace perfscope::gui {
namespace {

// Points far outside the plot (a zoomed y range) are pulled in to this many
// pixels beyond it: the raster engine's fixed-point coordinates overflow long
// before a double does, and the clip hides the difference in slope.
constexpr double kFarPx = 100'000.0;

double distance_to_segment(const QPointF& p, const QPointF& a, const QPointF& b)
{
    const QPointF ab = b - a;
    const double len2 = QPointF::dotProduct(ab, ab);
    const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / len2, 0.0, 1.0) : 0.0;
    const QPointF d = p - (a + t * ab);
    return std::hypot(d.x(), d.y());
}

}  // namespace

PlotLinesItem::PlotLinesItem(QGraphicsItem* parent) : QGraphicsItem(parent)
{
    setFlag(QGraphicsItem::ItemHasNoContents, false);
    // Hover and clicks belong to the chart view (tooltip, rubber band).
    setAcceptedMouseButtons(Qt::NoButton);
    setAcceptHoverEvents(false);
}

void PlotLinesItem::insertLine(int row, const QColor& color)
{
    Line line;
    line.color = color;
    m_lines.insert(m_lines.begin() + row, std::move(line));
    if (m_selected >= row)
        ++m_selected;
    m_styles_dirty = true;
    update();
}

void PlotLinesItem::removeLine(int row)
{
    m_lines.erase(m_lines.begin() + row);
    if (m_selected == row)
        m_selected = -1;
    else if (m_selected > row)
        --m_selected;
    m_styles_dirty = true;
    update();
}

void PlotLinesItem::setColor(int row, const QColor& color)
{
    Line& line = m_lines[static_cast<size_t>(row)];
    if (line.color == color)
        return;
    line.color = color;
    m_styles_dirty = true;
    update();
}

void PlotLinesItem::restyle() const
{
    if (!m_styles_dirty)
        return;
    static constexpr Qt::PenStyle kStyles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
    QHash<QRgb, int> seen;
    seen.reserve(static_cast<qsizetype>(m_lines.size()));
    for (const Line& line : m_lines) {
        int& count = seen[line.color.rgba()];
        line.style = kStyles[count % static_cast<int>(std::size(kStyles))];
        ++count;
    }
    m_styles_dirty = false;
}

Qt::PenStyle PlotLinesItem::lineStyle(int row) const
{
    restyle();
    return m_lines[static_cast<size_t>(row)].style;
}

void PlotLinesItem::setStretches(int row, QList<QList<QPointF>>&& stretches)
{
    Line& line = m_lines[static_cast<size_t>(row)];
    if (line.stretches.isEmpty() && stretches.isEmpty())
        return;
    line.stretches = std::move(stretches);
    line.dirty = true;
    update();
}

void PlotLinesItem::setSelected(int row, bool highlight)
{
    if (m_selected == row && m_highlight == highlight)
        return;
    m_selected = row;
    m_highlight = highlight;
    update();
}

QPen PlotLinesItem::pen(int row) const
{
    QPen pen(m_lines[static_cast<size_t>(row)].color);
    pen.setStyle(lineStyle(row));
    if (row == m_selected) {
        pen.setWidthF(m_highlight ? 4.0 : 2.5);
        pen.setCapStyle(Qt::RoundCap);
        pen.setJoinStyle(Qt::RoundJoin);
    } else {
        // The raster engine's cosmetic line stroker: no polygon stroked per paint.
        pen.setWidth(1);
        pen.setCosmetic(true);
    }
    return pen;
}

void PlotLinesItem::setPlotArea(const QRectF& area)
{
    if (area == m_area)
        return;
    prepareGeometryChange();
    m_area = area;
    markAllDirty();
}

void PlotLinesItem::setRanges(double x_min, double x_max, double y_min, double y_max)
{
    if (x_min == m_x_min && x_max == m_x_max && y_min == m_y_min && y_max == m_y_max)
        return;
    m_x_min = x_min;
    m_x_max = x_max;
    m_y_min = y_min;
    m_y_max = y_max;
    markAllDirty();
}

void PlotLinesItem::markAllDirty()
{
    for (Line& line : m_lines)
        line.dirty = true;
    update();
}

QPointF PlotLinesItem::mapToPosition(const QPointF& value) const
{
    const double dx = m_x_max - m_x_min;
    const double dy = m_y_max - m_y_min;
    const double x = m_area.left() + (dx > 0 ? (value.x() - m_x_min) / dx : 0.0) * m_area.width();
    const double y = m_area.bottom() - (dy > 0 ? (value.y() - m_y_min) / dy : 0.0) * m_area.height();
    return {std::clamp(x, m_area.left() - kFarPx, m_area.right() + kFarPx),
            std::clamp(y, m_area.top() - kFarPx, m_area.bottom() + kFarPx)};
}

QPointF PlotLinesItem::mapToValue(const QPointF& position) const
{
    const double w = m_area.width() > 0 ? m_area.width() : 1.0;
    const double h = m_area.height() > 0 ? m_area.height() : 1.0;
    return {m_x_min + (position.x() - m_area.left()) / w * (m_x_max - m_x_min),
            m_y_min + (m_area.bottom() - position.y()) / h * (m_y_max - m_y_min)};
}

void PlotLinesItem::remap(const Line& line) const
{
    if (!line.dirty)
        return;
    line.pixels.resize(static_cast<size_t>(line.stretches.size()));
    for (qsizetype i = 0; i < line.stretches.size(); ++i) {
        const QList<QPointF>& values = line.stretches[i];
        QPolygonF& poly = line.pixels[static_cast<size_t>(i)];
        poly.resize(values.size());
        for (qsizetype j = 0; j < values.size(); ++j)
            poly[j] = mapToPosition(values[j]);
        dropFlatRunInteriors(poly);
    }
    line.dirty = false;
}

std::optional<int> PlotLinesItem::lineAt(const QPointF& position, double max_px) const
{
    std::optional<int> best;
    double best_distance = max_px;
    for (int row = 0; row < lineCount(); ++row) {
        const Line& line = m_lines[static_cast<size_t>(row)];
        remap(line);
        for (const QPolygonF& poly : line.pixels) {
            if (poly.isEmpty())
                continue;
            // Points run in time order: only the segments near the cursor's x.
            auto it = std::lower_bound(poly.begin(), poly.end(), position.x() - max_px,
                                       [](const QPointF& p, double x) { return p.x() < x; });
            qsizetype j = std::max<qsizetype>(0, (it - poly.begin()) - 1);
            for (; j < poly.size() && poly[j].x() <= position.x() + max_px; ++j) {
                const QPointF& a = poly[j];
                const QPointF& b = j + 1 < poly.size() ? poly[j + 1] : a;
                double d = distance_to_segment(position, a, b);
                // The selected line is drawn on top: it wins a tie within its width.
                if (row == m_selected)
                    d = std::max(0.0, d - 2.0);
                if (d <= best_distance) {
                    best_distance = d;
                    best = row;
                }
            }
        }
    }
    return best;
}

void PlotLinesItem::planPieces() const
{
    m_pieces.clear();
    m_coverage.reset(static_cast<int>(std::floor(m_area.top())), static_cast<int>(std::floor(m_area.bottom())));
    const auto plan = [&](int row) {
        const Line& line = m_lines[static_cast<size_t>(row)];
        if (line.stretches.isEmpty())
            return;
        remap(line);
        for (const QPolygonF& poly : line.pixels)
            planStretch(row, poly);
    };
    if (m_selected >= 0 && m_selected < lineCount())
        plan(m_selected);
    for (int row = lineCount() - 1; row >= 0; --row)
        if (row != m_selected)
            plan(row);
}

void PlotLinesItem::planStretch(int row, const QPolygonF& pixels) const
{
    const qsizetype n = pixels.size();
    if (n < 2) {
        if (n == 1)
            m_pieces.push_back({row, pixels});
        return;
    }
    // Segment j as a horizontal run: both ends on one pixel row (the row ⌊y⌋
    // the raster engine draws it on), over columns [from, to].
    struct Run {
        bool flat;
        int y, from, to;
    };
    const auto run = [&](qsizetype j) {
        const QPointF& a = pixels[j];
        const QPointF& b = pixels[j + 1];
        const double y = std::floor(a.y());
        if (y != std::floor(b.y()))
            return Run{false, 0, 0, 0};
        return Run{true, static_cast<int>(y), static_cast<int>(std::floor(std::min(a.x(), b.x()))),
                   static_cast<int>(std::floor(std::max(a.x(), b.x())))};
    };
    // A dash pattern runs along the whole polyline: cutting it would move the
    // dashes of the pieces after a cut. Such a stretch is left out only when
    // every segment of it is covered, and is otherwise drawn whole.
    if (lineStyle(row) != Qt::SolidLine) {
        bool hidden = true;
        for (qsizetype j = 0; j + 1 < n && hidden; ++j) {
            const Run r = run(j);
            hidden = r.flat && m_coverage.covered(r.y, r.from, r.to);
        }
        if (hidden)
            return;
        for (qsizetype j = 0; j + 1 < n; ++j)
            if (const Run r = run(j); r.flat)
                m_coverage.cover(r.y, r.from, r.to);
        m_pieces.push_back({row, pixels});
        return;
    }
    // A solid line: covered segments are left out, the rest drawn as the
    // pieces between them.
    qsizetype start = 0;
    bool cut = false;
    for (qsizetype j = 0; j + 1 < n; ++j) {
        const Run r = run(j);
        if (!r.flat)
            continue;
        if (!m_coverage.covered(r.y, r.from, r.to)) {
            m_coverage.cover(r.y, r.from, r.to);
            continue;
        }
        if (j > start)
            m_pieces.push_back({row, pixels.mid(start, j - start + 1)});
        start = j + 1;
        cut = true;
    }
    if (!cut)
        m_pieces.push_back({row, pixels});
    else if (n - 1 > start)
        m_pieces.push_back({row, pixels.mid(start)});
}

void PlotLinesItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    if (m_area.isEmpty())
        return;
    planPieces();
    painter->save();
    painter->setClipRect(m_area, Qt::IntersectClip);
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setBrush(Qt::NoBrush);
    // Planned from the top down, drawn from the bottom up: the first rows
    // first, the selected line last.
    int pen_row = -1;
    for (auto it = m_pieces.crbegin(); it != m_pieces.crend(); ++it) {
        if (it->row != pen_row) {
            painter->setPen(pen(it->row));
            pen_row = it->row;
        }
        if (it->points.size() == 1)
            painter->drawPoint(it->points.front());
        else
            painter->drawPolyline(it->points);
    }
    painter->restore();
}

}  // namespace perfscope::gui
