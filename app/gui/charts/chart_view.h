// SPDX-License-Identifier: Apache-2.0
// The line graph's QChartView: its own rubber band, because Qt Charts' built-in
// zoom rescales the axes over the points it already has, while a zoom here must
// decimate the history again for the new range. Emits the chosen rectangle in
// value coordinates (x: ms since the epoch, y: plotted value).
#pragma once

#include <QChartView>
#include <QPoint>

class QLabel;
class QRubberBand;

namespace perfscope::gui {

class PlotLinesItem;

class ChartView : public QChartView {
    Q_OBJECT
public:
    explicit ChartView(QChart* chart, QWidget* parent = nullptr);
    // The lines' item maps pixels to values (the chart can only through a series).
    void setPlotLines(PlotLinesItem* lines) { m_lines = lines; }
    // A "FROZEN" mark in the view's top right corner (a widget over the
    // graph, so exports of the chart do not carry it).
    void setFrozenMark(bool frozen);
    bool hasFrozenMark() const;
    QLabel* frozenMark() const { return m_frozen_mark; }

signals:
    void zoomRequested(const QRectF& value_rect);
    void resetZoomRequested();
    void resized();
    // The mouse moved over the view without dragging (chart coordinates).
    void hovered(const QPointF& position);
    // A left click in the plot area that was no drag (chart coordinates).
    void clicked(const QPointF& position);

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    QPointF mapToValue(const QPointF& position) const;
    void placeFrozenMark();

    PlotLinesItem* m_lines = nullptr;
    QRubberBand* m_band = nullptr;
    QPoint m_origin;
    bool m_dragging = false;
    QLabel* m_frozen_mark = nullptr;
};

}  // namespace perfscope::gui
