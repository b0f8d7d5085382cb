// SPDX-License-Identifier: Apache-2.0
#include "gui/recording/overview_strip.h"

#include "gui/charts/view_data.h"
#include "gui/charts/view_widget.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace perfscope::gui {
namespace {

constexpr int kHeight = 56;
constexpr int kEdgePx = 5;  // how near an edge of the mark a press resizes it
constexpr qint64 kMinSpanMs = 1000;

}  // namespace

OverviewStrip::OverviewStrip(ViewData* view_data, ViewWidget* view, QWidget* parent)
    : QWidget(parent), m_data(view_data), m_view(view)
{
    setObjectName(QStringLiteral("overviewStrip"));
    setMouseTracking(true);
    setToolTip(tr("The whole recording: drag the marked part to move the view, its edges to resize it"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    connect(view_data, &ViewData::appended, this, &OverviewStrip::markDirty);
    connect(view_data, &ViewData::seriesAdded, this, &OverviewStrip::markDirty);
    connect(view_data, &ViewData::seriesRemoved, this, &OverviewStrip::markDirty);
    connect(view_data, &ViewData::seriesChanged, this, &OverviewStrip::markDirty);
    connect(view_data, &ViewData::cleared, this, &OverviewStrip::markDirty);
    // The mark follows the view (zoom, scroll, a window change).
    connect(view, &ViewWidget::refreshed, this, qOverload<>(&QWidget::update));
}

QSize OverviewStrip::sizeHint() const
{
    return {400, kHeight};
}

QSize OverviewStrip::minimumSizeHint() const
{
    return {100, kHeight};
}

QRect OverviewStrip::plotRect() const
{
    return rect().adjusted(2, 2, -2, -2);
}

std::pair<qint64, qint64> OverviewStrip::fullRange() const
{
    if (!m_data)
        return {0, 0};
    return {m_data->firstTime(), m_data->lastTime()};
}

std::pair<qint64, qint64> OverviewStrip::markedRange() const
{
    if (!m_view)
        return {0, 0};
    return m_view->visibleRange();
}

double OverviewStrip::xOf(qint64 time_ms) const
{
    const auto [first, last] = fullRange();
    const QRect plot = plotRect();
    if (last <= first)
        return plot.left();
    return plot.left() + double(time_ms - first) * plot.width() / double(last - first);
}

qint64 OverviewStrip::timeAt(double x) const
{
    const auto [first, last] = fullRange();
    const QRect plot = plotRect();
    if (plot.width() <= 0)
        return first;
    return first + static_cast<qint64>(std::llround((x - plot.left()) * double(last - first) / plot.width()));
}

void OverviewStrip::markDirty()
{
    m_dirty = true;
    update();
}

void OverviewStrip::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    m_dirty = true;
}

// One pass over each shown history: its min and max per pixel column, then
// drawn scaled to the series' own range.
void OverviewStrip::decimate()
{
    m_dirty = false;
    ++m_decimations;
    const QRect plot = plotRect();
    m_envelopes = QImage(std::max(1, plot.width()), std::max(1, plot.height()), QImage::Format_ARGB32_Premultiplied);
    m_envelopes.fill(Qt::transparent);
    const auto [first, last] = fullRange();
    if (!m_data || last <= first)
        return;
    const int columns = m_envelopes.width();
    const int height = m_envelopes.height();
    // Per column: the lowest and highest value, and the first and last, so
    // neighbouring columns join as the line between those samples would.
    struct Column {
        double lo, hi, first, last;
        bool any;
        bool after_gap;  // a sample without a value came before its first: not joined to the left
    };
    std::vector<Column> cols(static_cast<size_t>(columns));
    QPainter painter(&m_envelopes);
    painter.setRenderHint(QPainter::Antialiasing, false);
    for (int row = 0; row < m_data->seriesCount(); ++row) {
        const ViewSeries& series = m_data->series(row);
        if (!series.visible || series.history.isEmpty())
            continue;
        std::fill(cols.begin(), cols.end(), Column{0, 0, 0, 0, false, false});
        double min = std::numeric_limits<double>::infinity();
        double max = -min;
        const SeriesHistory& history = series.history;
        bool gap = false;
        for (qsizetype i = 0; i < history.size(); ++i) {
            if (!history.validAt(i)) {
                gap = true;
                continue;
            }
            const double v = history.valueAt(i);
            const auto c = static_cast<size_t>(
                std::clamp<qint64>((history.timeAt(i) - first) * columns / (last - first + 1), 0, columns - 1));
            Column& col = cols[c];
            if (!col.any)
                col = Column{v, v, v, v, true, gap};
            gap = false;
            col.lo = std::min(col.lo, v);
            col.hi = std::max(col.hi, v);
            col.last = v;
            min = std::min(min, v);
            max = std::max(max, v);
        }
        if (!(max >= min))
            continue;
        const double low = std::min(0.0, min);
        const double span = max > low ? max - low : 1.0;
        const auto y_of = [&](double v) { return height - 1 - static_cast<int>((v - low) / span * (height - 1)); };
        QColor color = series.color;
        color.setAlpha(200);
        painter.setPen(QPen(color, 1));
        int previous = -1;
        for (int c = 0; c < columns; ++c) {
            const Column& col = cols[static_cast<size_t>(c)];
            if (!col.any)
                continue;
            // Columns without samples between two that have them are bridged (a sample every few pixels).
            if (previous >= 0 && !col.after_gap)
                painter.drawLine(previous, y_of(cols[static_cast<size_t>(previous)].last), c, y_of(col.first));
            painter.drawLine(c, y_of(col.lo), c, y_of(col.hi));
            previous = c;
        }
    }
}

void OverviewStrip::paintEvent(QPaintEvent*)
{
    if (m_dirty)
        decimate();
    QPainter painter(this);
    const QRect plot = plotRect();
    painter.fillRect(rect(), palette().color(QPalette::Base));
    painter.drawImage(plot.topLeft(), m_envelopes);
    const auto [first, last] = fullRange();
    if (last <= first)
        return;
    const auto [from, to] = markedRange();
    const double x0 = std::clamp(xOf(from), double(plot.left()), double(plot.right()));
    const double x1 = std::clamp(xOf(to), double(plot.left()), double(plot.right()));
    // Outside the mark is dimmed; the mark is framed in the highlight colour.
    QColor dim = palette().color(QPalette::Window);
    dim.setAlpha(150);
    painter.fillRect(QRectF(plot.left(), plot.top(), x0 - plot.left(), plot.height()), dim);
    painter.fillRect(QRectF(x1, plot.top(), plot.right() - x1, plot.height()), dim);
    QColor frame = palette().color(QPalette::Highlight);
    painter.setPen(QPen(frame, 2));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(QRectF(x0, plot.top() + 1, std::max(2.0, x1 - x0), plot.height() - 2));
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(rect().adjusted(0, 0, -1, -1));
}

void OverviewStrip::showRange(qint64 from, qint64 to)
{
    if (!m_view)
        return;
    const auto [first, last] = fullRange();
    const qint64 span = std::max(kMinSpanMs, to - from);
    // Kept inside the file: a move stops at its ends instead of squeezing the range.
    if (from < first) {
        from = first;
        to = from + span;
    }
    if (to > last) {
        to = last;
        from = std::max(first, to - span);
    }
    m_view->zoomTo(from, to);
    update();
}

void OverviewStrip::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    const double x = event->position().x();
    m_press_x = x;
    m_press_range = markedRange();
    const double x0 = xOf(m_press_range.first);
    const double x1 = xOf(m_press_range.second);
    if (std::abs(x - x0) <= kEdgePx) {
        m_drag = Drag::left;
    } else if (std::abs(x - x1) <= kEdgePx) {
        m_drag = Drag::right;
    } else if (x > x0 && x < x1) {
        m_drag = Drag::move;
    } else {
        // Outside the mark: centre the same span there, then drag on.
        const qint64 span = m_press_range.second - m_press_range.first;
        const qint64 centre = timeAt(x);
        showRange(centre - span / 2, centre - span / 2 + span);
        m_press_range = markedRange();
        m_drag = Drag::move;
    }
    event->accept();
}

void OverviewStrip::mouseMoveEvent(QMouseEvent* event)
{
    const double x = event->position().x();
    if (m_drag == Drag::none) {
        const auto [from, to] = markedRange();
        const bool edge = std::abs(x - xOf(from)) <= kEdgePx || std::abs(x - xOf(to)) <= kEdgePx;
        setCursor(edge ? Qt::SizeHorCursor : Qt::ArrowCursor);
        return;
    }
    const qint64 shift = timeAt(x) - timeAt(m_press_x);
    auto [from, to] = m_press_range;
    switch (m_drag) {
    case Drag::move: showRange(from + shift, to + shift); break;
    case Drag::left: showRange(std::min(from + shift, to - kMinSpanMs), to); break;
    case Drag::right: showRange(from, std::max(to + shift, from + kMinSpanMs)); break;
    case Drag::none: break;
    }
    event->accept();
}

void OverviewStrip::mouseReleaseEvent(QMouseEvent* event)
{
    m_drag = Drag::none;
    QWidget::mouseReleaseEvent(event);
}

}  // namespace perfscope::gui
