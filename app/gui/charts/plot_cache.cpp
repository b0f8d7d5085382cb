// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/plot_cache.h"

#include <QPaintDevice>
#include <QPainter>
#include <QTransform>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace perfscope::gui {

bool PlotCache::suits(const QPainter& painter)
{
    const QPaintDevice* device = painter.device();
    if (!device || device->devType() != QInternal::Widget)
        return false;
    const qreal dpr = device->devicePixelRatio();
    if (dpr != std::round(dpr))
        return false;
    const QTransform t = painter.deviceTransform();
    return t.type() <= QTransform::TxTranslate && t.dx() == std::round(t.dx()) && t.dy() == std::round(t.dy());
}

void PlotCache::scroll(int dx)
{
    // Whole rows of pixels move left (dx > 0) or right; what comes into view
    // is drawn by the caller.
    const int dpr = static_cast<int>(m_image.devicePixelRatio());
    const int bytes_per_px = m_image.depth() / 8;
    const int moved = std::abs(dx) * dpr;
    const int keep = m_image.width() - moved;
    for (int y = 0; y < m_image.height(); ++y) {
        uchar* line = m_image.scanLine(y);
        if (dx > 0)
            std::memmove(line, line + moved * bytes_per_px,
                         static_cast<size_t>(keep) * static_cast<size_t>(bytes_per_px));
        else
            std::memmove(line + moved * bytes_per_px, line,
                         static_cast<size_t>(keep) * static_cast<size_t>(bytes_per_px));
    }
}

PlotCache::Plan PlotCache::prepare(const QRect& rect, qreal device_pixel_ratio, double shift, double margin)
{
    Plan plan;
    const QSize device_size = rect.size() * device_pixel_ratio;
    if (m_image.size() != device_size || m_image.devicePixelRatio() != device_pixel_ratio) {
        m_image = QImage(device_size, QImage::Format_ARGB32_Premultiplied);
        m_image.setDevicePixelRatio(device_pixel_ratio);
        m_valid = false;
    }
    const double dx = shift - m_shift;
    const double width = rect.width();
    if (rect != m_rect || std::abs(dx) >= width || dx != std::round(dx))
        m_valid = false;
    m_rect = rect;
    m_shift = shift;
    std::vector<XSpan> changes = std::move(m_changes);
    m_changes.clear();
    if (!m_valid) {
        m_image.fill(Qt::transparent);
        return plan;
    }
    if (dx != 0) {
        scroll(static_cast<int>(dx));
        // What came into view.
        changes.push_back(dx > 0 ? XSpan{shift + width - dx, shift + width} : XSpan{shift, shift - dx});
    }
    // Widened, cut to the view, merged.
    std::vector<XSpan> strips;
    for (const XSpan& c : changes) {
        const double from = std::max(std::floor(c.from - margin), shift);
        const double to = std::min(std::ceil(c.to + margin), shift + width);
        if (from < to)
            strips.push_back({from, to});
    }
    std::sort(strips.begin(), strips.end(), [](const XSpan& a, const XSpan& b) { return a.from < b.from; });
    double covered = 0;
    for (const XSpan& s : strips) {
        if (!plan.strips.empty() && s.from <= plan.strips.back().to)
            plan.strips.back().to = std::max(plan.strips.back().to, s.to);
        else
            plan.strips.push_back(s);
    }
    for (const XSpan& s : plan.strips)
        covered += s.to - s.from;
    // Strips over most of the plot: one full drawing costs less.
    if (covered > width / 2) {
        m_image.fill(Qt::transparent);
        plan.strips.clear();
        return plan;
    }
    plan.full = false;
    return plan;
}

}  // namespace perfscope::gui
