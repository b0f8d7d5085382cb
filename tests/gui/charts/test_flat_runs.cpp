// SPDX-License-Identifier: Apache-2.0
// dropFlatRunInteriors() against the raster engine itself: every polyline is
// drawn as the view draws its lines (1 px cosmetic pen, no antialiasing;
// solid, dashed and dotted) before and after the points are dropped, and the
// images are compared pixel by pixel. The polylines are near-flat runs (the
// case the function is for) with y jitter below, at and across half a pixel,
// steps, spikes and x spacing from 1 to 40 px.
#include "gui/charts/flat_runs.h"

#include <QImage>
#include <QPainter>
#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdlib>

using perfscope::gui::dropFlatRunInteriors;

namespace {

QImage draw(const QPolygonF& line, Qt::PenStyle style)
{
    QImage image(900, 200, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing, false);
    QPen pen(Qt::black, 0, style);  // 0: cosmetic, 1 px
    painter.setPen(pen);
    painter.drawPolyline(line);
    painter.end();
    return image;
}

bool inked(const QImage& image, int x, int y)
{
    return x >= 0 && x < image.width() && image.pixel(x, y) == qRgb(0, 0, 0);
}

// How `after` differs from `before`; `far` counts pixels of `after` with no
// pixel of `line` within one column on their row (off the original path).
struct Ink {
    int total = 0;
    int lost = 0;
    int added = 0;
    int far = 0;
    QString text() const
    {
        return QStringLiteral(": %1 inked, %2 lost, %3 added, %4 off the line")
            .arg(total)
            .arg(lost)
            .arg(added)
            .arg(far);
    }
};

Ink compare(const QImage& before, const QImage& after, const QImage& line)
{
    Ink ink;
    for (int y = 0; y < before.height(); ++y) {
        for (int x = 0; x < before.width(); ++x) {
            const bool was = inked(before, x, y);
            const bool is = inked(after, x, y);
            ink.total += was ? 1 : 0;
            ink.lost += was && !is ? 1 : 0;
            ink.added += !was && is ? 1 : 0;
            if (is && !inked(line, x - 1, y) && !inked(line, x, y) && !inked(line, x + 1, y))
                ++ink.far;
        }
    }
    return ink;
}

QPolygonF nearFlat(QRandomGenerator& random, double base, double jitter, double spacing, int points)
{
    QPolygonF line;
    double y = base;
    for (int i = 0; i < points; ++i) {
        // Mostly flat; now and then a step or a one-point spike.
        const int pick = static_cast<int>(random.bounded(20));
        if (pick == 0)
            y = base + random.bounded(60.0) - 30.0;
        const double spike = pick == 1 ? random.bounded(40.0) - 20.0 : 0.0;
        line << QPointF(10.0 + i * spacing, y + spike + (random.bounded(2.0) - 1.0) * jitter);
    }
    return line;
}

}  // namespace

class TestFlatRuns : public QObject {
    Q_OBJECT
private slots:
    void keepsEndsAndShortLines()
    {
        QPolygonF two{{0, 5}, {10, 5}};
        dropFlatRunInteriors(two);
        QCOMPARE(two.size(), 2);
        QPolygonF flat{{0, 5}, {10, 5}, {20, 5.2}, {30, 5.9}, {40, 5}};
        dropFlatRunInteriors(flat);
        QCOMPARE(flat, (QPolygonF{QPointF(0, 5), QPointF(40, 5)}));
        // A step keeps both corners of each run.
        QPolygonF step{{0, 5}, {10, 5}, {20, 5}, {30, 9}, {40, 9.5}, {50, 9}, {60, 4.99}};
        dropFlatRunInteriors(step);
        QCOMPARE(step, (QPolygonF{{0, 5}, {20, 5}, {30, 9}, {50, 9}, {60, 4.99}}));
    }

    // Knots: the first point of each 32 px span of x stays inside a run, so
    // a run that moved keeps the same interior points.
    void knotsStayWhereverTheRunStarts()
    {
        QPolygonF run;
        for (int x = 0; x <= 200; x += 5)
            run << QPointF(x, 5.0 + (x % 3) * 0.1);
        QPolygonF whole = run;
        dropFlatRunInteriors(whole, 32.0);
        // Ends, and the first point at or past 32, 64, 96, 128, 160, 192.
        QCOMPARE(whole.size(), 2 + 6);
        for (qsizetype i = 1; i + 1 < whole.size(); ++i)
            QCOMPARE(whole[i].x(), std::ceil(32.0 * double(i) / 5.0) * 5.0);
        // The same run, started later and ended later: the knots they share are equal.
        QPolygonF moved = run.mid(9);
        for (int x = 205; x <= 260; x += 5)
            moved << QPointF(x, 5.0);
        dropFlatRunInteriors(moved, 32.0);
        for (const QPointF& knot : whole.mid(2, 4))
            QVERIFY(moved.contains(knot));
    }

    void drawsTheSamePixels()
    {
        QRandomGenerator random(20261126);
        int dropped = 0;
        int total = 0;
        for (double spacing : {1.0, 2.0, 3.5, 7.0, 12.0, 40.0}) {
            for (double jitter : {0.0, 0.2, 0.49, 0.5, 0.7}) {
                for (double base : {50.0, 50.25, 50.5, 50.75, 100.4999}) {
                    const int points = std::min(200, static_cast<int>(860 / spacing));
                    const QPolygonF before = nearFlat(random, base, jitter, spacing, points);
                    QPolygonF after = before;
                    // Knots change nothing drawn either.
                    dropFlatRunInteriors(after, base > 60 ? 32.0 : 0.0);
                    total += static_cast<int>(before.size());
                    dropped += static_cast<int>(before.size() - after.size());
                    const QString where =
                        QStringLiteral("spacing %1, jitter %2, base %3").arg(spacing).arg(jitter).arg(base);
                    const QImage solid_before = draw(before, Qt::SolidLine);
                    const QImage solid_after = draw(after, Qt::SolidLine);
                    // Solid: the same pixels, but for the odd pixel the raster
                    // engine leaves out where two sub-pixel segments join.
                    const Ink solid = compare(solid_before, solid_after, solid_before);
                    QVERIFY2(solid.lost <= 2 && solid.added <= 6 && solid.far == 0, qPrintable(where + solid.text()));
                    // Dashed and dotted: a pattern runs along the path's length,
                    // which the sub-pixel wiggles lengthened, so its dashes may
                    // shift; they stay on the line and cover as much of it.
                    for (Qt::PenStyle style : {Qt::DashLine, Qt::DotLine}) {
                        const Ink dashed = compare(draw(before, style), draw(after, style), solid_before);
                        QVERIFY2(dashed.far == 0 && std::abs(dashed.added - dashed.lost) <= dashed.total / 10 + 2,
                                 qPrintable(where + dashed.text()));
                    }
                }
            }
        }
        // The test is about flat runs: many points must have gone.
        QVERIFY2(dropped * 3 > total, qPrintable(QStringLiteral("%1 of %2 dropped").arg(dropped).arg(total)));
    }
};

QTEST_MAIN(TestFlatRuns)
#include "test_flat_runs.moc"
