// SPDX-License-Identifier: Apache-2.0
// Every line of a line view, drawn by one QGraphicsItem over the QChart's plot
// area. Qt Charts (kept for the axes, grid and plot area) costs per QLineSeries
// on every change: a geometry pass and a stroked hover shape; this item only
// maps the decimated points (≈ 2 per pixel column) to pixels when the data,
// the ranges or the plot area change, and draws one polyline per unbroken
// stretch: 1 px cosmetic pens, no antialiasing, the selected line last and
// thicker. Values: x = ms since the epoch, y = plotted value (× scale).
#pragma once

#include <QColor>
#include <QGraphicsItem>
#include <QList>
#include <QPen>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>

#include "gui/charts/row_coverage.h"

#include <optional>
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
    // The unbroken stretches of a row's line in value coordinates (empty: not drawn).
    void setStretches(int row, QList<QList<QPointF>>&& stretches);
    const QList<QList<QPointF>>& stretches(int row) const { return m_lines[static_cast<size_t>(row)].stretches; }
    void setSelected(int row, bool highlight);  // row -1: none
    QPen pen(int row) const;
    // Solid for the first line of a color; a line whose color an earlier row
    // already has (the palette repeats) is dashed, then dotted, then dash-dotted.
    Qt::PenStyle lineStyle(int row) const;

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
    qsizetype lastPaintPieces() const { return static_cast<qsizetype>(m_pieces.size()); }

    QRectF boundingRect() const override { return m_area; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    struct Line {
        QColor color;
        QList<QList<QPointF>> stretches;
        // The stretches mapped to pixels, computed again only when dirty.
        mutable std::vector<QPolygonF> pixels;
        mutable bool dirty = true;
        mutable Qt::PenStyle style = Qt::SolidLine;
    };
    // A part of a row's stretch that is drawn: what the lines above it do
    // not already cover (row_coverage.h).
    struct Piece {
        int row;
        QPolygonF points;
    };
    void markAllDirty();
    void remap(const Line& line) const;
    void restyle() const;
    // Fills m_pieces from the top line down (the reverse of drawing order).
    void planPieces() const;
    void planStretch(int row, const QPolygonF& pixels) const;

    std::vector<Line> m_lines;
    QRectF m_area;
    double m_x_min = 0, m_x_max = 1, m_y_min = 0, m_y_max = 1;
    int m_selected = -1;
    bool m_highlight = false;
    mutable bool m_styles_dirty = true;
    mutable std::vector<Piece> m_pieces;
    mutable RowCoverage m_coverage;
};

}  // namespace perfscope::gui
