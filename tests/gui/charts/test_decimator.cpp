// SPDX-License-Identifier: Apache-2.0
// Decimator: min and max per pixel column computed from the raw input by the
// test itself, breaks at gap-only columns, incremental updates equal to a full
// pass, statistics over exactly the window.
#include "gui/charts/decimator.h"

#include <QTest>

#include <QElapsedTimer>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

using perfscope::gui::DecimatedColumn;
using perfscope::gui::Decimator;
using perfscope::gui::SeriesHistory;
using perfscope::gui::WindowStats;

namespace {

constexpr qint64 kT0 = 1'700'000'000'000;

// A deterministic wiggle with a gap every `gap_every` points (0: none).
void fill(SeriesHistory& h, int count, qint64 step_ms, int gap_every, int start = 0)
{
    for (int i = start; i < start + count; ++i)
        h.append(kT0 + step_ms * i, std::sin(i * 0.37) * 100.0 + (i % 7), gap_every == 0 || i % gap_every != 0);
}

struct Expected {
    double min = 0, max = 0;
    qint64 min_ms = 0, max_ms = 0;
    int valid = 0, invalid = 0;
};

// Per column, straight from the raw points.
std::map<qint64, Expected> expected_columns(const SeriesHistory& h, qint64 from, qint64 to, qint64 w)
{
    std::map<qint64, Expected> out;
    for (qsizetype i = 0; i < h.size(); ++i) {
        const qint64 t = h.timeAt(i);
        if (t < from || t > to)
            continue;
        Expected& e = out[t / w];
        if (!h.validAt(i)) {
            ++e.invalid;
            continue;
        }
        const double v = h.valueAt(i);
        if (e.valid == 0 || v < e.min) {
            e.min = v;
            e.min_ms = t;
        }
        if (e.valid == 0 || v > e.max) {
            e.max = v;
            e.max_ms = t;
        }
        ++e.valid;
    }
    return out;
}

void compare_columns(const Decimator& d, const SeriesHistory& h, qint64 from, qint64 to, qint64 w)
{
    const auto expected = expected_columns(h, from, to, w);
    QCOMPARE(d.columns().size(), expected.size());
    auto it = expected.begin();
    for (const DecimatedColumn& c : d.columns()) {
        QCOMPARE(c.index, it->first);
        QCOMPARE(c.valid, it->second.valid);
        QCOMPARE(c.invalid, it->second.invalid);
        if (c.valid > 0) {
            QCOMPARE(c.min, it->second.min);
            QCOMPARE(c.max, it->second.max);
            QCOMPARE(c.min_ms, it->second.min_ms);
            QCOMPARE(c.max_ms, it->second.max_ms);
        }
        ++it;
    }
}

WindowStats expected_stats(const SeriesHistory& h, qint64 from, qint64 to)
{
    WindowStats s;
    double sum = 0;
    for (qsizetype i = 0; i < h.size(); ++i) {
        const qint64 t = h.timeAt(i);
        if (t < from || t > to || !h.validAt(i))
            continue;
        const double v = h.valueAt(i);
        s.minimum = s.count == 0 ? v : std::min(s.minimum, v);
        s.maximum = s.count == 0 ? v : std::max(s.maximum, v);
        if (s.count == 0)
            s.first_ms = t;
        s.last = v;
        s.last_ms = t;
        sum += v;
        ++s.count;
    }
    s.average = s.count ? sum / double(s.count) : s.average;
    return s;
}

void compare_stats(const WindowStats& got, const WindowStats& want)
{
    QCOMPARE(got.count, want.count);
    if (want.count == 0)
        return;
    QCOMPARE(got.minimum, want.minimum);
    QCOMPARE(got.maximum, want.maximum);
    QCOMPARE(got.last, want.last);
    QCOMPARE(got.first_ms, want.first_ms);
    QCOMPARE(got.last_ms, want.last_ms);
    QVERIFY(std::abs(got.average - want.average) <= 1e-9 * std::max(1.0, std::abs(want.average)));
}

}  // namespace

class TestDecimator : public QObject {
    Q_OBJECT
private slots:
    void minMaxPerColumn_data();
    void minMaxPerColumn();
    void pointsInTimeOrderAndBounded();
    void gapOnlyColumnBreaksTheLine();
    void gapInsideAColumnDoesNotBreak();
    void slidingWindowMatchesFullPass_data();
    void slidingWindowMatchesFullPass();
    void historyShorterThanWindow();
    void clearForcesFullPass();
    void versionTellsWhetherColumnsChanged();
    void cost();
};

void TestDecimator::minMaxPerColumn_data()
{
    QTest::addColumn<int>("points");
    QTest::addColumn<qint64>("step_ms");
    QTest::addColumn<qint64>("column_ms");
    QTest::addColumn<int>("gap_every");
    QTest::newRow("many points per column") << 5000 << qint64(100) << qint64(1000) << 0;
    QTest::newRow("one point per column") << 300 << qint64(1000) << qint64(1000) << 0;
    QTest::newRow("sparse: empty columns between") << 100 << qint64(1000) << qint64(125) << 0;
    QTest::newRow("with gaps") << 5000 << qint64(100) << qint64(700) << 13;
    QTest::newRow("column not dividing the step") << 2000 << qint64(250) << qint64(333) << 0;
}

void TestDecimator::minMaxPerColumn()
{
    QFETCH(int, points);
    QFETCH(qint64, step_ms);
    QFETCH(qint64, column_ms);
    QFETCH(int, gap_every);
    SeriesHistory h(points);
    fill(h, points, step_ms, gap_every);
    const qint64 from = kT0 + step_ms * points / 5 + 17;  // not on a column edge
    const qint64 to = h.lastTime();
    Decimator d;
    d.update(h, from, to, column_ms);
    compare_columns(d, h, from, to, column_ms);
    compare_stats(d.stats(), expected_stats(h, from, to));
}

void TestDecimator::pointsInTimeOrderAndBounded()
{
    SeriesHistory h(20'000);
    fill(h, 20'000, 50, 0);
    const qint64 width_px = 800;
    const qint64 from = h.firstTime();
    const qint64 to = h.lastTime();
    Decimator d;
    d.update(h, from, to, (to - from) / width_px + 1);
    QList<QPointF> points;
    d.points(1.0, points);
    QVERIFY(points.size() <= 2 * (width_px + 1));
    QVERIFY(points.size() >= width_px);
    for (qsizetype i = 1; i < points.size(); ++i)
        QVERIFY(points[i].x() >= points[i - 1].x());
    // The extremes of the whole window survive decimation.
    const auto [lo, hi] = std::minmax_element(points.begin(), points.end(),
                                              [](const QPointF& a, const QPointF& b) { return a.y() < b.y(); });
    const WindowStats want = expected_stats(h, from, to);
    QCOMPARE(lo->y(), want.minimum);
    QCOMPARE(hi->y(), want.maximum);
    // Scale factor applies to y only.
    QList<QPointF> scaled;
    d.points(10.0, scaled);
    QCOMPARE(scaled.size(), points.size());
    QCOMPARE(scaled[3].y(), points[3].y() * 10.0);
    QCOMPARE(scaled[3].x(), points[3].x());
}

void TestDecimator::gapOnlyColumnBreaksTheLine()
{
    // 1 point per second, columns of 250 ms: points 10..12 are gaps.
    SeriesHistory h(100);
    for (int i = 0; i < 30; ++i)
        h.append(kT0 + 1000 * i, i, i < 10 || i > 12);
    Decimator d;
    d.update(h, h.firstTime(), h.lastTime(), 250);
    QList<QList<QPointF>> segments;
    d.segments(1.0, segments);
    QCOMPARE(segments.size(), 2);
    QCOMPARE(segments[0].size(), 10);
    QCOMPARE(segments[0].back(), QPointF(double(kT0 + 9000), 9.0));
    QCOMPARE(segments[1].size(), 17);
    QCOMPARE(segments[1].front(), QPointF(double(kT0 + 13000), 13.0));
    QList<QPointF> points;
    d.points(1.0, points);
    QCOMPARE(points.size(), 10 + 1 + 17);
    QVERIFY(std::isnan(points[10].y()));
}

void TestDecimator::gapInsideAColumnDoesNotBreak()
{
    // 100 points per column with one gap each: narrower than a pixel.
    SeriesHistory h(1000);
    for (int i = 0; i < 1000; ++i)
        h.append(kT0 + 10 * i, i % 100, i % 100 != 50);
    Decimator d;
    d.update(h, h.firstTime(), h.lastTime(), 1000);
    QList<QList<QPointF>> segments;
    d.segments(1.0, segments);
    QCOMPARE(segments.size(), 1);
    QCOMPARE(segments[0].size(), 2 * 10);
}

void TestDecimator::slidingWindowMatchesFullPass_data()
{
    QTest::addColumn<int>("capacity");
    QTest::addColumn<int>("batch");
    QTest::addColumn<int>("gap_every");
    QTest::newRow("one point per update") << 5000 << 1 << 0;
    QTest::newRow("ten points per update, gaps") << 5000 << 10 << 7;
    QTest::newRow("history wraps while sliding") << 300 << 3 << 11;
}

void TestDecimator::slidingWindowMatchesFullPass()
{
    QFETCH(int, capacity);
    QFETCH(int, batch);
    QFETCH(int, gap_every);
    const qint64 step = 100;
    const qint64 window = 20'000;  // 200 points
    const qint64 column = 137;
    SeriesHistory h(capacity);
    Decimator live;
    int appended = 0;
    for (int round = 0; round < 300; ++round) {
        fill(h, batch, step, gap_every, appended);
        appended += batch;
        const qint64 to = h.lastTime();
        const qint64 from = to - window;
        live.update(h, from, to, column);
        if (round > 0 && h.size() > 1)
            QVERIFY2(!live.lastWasFull(), "sliding forward must not rescan the window");
        Decimator fresh;
        fresh.update(h, from, to, column);
        compare_columns(live, h, from, to, column);
        compare_stats(live.stats(), expected_stats(h, from, to));
        QCOMPARE(live.stats().count, fresh.stats().count);
        if (round > 0)
            QVERIFY(live.lastScanned() <= batch + column / step + 2);
    }
}

void TestDecimator::historyShorterThanWindow()
{
    SeriesHistory h(50);
    Decimator d;
    for (int i = 0; i < 200; ++i) {
        fill(h, 1, 1000, 0, i);
        d.update(h, h.lastTime() - 100'000, h.lastTime(), 500);
        compare_columns(d, h, h.lastTime() - 100'000, h.lastTime(), 500);
    }
    QCOMPARE(d.stats().count, 50);
}

void TestDecimator::clearForcesFullPass()
{
    SeriesHistory h(100);
    fill(h, 50, 100, 0);
    Decimator d;
    d.update(h, kT0, h.lastTime(), 300);
    h.clear();
    fill(h, 5, 100, 0, 100);
    d.update(h, kT0, h.lastTime(), 300);
    QVERIFY(d.lastWasFull());
    compare_columns(d, h, kT0, h.lastTime(), 300);
}

// An ended series (no more points) inside a sliding window keeps its
// version, and reads none of its points, until the window's start reaches its data; then every step that
// changes a column changes the version. Checked against the columns: an
// unchanged version always means unchanged columns.
void TestDecimator::versionTellsWhetherColumnsChanged()
{
    SeriesHistory h(1000);
    fill(h, 60, 1000, 7);  // kT0 .. kT0 + 59 s, a gap every 7th point
    const qint64 window = 100'000;
    const qint64 column = 250;
    Decimator d;
    qint64 to = h.lastTime();
    d.update(h, to - window, to, column);
    quint64 version = d.version();
    auto columns = d.columns();
    int unchanged = 0;
    int changed = 0;
    for (; to < h.lastTime() + window + 5'000; to += 700) {
        d.update(h, to - window, to, column);
        compare_columns(d, h, to - window, to, column);
        const bool same_columns = d.columns() == columns;
        if (d.version() == version) {
            QVERIFY2(same_columns, qPrintable(QStringLiteral("to %1: same version, other columns").arg(to - kT0)));
            if (to - window < h.firstTime()) {
                ++unchanged;
                // Nothing new and all of it inside the window: no point read.
                QCOMPARE(d.lastScanned(), 0);
            }
        } else {
            QVERIFY(to - window > h.firstTime() - column);
            ++changed;
        }
        version = d.version();
        columns = d.columns();
    }
    // Sliding over the whole window: unchanged while the start is before the data.
    QCOMPARE(unchanged, static_cast<int>((h.firstTime() - (h.lastTime() - window) + 699) / 700));
    QVERIFY(changed > 40);
    // A new point changes it.
    fill(h, 1, 1000, 0, 200);
    d.update(h, h.lastTime() - window, h.lastTime(), column);
    QVERIFY(d.version() != version);
}

// Figures for the report: a full pass over a full 24 h history into 1000
// columns, and the incremental update once per new value.
void TestDecimator::cost()
{
    SeriesHistory h;
    fill(h, 86'400, 1000, 0);
    const qint64 to = h.lastTime();
    const qint64 from = h.firstTime();
    const qint64 column = (to - from) / 1000 + 1;
    QList<QPointF> points;
    QElapsedTimer timer;
    timer.start();
    int full_runs = 0;
    while (timer.elapsed() < 300 || full_runs < 3) {
        Decimator d;
        d.update(h, from, to, column);
        d.points(1.0, points);
        ++full_runs;
    }
    const double full_us = double(timer.nsecsElapsed()) / 1000.0 / full_runs;
    Decimator d;
    d.update(h, from, to, column);
    const int updates = 2000;
    qint64 update_ns = 0;
    qint64 points_ns = 0;
    for (int i = 0; i < updates; ++i) {
        fill(h, 1, 1000, 0, 86'400 + i);
        timer.restart();
        d.update(h, h.lastTime() - (to - from), h.lastTime(), column);
        update_ns += timer.nsecsElapsed();
        timer.restart();
        d.points(1.0, points);
        points_ns += timer.nsecsElapsed();
    }
    const double incremental_us = double(update_ns) / 1000.0 / updates;
    const double points_us = double(points_ns) / 1000.0 / updates;
    std::printf("RESULT gui_decimate_full_86400_to_1000_us %.1f us\n", full_us);
    std::printf("RESULT gui_decimate_incremental_1000_columns_us %.2f us\n", incremental_us);
    std::printf("RESULT gui_decimate_points_1000_columns_us %.2f us\n", points_us);
    QVERIFY(points.size() <= 2 * 1001);
}

QTEST_GUILESS_MAIN(TestDecimator)
#include "test_decimator.moc"
