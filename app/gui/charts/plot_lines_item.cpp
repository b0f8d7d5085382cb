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

void PlotLinesItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    if (m_area.isEmpty())
        return;
    painter->save();
    painter->setClipRect(m_area, Qt::IntersectClip);
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setBrush(Qt::NoBrush);
    const auto draw = [&](int row) {
        const Line& line = m_lines[static_cast<size_t>(row)];
        if (line.stretches.isEmpty())
            return;
        remap(line);
        painter->setPen(pen(row));
        for (const QPolygonF& poly : line.pixels) {
            if (poly.size() == 1)
                painter->drawPoint(poly.front());
            else
                painter->drawPolyline(poly);
        }
    };
    for (int row = 0; row < lineCount(); ++row)
        if (row != m_selected)
            draw(row);
    if (m_selected >= 0 && m_selected < lineCount())
        draw(m_selected);
    painter->restore();
}

}  // namespace perfscope::gui
