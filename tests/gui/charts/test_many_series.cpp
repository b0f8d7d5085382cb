// SPDX-License-Identifier: Apache-2.0
// A view with 2,000 series of which 1,500 have ended: the histogram shows the
// largest values first, ended rows stay out of the legend and the report
// unless asked for, "Remove ended" removes exactly the ended ones, and the
// user's steps (every graph type, sorting, filtering, adding, removing, new
// data) do what they say. How long the steps take is the benchmark's.
#include "gui/charts/histogram_graph.h"
#include "gui/charts/legend_model.h"
#include "many_series_scenario.h"
#include "gui/charts/plot_lines_item.h"
#include "gui/charts/report_graph.h"
#include "gui/charts/report_model.h"

#include <QAbstractItemModelTester>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>

#include <set>

using namespace perfscope::gui;
using namespace perfscope::gui::test;

namespace {

// Live series' ids and their last values, by formula.
std::vector<std::pair<int, double>> live_last_values(const ManySeries& m, int last_step)
{
    std::vector<std::pair<int, double>> live;
    for (int k = 1; k <= m.total; ++k) {
        if (m.liveAt(k, last_step))
            live.emplace_back(k, ManySeries::value(k, last_step));
    }
    return live;
}

std::set<quint64> ids_of(const ViewData& data)
{
    std::set<quint64> ids;
    for (int row = 0; row < data.seriesCount(); ++row)
        ids.insert(data.series(row).info.id);
    return ids;
}

// Fewer series (200 of which 150 end, 60 steps): the model testers check
// every row on every change, on the legend's proxy and its source.
struct SmallView {
    SmallView()
    {
        m.total = 200;
        m.ended = 150;
        m.steps = 60;
    }
    ManySeries m;
    ViewData data;
    ViewWidget w{&data};
    QSortFilterProxyModel* proxy = qobject_cast<QSortFilterProxyModel*>(w.legendView()->model());
    QAbstractItemModelTester tester{proxy, QAbstractItemModelTester::FailureReportingMode::QtTest};
    QAbstractItemModelTester source_tester{w.legendModel(), QAbstractItemModelTester::FailureReportingMode::QtTest};
};

}  // namespace

class TestManySeries : public QObject {
    Q_OBJECT
private slots:
    void histogramShowsTheLargestFirst();
    void endedRowsHiddenByDefault();
    void removeEndedRemovesExactlyTheEnded();
    void hiddenEndedRowsLeaveWithoutReset();
    void reportUpdatesCellByCell();
    void userStepsWithTwoThousandSeries();
};

void TestManySeries::histogramShowsTheLargestFirst()
{
    const ManySeries m;
    ViewData data;
    ViewWidget w(&data);
    w.resize(1000, 700);
    w.show();
    fill_many(data, m);
    w.setKind(ViewWidget::Kind::Histogram);
    w.refresh();
    QCOMPARE(w.graphWidget(), w.histogram()->widget());
    // Expected: every live series (ended ones have no current value), by value, largest first.
    std::vector<std::pair<int, double>> want = live_last_values(m, m.steps - 1);
    std::sort(want.begin(), want.end(), [](const auto& a, const auto& b) {
        return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    const std::vector<HistogramView::Bar>& bars = w.histogram()->bars();
    QCOMPARE(bars.size(), want.size());
    QCOMPARE(int(bars.size()), m.total - m.ended);
    for (size_t i = 0; i < want.size(); ++i) {
        QCOMPARE(data.series(bars[i].row).info.id, quint64(want[i].first));
        QCOMPARE(bars[i].value, want[i].second);
        QCOMPARE(bars[i].color, data.series(bars[i].row).color);
    }
    // The bars that fit are the top N, and the rest is a scroll away.
    const HistogramView* view = w.histogram()->view();
    const int n = view->barsThatFit();
    QVERIFY(n >= 5 && n < int(want.size()));
    QCOMPARE(view->firstShownBar(), 0);
    QTRY_VERIFY(view->verticalScrollBar()->isVisible());
    QCOMPARE(view->verticalScrollBar()->maximum(), int(want.size()) - n);
    // Clicking a bar selects its series (the legend row too).
    const int third = bars[2].row;
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                      QPoint(view->viewport()->width() / 2, view->rowHeight() * 2 + view->rowHeight() / 2));
    QCOMPARE(w.selectedRow(), third);
    // Every bar is the same counter: a bar is named by its instance alone.
    QCOMPARE(view->nameOf(bars[0].row), data.series(bars[0].row).info.instance);
    // A scale multiplies the bar; a hidden series has none.
    const int top_row = bars[0].row;
    data.setScale(top_row, -1);
    data.setVisible(bars[1].row, false);
    w.refresh();
    QCOMPARE(int(w.histogram()->bars().size()), int(want.size()) - 1);
    const auto scaled = std::find_if(w.histogram()->bars().begin(), w.histogram()->bars().end(),
                                     [&](const HistogramView::Bar& b) { return b.row == top_row; });
    QVERIFY(scaled != w.histogram()->bars().end());
    QCOMPARE(scaled->value, want[0].second * 0.1);
    // Another counter among the bars: names say counter and instance again.
    data.addSeries(make_info(quint64(m.total + 1), QStringLiteral("Memory"), QStringLiteral("Available Bytes"), {}));
    data.appendPoint(data.seriesCount() - 1, kT0 + 1000 * qint64(m.steps - 1), 5.0, true);
    data.notifyAppended();
    w.refresh();
    QCOMPARE(view->nameOf(top_row), data.series(top_row).displayName());
}

void TestManySeries::endedRowsHiddenByDefault()
{
    SmallView v;
    const ManySeries& m = v.m;
    ViewData& data = v.data;
    ViewWidget& w = v.w;
    QSortFilterProxyModel* proxy = v.proxy;
    QVERIFY(proxy);
    fill_many(data, m);
    w.refresh();
    QVERIFY(!w.showsEnded());
    QCOMPARE(data.endedCount(), m.ended);
    QCOMPARE(w.legendModel()->rowCount(), m.total);
    QCOMPARE(proxy->rowCount(), m.total - m.ended);
    for (int row = 0; row < proxy->rowCount(); ++row) {
        const int source = proxy->mapToSource(proxy->index(row, 0)).row();
        QVERIFY(!data.series(source).ended);
        QVERIFY(!m.endsEver(int(data.series(source).info.id)));
    }
    QSignalSpy shown(&w, &ViewWidget::showEndedChanged);
    w.setShowEnded(true);
    QCOMPARE(shown.size(), 1);
    QCOMPARE(proxy->rowCount(), m.total);
    w.legendView()->sortByColumn(LegendModel::Last, Qt::DescendingOrder);
    w.setShowEnded(false);
    QCOMPARE(proxy->rowCount(), m.total - m.ended);
    // A row that ends while shown leaves the legend.
    SampleBatch end = many_batch(m, m.steps);
    const quint64 live_id = 4;  // 4 % 4 == 0: never ends in the data
    end.ended.append(live_id);
    data.append(end);
    QCOMPARE(proxy->rowCount(), m.total - m.ended - 1);
    QCOMPARE(data.endedCount(), m.ended + 1);
    // Selecting an ended series (from the graph, say) keeps that one row listed.
    const int ended_row = data.rowOf(1);
    QVERIFY(data.series(ended_row).ended);
    w.setSelectedRow(ended_row);
    QCOMPARE(w.selectedRow(), ended_row);
    QCOMPARE(proxy->rowCount(), m.total - m.ended);
    // Many removed at once (under the testers): hidden ones one by one, the
    // shown selected one with them.
    w.removeEnded();
    QCOMPARE(w.legendModel()->rowCount(), m.total - m.ended - 1);
    QCOMPARE(proxy->rowCount(), m.total - m.ended - 1);
}

void TestManySeries::removeEndedRemovesExactlyTheEnded()
{
    const ManySeries m;
    ViewData data;
    ViewWidget w(&data);
    w.show();
    fill_many(data, m);
    w.refresh();
    std::set<quint64> want;
    for (int k = 1; k <= m.total; ++k) {
        if (!m.endsEver(k))
            want.insert(quint64(k));
    }
    QCOMPARE(int(want.size()), m.total - m.ended);
    const quint64 selected_id = 8;  // a live series: the selection stays on it
    w.setSelectedRow(data.rowOf(selected_id));
    QSignalSpy selection(&w, &ViewWidget::selectedRowChanged);
    w.removeEnded();
    QCOMPARE(w.selectedRow(), data.rowOf(selected_id));
    QCOMPARE(selection.size(), 1);
    QCOMPARE(selection.last().at(0).toInt(), data.rowOf(selected_id));
    QCOMPARE(ids_of(data), want);
    QCOMPARE(data.endedCount(), 0);
    QCOMPARE(w.legendModel()->rowCount(), int(want.size()));
    QCOMPARE(w.legendView()->model()->rowCount(), int(want.size()));
    QCOMPARE(w.plotLines()->lineCount(), int(want.size()));
    // Rows are still found by id after the removals.
    for (quint64 id : want)
        QCOMPARE(data.series(data.rowOf(id)).info.id, id);
    QCOMPARE(data.rowOf(1), -1);
    w.refresh();
    const auto [from, to] = w.visibleRange();
    const SeriesHistory& h = data.series(0).history;
    int count = 0;
    for (qsizetype i = 0; i < h.size(); ++i)
        count += h.timeAt(i) >= from && h.timeAt(i) <= to && h.validAt(i);
    QCOMPARE(w.legendModel()->statistics(0).count, count);
}

// Ended rows the legend hides leave it row by row, without a reset, whether
// the user removes them or they drop out of the window: the rows left are the
// live ones, with their names and statistics as the inputs give them.
void TestManySeries::hiddenEndedRowsLeaveWithoutReset()
{
    SmallView v;
    const ManySeries& m = v.m;
    ViewData& data = v.data;
    ViewWidget& w = v.w;
    QSortFilterProxyModel* proxy = v.proxy;
    QVERIFY(proxy);
    fill_many(data, m);
    w.refresh();
    QVERIFY(!w.showsEnded());
    QSignalSpy source_resets(w.legendModel(), &QAbstractItemModel::modelReset);
    QSignalSpy proxy_resets(proxy, &QAbstractItemModel::modelReset);
    QSignalSpy source_removed(w.legendModel(), &QAbstractItemModel::rowsRemoved);
    QSignalSpy proxy_removed(proxy, &QAbstractItemModel::rowsRemoved);
    w.removeEnded();
    QCOMPARE(source_resets.size(), 0);
    QCOMPARE(proxy_resets.size(), 0);
    int removed = 0;
    for (const QList<QVariant>& args : source_removed)
        removed += args.at(2).toInt() - args.at(1).toInt() + 1;
    QCOMPARE(removed, m.ended);
    QCOMPARE(proxy_removed.size(), 0);  // the view saw none of them
    const std::vector<std::pair<int, double>> live = live_last_values(m, m.steps - 1);
    QCOMPARE(int(live.size()), m.total - m.ended);
    QCOMPARE(w.legendModel()->rowCount(), int(live.size()));
    QCOMPARE(proxy->rowCount(), int(live.size()));
    // Rows keep their order (ids ascend as added), each row its own data.
    auto* model = w.legendModel();
    for (int row = 0; row < model->rowCount(); ++row) {
        const auto [k, last] = live[static_cast<size_t>(row)];
        const SeriesInfo info = process_info(k);
        QCOMPARE(model->index(row, 0).data(LegendModel::SeriesIdRole).value<quint64>(), quint64(k));
        QCOMPARE(model->index(row, LegendModel::Instance).data().toString(), info.instance);
        QCOMPARE(model->index(row, LegendModel::Counter).data().toString(), info.counter);
        QCOMPARE(model->index(row, LegendModel::Last).data().toString(), LegendModel::formatValue(last));
        QCOMPARE(model->index(row, LegendModel::Last).data(Qt::UserRole).toDouble(), last);
    }

    // Shown, many ended rows that go reset the legend once instead.
    ViewData shown_data;
    ViewWidget shown(&shown_data);
    shown.setShowEnded(true);
    QAbstractItemModelTester shown_tester(shown.legendView()->model(),
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    fill_many(shown_data, m);
    QSignalSpy shown_resets(shown.legendModel(), &QAbstractItemModel::modelReset);
    shown.removeEnded();
    QCOMPARE(shown_resets.size(), 1);
    QCOMPARE(shown.legendView()->model()->rowCount(), m.total - m.ended);

    // Dropped as they leave the window, batch after batch: row by row, never a reset.
    ViewData dropping;
    ViewWidget dropping_view(&dropping);
    auto* dropping_proxy = dropping_view.legendView()->model();
    QAbstractItemModelTester dropping_tester(dropping_proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    dropping.setEndedDropAge(5'000);
    QSignalSpy dropping_resets(dropping_view.legendModel(), &QAbstractItemModel::modelReset);
    fill_many(dropping, m);
    QCOMPARE(dropping_resets.size(), 0);
    // Left: the live ones and those ended within the last 5 s of data.
    int kept = 0;
    for (int k = 1; k <= m.total; ++k) {
        const bool ended_recently = m.endsEver(k) && m.endStep(k) <= m.steps - 1 && m.endStep(k) - 1 >= m.steps - 1 - 5;
        kept += !m.endsEver(k) || m.endStep(k) > m.steps - 1 || ended_recently;
    }
    QCOMPARE(dropping.seriesCount(), kept);
    QCOMPARE(dropping_proxy->rowCount(), dropping.seriesCount() - dropping.endedCount());
    QCOMPARE(dropping_view.legendModel()->rowCount(), kept);
}

void TestManySeries::reportUpdatesCellByCell()
{
    ManySeries m;
    m.total = 100;  // 75 ended: more than a reset takes, so showing them resets once
    m.ended = 75;
    m.steps = 60;
    ViewData data;
    ViewWidget w(&data);
    w.show();
    fill_many(data, m);
    w.setKind(ViewWidget::Kind::Report);
    w.refresh();
    QTableView* view = w.reportView();
    QCOMPARE(w.graphWidget(), static_cast<QWidget*>(view));
    QAbstractItemModel* model = view->model();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    // One object, one counter: a heading row naming each live instance and a counter row.
    QCOMPARE(model->rowCount(), 2);
    QCOMPARE(model->headerData(0, Qt::Vertical).toString(), QStringLiteral("Process"));
    QCOMPARE(model->headerData(1, Qt::Vertical).toString(), QStringLiteral("% Processor Time"));
    QCOMPARE(model->columnCount(), m.total - m.ended);
    for (int row = 0; row < data.seriesCount(); ++row) {
        const ViewSeries& s = data.series(row);
        const QModelIndex cell = w.report()->model()->indexOfSeries(row);
        QCOMPARE(cell.isValid(), !s.ended);
        if (!cell.isValid())
            continue;
        QCOMPARE(cell.row(), 1);
        QCOMPARE(model->index(0, cell.column()).data().toString(), s.info.instance);
        QCOMPARE(cell.data().toString(), LegendModel::formatValue(w.legendModel()->statistics(row).last));
    }
    // The selected series' cell stays current through the reset that shows the ended ones.
    w.setSelectedRow(3);
    QCOMPARE(view->currentIndex(), w.report()->model()->indexOfSeries(3));
    QSignalSpy shown_reset(model, &QAbstractItemModel::modelReset);
    w.setShowEnded(true);
    QCOMPARE(shown_reset.size(), 1);
    QCOMPARE(view->currentIndex(), w.report()->model()->indexOfSeries(3));
    QCOMPARE(model->columnCount(), m.total);
    const QModelIndex first_ended = w.report()->model()->indexOfSeries(0);
    QCOMPARE(model->index(0, first_ended.column()).data(Qt::ToolTipRole).toString(),
             data.series(0).info.instance + QStringLiteral(" (ended)"));
    // New data and a new series keep the existing cells (no reset).
    QSignalSpy resets(model, &QAbstractItemModel::modelReset);
    const QPersistentModelIndex kept = w.report()->model()->indexOfSeries(3);
    data.append(many_batch(m, m.steps));
    SampleBatch more = many_batch(m, m.steps + 1);
    more.added.append(make_info(999, QStringLiteral("Memory"), QStringLiteral("Available Bytes")));
    more.points.append({999, 4096.0, true});
    data.append(more);
    w.refresh();
    QCOMPARE(resets.size(), 0);
    QVERIFY(kept.isValid());
    QCOMPARE(QModelIndex(kept), w.report()->model()->indexOfSeries(3));
    QCOMPARE(kept.data().toString(), LegendModel::formatValue(ManySeries::value(4, m.steps + 1)));
    QCOMPARE(model->rowCount(), 4);
    QCOMPARE(model->headerData(2, Qt::Vertical).toString(), QStringLiteral("Memory"));
    QCOMPARE(model->columnCount(), m.total);  // Memory's one column is Process's first
    QCOMPARE(model->index(3, 0).data().toString(), LegendModel::formatValue(4096.0));
    // Removing the last series of an object removes the object's rows.
    data.removeSeries(data.rowOf(999));
    QCOMPARE(model->rowCount(), 2);
    QCOMPARE(model->columnCount(), m.total);
    w.removeEnded();
    QCOMPARE(model->columnCount(), m.total - m.ended);
    QCOMPARE(w.selectedRow(), data.rowOf(4));
    QCOMPARE(view->currentIndex(), w.report()->model()->indexOfSeries(data.rowOf(4)));
}

// The user's steps with 2,000 series: what each does; the longest stall is
// printed for information (the benchmark reports it as a figure).
void TestManySeries::userStepsWithTwoThousandSeries()
{
    const ManySeries m;
    ViewData data;
    ViewWidget w(&data);
    w.setMinRefreshInterval(0);
    w.resize(1200, 800);
    fill_many(data, m);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto* proxy = w.legendView()->model();
    StallWatch watch;
    watch.start();
    ScenarioRunner run(watch);
    int live = m.total - m.ended;
    run_many_series_steps(w, data, m, run, [&](const std::string& name) {
        if (name == "kind") {
            QCOMPARE(w.graphWidget()->isVisible(), true);
        } else if (name == "sort" || name == "hide ended") {
            QCOMPARE(proxy->rowCount(), data.seriesCount() - data.endedCount());
        } else if (name == "show ended") {
            QCOMPARE(proxy->rowCount(), data.seriesCount());
        } else if (name == "add 100 series") {
            live += 100;
            QCOMPARE(data.seriesCount() - data.endedCount(), live);
        } else if (name == "remove 10 series") {
            live -= 10;
            QCOMPARE(data.seriesCount() - data.endedCount(), live);
        } else if (name == "remove ended") {
            QCOMPARE(data.endedCount(), 0);
            QCOMPARE(data.seriesCount(), live);
            QCOMPARE(proxy->rowCount(), live);
        }
    });
    watch.stop();
    const StepTime longest = run.longest();
    qInfo("longest step: %s %.1f ms; longest event-loop gap %.1f ms (%s)", longest.name.c_str(), longest.ms,
          watch.maxGapMs(), watch.worst().c_str());
    QCOMPARE(int(run.steps().size()) > 30, true);
}

QTEST_MAIN(TestManySeries)
#include "test_many_series.moc"
