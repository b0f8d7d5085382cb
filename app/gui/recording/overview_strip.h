// SPDX-License-Identifier: Apache-2.0
// The strip under a recording's view: the whole time range of the file, each
// shown series as its min-max envelope per pixel column (scaled to its own
// maximum, so every line's shape shows), and the part the view shows marked.
// Dragging the mark moves the view's range, dragging its edges resizes it, a
// press outside it centres the range there (ViewWidget::zoomTo).
//
// Cost: the envelopes are decimated to the strip's width once, when the data
// or the width changes (one pass over each history); moving the mark repaints
// the cached image and the mark only.
#pragma once

#include <QImage>
#include <QPointer>
#include <QWidget>

#include <utility>

namespace perfscope::gui {

class ViewData;
class ViewWidget;

class OverviewStrip : public QWidget {
    Q_OBJECT
public:
    OverviewStrip(ViewData* view_data, ViewWidget* view, QWidget* parent = nullptr);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    // The whole range drawn (ms since the epoch) and where the mark stands.
    std::pair<qint64, qint64> fullRange() const;
    std::pair<qint64, qint64> markedRange() const;
    // Pixel x of a time, and the time at a pixel x.
    double xOf(qint64 time_ms) const;
    qint64 timeAt(double x) const;
    // How many times the envelopes were decimated (tests: a drag does not).
    int decimations() const { return m_decimations; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    enum class Drag { none, move, left, right };
    void markDirty();
    void decimate();
    void showRange(qint64 from, qint64 to);
    QRect plotRect() const;

    QPointer<ViewData> m_data;
    QPointer<ViewWidget> m_view;
    QImage m_envelopes;
    bool m_dirty = true;
    int m_decimations = 0;
    Drag m_drag = Drag::none;
    double m_press_x = 0;
    std::pair<qint64, qint64> m_press_range;
};

}  // namespace perfscope::gui
