// SPDX-License-Identifier: Apache-2.0
// ReportModel under QAbstractItemModelTester: a heading row per object naming
// its own instances, a row per counter below; values in their units;
// instances coming and going; hidden and ended series; 2,000 series without
// a reset; and, over random steps, a copy of the table kept only from the
// model's signals that always equals the table.
#include "chart_test_data.h"
#include "gui/charts/report_model.h"
#include "gui/charts/value_format.h"
#include "gui/charts/view_data.h"
#include "gui/data/natural_order.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QLocale>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <random>

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
    // The instances an object's heading row names, left to right.
    QStringList instances(int heading_row) const
    {
        QStringList names;
        for (int column = 0; column < model.columnCount(); ++column) {
            const QModelIndex cell = model.index(heading_row, column);
            if (!cell.data().isValid())
                break;
            names << cell.data().toString();
        }
        return names;
    }
    QStringList columnNames() const { return instances(0); }
    int column(const QString& name) const { return static_cast<int>(columnNames().indexOf(name)); }
};

// The table as its signals tell it: rows and columns inserted and removed
// where the model says, cells read again where it says they changed, all
// read again after a reset. Equal to the model's table after every step
// only if the model signals every change it makes.
class SignalCopy {
public:
    explicit SignalCopy(const QAbstractItemModel* model) : m_model(model)
    {
        readAll();
        QObject::connect(model, &QAbstractItemModel::modelReset, model, [this] { readAll(); });
        QObject::connect(model, &QAbstractItemModel::rowsInserted, model,
                         [this](const QModelIndex&, int first, int last) {
                             for (int row = first; row <= last; ++row)
                                 m_cells.insert(m_cells.begin() + row, blankRow());
                             readRect(first, 0, last, m_columns - 1);
                         });
        QObject::connect(model, &QAbstractItemModel::rowsRemoved, model,
                         [this](const QModelIndex&, int first, int last) {
                             m_cells.erase(m_cells.begin() + first, m_cells.begin() + last + 1);
                         });
        QObject::connect(model, &QAbstractItemModel::columnsInserted, model,
                         [this](const QModelIndex&, int first, int last) {
                             for (QStringList& row : m_cells)
                                 for (int column = first; column <= last; ++column)
                                     row.insert(column, QString());
                             m_columns += last - first + 1;
                             readRect(0, first, rows() - 1, last);
                         });
        QObject::connect(model, &QAbstractItemModel::columnsRemoved, model,
                         [this](const QModelIndex&, int first, int last) {
                             m_columns -= last - first + 1;
                             for (QStringList& row : m_cells)
                                 row.remove(first, last - first + 1);
                         });
        QObject::connect(model, &QAbstractItemModel::dataChanged, model,
                         [this](const QModelIndex& top_left, const QModelIndex& bottom_right) {
                             readRect(top_left.row(), top_left.column(), bottom_right.row(), bottom_right.column());
                         });
    }
    // Every cell as "text|tooltip|font": what a view shows.
    static QString cellOf(const QAbstractItemModel* model, int row, int column)
    {
        const QModelIndex cell = model->index(row, column);
        const QVariant font = cell.data(Qt::FontRole);
        return cell.data().toString() + QLatin1Char('|') + cell.data(Qt::ToolTipRole).toString() + QLatin1Char('|') +
               (font.isValid() ? font.value<QFont>().toString() : QString());
    }
    static std::vector<QStringList> read(const QAbstractItemModel* model)
    {
        std::vector<QStringList> cells(static_cast<size_t>(model->rowCount()));
        for (int row = 0; row < model->rowCount(); ++row)
            for (int column = 0; column < model->columnCount(); ++column)
                cells[static_cast<size_t>(row)] << cellOf(model, row, column);
        return cells;
    }
    const std::vector<QStringList>& cells() const { return m_cells; }

private:
    int rows() const { return static_cast<int>(m_cells.size()); }
    QStringList blankRow() const { return QStringList(m_columns, QString()); }
    void readAll()
    {
        m_cells = read(m_model);
        m_columns = m_model->columnCount();
    }
    void readRect(int top, int left, int bottom, int right)
    {
        for (int row = top; row <= bottom; ++row)
            for (int column = left; column <= right; ++column)
                m_cells[static_cast<size_t>(row)][column] = cellOf(m_model, row, column);
    }

    const QAbstractItemModel* m_model;
    std::vector<QStringList> m_cells;
    int m_columns = 0;
};

}  // namespace

class TestReportModel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    // \Process(*)\% Processor Time and \Process(*)\Working Set with different
    // instance sets, \Memory\Available Bytes and a thread: one Process block
    // with two counter rows naming the union of its instances, a Memory block
    // whose one unnamed column holds its value, a Thread block of its own.
    void instancesPerObjectRowsPerCounter()
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
        // Natural order (yes#2 before yes#10), _Total last; each object its own.
        const QStringList process = {
            QStringLiteral("bash"),    QStringLiteral("bash:2903"), QStringLiteral("bash:10451"),
            QStringLiteral("firefox"), QStringLiteral("yes"),       QStringLiteral("yes#1"),
            QStringLiteral("yes#2"),   QStringLiteral("yes#10"),    QStringLiteral("_Total")};
        QCOMPARE(f.instances(0), process);
        QCOMPARE(f.instances(3), QStringList({QString()}));  // no instance: one unnamed column
        QCOMPARE(f.instances(5), QStringList({QStringLiteral("firefox/3")}));
        QCOMPARE(f.model.columnCount(), process.size());  // the widest object's
        // Heading cells: bold, not selectable, no series.
        QVERIFY(f.model.index(0, 0).data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(!(f.model.index(0, 0).flags() & Qt::ItemIsSelectable));
        QCOMPARE(f.model.seriesRowAt(f.model.index(0, 1)), -1);
        // Each series in its counter's row, under its instance's name in its object's heading.
        for (int row = 0; row < f.data.seriesCount(); ++row) {
            const SeriesInfo& s = f.data.series(row).info;
            const QModelIndex cell = f.model.indexOfSeries(row);
            QVERIFY(cell.isValid());
            QCOMPARE(f.model.headerData(cell.row(), Qt::Vertical).toString(), s.counter);
            int heading = cell.row();
            while (!f.model.isObjectRow(heading))
                --heading;
            QCOMPARE(f.model.headerData(heading, Qt::Vertical).toString(), s.object);
            const QString instance = s.parent.isEmpty() ? s.instance : s.parent + QLatin1Char('/') + s.instance;
            QCOMPARE(f.model.index(heading, cell.column()).data().toString(), instance);
            QCOMPARE(cell.data(ReportModel::SeriesIdRole).toULongLong(), s.id);
            QCOMPARE(f.model.seriesRowAt(cell), row);
            QVERIFY(cell.flags() & Qt::ItemIsSelectable);
        }
        // Cells where a counter has no such instance are empty and not selectable,
        // also past an object's last instance.
        for (const QModelIndex& empty : {f.model.index(2, f.column(QStringLiteral("yes"))), f.model.index(4, 1),
                                         f.model.index(3, 1), f.model.index(6, process.size() - 1)}) {
            QCOMPARE(f.model.seriesRowAt(empty), -1);
            QVERIFY(!empty.data().isValid());
            QVERIFY(!(empty.flags() & Qt::ItemIsSelectable));
        }
        // The table has no column header: the headings name the instances.
        QVERIFY(!f.model.headerData(0, Qt::Horizontal).isValid());
    }

    // What a PerfMon user expects with Processor's _Total beside every
    // process: _Total in Processor's first column, whatever number of
    // processes sort before it under Process.
    void processorTotalBesideManyProcesses()
    {
        constexpr int kProcesses = 300;
        Fixture f;
        f.add(make_info(1, QStringLiteral("Processor"), kCpu, QStringLiteral("_Total")));
        for (int k = 0; k < kProcesses; ++k)
            f.add(make_info(quint64(10 + k), kProcess, kCpu, QStringLiteral("kworker/%1").arg(k)));
        f.add(make_info(2, QStringLiteral("Processor"), kCpu, QStringLiteral("0")));
        QCOMPARE(f.rowNames(), QStringList({QStringLiteral("Processor"), kCpu, kProcess, kCpu}));
        QCOMPARE(f.instances(0), QStringList({QStringLiteral("0"), QStringLiteral("_Total")}));
        QCOMPARE(f.model.indexOfSeries(f.data.rowOf(1)), f.model.index(1, 1));
        QCOMPARE(f.model.indexOfSeries(f.data.rowOf(2)), f.model.index(1, 0));
        QCOMPARE(f.instances(2).size(), kProcesses);
        QCOMPARE(f.model.columnCount(), kProcesses);
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

    // A new instance takes its column where it sorts and moves the object's
    // later cells right (one dataChanged); the table widens at its right edge
    // only when the object is its widest. A leaving one moves them back; a
    // counter's or an object's last series takes its row(s) along.
    void instancesComeAndGo()
    {
        Fixture f;
        f.add(make_info(1, kProcess, kCpu, QStringLiteral("b")));
        f.add(make_info(2, kProcess, kCpu, QStringLiteral("d")));
        QSignalSpy inserted(&f.model, &QAbstractItemModel::columnsInserted);
        QSignalSpy removed(&f.model, &QAbstractItemModel::columnsRemoved);
        QSignalSpy rows_inserted(&f.model, &QAbstractItemModel::rowsInserted);
        QSignalSpy rows_removed(&f.model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy changed(&f.model, &QAbstractItemModel::dataChanged);
        QSignalSpy moved(&f.model, &ReportModel::cellsMoved);
        QSignalSpy resets(&f.model, &QAbstractItemModel::modelReset);
        f.add(make_info(3, kProcess, kCpu, QStringLiteral("c")));
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(inserted[0][1].toInt(), 2);  // at the right edge
        QCOMPARE(inserted[0][2].toInt(), 2);
        QCOMPARE(f.columnNames(), QStringList({"b", "c", "d"}));
        // c's column and d's, which moved right: heading and counter rows.
        QCOMPARE(changed.first()[0].value<QModelIndex>(), f.model.index(0, 1));
        QCOMPARE(changed.first()[1].value<QModelIndex>(), f.model.index(1, 2));
        QCOMPARE(moved.size(), 1);
        QCOMPARE(f.model.indexOfSeries(f.data.rowOf(2)), f.model.index(1, 2));
        // The same instance of another counter: a row, no column.
        f.add(make_info(4, kProcess, kWorkingSet, QStringLiteral("c")));
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(rows_inserted.size(), 1);
        QCOMPARE(rows_inserted[0][1].toInt(), 2);
        QCOMPARE(f.model.rowCount(), 3);
        // A narrower object below: no column of the table for it.
        f.add(make_info(5, QStringLiteral("Processor"), kCpu, QStringLiteral("_Total")));
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(f.instances(3), QStringList({QStringLiteral("_Total")}));
        // c leaves % Processor Time: its column stays for Working Set.
        f.data.removeSeries(f.data.rowOf(3));
        QCOMPARE(removed.size(), 0);
        QVERIFY(!f.model.index(1, f.column(QStringLiteral("c"))).data().isValid());
        // and Working Set: d moves back left, the table loses its last column.
        moved.clear();
        f.data.removeSeries(f.data.rowOf(4));
        QCOMPARE(removed.size(), 1);
        QCOMPARE(removed[0][1].toInt(), 2);
        QCOMPARE(f.columnNames(), QStringList({"b", "d"}));
        QCOMPARE(moved.size(), 1);
        QCOMPARE(f.model.indexOfSeries(f.data.rowOf(2)), f.model.index(1, 1));
        QCOMPARE(rows_removed.size(), 1);
        QCOMPARE(f.model.rowCount(), 4);
        // The object's last series: heading and counter rows go together; the
        // table keeps the columns of the widest object left.
        f.data.removeSeries(f.data.rowOf(1));
        f.data.removeSeries(f.data.rowOf(2));
        QCOMPARE(f.rowNames(), QStringList({QStringLiteral("Processor"), kCpu}));
        QCOMPARE(f.model.columnCount(), 1);
        QCOMPARE(rows_removed.size(), 2);
        QCOMPARE(rows_removed[1][1].toInt(), 0);
        QCOMPARE(rows_removed[1][2].toInt(), 1);
        f.data.removeSeries(0);
        QCOMPARE(f.model.rowCount(), 0);
        QCOMPARE(f.model.columnCount(), 0);
        QCOMPARE(resets.size(), 0);
    }

    // Hidden series have no cell; ended ones only while the view shows ended,
    // an instance whose every cell has ended italic in its heading.
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
        QCOMPARE(f.columnNames(), QStringList({"a", "b"}));
        const QModelIndex b = f.model.index(0, 1);
        QVERIFY(b.data(ReportModel::InstanceEndedRole).toBool());
        QVERIFY(b.data(Qt::FontRole).value<QFont>().italic());
        QCOMPARE(b.data(Qt::ToolTipRole).toString(), QStringLiteral("b (ended)"));
        QVERIFY(!f.model.index(0, 0).data(ReportModel::InstanceEndedRole).toBool());
        QVERIFY(!f.model.index(0, 0).data(Qt::FontRole).value<QFont>().italic());
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
            QCOMPARE(f.model.index(0, f.model.indexOfSeries(row).column()).data().toString(),
                     f.data.series(row).info.instance);
    }

    // Random steps over three objects (series added, removed, hidden, shown,
    // ended, values changed, ended ones shown and hidden, a reload): after
    // each, the copy kept from the signals equals the table, and the table
    // equals the layout computed from the ViewData by the rules (each object's
    // shown instances in natural order, _Total last).
    void randomStepsSignalEveryChange()
    {
        Fixture f;
        SignalCopy copy(&f.model);
        std::mt19937 random(20261128);
        const QStringList objects = {kProcess, QStringLiteral("Processor"), QStringLiteral("Memory")};
        const QStringList counters = {kCpu, kWorkingSet};
        quint64 next_id = 1;
        const QCollator collator = naturalCollator();
        for (int step = 0; step < 1500; ++step) {
            const int what = static_cast<int>(random() % 100);
            const int rows = f.data.seriesCount();
            const int row = rows ? static_cast<int>(random() % static_cast<unsigned>(rows)) : -1;
            if (what < 35 || rows == 0) {
                const QString object = objects[static_cast<qsizetype>(random() % 3)];
                const QString instance = object == QStringLiteral("Memory") ? QString()
                                         : random() % 8 == 0                ? QStringLiteral("_Total")
                                                                            : QStringLiteral("p%1").arg(random() % 40);
                f.add(make_info(next_id++, object, counters[static_cast<qsizetype>(random() % 2)], instance));
            } else if (what < 50) {
                f.data.removeSeries(row);
            } else if (what < 60) {
                f.data.setVisible(row, !f.data.series(row).visible);
            } else if (what < 70) {
                if (!f.data.series(row).ended)
                    f.end(f.data.series(row).info.id);
            } else if (what < 90) {
                f.setLast(row, double(random() % 1000));
                f.refresh();
            } else if (what < 98) {
                f.model.setShowEnded(!f.model.showsEnded());
            } else {
                f.model.reload();
                f.refresh();
            }
            QCOMPARE(copy.cells(), SignalCopy::read(&f.model));
            // The layout by the rules.
            std::map<QString, std::map<QString, QStringList>> expected;  // object → counter → instances
            for (int r = 0; r < f.data.seriesCount(); ++r) {
                const ViewSeries& s = f.data.series(r);
                if (s.visible && (!s.ended || f.model.showsEnded()))
                    expected[s.info.object][s.info.counter] << s.info.instance;
            }
            int heading = 0;
            for (; heading < f.model.rowCount(); ++heading) {
                QVERIFY(f.model.isObjectRow(heading));
                const QString object = f.model.headerData(heading, Qt::Vertical).toString();
                QVERIFY(expected.count(object));
                QStringList names;
                for (const auto& [counter, instances] : expected[object])
                    names << instances;
                names.removeDuplicates();
                std::sort(names.begin(), names.end(), [&collator](const QString& a, const QString& b) {
                    const auto rank = [](const QString& n) {
                        return n.isEmpty() ? 0 : n == QStringLiteral("_Total") ? 2 : 1;
                    };
                    return rank(a) != rank(b) ? rank(a) < rank(b) : collator.compare(a, b) < 0;
                });
                QCOMPARE(f.instances(heading), names);
                const auto& by_counter = expected[object];
                heading += static_cast<int>(by_counter.size());
                expected.erase(object);
            }
            QVERIFY(expected.empty());
        }
    }
};

QTEST_MAIN(TestReportModel)
#include "test_report_model.moc"
