// SPDX-License-Identifier: Apache-2.0
// PlotGridItem painted into an image: grid columns where the ticks' times map
// to (x = left + (t − from) / (to − from) × width), in the grid color blended
// by formula (40/255 of the text over the background); the frame; labels in
// the band under the plot; ticks at multiples of the step in local time.
#include "gui/charts/plot_grid_item.h"

#include <QDateTime>
#include <QImage>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QTest>

#include <algorithm>
#include <cmath>

using perfscope::gui::PlotGridItem;

namespace {

constexpr qint64 kT0 = 1'700'000'003'217;  // not on a round second
const QRectF kArea(20.5, 10.0, 600.0, 300.0);

QImage render(PlotGridItem& item)
{
    QImage image(700, 400, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    QStyleOptionGraphicsItem option;
    item.paint(&painter, &option, nullptr);
    painter.end();
    return image;
}

}  // namespace

class TestPlotGridItem : public QObject {
    Q_OBJECT
private slots:
    void ticksAreRoundLocalTimes()
    {
        PlotGridItem item;
        item.setPlotArea(kArea);
        item.setTimeRange(kT0 - 100'000, kT0);
        const qint64 step = item.scale().step_ms;
        QVERIFY(step >= 1'000);
        const qint64 offset = qint64(QDateTime::fromMSecsSinceEpoch(kT0 - 100'000).offsetFromUtc()) * 1000;
        QVERIFY(!item.ticks().empty());
        for (qint64 tick : item.ticks()) {
            QVERIFY(tick >= kT0 - 100'000 && tick <= kT0);
            QCOMPARE((tick + offset) % step, qint64(0));
        }
        // Every multiple in the range is there: count = span / step, ±1.
        const double expected = 100'000.0 / double(step);
        QVERIFY(std::abs(double(item.ticks().size()) - expected) <= 1.0);
        // Labels name their tick's local time in the scale's format.
        for (qint64 tick : item.ticks())
            QCOMPARE(item.labelText(tick), QDateTime::fromMSecsSinceEpoch(tick).toString(item.scale().format));
    }

    void paintsGridFrameAndLabels()
    {
        PlotGridItem item;
        item.setColors(Qt::white, Qt::black, QColor(100, 100, 100));
        item.setPlotArea(kArea);
        item.setTimeRange(kT0 - 100'000, kT0);
        item.setValueTicks(0.0, 50.0, 6);
        const QImage image = render(item);
        const QRgb grid = qRgb(215, 215, 215);  // 255 − 255 × 40/255
        QCOMPARE(item.gridColor().rgb(), grid);
        const QRgb frame = qRgb(100, 100, 100);
        const int left = int(std::floor(kArea.left()));
        const int top = int(std::floor(kArea.top()));
        const int bottom = int(std::floor(kArea.bottom()));
        const int mid_y = 150 + 3;  // off every horizontal grid line (every 60 px from 310)
        for (qint64 tick : item.ticks()) {
            const int x = int(std::floor(kArea.left() + double(tick - (kT0 - 100'000)) / 100'000.0 * kArea.width()));
            QCOMPARE(item.columnOf(tick), x);
            if (x == left)
                continue;  // the frame
            QCOMPARE(image.pixel(x, mid_y), grid);
            QCOMPARE(image.pixel(x - 2, mid_y), qRgb(255, 255, 255));
            QCOMPARE(image.pixel(x, bottom + 2), frame);  // tick mark
        }
        // Horizontal grid: 6 ticks from 0 to 50 every 60 px; the bottom one is the frame.
        for (int i = 1; i < 6; ++i) {
            const int y = int(std::floor(kArea.bottom() - i * kArea.height() / 5));
            QCOMPARE(image.pixel(left + 7, y), grid);
        }
        QCOMPARE(image.pixel(left, top + 20), frame);
        QCOMPARE(image.pixel(left + 300, bottom), frame);
        // Labels: ink in the band under the plot.
        int ink = 0;
        for (int y = bottom + PlotGridItem::kTickPx + 2; y < bottom + item.labelBandHeight(); ++y)
            for (int x = left; x < int(kArea.right()); ++x)
                ink += image.pixel(x, y) != qRgb(255, 255, 255);
        QVERIFY2(ink > 100, qPrintable(QString::number(ink)));
    }

    // Sliding the range moves every grid line with its time.
    void gridScrollsWithTime()
    {
        PlotGridItem item;
        item.setPlotArea(kArea);
        item.setTimeRange(kT0 - 100'000, kT0);
        const std::vector<qint64> before = item.ticks();
        const qint64 step = item.scale().step_ms;
        item.setTimeRange(kT0 - 100'000 + step / 2, kT0 + step / 2);
        QCOMPARE(item.scale().step_ms, step);
        for (qint64 tick : item.ticks()) {
            const int x =
                int(std::floor(kArea.left() + double(tick - (kT0 - 100'000 + step / 2)) / 100'000.0 * kArea.width()));
            QCOMPARE(item.columnOf(tick), x);
        }
        // The ticks in both ranges are the same times.
        for (qint64 tick : before)
            if (tick >= kT0 - 100'000 + step / 2)
                QVERIFY(std::find(item.ticks().begin(), item.ticks().end(), tick) != item.ticks().end());
    }

    void emptyAreaPaintsNothing()
    {
        PlotGridItem item;
        item.setTimeRange(kT0 - 100'000, kT0);
        QVERIFY(item.ticks().empty());
        const QImage image = render(item);
        for (int y = 0; y < image.height(); y += 5)
            for (int x = 0; x < image.width(); x += 5)
                QCOMPARE(image.pixel(x, y), qRgb(255, 255, 255));
    }
};

QTEST_MAIN(TestPlotGridItem)
#include "test_plot_grid_item.moc"
