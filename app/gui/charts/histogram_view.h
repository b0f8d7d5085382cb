// SPDX-License-Identifier: Apache-2.0
// The histogram's widget: one horizontal bar per series, largest first, each
// with its name and value; the bars that fit show, a scroll bar reaches the
// rest. Paints only the rows in the viewport, so thousands of series cost what
// a screenful does.
#pragma once

#include <QAbstractScrollArea>
#include <QColor>

#include <functional>
#include <vector>

namespace perfscope::gui {

class HistogramView : public QAbstractScrollArea {
    Q_OBJECT
public:
    struct Bar {
        int row = -1;  // ViewData row
        double value = 0.0;
        QColor color;
    };

    explicit HistogramView(QWidget* parent = nullptr);

    // Bars in the order shown (largest first), the value range the bars span
    // and the name of a row, asked for the rows painted only.
    void setBars(std::vector<Bar> bars, double min, double max);
    void setNameFunction(std::function<QString(int row)> name) { m_name = std::move(name); }
    QString nameOf(int row) const { return m_name ? m_name(row) : QString(); }
    // The text beside a bar: a row's value as plotted (times its scale).
    void setValueFunction(std::function<QString(int row, double value)> text) { m_text = std::move(text); }

    const std::vector<Bar>& bars() const { return m_bars; }
    // The selected series' bar gets a frame; -1 for none.
    void setSelectedRow(int row);
    // The bar at a viewport position, if any.
    int rowAt(const QPoint& position) const;
    int rowHeight() const;
    // Bars the viewport holds whole, and the first one shown.
    int barsThatFit() const;
    int firstShownBar() const;

signals:
    void rowClicked(int row);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    void updateScrollBar();

    std::vector<Bar> m_bars;
    double m_min = 0.0;
    double m_max = 1.0;
    int m_selected = -1;
    std::function<QString(int)> m_name;
    std::function<QString(int, double)> m_text;
};

}  // namespace perfscope::gui
