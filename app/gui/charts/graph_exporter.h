// SPDX-License-Identifier: Apache-2.0
// Exports one view: the graph with its legend and the statistics of the
// visible window as PNG, SVG (QSvgGenerator: vector lines and text) or PDF
// (QPdfWriter), the same picture to the clipboard, and the visible series over
// the visible window as PDH-CSV 4.0 through perfscope::files::PdhCsvWriter, the
// writer perfscope-cli query uses.
#pragma once

#include <QImage>
#include <QRectF>
#include <QSize>
#include <QString>
#include <QVector>

class QPainter;

namespace perfscope::gui {

class ViewWidget;

class GraphExporter {
public:
    explicit GraphExporter(ViewWidget* view);

    // Logical size of the exported picture: the graph as shown (at least
    // 480 × 300) above a legend with one line per series, at most as tall
    // as the graph: beyond that, the legend ends with "… and N more".
    QSize pictureSize() const;
    // Legend lines with series when `series` of them are to be listed under
    // a graph `graph_height` px tall with lines `line_height` px tall: all
    // when they fit in that height (kMinLegendLines at least), else one line
    // fewer, which then reads "… and N more".
    static int legendSeriesLines(int series, int graph_height, int line_height);
    static constexpr int kMinLegendLines = 8;
    // Paints the picture into `target` of any paint device.
    void paint(QPainter& painter, const QRectF& target) const;
    QImage renderImage() const;

    // Each returns false with a message naming the file and the cause.
    bool savePng(const QString& path, QString* error = nullptr) const;
    bool saveSvg(const QString& path, QString* error = nullptr) const;
    bool savePdf(const QString& path, QString* error = nullptr) const;
    bool saveCsv(const QString& path, QString* error = nullptr) const;
    // By suffix: .png .svg .pdf .csv (case-insensitive).
    bool save(const QString& path, QString* error = nullptr) const;
    void copyToClipboard() const;

private:
    int legendHeight() const;
    int lineHeight() const;
    // Rows listed in the legend: the shown series first, then hidden and ended
    // ones, each group in legend order, cut to legendSeriesLines().
    QVector<int> legendRows() const;
    void paintLegend(QPainter& painter, const QRectF& area) const;

    ViewWidget* m_view;
};

}  // namespace perfscope::gui
