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

#include <QCoreApplication>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QStyleOptionGraphicsItem>
#include <QTest>

#include <cmath>
#include <optional>
#include <utility>

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

    // The window slides: the lines move by whole pixels without being mapped
    // again, each point at most half a pixel from where an exact mapping of
    // the new range puts it, and the drawing is still the plain one.
    void aSlidingWindowMovesTheLinesWithoutMappingThem()
    {
        PlotLinesItem item;
        fill(prepared(item), 200, true);
        viaItem(item);
        QCOMPARE(item.lastRemappedLines(), item.lineCount());
        const double span = 100'000.0;
        for (double from : {1234.5, 2000.0, 7777.7, 30'001.0}) {
            item.setRanges(from, from + span, 0.0, 100.0);
            const QImage drawn = viaItem(item);
            QCOMPARE(item.lastRemappedLines(), 0);
            QCOMPARE(drawn, reference(item, -1));
            for (double t : {from, from + 333.0, from + span / 2, from + span}) {
                const double exact = kArea.left() + (t - from) / span * kArea.width();
                const double got = item.mapToPosition(QPointF(t, 50.0)).x();
                QVERIFY2(std::abs(got - exact) <= 0.5, qPrintable(QStringLiteral("%1 vs %2").arg(got).arg(exact)));
                QVERIFY(std::abs(item.mapToValue(QPointF(got, 0.0)).x() - t) < 1e-6);
            }
        }
        // Another value range maps every line again.
        item.setRanges(30'001.0, 30'001.0 + span, 0.0, 50.0);
        viaItem(item);
        QCOMPARE(item.lastRemappedLines(), item.lineCount());
    }

    // Kept between paints, the drawing is moved and drawn again in strips
    // while the window slides, lines get points, leave the window, go and
    // come; after every step it must be the plain drawing, pixel for pixel.
    void theCachedDrawingStaysThePlainOne()
    {
        PlotLinesItem item;
        item.setCaching(PlotLinesItem::Caching::Always);
        prepared(item);
        constexpr qint64 kSpan = 100'000;
        struct Source {
            int first, last;  // seconds; last < 0: live
            int seed;
        };
        std::vector<Source> sources;
        QRandomGenerator random(77);
        for (int i = 0; i < 80; ++i) {
            const int first = static_cast<int>(random.bounded(150));
            const bool live = i % 3 == 0;
            sources.push_back({first, live ? -1 : first + 1 + static_cast<int>(random.bounded(60)), i});
        }
        // A value per (line, second) that does not depend on the step.
        const auto value = [](int seed, int second) {
            return seed % 2 ? (seed % 5) * 20.0 : 50.0 + 45.0 * std::sin(seed * 0.7 + second * 0.31);
        };
        const auto stretch = [&](const Source& src, qint64 now) {
            QList<QPointF> points;
            const qint64 last = src.last < 0 ? now / 1000 : src.last;
            for (qint64 second = src.first; second <= last; ++second) {
                const qint64 t = second * 1000;
                if (t >= now - kSpan && t <= now)
                    points << QPointF(double(t), value(src.seed, static_cast<int>(second)));
            }
            return points;
        };
        std::vector<QList<QPointF>> shown;
        for (int row = 0; row < static_cast<int>(sources.size()); ++row) {
            item.insertLine(row, QColor::fromHsv((row * 37) % 360, 120 + row % 120, 90 + (row * 11) % 160));
            shown.emplace_back();
        }
        int strip_steps = 0;
        for (int step = 0; step < 40; ++step) {
            const qint64 now = 120'000 + step * 1'370;
            for (int row = 0; row < static_cast<int>(sources.size()); ++row) {
                QList<QPointF> points = stretch(sources[static_cast<size_t>(row)], now);
                if (points != shown[static_cast<size_t>(row)] || step == 0) {
                    shown[static_cast<size_t>(row)] = points;
                    item.setStretches(row, points.isEmpty() ? QList<QList<QPointF>>{} : QList<QList<QPointF>>{points});
                }
            }
            item.setRanges(double(now - kSpan), double(now), 0.0, 100.0);
            if (step == 12) {
                item.removeLine(5);
                sources.erase(sources.begin() + 5);
                shown.erase(shown.begin() + 5);
            }
            if (step == 20) {
                const Source src{110, -1, 999};
                item.insertLine(3, QColor(10, 200, 30));
                sources.insert(sources.begin() + 3, src);
                shown.insert(shown.begin() + 3, stretch(src, now));
                item.setStretches(3, {shown[3]});
            }
            const QImage drawn = viaItem(item);
            if (!item.lastPaintRedrewAll())
                ++strip_steps;
            QCOMPARE(drawn, reference(item, -1));
        }
        // Only the first paint drew everything.
        QCOMPARE(strip_steps, 39);
    }

    // Lines that gain points at their end and lose them at their start (a
    // live process), only lose them (an ended one leaving the window), or
    // break into stretches that leave one by one are mapped again only at
    // their changed ends: their pixels must be a mapping from scratch's (an
    // item that never mapped them before, anchored at the same time), and
    // the cached drawing the plain one.
    void changedEndsMapLikeAFreshMapping()
    {
        constexpr qint64 kSpan = 100'000;
        constexpr qint64 kStart = 150'000;
        constexpr int kLines = 40;
        // Second by second: idle levels, steps every few seconds (flat runs
        // of different lengths), noise, and a gap now and then.
        const auto value = [](int row, qint64 second) -> std::optional<double> {
            if (row % 7 == 3 && second % 23 < 2)
                return std::nullopt;
            switch (row % 4) {
            case 0: return (row % 3) * 25.0;
            case 1: return 10.0 + double((second / (3 + row % 5)) % 4) * 20.0;
            case 2: return 50.0 + 40.0 * std::sin(double(row) + double(second) * 0.37);
            default: return 20.0 + double((second * 7 + row) % 3) * 0.4;
            }
        };
        // Ended lines: the last second with data (none: live).
        const auto last_second = [](int row) -> std::optional<qint64> {
            return row % 5 == 4 ? std::optional<qint64>(120 + row) : std::nullopt;
        };
        const auto stretches = [&](int row, qint64 now, double from_ms) {
            QList<QList<QPointF>> out;
            QList<QPointF> current;
            const qint64 end = std::min(now / 1000, last_second(row).value_or(now / 1000));
            for (qint64 second = 0; second <= end; ++second) {
                const double t = double(second) * 1000.0;
                if (t < from_ms)
                    continue;
                const std::optional<double> v = value(row, second);
                if (!v) {
                    if (!current.isEmpty())
                        out.append(std::exchange(current, {}));
                    continue;
                }
                current << QPointF(t, *v);
            }
            if (!current.isEmpty())
                out.append(current);
            return out;
        };
        PlotLinesItem item;
        item.setCaching(PlotLinesItem::Caching::Always);
        item.setPlotArea(kArea);
        const double first_from = double(kStart - kSpan);
        int spliced = 0;
        for (int step = 0; step < 50; ++step) {
            // A second at a time, now and then several (a view shown again).
            const qint64 now = kStart + step * 1000 + (step > 30 ? 4000 : 0);
            const double from = double(now - kSpan);
            for (int row = 0; row < kLines; ++row) {
                if (step == 0)
                    item.insertLine(row, QColor::fromHsv((row * 37) % 360, 150, 150));
                item.setStretches(row, stretches(row, now, from));
            }
            item.setRanges(from, double(now), 0.0, 100.0);
            QCOMPARE(viaItem(item), reference(item, -1));
            spliced += item.lastSplicedLines();

            PlotLinesItem fresh;
            fresh.setPlotArea(kArea);
            fresh.setRanges(first_from, first_from + double(kSpan), 0.0, 100.0);
            fresh.setRanges(from, double(now), 0.0, 100.0);
            for (int row = 0; row < kLines; ++row) {
                fresh.insertLine(row, QColor(Qt::black));
                fresh.setStretches(row, stretches(row, now, from));
                const std::vector<QPolygonF>& got = item.pixels(row);
                const std::vector<QPolygonF>& expected = fresh.pixels(row);
                QCOMPARE(got.size(), expected.size());
                for (size_t i = 0; i < got.size(); ++i) {
                    QCOMPARE(got[i].size(), expected[i].size());
                    for (qsizetype j = 0; j < got[i].size(); ++j)
                        QVERIFY2(
                            got[i][j].x() == expected[i][j].x() && got[i][j].y() == expected[i][j].y(),
                            qPrintable(
                                QStringLiteral("step %1 row %2 stretch %3 point %4").arg(step).arg(row).arg(i).arg(j)));
                }
            }
        }
        // Every step after the first maps most lines only at their ends.
        QVERIFY2(spliced > 49 * kLines / 2, qPrintable(QString::number(spliced)));
    }

    // A line that has nothing drawn comes and goes without a paint (a view
    // over every process gains and drops such lines every second); removing
    // a drawn line, or giving a line stretches, asks for one.
    void onlyChangesOfTheDrawingAskForAPaint()
    {
        QGraphicsScene scene;
        auto* item = new PlotLinesItem;
        scene.addItem(item);
        fill(prepared(*item), 3, true);
        viaItem(*item);  // mapped to pixels
        QCoreApplication::processEvents();
        QSignalSpy changed(&scene, &QGraphicsScene::changed);
        QVERIFY(!item->pixels(0).empty());

        item->insertLine(3, QColor(Qt::red));
        QCoreApplication::processEvents();
        QVERIFY(changed.isEmpty());
        item->removeLine(3);
        QCoreApplication::processEvents();
        QVERIFY(changed.isEmpty());

        item->removeLine(0);
        QCoreApplication::processEvents();
        QVERIFY(!changed.isEmpty());

        changed.clear();
        item->insertLine(0, QColor(Qt::red));
        item->setStretches(0, {{QPointF(1000.0, 50.0), QPointF(2000.0, 60.0)}});
        QCoreApplication::processEvents();
        QVERIFY(!changed.isEmpty());
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
