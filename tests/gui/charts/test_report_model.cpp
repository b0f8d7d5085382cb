// SPDX-License-Identifier: Apache-2.0
// ReportModel under QAbstractItemModelTester: a heading row per object, a row
// per counter, a column per instance (the union over objects); values in
// their units; instances coming and going as columns; hidden and ended
// series; 2,000 series without a reset.
#include "chart_test_data.h"
#include "gui/charts/report_model.h"
#include "gui/charts/value_format.h"
#include "gui/charts/view_data.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QLocale>
#include <QSignalSpy>
#include <QTest>

#include <cmath>
#include <memory>

using namespace perfscope::gui;
using perfscope::gui::test::make_info;

namespace {

const QString kProcess = QStringLiteral("Process");
const QString kCpu = QStringLiteral("% Processor Time");
const QString kWorkingSet = QStringLiteral("Working Set");

SeriesInfo unit_info(quint64 id, const QString& object, const QString& counter, const QString& instance, ValueUnit unit)
{
    SeriesInfo s = make_info(id, object, counter, instance);
    s.unit = unit;
    return s;
}

// A ViewData and a ReportModel told of its rows as ViewWidget tells its
// graphs, with the tester watching every signal.
struct Fixture {
    ViewData data;
    ReportModel model{&data};
    std::unique_ptr<QAbstractItemModelTester> tester;
    RowPlots plots;

    Fixture()
    {
        QObject::connect(&data, &ViewData::seriesAdded, &model, [this](int row) {
            plots.insert(static_cast<size_t>(row));
            model.seriesInserted(row);
        });
        QObject::connect(&data, &ViewData::seriesAboutToBeRemoved, &model, [this](int row) {
            plots.erase(static_cast<size_t>(row));
            model.seriesRemoved(row);
        });
        QObject::connect(&data, &ViewData::seriesChanged, &model, &ReportModel::seriesChanged);
        tester =
            std::make_unique<QAbstractItemModelTester>(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    }
    int add(const SeriesInfo& info) { return data.addSeries(info); }
    void end(quint64 id)
    {
        SampleBatch b;
        b.time_ms = test::kT0;
        b.ended.append(id);
        data.append(b);
    }
    // The refresh: the last value of each row.
    void setLast(int row, double value) { plots[static_cast<size_t>(row)].stats.last = value; }
    void refresh() { model.setValues(plots); }
    QString cell(int row, int column) const { return model.index(row, column).data().toString(); }
    QStringList rowNames() const
    {
        QStringList names;
        for (int row = 0; row < model.rowCount(); ++row)
            names << model.headerData(row, Qt::Vertical).toString();
        return names;
    }
    QStringList columnNames() const
    {
        QStringList names;
        for (int column = 0; column < model.columnCount(); ++column)
            names << model.headerData(column, Qt::Horizontal).toString();
        return names;
    }
    int column(const QString& name) const { return static_cast<int>(columnNames().indexOf(name)); }
};

}  // namespace

class TestReportModel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    // \Process(*)\% Processor Time and \Process(*)\Working Set with different
    // instance sets, and \Memory\Available Bytes: one Process block with two
    // counter rows, a Memory block, and the union of instances as columns.
    void columnsPerInstanceRowsPerCounter()
    {
        Fixture f;
        const QStringList cpu_instances = {QStringLiteral("yes#10"), QStringLiteral("_Total"),
                                           QStringLiteral("yes"),    QStringLiteral("firefox"),
                                           QStringLiteral("yes#2"),  QStringLiteral("yes#1")};
        quint64 id = 1;
        for (const QString& instance : cpu_instances)
            f.add(make_info(id++, kProcess, kCpu, instance));
        for (const QString& instance : {QStringLiteral("firefox"), QStringLiteral("bash"), QStringLiteral("bash:10451"),
                                        QStringLiteral("bash:2903")})
            f.add(make_info(id++, kProcess, kWorkingSet, instance));
        f.add(make_info(id++, QStringLiteral("Memory"), QStringLiteral("Available Bytes")));
        SeriesInfo thread =
            make_info(id++, QStringLiteral("Thread"), QStringLiteral("Context Switches/sec"), QStringLiteral("3"));
        thread.parent = QStringLiteral("firefox");
        f.add(thread);

        QCOMPARE(f.rowNames(),
                 QStringList({kProcess, kCpu, kWorkingSet, QStringLiteral("Memory"), QStringLiteral("Available Bytes"),
                              QStringLiteral("Thread"), QStringLiteral("Context Switches/sec")}));
        for (int row : {0, 3, 5})
            QVERIFY(f.model.isObjectRow(row));
        for (int row : {1, 2, 4, 6})
            QVERIFY(!f.model.isObjectRow(row));
        // Natural order (yes#2 before yes#10), _Total last, the column of
        // counters without instances first, a thread as parent/instance.
        QCOMPARE(f.columnNames(),
                 QStringList({ReportModel::noInstanceColumnName(), QStringLiteral("bash"), QStringLiteral("bash:2903"),
                              QStringLiteral("bash:10451"), QStringLiteral("firefox"), QStringLiteral("firefox/3"),
                              QStringLiteral("yes"), QStringLiteral("yes#1"), QStringLiteral("yes#2"),
                              QStringLiteral("yes#10"), QStringLiteral("_Total")}));
        // Each series in the cell of its counter's row and its instance's column.
        for (int row = 0; row < f.data.seriesCount(); ++row) {
            const SeriesInfo& s = f.data.series(row).info;
            const QModelIndex cell = f.model.indexOfSeries(row);
            QVERIFY(cell.isValid());
            QCOMPARE(f.model.headerData(cell.row(), Qt::Vertical).toString(), s.counter);
            const QString instance = s.parent.isEmpty() ? s.instance : s.parent + QLatin1Char('/') + s.instance;
            QCOMPARE(f.model.headerData(cell.column(), Qt::Horizontal).toString(),
                     instance.isEmpty() ? ReportModel::noInstanceColumnName() : instance);
            QCOMPARE(cell.data(ReportModel::SeriesIdRole).toULongLong(), s.id);
            QCOMPARE(f.model.seriesRowAt(cell), row);
            QVERIFY(cell.flags() & Qt::ItemIsSelectable);
        }
        // Cells where a counter has no such instance are empty and not selectable.
        const QModelIndex empty = f.model.index(2, f.column(QStringLiteral("yes")));
        QCOMPARE(f.model.seriesRowAt(empty), -1);
        QVERIFY(!empty.data().isValid());
        QVERIFY(!(empty.flags() & Qt::ItemIsSelectable));
        QCOMPARE(f.model.seriesRowAt(f.model.index(0, 1)), -1);  // heading
    }

    // Each cell is formatValue's table text of its last value in its unit;
    // expected texts from the values themselves.
    void valuesFormattedByFormula()
    {
        Fixture f;
        const double gib = std::pow(1024.0, 3);
        const int cpu = f.add(unit_info(1, kProcess, kCpu, QStringLiteral("yes"), ValueUnit::percent));
        const int ws = f.add(unit_info(2, kProcess, kWorkingSet, QStringLiteral("yes"), ValueUnit::bytes));
        const int avail =
            f.add(unit_info(3, QStringLiteral("Memory"), QStringLiteral("Available Bytes"), {}, ValueUnit::bytes));
        const int faults =
            f.add(unit_info(4, QStringLiteral("Memory"), QStringLiteral("Page Faults/sec"), {}, ValueUnit::per_second));
        const int count =
            f.add(unit_info(5, QStringLiteral("System"), QStringLiteral("Processes"), {}, ValueUnit::none));
        const double cpu_value = 87.5;
        const double ws_mantissa = 1.5;
        const double avail_mantissa = 22.5;
        const double faults_value = 1234.0;
        const double count_value = 1234567.0;
        f.setLast(cpu, cpu_value);
        f.setLast(ws, ws_mantissa * gib / 1024.0);  // MiB
        f.setLast(avail, avail_mantissa * gib);
        f.setLast(faults, faults_value);
        f.setLast(count, count_value);
        QSignalSpy changed(&f.model, &QAbstractItemModel::dataChanged);
        f.refresh();
        QCOMPARE(changed.size(), 1);
        const QLocale english(QLocale::English, QLocale::UnitedStates);
        QCOMPARE(f.model.indexOfSeries(cpu).data().toString(), english.toString(cpu_value) + QStringLiteral(" %"));
        QCOMPARE(f.model.indexOfSeries(ws).data().toString(), english.toString(ws_mantissa) + QStringLiteral(" MiB"));
        QCOMPARE(f.model.indexOfSeries(avail).data().toString(),
                 english.toString(avail_mantissa) + QStringLiteral(" GiB"));
        QCOMPARE(f.model.indexOfSeries(faults).data().toString(),
                 english.toString(qint64(faults_value)) + QStringLiteral(" /s"));
        QCOMPARE(f.model.indexOfSeries(count).data().toString(), english.toString(qint64(count_value)));
        QCOMPARE(f.model.indexOfSeries(count).data().toString(), QStringLiteral("1,234,567"));
        // Both Memory counters in the one column of counters without instances.
        QCOMPARE(f.model.indexOfSeries(avail).column(), 0);
        QCOMPARE(f.model.indexOfSeries(faults).column(), 0);
        // No value yet: a dash, as the legend shows it.
        f.setLast(count, std::nan(""));
        f.refresh();
        QCOMPARE(f.model.indexOfSeries(count).data().toString(), formatValue(std::nan(""), ValueUnit::none));
        QCOMPARE(f.model.indexOfSeries(cpu).data(Qt::TextAlignmentRole).value<Qt::Alignment>(),
                 Qt::AlignRight | Qt::AlignVCenter);
    }

    // A refresh tells of the changed cells only: none when nothing changed,
    // one cell when one value changed.
    void refreshSignalsChangedCellsOnly()
    {
        Fixture f;
        for (int k = 1; k <= 5; ++k)
            f.add(make_info(quint64(k), kProcess, kCpu, QStringLiteral("p%1").arg(k)));
        for (int row = 0; row < 5; ++row)
            f.setLast(row, 10.0 * row);
        f.refresh();
        QSignalSpy changed(&f.model, &QAbstractItemModel::dataChanged);
        f.refresh();
        QCOMPARE(changed.size(), 0);
        f.setLast(2, 99.0);
        f.refresh();
        QCOMPARE(changed.size(), 1);
        const QModelIndex cell = f.model.indexOfSeries(2);
        QCOMPARE(changed[0][0].value<QModelIndex>(), cell);
        QCOMPARE(changed[0][1].value<QModelIndex>(), cell);
        QCOMPARE(cell.data().toString(), formatValue(99.0, ValueUnit::none, ValueDetail::table));
    }

    // A new instance inserts its column where it sorts, a leaving one removes
    // it; a counter's or an object's last series takes its row(s) along.
    void instancesComeAndGo()
    {
        Fixture f;
        f.add(make_info(1, kProcess, kCpu, QStringLiteral("b")));
        f.add(make_info(2, kProcess, kCpu, QStringLiteral("d")));
        QSignalSpy inserted(&f.model, &QAbstractItemModel::columnsInserted);
        QSignalSpy removed(&f.model, &QAbstractItemModel::columnsRemoved);
        QSignalSpy rows_inserted(&f.model, &QAbstractItemModel::rowsInserted);
        QSignalSpy rows_removed(&f.model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy resets(&f.model, &QAbstractItemModel::modelReset);
        f.add(make_info(3, kProcess, kCpu, QStringLiteral("c")));
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(inserted[0][1].toInt(), 1);  // between b and d
        QCOMPARE(inserted[0][2].toInt(), 1);
        QCOMPARE(f.columnNames(), QStringList({"b", "c", "d"}));
        // The same instance of another counter: a row, no column.
        f.add(make_info(4, kProcess, kWorkingSet, QStringLiteral("c")));
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(rows_inserted.size(), 1);
        QCOMPARE(rows_inserted[0][1].toInt(), 2);
        QCOMPARE(f.model.rowCount(), 3);
        // c leaves % Processor Time: its column stays for Working Set.
        f.data.removeSeries(f.data.rowOf(3));
        QCOMPARE(removed.size(), 0);
        QVERIFY(!f.model.index(1, f.column(QStringLiteral("c"))).data().isValid());
        // and Working Set: the column and the counter's row go.
        f.data.removeSeries(f.data.rowOf(4));
        QCOMPARE(removed.size(), 1);
        QCOMPARE(removed[0][1].toInt(), 1);
        QCOMPARE(f.columnNames(), QStringList({"b", "d"}));
        QCOMPARE(rows_removed.size(), 1);
        QCOMPARE(f.model.rowCount(), 2);
        // The object's last series: heading and counter rows go together.
        f.data.removeSeries(0);
        f.data.removeSeries(0);
        QCOMPARE(f.model.rowCount(), 0);
        QCOMPARE(f.model.columnCount(), 0);
        QCOMPARE(rows_removed.size(), 2);
        QCOMPARE(rows_removed[1][1].toInt(), 0);
        QCOMPARE(rows_removed[1][2].toInt(), 1);
        QCOMPARE(resets.size(), 0);
    }

    // Hidden series have no cell; ended ones only while the view shows ended,
    // marked in the header when every cell of the column has ended.
    void hiddenAndEnded()
    {
        Fixture f;
        f.add(make_info(1, kProcess, kCpu, QStringLiteral("a")));
        f.add(make_info(2, kProcess, kCpu, QStringLiteral("b")));
        f.add(make_info(3, kProcess, kWorkingSet, QStringLiteral("b")));
        f.data.setVisible(0, false);
        QCOMPARE(f.columnNames(), QStringList({"b"}));
        QVERIFY(!f.model.indexOfSeries(0).isValid());
        f.data.setVisible(0, true);
        QCOMPARE(f.columnNames(), QStringList({"a", "b"}));
        // b ends for one counter: its cell goes, the column stays for the other.
        f.end(2);
        QVERIFY(!f.model.indexOfSeries(1).isValid());
        QCOMPARE(f.columnNames(), QStringList({"a", "b"}));
        f.end(3);
        QCOMPARE(f.columnNames(), QStringList({"a"}));
        QCOMPARE(f.model.rowCount(), 2);  // Working Set has no shown series
        f.model.setShowEnded(true);
        QCOMPARE(f.columnNames(), QStringList({"a", QStringLiteral("b (ended)")}));
        QCOMPARE(f.model.rowCount(), 3);
        QVERIFY(f.model.indexOfSeries(1).data(Qt::FontRole).value<QFont>().italic());
        QVERIFY(!f.model.indexOfSeries(0).data(Qt::FontRole).isValid());
        // A hidden ended series stays out.
        f.data.setVisible(2, false);
        QCOMPARE(f.model.rowCount(), 2);
        f.model.setShowEnded(false);
        QCOMPARE(f.columnNames(), QStringList({"a"}));
    }

    // The same path twice: one cell; the second series takes it when the first goes.
    void samePathTwiceSharesTheCell()
    {
        Fixture f;
        f.add(make_info(1, kProcess, kCpu, QStringLiteral("a")));
        f.add(make_info(2, kProcess, kCpu, QStringLiteral("a")));
        QCOMPARE(f.model.columnCount(), 1);
        QVERIFY(f.model.indexOfSeries(0).isValid());
        QVERIFY(!f.model.indexOfSeries(1).isValid());
        f.data.removeSeries(0);
        QCOMPARE(f.model.indexOfSeries(0), f.model.index(1, 0));
        QCOMPARE(f.model.index(1, 0).data(ReportModel::SeriesIdRole).toULongLong(), quint64(2));
    }

    // 2,000 instances of one counter (1,500 ended): columns come one by one,
    // refreshes signal one rectangle, nothing resets; showing the ended ones
    // at once and their large removal reset once each.
    void manySeriesWithoutReset()
    {
        constexpr int kTotal = 2000;
        constexpr int kEnded = 1500;
        Fixture f;
        QSignalSpy resets(&f.model, &QAbstractItemModel::modelReset);
        SampleBatch first;
        first.time_ms = test::kT0;
        for (int k = 1; k <= kTotal; ++k) {
            first.added.append(make_info(quint64(k), kProcess, kCpu, QStringLiteral("proc:%1").arg(k)));
            first.points.append({quint64(k), double(k), true});
        }
        f.data.append(first);
        QCOMPARE(f.model.columnCount(), kTotal);
        QCOMPARE(f.model.rowCount(), 2);
        for (int row = 0; row < kTotal; ++row)
            f.setLast(row, double(row + 1));
        QSignalSpy changed(&f.model, &QAbstractItemModel::dataChanged);
        f.refresh();
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed[0][0].value<QModelIndex>(), f.model.index(1, 0));
        QCOMPARE(changed[0][1].value<QModelIndex>(), f.model.index(1, kTotal - 1));
        for (int row : {0, 9, 1999})
            QCOMPARE(f.model.indexOfSeries(row).data().toString(),
                     formatValue(double(row + 1), ValueUnit::none, ValueDetail::table));
        SampleBatch second;
        second.time_ms = test::kT0 + 1000;
        for (int k = 1; k <= kEnded; ++k)
            second.ended.append(quint64(k));
        f.data.append(second);
        QCOMPARE(f.model.columnCount(), kTotal - kEnded);
        QCOMPARE(resets.size(), 0);
        f.model.setShowEnded(true);
        QCOMPARE(resets.size(), 1);
        QCOMPARE(f.model.columnCount(), kTotal);
        f.data.removeEnded();
        QCOMPARE(resets.size(), 2);
        QCOMPARE(f.model.columnCount(), kTotal - kEnded);
        for (int row = 0; row < f.data.seriesCount(); ++row)
            QCOMPARE(f.model.headerData(f.model.indexOfSeries(row).column(), Qt::Horizontal).toString(),
                     f.data.series(row).info.instance);
    }
};

QTEST_MAIN(TestReportModel)
#include "test_report_model.moc"
