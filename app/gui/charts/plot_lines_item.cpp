// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/plot_lines_item.h"

#include "gui/charts/flat_runs.h"
#include "gui/charts/line_changes.h"

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

// Flat runs keep a point every this many pixels (flat_runs.h): a cached
// drawing then redraws at most this much at each end of a moved run, and a
// run of the full plot width keeps a few dozen points.
constexpr double kKnotPx = 32.0;

// A line's extent before it is mapped: it may lie anywhere.
constexpr XSpan kUnmapped{-std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};

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
    auto line = std::make_unique<Line>();
    line->color = color;
    line->style = takeStyle(color);
    m_lines.insert(m_lines.begin() + row, std::move(line));
    m_extents.insert(m_extents.begin() + row, kUnmapped);
    if (m_selected >= row)
        ++m_selected;
    // Nothing to draw until it has stretches (setStretches() asks for the
    // paint): a view over every process gains lines every second, and a paint
    // for each batch's new lines came before the paint of its refresh.
}

void PlotLinesItem::removeLine(int row)
{
    // Its pixels as last drawn leave the drawing (an ended process's line has
    // usually left the window already: nothing to draw again, and no paint).
    bool drawn = false;
    for (const QPolygonF& poly : m_lines[static_cast<size_t>(row)]->pixels) {
        if (poly.isEmpty())
            continue;
        drawn = true;
        if (m_cache.valid())
            m_cache.addChange(poly.front().x(), poly.back().x());
    }
    releaseStyle(*m_lines[static_cast<size_t>(row)]);
    m_lines.erase(m_lines.begin() + row);
    m_extents.erase(m_extents.begin() + row);
    if (m_selected == row) {
        m_selected = -1;
        m_cache.invalidate();
        drawn = true;
    } else if (m_selected > row) {
        --m_selected;
    }
    if (drawn)
        update();
}

void PlotLinesItem::setColor(int row, const QColor& color)
{
    Line& line = *m_lines[static_cast<size_t>(row)];
    if (line.color == color)
        return;
    releaseStyle(line);
    line.color = color;
    line.style = takeStyle(color);
    m_cache.invalidate();
    update();
}

namespace {

constexpr Qt::PenStyle kStyles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
static_assert(std::size(kStyles) == 4, "StyleUses holds one count per style");

}  // namespace

Qt::PenStyle PlotLinesItem::takeStyle(const QColor& color)
{
    StyleUses& uses = m_style_uses[color.rgba()];
    const auto least = std::min_element(uses.begin(), uses.end());
    ++*least;
    return kStyles[least - uses.begin()];
}

void PlotLinesItem::releaseStyle(const Line& line)
{
    const auto it = m_style_uses.find(line.color.rgba());
    if (it == m_style_uses.end())
        return;
    const auto style = std::find(std::begin(kStyles), std::end(kStyles), line.style);
    --(*it)[static_cast<size_t>(style - std::begin(kStyles))];
}

void PlotLinesItem::setCaching(Caching caching)
{
    m_caching = caching;
    m_cache.invalidate();
    update();
}

void PlotLinesItem::setStretches(int row, QList<QList<QPointF>>&& stretches, std::optional<quint64> version)
{
    Line& line = *m_lines[static_cast<size_t>(row)];
    line.version = version;
    if (line.stretches.isEmpty() && stretches.isEmpty())
        return;
    line.stretches = std::move(stretches);
    line.y_min = std::numeric_limits<double>::infinity();
    line.y_max = -std::numeric_limits<double>::infinity();
    for (const QList<QPointF>& stretch : line.stretches)
        for (const QPointF& point : stretch) {
            line.y_min = std::min(line.y_min, point.y());
            line.y_max = std::max(line.y_max, point.y());
        }
    line.dirty = true;
    m_extents[static_cast<size_t>(row)] = kUnmapped;
    update();
}

bool PlotLinesItem::hasStretchesOf(int row, quint64 version) const
{
    return m_lines[static_cast<size_t>(row)]->version == version;
}

std::pair<double, double> PlotLinesItem::valueExtent(int row) const
{
    const Line& line = *m_lines[static_cast<size_t>(row)];
    return {line.y_min, line.y_max};
}

void PlotLinesItem::setSelected(int row, bool highlight)
{
    if (m_selected == row && m_highlight == highlight)
        return;
    m_selected = row;
    m_highlight = highlight;
    m_cache.invalidate();
    update();
}

QPen PlotLinesItem::pen(int row) const
{
    QPen pen(m_lines[static_cast<size_t>(row)]->color);
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
    reanchor();
}

void PlotLinesItem::setRanges(double x_min, double x_max, double y_min, double y_max)
{
    if (x_min == m_x_min && x_max == m_x_max && y_min == m_y_min && y_max == m_y_max)
        return;
    const bool slides = y_min == m_y_min && y_max == m_y_max && x_max - x_min == m_x_max - m_x_min;
    m_x_min = x_min;
    m_x_max = x_max;
    m_y_min = y_min;
    m_y_max = y_max;
    const double shift = std::round((m_x_min - m_anchor) * m_px_per_ms);
    // Past this the anchored coordinates grow large enough to matter to the
    // raster engine's fixed-point arithmetic: start again from here.
    constexpr double kMaxShiftPx = 1'000'000.0;
    if (slides && m_px_per_ms > 0 && std::abs(shift) < kMaxShiftPx) {
        m_shift = shift;
        update();
        return;
    }
    reanchor();
}

void PlotLinesItem::reanchor()
{
    m_anchor = m_x_min;
    m_shift = 0;
    const double dx = m_x_max - m_x_min;
    m_px_per_ms = dx > 0 ? m_area.width() / dx : 0.0;
    markAllDirty();
}

void PlotLinesItem::markAllDirty()
{
    ++m_mapping;
    for (auto& line : m_lines)
        line->dirty = true;
    std::fill(m_extents.begin(), m_extents.end(), kUnmapped);
    m_cache.invalidate();
    update();
}

double PlotLinesItem::anchoredX(double time) const
{
    // The plot area's fraction of a pixel is in the anchored coordinates, so
    // the translation at paint time is whole pixels. Clamped around the
    // window as it is now: see kFarPx.
    const double x = m_area.left() - std::floor(m_area.left()) + (time - m_anchor) * m_px_per_ms;
    return std::clamp(x, m_shift - kFarPx, m_shift + m_area.width() + kFarPx);
}

QPointF PlotLinesItem::mapToPosition(const QPointF& value) const
{
    const double dy = m_y_max - m_y_min;
    const double x = std::floor(m_area.left()) + anchoredX(value.x()) - m_shift;
    const double y = m_area.bottom() - (dy > 0 ? (value.y() - m_y_min) / dy : 0.0) * m_area.height();
    return {x, std::clamp(y, m_area.top() - kFarPx, m_area.bottom() + kFarPx)};
}

QPointF PlotLinesItem::mapToValue(const QPointF& position) const
{
    const double h = m_area.height() > 0 ? m_area.height() : 1.0;
    const double x_px = position.x() - m_area.left() + m_shift;
    const double x = m_px_per_ms > 0 ? m_anchor + x_px / m_px_per_ms : m_x_min;
    return {x, m_y_min + (m_area.bottom() - position.y()) / h * (m_y_max - m_y_min)};
}

void PlotLinesItem::mapStretch(const QList<QPointF>& values, QPolygonF& poly) const
{
    const double dy = m_y_max - m_y_min;
    const double y_per_value = dy > 0 ? m_area.height() / dy : 0.0;
    poly.resize(values.size());
    for (qsizetype j = 0; j < values.size(); ++j) {
        const double y = m_area.bottom() - (values[j].y() - m_y_min) * y_per_value;
        poly[j] = QPointF(anchoredX(values[j].x()), std::clamp(y, m_area.top() - kFarPx, m_area.bottom() + kFarPx));
    }
    dropFlatRunInteriors(poly, kKnotPx);
}

namespace {

// Exactly the same point (QPointF's == allows a relative error).
bool same_point(const QPointF& a, const QPointF& b)
{
    return a.x() == b.x() && a.y() == b.y();
}

}  // namespace

// A live process's line gains a point at its end and loses one at its start
// every interval, and an ended one loses its first points as the window
// leaves them: both keep their middle. Which interior points are dropped
// depends on each point's two neighbours only (keepsFlatRunPoint), so the
// middle's pixels are the old ones, and only the ends are mapped and decided.
bool PlotLinesItem::spliceStretch(const QList<QPointF>& values, const QList<QPointF>& old_values,
                                  const QPolygonF& old_pixels, QPolygonF& poly, std::vector<XSpan>& changes) const
{
    const qsizetype n = values.size();
    const qsizetype old_n = old_values.size();
    if (n < 3 || old_n < 3 || old_pixels.size() < 2)
        return false;
    // Where the new points start among the old ones (points run in time order).
    const auto start = std::lower_bound(old_values.begin(), old_values.end(), values.front().x(),
                                        [](const QPointF& p, double x) { return p.x() < x; });
    if (start == old_values.end() || !same_point(*start, values.front()))
        return false;
    const qsizetype k = start - old_values.begin();
    qsizetype common = 0;
    while (k + common < old_n && common < n && same_point(old_values[k + common], values[common]))
        ++common;
    if (common < 3)
        return false;
    const double dy = m_y_max - m_y_min;
    const double y_per_value = dy > 0 ? m_area.height() / dy : 0.0;
    const auto map = [&](const QPointF& value) {
        const double y = m_area.bottom() - (value.y() - m_y_min) * y_per_value;
        return QPointF(anchoredX(value.x()), std::clamp(y, m_area.top() - kFarPx, m_area.bottom() + kFarPx));
    };
    // Points 1 .. common - 2 have the same neighbours as before: their pixels,
    // kept or dropped as before, lie strictly between those of the first and
    // the last common point (x grows with time).
    const QPointF first = map(values.front());
    const double last_common_x = anchoredX(values[common - 1].x());
    if (!(first.x() < last_common_x))
        return false;
    const auto by_x = [](const QPointF& p, double x) { return p.x() < x; };
    const auto middle_begin = std::upper_bound(old_pixels.begin(), old_pixels.end(), first.x(),
                                               [](double x, const QPointF& p) { return x < p.x(); });
    const auto middle_end = std::lower_bound(middle_begin, old_pixels.end(), last_common_x, by_x);
    if (middle_begin == middle_end)
        return false;  // no point of the middle drawn: nothing to join the ends at
    poly.clear();
    poly.reserve((middle_end - middle_begin) + (n - common) + 3);
    poly.append(first);
    for (auto it = middle_begin; it != middle_end; ++it)
        poly.append(*it);
    const qsizetype middle_last = poly.size() - 1;
    // From the last common point on, neighbours may be new: decided again.
    QPointF before = map(values[common - 2]);
    QPointF point = map(values[common - 1]);
    for (qsizetype j = common - 1; j < n; ++j) {
        if (j == n - 1) {
            poly.append(point);
            break;
        }
        const QPointF after = map(values[j + 1]);
        if (keepsFlatRunPoint(before, point, after, kKnotPx))
            poly.append(point);
        before = point;
        point = after;
    }
    // Where the drawing changed: the start up to the middle's first point, the
    // end from its last point, each only when it differs.
    if (!same_point(old_pixels.front(), first))
        changes.push_back({std::min(old_pixels.front().x(), first.x()), middle_begin->x()});
    const qsizetype old_tail = (middle_end - old_pixels.begin()) - 1;
    bool same_tail = old_pixels.size() - old_tail == poly.size() - middle_last;
    for (qsizetype j = 0; same_tail && middle_last + j < poly.size(); ++j)
        same_tail = same_point(old_pixels[old_tail + j], poly[middle_last + j]);
    if (!same_tail)
        changes.push_back({poly[middle_last].x(), std::max(old_pixels.back().x(), poly.back().x())});
    return true;
}

void PlotLinesItem::remap(int row) const
{
    const Line& line = *m_lines[static_cast<size_t>(row)];
    if (!line.dirty)
        return;
    ++m_remapped;
    // The pixels as drawn, to tell the cached drawing where this line changed.
    std::vector<QPolygonF> before = std::move(line.pixels);
    std::vector<QPolygonF> after(static_cast<size_t>(line.stretches.size()));
    // Stretches leave at the start: the new ones pair with the last old ones.
    const qsizetype gone = line.mapped.size() - line.stretches.size();
    bool spliced = line.mapping == m_mapping && m_px_per_ms > 0 && gone >= 0 &&
                   static_cast<size_t>(line.mapped.size()) == before.size();
    std::vector<XSpan> spans;
    for (qsizetype i = 0; i < line.stretches.size(); ++i) {
        QPolygonF& poly = after[static_cast<size_t>(i)];
        if (spliced &&
            spliceStretch(line.stretches[i], line.mapped[i + gone], before[static_cast<size_t>(i + gone)], poly, spans))
            continue;
        spliced = false;
        mapStretch(line.stretches[i], poly);
    }
    line.pixels = std::move(after);
    XSpan extent{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
    for (const QPolygonF& poly : line.pixels)
        if (!poly.isEmpty()) {
            extent.from = std::min(extent.from, poly.front().x());
            extent.to = std::max(extent.to, poly.back().x());
        }
    m_extents[static_cast<size_t>(row)] = extent;
    line.mapped = line.stretches;
    line.mapping = m_mapping;
    line.dirty = false;
    if (spliced)
        ++m_spliced;
    if (!m_cache.valid())
        return;
    if (spliced) {
        for (qsizetype i = 0; i < gone; ++i)
            if (const QPolygonF& poly = before[static_cast<size_t>(i)]; !poly.isEmpty())
                spans.push_back({poly.front().x(), poly.back().x()});
    } else {
        spans.clear();
        addChangedSpans(before, line.pixels, spans);
    }
    for (const XSpan& span : spans)
        m_cache.addChange(span.from, span.to);
}

const std::vector<QPolygonF>& PlotLinesItem::pixels(int row) const
{
    remap(row);
    return m_lines[static_cast<size_t>(row)]->pixels;
}

std::optional<int> PlotLinesItem::lineAt(const QPointF& position, double max_px) const
{
    std::optional<int> best;
    double best_distance = max_px;
    // The pixels are anchored: bring the position to them.
    const QPointF anchored(position.x() - std::floor(m_area.left()) + m_shift, position.y());
    for (int row = 0; row < lineCount(); ++row) {
        remap(row);
        const Line& line = *m_lines[static_cast<size_t>(row)];
        for (const QPolygonF& poly : line.pixels) {
            if (poly.isEmpty())
                continue;
            // Points run in time order: only the segments near the cursor's x.
            auto it = std::lower_bound(poly.begin(), poly.end(), anchored.x() - max_px,
                                       [](const QPointF& p, double x) { return p.x() < x; });
            qsizetype j = std::max<qsizetype>(0, (it - poly.begin()) - 1);
            for (; j < poly.size() && poly[j].x() <= anchored.x() + max_px; ++j) {
                const QPointF& a = poly[j];
                const QPointF& b = j + 1 < poly.size() ? poly[j + 1] : a;
                double d = distance_to_segment(anchored, a, b);
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

void PlotLinesItem::planPieces(double from, double to) const
{
    m_pieces.clear();
    m_coverage.reset(static_cast<int>(std::floor(m_area.top())), static_cast<int>(std::floor(m_area.bottom())));
    const bool everything = std::isinf(from) && std::isinf(to);
    const auto by_x = [](const QPointF& p, double x) { return p.x() < x; };
    const auto plan = [&](int row) {
        if (const XSpan& extent = m_extents[static_cast<size_t>(row)];
            !everything && (extent.to < from || extent.from > to))
            return;
        const Line& line = *m_lines[static_cast<size_t>(row)];
        if (line.stretches.isEmpty())
            return;
        remap(row);
        for (const QPolygonF& poly : line.pixels) {
            if (everything || poly.isEmpty()) {
                planStretch(row, poly);
                continue;
            }
            if (poly.back().x() < from || poly.front().x() > to)
                continue;
            // The points inside, and one on each side for the segments across the edges.
            const qsizetype first =
                std::max<qsizetype>(0, (std::lower_bound(poly.begin(), poly.end(), from, by_x) - poly.begin()) - 1);
            const qsizetype last = std::min<qsizetype>(
                poly.size() - 1,
                std::lower_bound(poly.begin() + first, poly.end(), std::nextafter(to, INFINITY), by_x) - poly.begin());
            if (first == 0 && last == poly.size() - 1)
                planStretch(row, poly);
            else
                planStretch(row, poly.mid(first, last - first + 1));
        }
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

void PlotLinesItem::drawPieces(QPainter* painter) const
{
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
    m_drawn_pieces += static_cast<qsizetype>(m_pieces.size());
}

void PlotLinesItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    if (m_area.isEmpty())
        return;
    m_remapped = 0;
    m_spliced = 0;
    m_drawn_pieces = 0;
    if (m_caching == Caching::Always || (m_caching == Caching::OnScreen && PlotCache::suits(*painter))) {
        paintCached(painter);
        return;
    }
    m_cache.invalidate();
    m_redrew_all = true;
    constexpr double kAll = std::numeric_limits<double>::infinity();
    planPieces(-kAll, kAll);
    painter->save();
    painter->setClipRect(m_area, Qt::IntersectClip);
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setBrush(Qt::NoBrush);
    // Whole pixels: the anchored pixels land on the same pixel columns a
    // mapping from scratch would round them to, give or take half a pixel.
    painter->translate(std::floor(m_area.left()) - m_shift, 0.0);
    drawPieces(painter);
    painter->restore();
}

void PlotLinesItem::paintCached(QPainter* painter) const
{
    // Lines whose data changed are mapped first: that records where the
    // drawing changed.
    for (int row = 0; row < lineCount(); ++row)
        remap(row);
    const QRect rect(
        QPoint(static_cast<int>(std::floor(m_area.left())), static_cast<int>(std::floor(m_area.top()))),
        QPoint(static_cast<int>(std::ceil(m_area.right())) - 1, static_cast<int>(std::ceil(m_area.bottom())) - 1));
    // The selected line is the widest (4 px): changes widen by its half and a pixel.
    constexpr double kMargin = 3.0;
    const PlotCache::Plan plan =
        m_cache.prepare(rect, painter->device() ? painter->device()->devicePixelRatio() : 1.0, m_shift, kMargin);
    m_redrew_all = plan.full;
    {
        QPainter image(&m_cache.image());
        image.setRenderHint(QPainter::Antialiasing, false);
        image.setBrush(Qt::NoBrush);
        // Anchored coordinates, as paint() draws them, offset to the image.
        const double to_anchored = std::floor(m_area.left()) - m_shift;
        image.translate(to_anchored - rect.left(), -rect.top());
        const QRectF area = m_area.translated(-to_anchored, 0.0);
        constexpr double kAll = std::numeric_limits<double>::infinity();
        if (plan.full) {
            image.setClipRect(area);
            planPieces(-kAll, kAll);
            drawPieces(&image);
        }
        for (const XSpan& strip : plan.strips) {
            const QRectF band = QRectF(QPointF(strip.from, area.top()), QPointF(strip.to, area.bottom())) & area;
            image.setClipRect(band);
            image.setCompositionMode(QPainter::CompositionMode_Source);
            image.fillRect(QRectF(strip.from, rect.top(), strip.to - strip.from, rect.height()), Qt::transparent);
            image.setCompositionMode(QPainter::CompositionMode_SourceOver);
            planPieces(strip.from, strip.to);
            drawPieces(&image);
        }
    }
    m_cache.done();
    painter->drawImage(rect.topLeft(), m_cache.image());
}

}  // namespace perfscope::gui
