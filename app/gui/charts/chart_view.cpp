// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/chart_view.h"

#include "gui/charts/plot_lines_item.h"

#include <QChart>
#include <QLabel>
#include <QMouseEvent>
#include <QRubberBand>

#include <algorithm>

namespace perfscope::gui {

ChartView::ChartView(QChart* chart, QWidget* parent) : QChartView(chart, parent)
{
    setRubberBand(QChartView::NoRubberBand);
    // No antialiasing of lines (text keeps it): with 1 px pens an antialiased
    // line costs more to draw and looks no better on a graph that moves
    // (measured: docs/gui-charts.md).
    setRenderHint(QPainter::Antialiasing, false);
    setMouseTracking(true);
    // The view fills the exposed area with its background brush (the
    // palette's Base, set by the owner); the viewport's own fill and the
    // chart's background item would paint the same pixels twice more on every
    // repaint.
    viewport()->setAutoFillBackground(false);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    chart->setBackgroundVisible(false);
    // Drops (counters from the browser) are the enclosing view's business:
    // QGraphicsView accepts them by default and would swallow them.
    setAcceptDrops(false);
    viewport()->setAcceptDrops(false);
    // No fixed tooltip: hovering a line shows its readout (the owner's), and
    // a tooltip of the view's own would cover it.
    setStatusTip(tr("Drag to zoom; right-click to reset the zoom; click a line to select it"));
}

void ChartView::setFrozenMark(bool frozen)
{
    if (frozen && !m_frozen_mark) {
        m_frozen_mark = new QLabel(tr("FROZEN"), this);
        m_frozen_mark->setObjectName(QStringLiteral("frozenMark"));
        m_frozen_mark->setToolTip(tr("The display holds; sampling goes on (Freeze again to follow)"));
        QFont font = m_frozen_mark->font();
        font.setBold(true);
        m_frozen_mark->setFont(font);
        m_frozen_mark->setContentsMargins(6, 2, 6, 2);
        // The highlight pair reads in light and dark palettes alike.
        m_frozen_mark->setAutoFillBackground(true);
        QPalette palette = m_frozen_mark->palette();
        palette.setColor(QPalette::Window, palette.color(QPalette::Highlight));
        palette.setColor(QPalette::WindowText, palette.color(QPalette::HighlightedText));
        m_frozen_mark->setPalette(palette);
    }
    if (!m_frozen_mark)
        return;
    m_frozen_mark->setVisible(frozen);
    if (frozen) {
        m_frozen_mark->adjustSize();
        placeFrozenMark();
        m_frozen_mark->raise();
    }
}

bool ChartView::hasFrozenMark() const
{
    return m_frozen_mark && !m_frozen_mark->isHidden();
}

void ChartView::placeFrozenMark()
{
    if (m_frozen_mark)
        m_frozen_mark->move(std::max(0, width() - m_frozen_mark->width() - 8), 6);
}

void ChartView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::RightButton) {
        emit resetZoomRequested();
        event->accept();
        return;
    }
    if (event->button() == Qt::LeftButton && chart()->plotArea().contains(event->position())) {
        m_origin = event->position().toPoint();
        if (!m_band)
            m_band = new QRubberBand(QRubberBand::Rectangle, viewport());
        m_band->setGeometry(QRect(m_origin, QSize()));
        m_band->show();
        m_dragging = true;
        event->accept();
        return;
    }
    QChartView::mousePressEvent(event);
}

void ChartView::mouseMoveEvent(QMouseEvent* event)
{
    if (m_dragging) {
        const QRect plot = chart()->plotArea().toAlignedRect();
        QPoint p = event->position().toPoint();
        p.setX(std::clamp(p.x(), plot.left(), plot.right()));
        p.setY(std::clamp(p.y(), plot.top(), plot.bottom()));
        m_band->setGeometry(QRect(m_origin, p).normalized());
        event->accept();
        return;
    }
    emit hovered(chart()->mapFromScene(mapToScene(event->position().toPoint())));
    QChartView::mouseMoveEvent(event);
}

void ChartView::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_dragging && event->button() == Qt::LeftButton) {
        m_dragging = false;
        const QRect band = m_band->geometry();
        m_band->hide();
        // A click is no zoom: too small to mean a range.
        if (band.width() >= 4 && band.height() >= 4) {
            const QPointF a = mapToValue(band.topLeft());
            const QPointF b = mapToValue(band.bottomRight());
            emit zoomRequested(QRectF(a, b).normalized());
        } else {
            emit clicked(chart()->mapFromScene(mapToScene(event->position().toPoint())));
        }
        event->accept();
        return;
    }
    QChartView::mouseReleaseEvent(event);
}

QPointF ChartView::mapToValue(const QPointF& position) const
{
    return m_lines ? m_lines->mapToValue(position) : chart()->mapToValue(position);
}

void ChartView::resizeEvent(QResizeEvent* event)
{
    QChartView::resizeEvent(event);
    placeFrozenMark();
    emit resized();
}

}  // namespace perfscope::gui
