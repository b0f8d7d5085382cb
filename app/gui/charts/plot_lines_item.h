// SPDX-License-Identifier: Apache-2.0
// Every line of a line view, drawn by one QGraphicsItem over the QChart's plot
// area. Qt Charts (kept for the axes, grid and plot area) costs per QLineSeries
// on every change: a geometry pass and a stroked hover shape; this item only
// maps the decimated points (≈ 2 per pixel column) to pixels when a line's
// data, the value range or the plot area change, and draws one polyline per
// unbroken stretch: 1 px cosmetic pens, no antialiasing, the selected line
// last and thicker. Values: x = ms since the epoch, y = plotted value (× scale).
//
// A sliding time window does not map anything again: x is mapped against an
// anchor time fixed at the last full mapping, and the window's movement is a
// translation by whole pixels at paint time (so the lines sit at most half a
// pixel from the exact position, and a view of thousands of ended processes
// maps only the lines whose data changed). On screen the drawing is kept
// between paints and only changed strips are drawn again (plot_cache.h).
#pragma once

#include <QColor>
#include <QGraphicsItem>
#include <QHash>
#include <QList>
#include <QPen>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>

#include "gui/charts/plot_cache.h"
#include "gui/charts/row_coverage.h"

#include <array>
#include <limits>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace perfscope::gui {

class PlotLinesItem : public QGraphicsItem {
public:
    explicit PlotLinesItem(QGraphicsItem* parent = nullptr);

    // Lines follow the view's rows: inserted and removed at a row.
    void insertLine(int row, const QColor& color);
    void removeLine(int row);
    int lineCount() const { return static_cast<int>(m_lines.size()); }
    void setColor(int row, const QColor& color);
    // The unbroken stretches of a row's line in value coordinates (empty: not
    // drawn), and the version of the data they were made from (see
    // hasStretchesOf; changeRow-style edits call forgetVersion).
    void setStretches(int row, QList<QList<QPointF>>&& stretches, std::optional<quint64> version = std::nullopt);
    bool hasStretchesOf(int row, quint64 version) const;
    void forgetVersion(int row) { m_lines[static_cast<size_t>(row)]->version.reset(); }
    // The smallest and largest y of a row's stretches (+inf, -inf when empty).
    std::pair<double, double> valueExtent(int row) const;
    const QList<QList<QPointF>>& stretches(int row) const { return m_lines[static_cast<size_t>(row)]->stretches; }
    void setSelected(int row, bool highlight);  // row -1: none
    QPen pen(int row) const;
    // Solid for the first line of a color; a line whose color other lines
    // already have (the palette repeats) takes the style fewest of them have:
    // dashed, then dotted, then dash-dotted. Chosen when the line comes or
    // its color changes, never when others go: a line keeps its look.
    Qt::PenStyle lineStyle(int row) const { return m_lines[static_cast<size_t>(row)]->style; }

    // Whether paint() keeps its drawing between paints: on screen only
    // (the default for a line view), always (tests), or never.
    enum class Caching { Never, OnScreen, Always };
    void setCaching(Caching caching);

    // The plot area (in the parent's coordinates) and the axes' ranges.
    void setPlotArea(const QRectF& area);
    void setRanges(double x_min, double x_max, double y_min, double y_max);
    QRectF plotArea() const { return m_area; }
    QPointF mapToPosition(const QPointF& value) const;
    QPointF mapToValue(const QPointF& position) const;
    // The row whose drawn line passes within max_px of position (the nearest;
    // the selected line first), or none.
    std::optional<int> lineAt(const QPointF& position, double max_px) const;

    // Polylines and points the last paint() drew (for tests and benchmarks).
    qsizetype lastPaintPieces() const { return m_drawn_pieces; }
    // Lines the last paint() mapped to pixels again (for tests and benchmarks).
    int lastRemappedLines() const { return m_remapped; }
    // Of those, the ones mapped only where their points changed (see remap).
    int lastSplicedLines() const { return m_spliced; }
    // A row's stretches as mapped for drawing (anchored x, flat-run interiors
    // dropped), mapped now if they changed (for tests).
    const std::vector<QPolygonF>& pixels(int row) const;
    // Whether the last paint() drew every line (not only changed strips).
    bool lastPaintRedrewAll() const { return m_redrew_all; }

    QRectF boundingRect() const override { return m_area; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    struct Line {
        QColor color;
        QList<QList<QPointF>> stretches;
        std::optional<quint64> version;
        double y_min = std::numeric_limits<double>::infinity();
        double y_max = -std::numeric_limits<double>::infinity();
        // The stretches mapped to pixels (x against the anchor), computed
        // again only when dirty; `mapped` the stretches they were mapped from
        // (shared with `stretches` until new ones come), under the mapping
        // `mapping` (m_mapping when they were).
        mutable std::vector<QPolygonF> pixels;
        mutable QList<QList<QPointF>> mapped;
        mutable quint64 mapping = 0;
        mutable bool dirty = true;
        Qt::PenStyle style = Qt::SolidLine;
    };
    // A part of a row's stretch that is drawn: what the lines above it do
    // not already cover (row_coverage.h).
    struct Piece {
        int row;
        QPolygonF points;
    };
    void markAllDirty();
    // Fixes the anchor at the window's start: x maps afresh for every line.
    void reanchor();
    // x of a time against the anchor, in pixels.
    double anchoredX(double time) const;
    void remap(int row) const;
    // Maps one stretch from scratch: its pixels with flat-run interiors dropped.
    void mapStretch(const QList<QPointF>& values, QPolygonF& poly) const;
    // Maps `values` into `poly` reusing `old_pixels`, mapped under the same
    // mapping from `old_values`, where the two share their points: returns
    // false (poly untouched) unless `values` is `old_values` with points
    // gone at the start and points changed or added at the end; else adds
    // the x spans where the drawing changed to `changes`.
    bool spliceStretch(const QList<QPointF>& values, const QList<QPointF>& old_values, const QPolygonF& old_pixels,
                       QPolygonF& poly, std::vector<XSpan>& changes) const;
    // The style fewest lines of `color` have, counted as taken; and a line's given back.
    Qt::PenStyle takeStyle(const QColor& color);
    void releaseStyle(const Line& line);
    // Fills m_pieces from the top line down (the reverse of drawing order),
    // for the points within [from, to] of anchored x (and the segments into
    // and out of them).
    void planPieces(double from, double to) const;
    void planStretch(int row, const QPolygonF& pixels) const;
    // Draws the planned pieces (painter in anchored coordinates).
    void drawPieces(QPainter* painter) const;
    void paintCached(QPainter* painter) const;

    std::vector<std::unique_ptr<Line>> m_lines;
    // Each line's anchored x from its first to its last pixel (-inf, +inf
    // until mapped; +inf, -inf when it has none), beside the lines: planning
    // a strip passes over thousands of lines outside it without reading them.
    mutable std::vector<XSpan> m_extents;
    QRectF m_area;
    double m_x_min = 0, m_x_max = 1, m_y_min = 0, m_y_max = 1;
    double m_anchor = 0;     // the time at anchored x = 0
    double m_px_per_ms = 0;  // of the window the anchor was fixed for
    double m_shift = 0;      // whole pixels the window has moved since
    int m_selected = -1;
    bool m_highlight = false;
    Caching m_caching = Caching::Never;
    using StyleUses = std::array<int, 4>;  // lines per pen style, in takeStyle's order
    QHash<QRgb, StyleUses> m_style_uses;
    mutable PlotCache m_cache;
    mutable std::vector<Piece> m_pieces;
    mutable qsizetype m_drawn_pieces = 0;
    mutable RowCoverage m_coverage;
    mutable int m_remapped = 0;
    mutable int m_spliced = 0;
    quint64 m_mapping = 1;  // changes whenever every line must be mapped again
    mutable bool m_redrew_all = true;
};

}  // namespace perfscope::gui
