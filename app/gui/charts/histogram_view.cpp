// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/histogram_view.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace perfscope::gui {
namespace {

constexpr int kPad = 6;

}  // namespace

HistogramView::HistogramView(QWidget* parent) : QAbstractScrollArea(parent)
{
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    viewport()->setBackgroundRole(QPalette::Base);
    viewport()->setAutoFillBackground(true);
    viewport()->setMouseTracking(true);
}

int HistogramView::rowHeight() const
{
    return fontMetrics().height() + 6;
}

int HistogramView::barsThatFit() const
{
    return std::max(1, viewport()->height() / rowHeight());
}

int HistogramView::firstShownBar() const
{
    return verticalScrollBar()->value();
}

void HistogramView::setBars(std::vector<Bar> bars, double min, double max)
{
    m_bars = std::move(bars);
    m_min = min;
    m_max = max > min ? max : min + 1.0;
    updateScrollBar();
    viewport()->update();
}

// The scroll bar counts bars, so a scroll step is one row.
void HistogramView::updateScrollBar()
{
    const int fit = barsThatFit();
    QScrollBar* bar = verticalScrollBar();
    bar->setRange(0, std::max(0, static_cast<int>(m_bars.size()) - fit));
    bar->setPageStep(fit);
    bar->setSingleStep(1);
}

void HistogramView::setSelectedRow(int row)
{
    if (row == m_selected)
        return;
    m_selected = row;
    viewport()->update();
}

int HistogramView::rowAt(const QPoint& position) const
{
    const int i = firstShownBar() + position.y() / rowHeight();
    return position.y() >= 0 && i < static_cast<int>(m_bars.size()) ? m_bars[static_cast<size_t>(i)].row : -1;
}

void HistogramView::mousePressEvent(QMouseEvent* event)
{
    const int row = rowAt(event->position().toPoint());
    if (row >= 0)
        emit rowClicked(row);
    QAbstractScrollArea::mousePressEvent(event);
}

void HistogramView::resizeEvent(QResizeEvent* event)
{
    QAbstractScrollArea::resizeEvent(event);
    updateScrollBar();
}

void HistogramView::paintEvent(QPaintEvent*)
{
    QPainter painter(viewport());
    const QPalette pal = palette();
    const QFontMetrics fm = fontMetrics();
    const int h = rowHeight();
    const int width = viewport()->width();
    const int first = firstShownBar();
    const int last = std::min(static_cast<int>(m_bars.size()), first + viewport()->height() / h + 1);
    // Names (of the painted rows only) take what the longest needs, up to
    // 40 % of the width; values what their text needs.
    QStringList names;
    int longest = 0;
    for (int i = first; i < last; ++i) {
        const int row = m_bars[static_cast<size_t>(i)].row;
        names.append(m_name ? m_name(row) : QString::number(row));
        longest = std::max(longest, fm.horizontalAdvance(names.back()));
    }
    const int name_w = std::min(longest + 2 * kPad, std::max(40, width * 2 / 5));
    const int value_w = fm.horizontalAdvance(QStringLiteral("-0000000000.000")) + kPad;
    const int bar_x = name_w + kPad;
    const int bar_w = std::max(10, width - bar_x - value_w - kPad);
    const double span = m_max - m_min;
    const double zero = std::clamp(-m_min / span, 0.0, 1.0);
    painter.setPen(pal.color(QPalette::Text));
    for (int i = first; i < last; ++i) {
        const Bar& bar = m_bars[static_cast<size_t>(i)];
        const int y = (i - first) * h;
        const QString& name = names[i - first];
        painter.drawText(QRect(kPad, y, name_w - kPad, h), Qt::AlignLeft | Qt::AlignVCenter,
                         fm.elidedText(name, Qt::ElideMiddle, name_w - kPad));
        const double fraction = std::clamp((bar.value - m_min) / span, 0.0, 1.0);
        const int x0 = bar_x + static_cast<int>(std::lround(zero * bar_w));
        const int x1 = bar_x + static_cast<int>(std::lround(fraction * bar_w));
        const QRect rect(std::min(x0, x1), y + 2, std::max(1, std::abs(x1 - x0)), h - 4);
        painter.fillRect(rect, bar.color);
        if (bar.row == m_selected) {
            painter.save();
            painter.setPen(QPen(pal.color(QPalette::Text), 2));
            painter.drawRect(rect.adjusted(-2, -2, 1, 1));
            painter.restore();
        }
        const QString value = m_text ? m_text(bar.row, bar.value) : QString::number(bar.value);
        painter.drawText(QRect(std::max(x0, x1) + kPad, y, value_w, h), Qt::AlignLeft | Qt::AlignVCenter, value);
    }
}

bool HistogramView::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int i = firstShownBar() + help->pos().y() / rowHeight();
        if (i >= 0 && i < static_cast<int>(m_bars.size()) && m_name) {
            const Bar& bar = m_bars[static_cast<size_t>(i)];
            QToolTip::showText(help->globalPos(),
                               QStringLiteral("%1\n%2").arg(m_name(bar.row), m_text ? m_text(bar.row, bar.value)
                                                                                    : QString::number(bar.value)),
                               viewport());
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

}  // namespace perfscope::gui
