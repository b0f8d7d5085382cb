// SPDX-License-Identifier: Apache-2.0
// PlotLinesItem leaves out the horizontal runs that lines drawn above cover
// (row_coverage.h). The reference is the plain drawing written out here:
// every row's stretches mapped with mapToPosition(), flat-run interiors
// dropped (tested in test_flat_runs), drawn with the item's pen in drawing
// order (rows first to last, the selected one last). With a solid pen per
// line the two images must be equal pixel for pixel. With repeated colours
// (dashed pens) the item may only leave ink out, never add any: where a
// covered line would have shown through the top line's dash gaps, a line
// further down or the background shows.
#include "gui/charts/flat_runs.h"
#include "gui/charts/plot_lines_item.h"
#include "gui/charts/row_coverage.h"

#include <QImage>
#include <QPainter>
#include <QRandomGenerator>
#include <QStyleOptionGraphicsItem>
#include <QTest>

using perfscope::gui::dropFlatRunInteriors;
using perfscope::gui::PlotLinesItem;
using perfscope::gui::RowCoverage;

namespace {

const QRectF kArea(20.0, 10.0, 800.0, 400.0);

QImage blank()
{
    QImage image(860, 440, QImage::Format_RGB32);
    image.fill(Qt::white);
    return image;
}

QImage viaItem(PlotLinesItem& item)
{
    QImage image = blank();
    QPainter painter(&image);
    QStyleOptionGraphicsItem option;
    item.paint(&painter, &option, nullptr);
    painter.end();
    return image;
}

QImage reference(const PlotLinesItem& item, int selected)
{
    QImage image = blank();
    QPainter painter(&image);
    painter.setClipRect(kArea);
    painter.setRenderHint(QPainter::Antialiasing, false);
    const auto draw = [&](int row) {
        painter.setPen(item.pen(row));
        for (const QList<QPointF>& stretch : item.stretches(row)) {
            QPolygonF pixels;
            for (const QPointF& value : stretch)
                pixels << item.mapToPosition(value);
            dropFlatRunInteriors(pixels);
            if (pixels.size() == 1)
                painter.drawPoint(pixels.front());
            else
                painter.drawPolyline(pixels);
        }
    };
    for (int row = 0; row < item.lineCount(); ++row)
        if (row != selected)
            draw(row);
    if (selected >= 0)
        draw(selected);
    painter.end();
    return image;
}

// A view over many processes: most lines idle on a few shared values, each
// over its own span of time (processes that started and ended), the rest
// moving; values in [0, 100], times in [0, 100'000] ms at 1 s.
void fill(PlotLinesItem& item, int lines, bool distinct_colors)
{
    QRandomGenerator random(4242);
    for (int row = 0; row < lines; ++row) {
        const QColor color = distinct_colors ? QColor::fromHsv((row * 7) % 360, 80 + (row * 13) % 176, 60 + row % 180)
                                             : QColor::fromHsv((row % 12) * 30, 220, 200);
        item.insertLine(row, color);
        const int first = static_cast<int>(random.bounded(90));
        const int last = first + 1 + static_cast<int>(random.bounded(100 - first));
        const bool idle = row % 4 != 0;
        const double level = idle ? (row % 3) * 25.0 : random.bounded(100.0);
        QList<QPointF> stretch;
        double v = level;
        for (int s = first; s <= last; ++s) {
            if (!idle)
                v = std::clamp(v + random.bounded(10.0) - 5.0, 0.0, 100.0);
            stretch << QPointF(s * 1000.0, v);
        }
        item.setStretches(row, {stretch});
    }
}

PlotLinesItem& prepared(PlotLinesItem& item)
{
    item.setPlotArea(kArea);
    item.setRanges(0.0, 100'000.0, 0.0, 100.0);
    return item;
}

}  // namespace

class TestPlotLinesItem : public QObject {
    Q_OBJECT
private slots:
    void coverageMergesIntervals()
    {
        RowCoverage coverage;
        coverage.reset(10, 20);
        QVERIFY(!coverage.covered(12, 5, 5));
        coverage.cover(12, 10, 20);
        coverage.cover(12, 30, 40);
        QVERIFY(coverage.covered(12, 10, 20));
        QVERIFY(coverage.covered(12, 12, 18));
        QVERIFY(!coverage.covered(12, 15, 35));  // a hole at 21–29
        QVERIFY(!coverage.covered(13, 12, 18));  // another row
        coverage.cover(12, 21, 29);              // fills the hole: one interval 10–40
        QVERIFY(coverage.covered(12, 10, 40));
        coverage.cover(12, 41, 41);  // touching: merged
        QVERIFY(coverage.covered(12, 10, 41));
        coverage.cover(25, 0, 100);  // outside the tracked rows: never covered
        QVERIFY(!coverage.covered(25, 0, 0));
        coverage.reset(10, 20);
        QVERIFY(!coverage.covered(12, 10, 20));
    }

    void solidLinesDrawTheSamePixels()
    {
        PlotLinesItem item;
        fill(prepared(item), 300, true);
        for (int row = 0; row < item.lineCount(); ++row)
            QCOMPARE(item.lineStyle(row), Qt::SolidLine);
        for (int selected : {-1, 7, 150}) {
            item.setSelected(selected, selected >= 0);
            QCOMPARE(viaItem(item), reference(item, selected));
        }
        // Most lines lie on three shared levels: most runs were left out.
        QVERIFY2(item.lastPaintPieces() < item.lineCount() / 2, qPrintable(QString::number(item.lastPaintPieces())));
    }

    void dashedLinesOnlyLeaveInkOut()
    {
        PlotLinesItem item;
        fill(prepared(item), 300, false);
        const QImage drawn = viaItem(item);
        const QImage expected = reference(item, -1);
        const QRgb background = qRgb(255, 255, 255);
        int inked = 0;
        for (int y = 0; y < drawn.height(); ++y) {
            for (int x = 0; x < drawn.width(); ++x) {
                if (drawn.pixel(x, y) == background)
                    continue;
                ++inked;
                if (expected.pixel(x, y) == background)
                    QFAIL(qPrintable(QStringLiteral("pixel %1,%2 is inked, the plain drawing's is not").arg(x).arg(y)));
            }
        }
        QVERIFY(inked > 1000);
        // Idle lines wholly under others were left out here too.
        QVERIFY2(item.lastPaintPieces() < item.lineCount() * 3 / 4,
                 qPrintable(QString::number(item.lastPaintPieces())));
    }
};

QTEST_MAIN(TestPlotLinesItem)
#include "test_plot_lines_item.moc"
