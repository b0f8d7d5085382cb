// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/plot_grid_item.h"

#include <QDateTime>
#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace perfscope::gui {
namespace {

// Room on the plot's right for the last label's right half (the chart's
// right margin); on the left the value axis's labels sit, so none goes there.
constexpr double kRightOverhangPx = 28.0;

QColor mix(const QColor& under, const QColor& over, double alpha)
{
    const auto channel = [alpha](int a, int b) { return static_cast<int>(std::lround(a + (b - a) * alpha)); };
    return QColor(channel(under.red(), over.red()), channel(under.green(), over.green()),
                  channel(under.blue(), over.blue()));
}

}  // namespace

PlotGridItem::PlotGridItem(QGraphicsItem* parent) : QGraphicsItem(parent)
{
    setAcceptedMouseButtons(Qt::NoButton);
    setAcceptHoverEvents(false);
    setColors(Qt::white, Qt::black, Qt::gray);
}

void PlotGridItem::setPlotArea(const QRectF& area)
{
    if (area == m_area)
        return;
    prepareGeometryChange();
    m_area = area;
    layoutTicks();
}

void PlotGridItem::setTimeRange(qint64 from_ms, qint64 to_ms)
{
    if (from_ms == m_from && to_ms == m_to)
        return;
    m_from = from_ms;
    m_to = to_ms;
    layoutTicks();
}

void PlotGridItem::setValueTicks(double y_min, double y_max, int count)
{
    if (y_min == m_y_min && y_max == m_y_max && count == m_y_count)
        return;
    m_y_min = y_min;
    m_y_max = y_max;
    m_y_count = count;
    update();
}

void PlotGridItem::setColors(const QColor& background, const QColor& text, const QColor& frame)
{
    // The grid as the old translucent one looked over the background.
    m_grid = mix(background, text, 40.0 / 255.0);
    m_text = text;
    m_frame = frame;
    update();
}

void PlotGridItem::setLabelFont(const QFont& font)
{
    if (font == m_font)
        return;
    prepareGeometryChange();
    m_font = font;
    m_label_widths.clear();
    m_labels.clear();
    layoutTicks();
}

int PlotGridItem::labelBandHeight() const
{
    return kTickPx + kLabelGapPx + static_cast<int>(std::ceil(QFontMetricsF(m_font).height())) + 2;
}

QString PlotGridItem::labelText(qint64 tick_ms) const
{
    return QDateTime::fromMSecsSinceEpoch(tick_ms).toString(m_scale.format);
}

int PlotGridItem::columnOf(qint64 time_ms) const
{
    const double span = double(m_to - m_from);
    const double x = m_area.left() + (span > 0 ? double(time_ms - m_from) / span : 0.0) * m_area.width();
    return static_cast<int>(std::floor(x));
}

// The widest label of a format, plus room between labels.
double PlotGridItem::labelSpacing(const QString& format)
{
    auto it = m_label_widths.find(format);
    if (it == m_label_widths.end()) {
        const QString widest = QDateTime(QDate(2000, 12, 28), QTime(23, 58, 58, 888)).toString(format);
        it = m_label_widths.insert(format, QFontMetricsF(m_font).horizontalAdvance(widest));
    }
    return *it * 1.6;
}

void PlotGridItem::layoutTicks()
{
    update();
    if (m_area.width() < 1 || m_to <= m_from) {
        m_ticks.clear();
        return;
    }
    const TimeScale scale =
        chooseTimeScale(m_to - m_from, m_area.width(), [this](const QString& format) { return labelSpacing(format); });
    if (scale.format != m_scale.format)
        m_labels.clear();
    m_scale = scale;
    // Days, and hours in zones with a half-hour offset, start at local midnight.
    const qint64 offset_ms = qint64(QDateTime::fromMSecsSinceEpoch(m_from).offsetFromUtc()) * 1000;
    tickTimes(m_from, m_to, m_scale.step_ms, offset_ms, m_ticks);
    // Keep only the labels still shown.
    for (auto it = m_labels.begin(); it != m_labels.end();) {
        if (std::binary_search(m_ticks.begin(), m_ticks.end(), it.key()))
            ++it;
        else
            it = m_labels.erase(it);
    }
}

QRectF PlotGridItem::boundingRect() const
{
    return m_area.adjusted(0, 0, kRightOverhangPx, labelBandHeight());
}

void PlotGridItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    if (m_area.width() < 1 || m_area.height() < 1)
        return;
    const int left = static_cast<int>(std::floor(m_area.left()));
    const int top = static_cast<int>(std::floor(m_area.top()));
    const int right = static_cast<int>(std::floor(m_area.right()));
    const int bottom = static_cast<int>(std::floor(m_area.bottom()));
    const int width = right - left + 1;
    const int height = bottom - top + 1;

    // Grid: opaque 1 px rectangles (see the header for why not lines).
    if (m_y_count >= 2 && m_y_max > m_y_min) {
        for (int i = 0; i < m_y_count; ++i) {
            const double v = m_y_min + (m_y_max - m_y_min) * i / (m_y_count - 1);
            const int y =
                static_cast<int>(std::floor(m_area.bottom() - (v - m_y_min) / (m_y_max - m_y_min) * m_area.height()));
            if (y >= top && y < bottom)
                painter->fillRect(QRect(left, y, width, 1), m_grid);
        }
    }
    for (qint64 tick : m_ticks) {
        const int x = columnOf(tick);
        if (x > left && x <= right)
            painter->fillRect(QRect(x, top, 1, height), m_grid);
    }
    // Frame: the value axis on the left, the time axis at the bottom, tick marks under it.
    painter->fillRect(QRect(left, top, 1, height), m_frame);
    painter->fillRect(QRect(left, bottom, width, 1), m_frame);
    for (qint64 tick : m_ticks) {
        const int x = columnOf(tick);
        if (x >= left && x <= right)
            painter->fillRect(QRect(x, bottom + 1, 1, kTickPx), m_frame);
    }

    painter->save();
    painter->setFont(m_font);
    painter->setPen(m_text);
    const double label_top = bottom + 1 + kTickPx + kLabelGapPx;
    for (qint64 tick : m_ticks) {
        auto it = m_labels.find(tick);
        if (it == m_labels.end()) {
            QStaticText text(labelText(tick));
            text.setTextFormat(Qt::PlainText);
            text.prepare(QTransform(), m_font);
            it = m_labels.insert(tick, text);
        }
        const double w = it->size().width();
        const double x = columnOf(tick) - w / 2.0;
        if (x < left - 2 || x + w > m_area.right() + kRightOverhangPx)
            continue;
        painter->drawStaticText(QPointF(x, label_top), *it);
    }
    painter->restore();
}

}  // namespace perfscope::gui
