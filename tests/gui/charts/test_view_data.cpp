// SPDX-License-Identifier: Apache-2.0
// ViewData: series arrive, end and leave through batches; gaps for series a
// batch says nothing of; the source's error; presentation setters; read-only.
#include "gui/charts/legend_model.h"
#include "gui/charts/view_data.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <limits>
#include <memory>
#include <random>
#include <vector>

using namespace perfscope::gui;

namespace {

SeriesInfo info(quint64 id, const QString& counter, const QString& instance = {}, int scale = 0)
{
    SeriesInfo s;
    s.id = id;
    s.object = QStringLiteral("Process");
    s.counter = counter;
    s.instance = instance;
    s.path = QStringLiteral("\\\\host\\Process(%1)\\%2").arg(instance, counter);
    s.default_scale = scale;
    return s;
}

SampleBatch batch(qint64 t, QVector<SamplePoint> points, QVector<SeriesInfo> added = {}, QVector<quint64> ended = {})
{
    SampleBatch b;
    b.time_ms = t;
    b.points = std::move(points);
    b.added = std::move(added);
    b.ended = std::move(ended);
    return b;
}

// Series 1 .. count, instance "p:<id>", each with the value id at `t`.
SampleBatch numberedSeries(qint64 t, quint64 count)
{
    QVector<SeriesInfo> added;
    QVector<SamplePoint> points;
    for (quint64 id = 1; id <= count; ++id) {
        added.append(info(id, "a", QStringLiteral("p:%1").arg(id)));
        points.append({id, double(id), true});
    }
    return batch(t, std::move(points), std::move(added));
}

}  // namespace

class TestViewData : public QObject {
    Q_OBJECT
private slots:
    void addedSeriesTakeColorsAndDefaultScale();
    void pointsGoToTheirSeries();
    void missingPointIsAGap();
    void endedSeriesStops();
    void errorShownAndCleared();
    void removeKeepsRowsConsistent();
    void clearKeepsSeries();
    void takenSeriesComesBackWhole();
    void clearKeepingComesBackInFrontOfNewPoints();
    void settersSignalOnlyChanges();
    void readOnlyIgnoresBatches();
    void capacityAppliesToEverySeries();
    void adoptedSeriesKeepsItsPoints_data();
    void adoptedSeriesKeepsItsPoints();
    void endedDropOnceTheHistoryLeavesThem_data();
    void endedDropOnceTheHistoryLeavesThem();
    void endedDropOnceTheWindowLeavesThem();
    void endedDropFollowsTheirHistories();
    void takenSeriesComeBackAtTheirRows();
    void removeEndedRemovesOnlyEnded();
    void legendUpdatesOnlyTheRowsGiven();
    void rowOfFollowsRandomAddsAndRemovals();
    void newRowTakesAColorNoRowHas();
};

void TestViewData::addedSeriesTakeColorsAndDefaultScale()
{
    ViewData data;
    QSignalSpy added(&data, &ViewData::seriesAdded);
    QSignalSpy appended(&data, &ViewData::appended);
    data.append(batch(1000, {{1, 5.0, true}, {2, 6.0, true}},
                      {info(1, "% Processor Time", "bash:12"), info(2, "Working Set", "bash:12", -6)}));
    QCOMPARE(added.size(), 2);
    QCOMPARE(added[0][0].toInt(), 0);
    QCOMPARE(added[1][0].toInt(), 1);
    QCOMPARE(appended.size(), 1);
    QCOMPARE(appended[0][0].toLongLong(), 1000);
    QCOMPARE(data.seriesCount(), 2);
    QCOMPARE(data.series(0).color, ViewData::paletteColor(0));
    QCOMPARE(data.series(1).color, ViewData::paletteColor(1));
    QVERIFY(data.series(0).color != data.series(1).color);
    QCOMPARE(data.series(0).scale_exponent, 0);
    QCOMPARE(data.series(1).scale_exponent, -6);
    QCOMPARE(data.series(1).scaleFactor(), 1e-6);
    QCOMPARE(data.series(0).displayName(), QStringLiteral("% Processor Time (bash:12)"));
    QVERIFY(data.series(0).visible);
    // Palette beyond its fixed colors keeps giving valid, distinct colors.
    QVERIFY(ViewData::paletteColor(10).isValid());
    QVERIFY(ViewData::paletteColor(10) != ViewData::paletteColor(11));
}

void TestViewData::pointsGoToTheirSeries()
{
    ViewData data;
    data.append(batch(1000, {{2, 20.0, true}, {1, 10.0, true}}, {info(1, "a"), info(2, "b")}));
    data.append(batch(2000, {{1, 11.0, true}, {2, 21.0, true}}));
    QCOMPARE(data.series(0).history.size(), 2);
    QCOMPARE(data.series(0).history.valueAt(0), 10.0);
    QCOMPARE(data.series(0).history.valueAt(1), 11.0);
    QCOMPARE(data.series(1).history.valueAt(0), 20.0);
    QCOMPARE(data.series(1).history.timeAt(1), 2000);
    QCOMPARE(data.lastTime(), 2000);
    QCOMPARE(data.firstTime(), 1000);
    QCOMPARE(data.rowOf(2), 1);
    QCOMPARE(data.rowOf(99), -1);
}

void TestViewData::missingPointIsAGap()
{
    ViewData data;
    data.append(batch(1000, {{1, 1.0, true}, {2, 2.0, true}}, {info(1, "a"), info(2, "b")}));
    data.append(batch(2000, {{1, 1.5, true}}));                   // nothing for 2
    data.append(batch(3000, {{1, 0.0, false}, {2, 3.0, true}}));  // 1 invalid
    QCOMPARE(data.series(1).history.size(), 3);
    QVERIFY(!data.series(1).history.validAt(1));
    QCOMPARE(data.series(1).history.timeAt(1), 2000);
    QVERIFY(!data.series(0).history.validAt(2));
    // A failed interval (error, no points) is a gap for everyone.
    SampleBatch failed = batch(4000, {});
    failed.error = QStringLiteral("source failed");
    data.append(failed);
    QVERIFY(!data.series(0).history.validAt(3));
    QVERIFY(!data.series(1).history.validAt(3));
}

void TestViewData::endedSeriesStops()
{
    ViewData data;
    QSignalSpy changed(&data, &ViewData::seriesChanged);
    data.append(batch(1000, {{1, 1.0, true}, {2, 2.0, true}}, {info(1, "a", "x:1"), info(2, "a", "x:2")}));
    data.append(batch(2000, {{1, 1.0, true}}, {}, {2}));
    QVERIFY(data.series(1).ended);
    QVERIFY(!data.series(0).ended);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed[0][0].toInt(), 1);
    QCOMPARE(data.series(1).history.size(), 1);                  // no gap, no value after the end
    data.append(batch(3000, {{1, 1.0, true}, {2, 9.0, true}}));  // a stray value for an ended series
    QCOMPARE(data.series(1).history.size(), 1);
    QCOMPARE(data.series(0).history.size(), 3);
}

void TestViewData::errorShownAndCleared()
{
    ViewData data;
    QSignalSpy errors(&data, &ViewData::errorChanged);
    data.append(batch(1000, {{1, 1.0, true}}, {info(1, "a")}));
    SampleBatch failed = batch(2000, {});
    failed.error = QStringLiteral("cannot read /proc/stat");
    data.append(failed);
    data.append(failed);
    QCOMPARE(data.error(), QStringLiteral("cannot read /proc/stat"));
    QCOMPARE(errors.size(), 1);
    data.append(batch(3000, {{1, 2.0, true}}));
    QCOMPARE(data.error(), QString());
    QCOMPARE(errors.size(), 2);
    QCOMPARE(data.series(0).history.size(), 4);  // history kept through the failure
    QCOMPARE(data.series(0).history.valueAt(3), 2.0);
}

void TestViewData::removeKeepsRowsConsistent()
{
    ViewData data;
    QSignalSpy removed(&data, &ViewData::seriesRemoved);
    data.append(
        batch(1000, {{1, 1.0, true}, {2, 2.0, true}, {3, 3.0, true}}, {info(1, "a"), info(2, "b"), info(3, "c")}));
    data.removeSeries(0);
    QCOMPARE(removed.size(), 1);
    QCOMPARE(removed[0][0].toInt(), 0);
    QCOMPARE(data.seriesCount(), 2);
    QCOMPARE(data.rowOf(1), -1);
    QCOMPARE(data.rowOf(3), 1);
    data.append(batch(2000, {{1, 100.0, true}, {2, 20.0, true}, {3, 30.0, true}}));
    QCOMPARE(data.series(0).info.id, quint64(2));
    QCOMPARE(data.series(0).history.valueAt(1), 20.0);
    QCOMPARE(data.series(1).history.valueAt(1), 30.0);
    data.removeSeries(7);  // out of range: nothing
    QCOMPARE(removed.size(), 1);
    // A series added later still takes a new palette color, not a reused one.
    data.append(batch(3000, {{4, 4.0, true}}, {info(4, "d")}));
    QCOMPARE(data.series(2).color, ViewData::paletteColor(3));
}

void TestViewData::clearKeepsSeries()
{
    ViewData data;
    QSignalSpy cleared(&data, &ViewData::cleared);
    data.append(batch(1000, {{1, 1.0, true}}, {info(1, "a")}));
    data.append(batch(2000, {{1, 2.0, true}}));
    data.clear();
    QCOMPARE(cleared.size(), 1);
    QCOMPARE(data.seriesCount(), 1);
    QVERIFY(data.series(0).history.isEmpty());
    data.append(batch(3000, {{1, 3.0, true}}));
    QCOMPARE(data.series(0).history.size(), 1);
}

// Undo's half of Delete: the series leaves and comes back as the last row with
// its look, history and ended state; the legend model stays consistent.
void TestViewData::takenSeriesComesBackWhole()
{
    ViewData data;
    LegendModel legend(&data);
    QAbstractItemModelTester tester(&legend, QAbstractItemModelTester::FailureReportingMode::QtTest);
    data.append(
        batch(1000, {{1, 1.0, true}, {2, 2.0, true}, {3, 3.0, true}}, {info(1, "a"), info(2, "b"), info(3, "c")}));
    data.append(batch(2000, {{1, 10.0, true}, {2, 20.0, true}, {3, 30.0, true}}));
    data.append(batch(2500, {{1, 15.0, true}, {3, 35.0, true}}, {}, {2}));
    data.setColor(1, QColor(0x12, 0x34, 0x56));
    data.setScale(1, -3);
    data.setVisible(1, false);
    QCOMPARE(data.endedCount(), 1);

    QSignalSpy added(&data, &ViewData::seriesAdded);
    std::unique_ptr<ViewSeries> taken = data.takeSeries(1);
    QVERIFY(taken);
    QCOMPARE(data.seriesCount(), 2);
    QCOMPARE(data.endedCount(), 0);
    QCOMPARE(legend.rowCount(), 2);
    QVERIFY(!data.takeSeries(5));
    data.append(batch(3000, {{1, 100.0, true}, {3, 300.0, true}}));

    bool restoring_seen = false;
    connect(&data, &ViewData::seriesAdded, this, [&](int) { restoring_seen = data.isRestoring(); });
    QCOMPARE(data.restoreSeries(std::move(taken)), 2);
    QVERIFY(restoring_seen);
    QVERIFY(!data.isRestoring());
    QCOMPARE(added.size(), 1);
    QCOMPARE(legend.rowCount(), 3);
    QCOMPARE(data.rowOf(2), 2);
    const ViewSeries& back = data.series(2);
    QCOMPARE(back.color, QColor(0x12, 0x34, 0x56));
    QCOMPARE(back.scale_exponent, -3);
    QVERIFY(!back.visible);
    QVERIFY(back.ended);
    QCOMPARE(data.endedCount(), 1);
    QVERIFY(back.history.size() >= 2);
    QCOMPARE(back.history.valueAt(0), 2.0);
    QCOMPARE(back.history.valueAt(1), 20.0);
    QCOMPARE(back.history.timeAt(1), qint64(2000));
    // A series already there is not restored twice.
    auto twice = std::make_unique<ViewSeries>();
    twice->info = info(1, "a");
    QCOMPARE(data.restoreSeries(std::move(twice)), -1);
    QCOMPARE(data.seriesCount(), 3);
}

// Undo's half of Clear: the old points, then those that came since.
void TestViewData::clearKeepingComesBackInFrontOfNewPoints()
{
    ViewData data;
    LegendModel legend(&data);
    QAbstractItemModelTester tester(&legend, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy cleared(&data, &ViewData::cleared);
    data.append(batch(1000, {{1, 1.0, true}, {2, 2.0, true}}, {info(1, "a"), info(2, "b")}));
    data.append(batch(2000, {{1, 3.0, true}}));  // b has a gap
    ViewData::SavedHistories saved = data.clearKeeping();
    QCOMPARE(cleared.size(), 1);
    QCOMPARE(saved.size(), size_t(2));
    QVERIFY(data.series(0).history.isEmpty());
    QVERIFY(data.series(1).history.isEmpty());
    data.append(batch(3000, {{1, 5.0, true}, {2, 6.0, true}}));
    data.removeSeries(1);  // gone since: its saved history has nowhere to go

    data.restoreHistories(std::move(saved));
    QCOMPARE(cleared.size(), 2);
    const SeriesHistory& a = data.series(0).history;
    QCOMPARE(a.size(), qsizetype(3));
    for (qsizetype i = 0; i < a.size(); ++i) {
        // Point i is at (i + 1) s with value 2i + 1.
        QCOMPARE(a.timeAt(i), qint64(1000 * (i + 1)));
        QCOMPARE(a.valueAt(i), 2.0 * static_cast<double>(i) + 1.0);
    }
    QCOMPARE(data.seriesCount(), 1);
}

void TestViewData::settersSignalOnlyChanges()
{
    ViewData data;
    data.append(batch(1000, {{1, 1.0, true}}, {info(1, "a")}));
    QSignalSpy changed(&data, &ViewData::seriesChanged);
    data.setColor(0, QColor(Qt::red));
    data.setColor(0, QColor(Qt::red));
    data.setScale(0, 3);
    data.setScale(0, 3);
    data.setVisible(0, false);
    data.setVisible(0, false);
    data.setColor(5, QColor(Qt::red));
    QCOMPARE(changed.size(), 3);
    QCOMPARE(data.series(0).color, QColor(Qt::red));
    QCOMPARE(data.series(0).scale_exponent, 3);
    QCOMPARE(data.series(0).scaleFactor(), 1000.0);
    QVERIFY(!data.series(0).visible);
}

void TestViewData::readOnlyIgnoresBatches()
{
    ViewData data;
    const int row = data.addSeries(info(7, "logged"), QColor(Qt::blue));
    data.appendPoint(row, 5000, 1.0, true);
    data.appendPoint(row, 6000, 2.0, true);
    data.setReadOnly(true);
    QSignalSpy appended(&data, &ViewData::appended);
    data.notifyAppended();
    QCOMPARE(appended.size(), 1);
    data.append(batch(7000, {{7, 3.0, true}}, {info(8, "new")}));
    QCOMPARE(data.seriesCount(), 1);
    QCOMPARE(data.series(0).history.size(), 2);
    QCOMPARE(data.series(0).color, QColor(Qt::blue));
    QCOMPARE(appended.size(), 1);
}

void TestViewData::adoptedSeriesKeepsItsPoints_data()
{
    QTest::addColumn<int>("points");
    QTest::addColumn<int>("capacity");
    QTest::newRow("all fit") << 500 << 500;
    QTest::newRow("room left") << 300 << 1000;
    QTest::newRow("the newest fit") << 700 << 250;
}

// A series read off the GUI thread (a recording, a log) is taken over whole:
// its points, the view's last time, seriesAdded; the view's capacity holds.
void TestViewData::adoptedSeriesKeepsItsPoints()
{
    QFETCH(int, points);
    QFETCH(int, capacity);
    const qint64 t0 = 1'700'000'000'000;
    SeriesHistory history(std::numeric_limits<qsizetype>::max());
    for (int i = 0; i < points; ++i)
        history.append(t0 + 1000 * i, 0.5 * i, i % 7 != 3);
    ViewData data;
    data.setHistoryCapacity(capacity);
    QSignalSpy added(&data, &ViewData::seriesAdded);
    const int row = data.adoptSeries({info(9, "Interrupts/sec", "_Total"), std::move(history)});
    QCOMPARE(added.size(), 1);
    QCOMPARE(row, 0);
    QCOMPARE(data.lastTime(), t0 + 1000 * (points - 1));
    const SeriesHistory& kept = data.series(row).history;
    const int size = std::min(points, capacity);
    QCOMPARE(kept.capacity(), capacity);
    QCOMPARE(kept.size(), size);
    for (int k = 0; k < size; ++k) {
        const int i = points - size + k;
        QCOMPARE(kept.timeAt(k), t0 + 1000 * i);
        QCOMPARE(kept.validAt(k), i % 7 != 3);
        if (kept.validAt(k))
            QCOMPARE(kept.valueAt(k), 0.5 * i);
    }
    QVERIFY(kept.memoryBytes() <= qsizetype(capacity) * 12);
}

void TestViewData::capacityAppliesToEverySeries()
{
    ViewData data;
    data.setHistoryCapacity(3);
    data.append(batch(0, {{1, 0, true}}, {info(1, "a")}));
    for (int i = 1; i < 10; ++i)
        data.append(batch(1000 * i, {{1, double(i), true}, {2, double(i), true}},
                          i == 1 ? QVector<SeriesInfo>{info(2, "b")} : QVector<SeriesInfo>{}));
    QCOMPARE(data.series(0).history.size(), 3);
    QCOMPARE(data.series(1).history.size(), 3);
    QCOMPARE(data.series(1).history.valueAt(0), 7.0);
    QCOMPARE(data.storedValues(), 6);
    QVERIFY(data.historyBytes() <= 6 * 12);
}

// Capacity 10, one point a second: series 2 ends after its point at step 2;
// series 1's history is full from step 9 and holds steps (n - 9)..n, so it
// leaves series 2's last point behind at step 12.
void TestViewData::endedDropOnceTheHistoryLeavesThem_data()
{
    QTest::addColumn<bool>("drop");
    QTest::newRow("default: drop") << true;
    QTest::newRow("keep") << false;
}

void TestViewData::endedDropOnceTheHistoryLeavesThem()
{
    QFETCH(bool, drop);
    ViewData data;
    QVERIFY(data.dropsEnded());
    data.setDropEnded(drop);
    data.setHistoryCapacity(10);
    QSignalSpy removed(&data, &ViewData::seriesRemoved);
    for (int step = 0; step <= 11; ++step) {
        QVector<quint64> ended;
        if (step == 3)
            ended = {2};
        data.append(batch(
            1000 * step, {{1, 1.0, true}, {2, 2.0, true}},
            step == 0 ? QVector<SeriesInfo>{info(1, "a", "x:1"), info(2, "a", "y:2")} : QVector<SeriesInfo>{}, ended));
    }
    QCOMPARE(data.series(0).history.firstTime(), 2000);
    QCOMPARE(data.seriesCount(), 2);  // its last point (2 s) is still in the history
    QCOMPARE(data.endedCount(), 1);
    data.append(batch(12'000, {{1, 1.0, true}}));
    QCOMPARE(data.series(0).history.firstTime(), 3000);
    QCOMPARE(data.seriesCount(), drop ? 1 : 2);
    QCOMPARE(removed.size(), drop ? 1 : 0);
    QCOMPARE(data.endedCount(), drop ? 0 : 1);
    QCOMPARE(data.rowOf(1), 0);
    QCOMPARE(data.rowOf(2), drop ? -1 : 1);
}

// A drop age (the view's window) of 5 s, one point a second: series 2's last
// point is at 2 s, so it goes with the first batch after 2 + 5 = 7 s, at 8 s;
// the history (capacity 100) still reaches back to it then.
void TestViewData::endedDropOnceTheWindowLeavesThem()
{
    ViewData data;
    data.setHistoryCapacity(100);
    data.setEndedDropAge(5000);
    for (int step = 0; step <= 8; ++step) {
        QVector<quint64> ended;
        if (step == 3)
            ended = {2};
        data.append(batch(
            1000 * step, {{1, 1.0, true}, {2, 2.0, true}},
            step == 0 ? QVector<SeriesInfo>{info(1, "a", "x:1"), info(2, "a", "y:2")} : QVector<SeriesInfo>{}, ended));
        const qint64 last_of_2 = 2000;
        const bool gone = 1000 * step - 5000 > last_of_2;
        QCOMPARE(data.rowOf(2), gone ? -1 : 1);
    }
    QCOMPARE(data.series(0).history.firstTime(), 0);
}

// An ended row's end (the time of its last point) follows its history when
// the histories are cleared, kept aside and put back, and when the row is
// taken and restored: with a drop age of 5 s it goes with the first batch
// more than 5 s after its last point, and at once when it has no points.
void TestViewData::endedDropFollowsTheirHistories()
{
    ViewData data;
    data.setHistoryCapacity(100);
    data.setEndedDropAge(5000);
    data.append(batch(1000, {{1, 1.0, true}, {2, 2.0, true}, {3, 3.0, true}},
                      {info(1, "a", "x:1"), info(2, "a", "y:2"), info(3, "a", "z:3")}));
    data.append(batch(2000, {{1, 1.0, true}, {2, 2.0, true}, {3, 3.0, true}}));
    data.append(batch(3000, {{1, 1.0, true}}, {}, {2, 3}));  // 2 and 3 end; their last points at 2 s
    QCOMPARE(data.endedCount(), 2);
    auto taken = data.takeSeriesOf({3});
    QCOMPARE(taken.size(), size_t(1));
    QCOMPARE(data.restoreSeries(std::move(taken[0])), 2);
    auto saved = data.clearKeeping();  // no points for a while
    data.restoreHistories(std::move(saved));
    QCOMPARE(data.series(1).history.lastTime(), 2000);
    const qint64 last = 2000, age = 5000;
    data.append(batch(last + age, {{1, 1.0, true}}));  // not yet past the window
    QCOMPARE(data.rowOf(2), 1);
    QCOMPARE(data.rowOf(3), 2);
    data.append(batch(last + age + 1, {{1, 1.0, true}}));
    QCOMPARE(data.rowOf(2), -1);
    QCOMPARE(data.rowOf(3), -1);
    QCOMPARE(data.endedCount(), 0);

    data.append(batch(8000, {{1, 1.0, true}, {4, 4.0, true}}, {info(4, "a", "w:4")}));
    data.append(batch(9000, {{1, 1.0, true}}, {}, {4}));
    QCOMPARE(data.endedCount(), 1);
    data.clear();  // 4 ended with its points at 8 s; now it has none
    QCOMPARE(data.rowOf(4), 1);
    data.append(batch(10'000, {{1, 1.0, true}}));  // 10 - 5 s is before 8 s, but 4 has nothing left to show
    QCOMPARE(data.rowOf(4), -1);
    QCOMPARE(data.seriesCount(), 1);
}

// Undo of a removal: the rows come back where they were, in the legend too,
// when restored in row order at the rows takeSeriesOf() reports.
void TestViewData::takenSeriesComeBackAtTheirRows()
{
    ViewData data;
    LegendModel legend(&data);
    QAbstractItemModelTester tester(&legend, QAbstractItemModelTester::FailureReportingMode::QtTest);
    data.append(numberedSeries(1000, 6));
    data.append(batch(2000, {{1, 1.0, true}, {2, 2.0, true}, {3, 3.0, true}, {5, 5.0, true}, {6, 6.0, true}}, {},
                      {4}));  // 4 ended
    std::vector<int> rows;
    auto taken = data.takeSeriesOf({5, 2, 4}, &rows);
    QCOMPARE(rows, (std::vector<int>{1, 3, 4}));
    QCOMPARE(taken.size(), size_t(3));
    QCOMPARE(data.seriesCount(), 3);
    QCOMPARE(data.endedCount(), 0);
    for (size_t i = 0; i < taken.size(); ++i)
        QCOMPARE(data.restoreSeries(std::move(taken[i]), rows[i]), rows[i]);
    QCOMPARE(data.endedCount(), 1);
    for (int row = 0; row < 6; ++row) {
        const quint64 id = quint64(row + 1);
        QCOMPARE(data.series(row).info.id, id);
        QCOMPARE(data.rowOf(id), row);
        const QString shown = legend.data(legend.index(row, LegendModel::Instance)).toString();
        QCOMPARE(shown, id == 4 ? QStringLiteral("p:4 (ended)") : QStringLiteral("p:%1").arg(id));
    }
    // The next batch appends to the live rows only: 4 stays ended.
    data.append(batch(3000, {{1, 1.0, true}, {2, 2.0, true}, {3, 3.0, true}, {5, 5.0, true}, {6, 6.0, true}}));
    QCOMPARE(data.series(3).history.lastTime(), 1000);
    QCOMPARE(data.series(4).history.lastTime(), 3000);
    // Past the end: the last row.
    auto one = data.takeSeriesOf({1});
    QCOMPARE(data.restoreSeries(std::move(one[0]), 99), 5);
    QCOMPARE(data.rowOf(1), 5);
    QCOMPARE(data.rowOf(2), 0);
}

void TestViewData::removeEndedRemovesOnlyEnded()
{
    ViewData data;
    data.append(numberedSeries(1000, 9));
    data.append(batch(2000, {}, {}, {2, 3, 5, 9}));
    QCOMPARE(data.endedCount(), 4);
    QCOMPARE(data.removeEnded(), 4);
    QCOMPARE(data.seriesCount(), 5);
    QCOMPARE(data.endedCount(), 0);
    const quint64 kept[] = {1, 4, 6, 7, 8};
    for (int row = 0; row < 5; ++row) {
        QCOMPARE(data.series(row).info.id, kept[row]);
        QCOMPARE(data.rowOf(kept[row]), row);
    }
    QCOMPARE(data.removeEnded(), 0);
}

// The legend takes the statistics of the rows that changed and keeps the
// others'; a cell whose value stays emits nothing.
void TestViewData::legendUpdatesOnlyTheRowsGiven()
{
    ViewData data;
    LegendModel legend(&data);
    QAbstractItemModelTester tester(&legend, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVector<SeriesInfo> added;
    for (quint64 id = 1; id <= 6; ++id)
        added.append(info(id, "a", QStringLiteral("p:%1").arg(id)));
    data.append(batch(1000, {}, added));
    const auto stats = [](double v) {
        WindowStats s;
        s.count = 1;
        s.last = s.average = s.minimum = s.maximum = v;
        return s;
    };
    std::vector<WindowStats> all;
    all.reserve(6);
    for (int row = 0; row < 6; ++row)
        all.push_back(stats(double(row)));
    legend.setStatistics(all);
    QSignalSpy changed(&legend, &QAbstractItemModel::dataChanged);
    WindowStats row4 = stats(4.0);
    row4.last = 40.0;                                                         // one cell of four changes
    legend.updateStatistics({{1, stats(10.0)}, {4, row4}, {9, stats(1.0)}});  // row 9 does not exist
    QCOMPARE(changed.size(), 4 + 1);
    for (int row = 0; row < 6; ++row) {
        const double last = row == 1 ? 10.0 : row == 4 ? 40.0 : double(row);
        const double average = row == 1 ? 10.0 : double(row);
        QCOMPARE(legend.statistics(row).last, last);
        QCOMPARE(legend.statistics(row).average, average);
        QCOMPARE(legend.index(row, LegendModel::Last).data(Qt::UserRole).toDouble(), last);
    }
}

// rowOf against a search of the rows, after every step of random additions,
// removals anywhere (one by one and many at once), restored series and
// lookups between them: the index renumbers lazily and reuses its slots.
void TestViewData::rowOfFollowsRandomAddsAndRemovals()
{
    ViewData data;
    std::mt19937 random(17);
    quint64 next_id = 1;
    std::vector<std::unique_ptr<ViewSeries>> taken;
    const auto row_by_search = [&data](quint64 id) {
        for (int row = 0; row < data.seriesCount(); ++row)
            if (data.series(row).info.id == id)
                return row;
        return -1;
    };
    for (int step = 0; step < 3'000; ++step) {
        const int what = static_cast<int>(random() % 10);
        if (what < 4 || data.seriesCount() == 0) {
            data.addSeries(info(next_id, QStringLiteral("c"), QString::number(next_id)));
            ++next_id;
        } else if (what < 7) {
            data.removeSeries(static_cast<int>(random() % static_cast<unsigned>(data.seriesCount())));
        } else if (what < 8) {
            taken.push_back(data.takeSeries(static_cast<int>(random() % static_cast<unsigned>(data.seriesCount()))));
        } else if (what < 9 && !taken.empty()) {
            QVERIFY(data.restoreSeries(std::move(taken.back())) == data.seriesCount() - 1);
            taken.pop_back();
        } else {
            std::vector<quint64> ids;
            for (int row = 0; row < data.seriesCount(); row += 3)
                ids.push_back(data.series(row).info.id);
            data.takeSeriesOf(ids);
        }
        // Every id ever used, present or not, and one never used.
        const quint64 probe = 1 + random() % next_id;
        QCOMPARE(data.rowOf(probe), row_by_search(probe));
        if (step % 50 == 0)
            for (quint64 id = 1; id <= next_id; ++id)
                QCOMPARE(data.rowOf(id), row_by_search(id));
    }
}

// The palette in turn while every color is on as many rows; a color no row
// has (freed by a removal or by a row given another color) first, out of turn.
void TestViewData::newRowTakesAColorNoRowHas()
{
    ViewData data;
    constexpr int kColors = 24;
    const auto add = [&data](quint64 id, const QColor& color = {}) {
        return data.series(data.addSeries(info(id, QStringLiteral("c")), color)).color;
    };
    for (int i = 0; i < kColors; ++i)
        QCOMPARE(add(i + 1), ViewData::paletteColor(i));
    data.removeSeries(9);
    data.removeSeries(5);
    QCOMPARE(add(101), ViewData::paletteColor(5));
    QCOMPARE(add(102), ViewData::paletteColor(9));
    // Every color on one row again: the turn goes on where it was, at 0.
    QCOMPARE(add(103), ViewData::paletteColor(0));
    // A row given another color (as a saved look does) frees its own.
    data.setColor(data.rowOf(101), ViewData::paletteColor(7));
    QCOMPARE(add(104), ViewData::paletteColor(5));
    // A row added with a color takes it: a freed color given so is not free.
    data.removeSeries(data.rowOf(12));
    add(105, ViewData::paletteColor(11));
    QCOMPARE(add(106), ViewData::paletteColor(1));
    QCOMPARE(add(107), ViewData::paletteColor(2));
}

QTEST_GUILESS_MAIN(TestViewData)
#include "test_view_data.moc"
