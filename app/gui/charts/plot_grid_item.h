// SPDX-License-Identifier: Apache-2.0
// The frame, the grid and the time axis of a line view: one QGraphicsItem
// under the lines (PlotLinesItem), a child of the QChart over its plot area and
// the band below it, so exports render it with the rest of the scene.
//
// Why not Qt Charts' own axis and grid: a QDateTimeAxis puts its ticks at
// fixed fractions of the plot, so every label changes with every sample and
// Qt lays all of them out again as QTextDocuments each refresh; and its grid
// lines are stroked line items, which Qt 6's raster engine draws as one span
// per pixel row and, for a long line, hands to its thread pool (a wake-up and
// a wait per line per repaint, seen in perf profiles of the app). Here ticks sit at round local
// times and scroll with the data (a label is laid out once, as a QStaticText,
// when its tick appears), and every line is a 1 px opaque rectangle, which the
// raster engine fills directly. The value axis keeps Qt's labels (they change
// only with the range); its grid lines are drawn here at its ticks.
#pragma once

#include "gui/charts/time_ticks.h"

#include <QColor>
#include <QFont>
#include <QGraphicsItem>
#include <QHash>
#include <QRectF>
#include <QStaticText>

#include <vector>

namespace perfscope::gui {

class PlotGridItem : public QGraphicsItem {
public:
    static constexpr int kTickPx = 4;      // tick marks under the plot
    static constexpr int kLabelGapPx = 2;  // between a tick mark and its label

    explicit PlotGridItem(QGraphicsItem* parent = nullptr);

    // The plot area, in the parent's coordinates.
    void setPlotArea(const QRectF& area);
    QRectF plotArea() const { return m_area; }
    // The time range shown, ms since the epoch.
    void setTimeRange(qint64 from_ms, qint64 to_ms);
    qint64 timeFrom() const { return m_from; }
    qint64 timeTo() const { return m_to; }
    // The value axis's ticks: `count` values evenly from y_min to y_max.
    void setValueTicks(double y_min, double y_max, int count);
    // background: what the grid is blended over (so the grid can be opaque).
    void setColors(const QColor& background, const QColor& text, const QColor& frame);
    QColor gridColor() const { return m_grid; }
    void setLabelFont(const QFont& font);
    // The height the labels need under the plot (tick mark, gap, text).
    int labelBandHeight() const;

    // The ticks and labels of the current range (for tests and hovering).
    const std::vector<qint64>& ticks() const { return m_ticks; }
    const TimeScale& scale() const { return m_scale; }
    QString labelText(qint64 tick_ms) const;
    // The pixel column of a time (the same rounding the grid uses).
    int columnOf(qint64 time_ms) const;

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    void layoutTicks();
    double labelSpacing(const QString& format);

    QRectF m_area;
    qint64 m_from = 0;
    qint64 m_to = 1;
    double m_y_min = 0.0;
    double m_y_max = 1.0;
    int m_y_count = 0;
    QColor m_grid;
    QColor m_text;
    QColor m_frame;
    QFont m_font;
    TimeScale m_scale;
    std::vector<qint64> m_ticks;
    QHash<qint64, QStaticText> m_labels;    // per tick time, in m_scale.format
    QHash<QString, double> m_label_widths;  // per format, for this font
};

}  // namespace perfscope::gui
