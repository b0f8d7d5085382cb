// SPDX-License-Identifier: Apache-2.0
// SeriesHistory: ring buffer order and wrap, capacity changes, gaps, time
// search, the 32-bit time offsets and the bytes each stored value costs.
#include "gui/charts/series_history.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

using perfscope::gui::SeriesHistory;

class TestSeriesHistory : public QObject {
    Q_OBJECT
private slots:
    void keepsNewestPoints_data();
    void keepsNewestPoints();
    void gapsStayGaps();
    void timeNeverGoesBack();
    void searchAfterWrap();
    void capacityChangeKeepsNewest_data();
    void capacityChangeKeepsNewest();
    void clearEmptiesAndBumpsGeneration();
    void spanBeyondOffsetRangeDropsOldest();
    void bytesPerValue();
};

void TestSeriesHistory::keepsNewestPoints_data()
{
    QTest::addColumn<int>("capacity");
    QTest::addColumn<int>("appends");
    QTest::newRow("below capacity") << 8 << 5;
    QTest::newRow("exactly full") << 8 << 8;
    QTest::newRow("wrapped once") << 8 << 11;
    QTest::newRow("wrapped many times") << 8 << 83;
    QTest::newRow("capacity one") << 1 << 4;
}

void TestSeriesHistory::keepsNewestPoints()
{
    QFETCH(int, capacity);
    QFETCH(int, appends);
    SeriesHistory h(capacity);
    const qint64 t0 = 1'700'000'000'000;
    for (int i = 0; i < appends; ++i)
        h.append(t0 + 1000 * i, i * 1.5, true);
    const int expected_size = std::min(capacity, appends);
    QCOMPARE(h.size(), expected_size);
    QCOMPARE(h.appendedCount(), quint64(appends));
    const int first = appends - expected_size;
    for (int i = 0; i < expected_size; ++i) {
        QCOMPARE(h.timeAt(i), t0 + 1000 * (first + i));
        QCOMPARE(h.valueAt(i), (first + i) * 1.5);
        QVERIFY(h.validAt(i));
    }
    QCOMPARE(h.firstTime(), t0 + 1000 * first);
    QCOMPARE(h.lastTime(), t0 + 1000 * (appends - 1));
}

void TestSeriesHistory::gapsStayGaps()
{
    SeriesHistory h(4);
    h.append(1000, 1.0, true);
    h.append(2000, 2.0, false);                                      // invalid point
    h.append(3000, std::numeric_limits<double>::quiet_NaN(), true);  // NaN is no value either
    h.append(4000, 4.0, true);
    h.append(5000, 5.0, false);  // wraps over the first
    QCOMPARE(h.size(), 4);
    QVERIFY(!h.validAt(0));
    QVERIFY(!h.validAt(1));
    QVERIFY(h.validAt(2));
    QCOMPARE(h.valueAt(2), 4.0);
    QVERIFY(!h.validAt(3));
    QCOMPARE(h.timeAt(0), 2000);
    QCOMPARE(h.timeAt(3), 5000);
}

void TestSeriesHistory::timeNeverGoesBack()
{
    SeriesHistory h(10);
    h.append(5000, 1.0, true);
    h.append(4000, 2.0, true);  // wall clock set back
    QCOMPARE(h.timeAt(1), 5000);
    QCOMPARE(h.valueAt(1), 2.0);
}

void TestSeriesHistory::searchAfterWrap()
{
    SeriesHistory h(5);
    for (int i = 0; i < 9; ++i)
        h.append(100 * i, i, true);  // keeps times 400..800
    QCOMPARE(h.lowerBound(0), 0);
    QCOMPARE(h.lowerBound(400), 0);
    QCOMPARE(h.lowerBound(401), 1);
    QCOMPARE(h.lowerBound(800), 4);
    QCOMPARE(h.lowerBound(801), 5);
    QCOMPARE(h.upperBound(400), 1);
    QCOMPARE(h.upperBound(399), 0);
    QCOMPARE(h.upperBound(800), 5);
}

void TestSeriesHistory::capacityChangeKeepsNewest_data()
{
    QTest::addColumn<int>("before");
    QTest::addColumn<int>("appends");
    QTest::addColumn<int>("after");
    QTest::newRow("shrink wrapped") << 6 << 15 << 3;
    QTest::newRow("shrink growing") << 10 << 4 << 2;
    QTest::newRow("grow wrapped") << 4 << 9 << 10;
    QTest::newRow("grow growing") << 10 << 3 << 20;
    QTest::newRow("grow full, not wrapped") << 4 << 4 << 10;
    QTest::newRow("shrink growing to its size") << 10 << 4 << 4;
    QTest::newRow("unbounded to its size") << std::numeric_limits<int>::max() << 1000 << 1000;
}

void TestSeriesHistory::capacityChangeKeepsNewest()
{
    QFETCH(int, before);
    QFETCH(int, appends);
    QFETCH(int, after);
    SeriesHistory h(before);
    for (int i = 0; i < appends; ++i)
        h.append(10 * i, i, true);
    const auto generation = h.generation();
    h.setCapacity(after);
    QVERIFY(h.generation() != generation);
    QVERIFY(h.memoryBytes() <= qsizetype(after) * 12);  // never more than the capacity's bytes
    const int kept = std::min({before, appends, after});
    QCOMPARE(h.size(), kept);
    for (int i = 0; i < kept; ++i)
        QCOMPARE(h.valueAt(i), double(appends - kept + i));
    // Keeps working as a ring at the new capacity.
    for (int i = appends; i < appends + after + 2; ++i)
        h.append(10 * i, i, true);
    QCOMPARE(h.size(), after);
    QCOMPARE(h.valueAt(after - 1), double(appends + after + 1));
    QCOMPARE(h.valueAt(0), double(appends + 2));
}

void TestSeriesHistory::clearEmptiesAndBumpsGeneration()
{
    SeriesHistory h(3);
    for (int i = 0; i < 5; ++i)
        h.append(i, i, true);
    const auto generation = h.generation();
    h.clear();
    QVERIFY(h.isEmpty());
    QCOMPARE(h.appendedCount(), quint64(0));
    QVERIFY(h.generation() != generation);
    h.append(77, 7.0, true);
    QCOMPARE(h.size(), 1);
    QCOMPARE(h.timeAt(0), 77);
}

void TestSeriesHistory::spanBeyondOffsetRangeDropsOldest()
{
    // Times 24.8 days apart do not fit a 32-bit ms offset: the base moves to
    // the oldest point that can stay, older ones go, every time stays exact.
    SeriesHistory h(100);
    const qint64 t0 = 1'700'000'000'000;
    const qint64 step = 1'000'000'000;  // 11.6 days
    for (int i = 0; i < 5; ++i)
        h.append(t0 + step * i, i, true);
    QCOMPARE(h.size(), 3);  // t0+2e9..t0+4e9: span 2e9 ≤ 2^31-1 ms
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(h.timeAt(i), t0 + step * (i + 2));
        QCOMPARE(h.valueAt(i), double(i + 2));
    }
    h.append(t0 + step * 4 + 5, 9.0, true);
    QCOMPARE(h.timeAt(3), t0 + step * 4 + 5);
}

void TestSeriesHistory::bytesPerValue()
{
    // A full default history: 24 h at 1 s.
    SeriesHistory h;
    QCOMPARE(h.capacity(), 86'400);
    const qint64 t0 = 1'700'000'000'000;
    for (int i = 0; i < 86'400 + 1000; ++i)
        h.append(t0 + 1000 * i, std::sin(i * 0.01), i % 97 != 0);
    QCOMPARE(h.size(), 86'400);
    const double full = double(h.memoryBytes()) / double(h.size());
    std::printf("RESULT gui_history_bytes_per_value %.3f bytes\n", full);
    QVERIFY(full <= 12.0);

    // While growing the vectors double, but never past the capacity.
    SeriesHistory growing;
    for (int i = 0; i < 50'001; ++i)
        growing.append(t0 + 1000 * i, i, true);
    const double partial = double(growing.memoryBytes()) / double(growing.size());
    std::printf("RESULT gui_history_bytes_per_value_growing %.3f bytes\n", partial);
    QVERIFY(partial <= 24.0);
}

QTEST_GUILESS_MAIN(TestSeriesHistory)
#include "test_series_history.moc"
