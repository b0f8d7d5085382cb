// SPDX-License-Identifier: Apache-2.0
// ViewWidget and LegendModel: statistics over the visible window by formula,
// freeze, scroll back, zoom, gaps as separate line segments, decimated points
// only, no work while hidden, histogram, report, value bar, highlight, delete.
#include "chart_test_data.h"
#include "gui/charts/chart_view.h"
#include "gui/charts/legend_column_sizer.h"
#include "gui/charts/legend_model.h"
#include "gui/charts/plot_lines_item.h"
#include "gui/charts/report_graph.h"
#include "gui/charts/view_widget.h"
#include "gui/charts/histogram_graph.h"
#include "gui/charts/report_model.h"

#include <QAbstractItemModelTester>
#include <QChart>
#include <QCheckBox>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>
#include <QToolTip>
#include <QValueAxis>

#include <cmath>

using namespace perfscope::gui;
using namespace perfscope::gui::test;

namespace {

struct Stats {
    int count = 0;
    double last = NAN, avg = NAN, min = NAN, max = NAN;
};

// Straight from the raw history over [from, to].
Stats formula(const SeriesHistory& h, qint64 from, qint64 to)
{
    Stats s;
    double sum = 0;
    for (qsizetype i = 0; i < h.size(); ++i) {
        if (h.timeAt(i) < from || h.timeAt(i) > to || !h.validAt(i))
            continue;
        const double v = h.valueAt(i);
        s.min = s.count ? std::min(s.min, v) : v;
        s.max = s.count ? std::max(s.max, v) : v;
        s.last = v;
        sum += v;
        ++s.count;
    }
    if (s.count)
        s.avg = sum / s.count;
    return s;
}

void compare_legend(const ViewWidget& w)
{
    const auto [from, to] = w.visibleRange();
    const LegendModel* m = w.legendModel();
    for (int row = 0; row < m->rowCount(); ++row) {
        const Stats want = formula(w.viewData()->series(row).history, from, to);
        QCOMPARE(m->statistics(row).count, want.count);
        QCOMPARE(m->index(row, LegendModel::Last).data(Qt::UserRole).toDouble(), want.last);
        QCOMPARE(m->index(row, LegendModel::Minimum).data(Qt::UserRole).toDouble(), want.min);
        QCOMPARE(m->index(row, LegendModel::Maximum).data(Qt::UserRole).toDouble(), want.max);
        QVERIFY(std::abs(m->index(row, LegendModel::Average).data(Qt::UserRole).toDouble() - want.avg) < 1e-9);
        QCOMPARE(m->index(row, LegendModel::Average).data().toString(), LegendModel::formatValue(want.avg));
    }
}

qsizetype total_points(const ViewWidget& w, int row)
{
    qsizetype n = 0;
    for (const QList<QPointF>& stretch : w.lineSegments(row))
        n += stretch.size();
    return n;
}

}  // namespace

class TestViewWidget : public QObject {
    Q_OBJECT
private slots:
    void endedCountShownWhole();
    void valueFormat_data();
    void valueFormat();
    void legendModelUnderTester();
    void legendEditsWriteThrough();
    void statisticsOverVisibleWindow_data();
    void statisticsOverVisibleWindow();
    void freezeStopsFollowing();
    void scrollBackWhileFrozen();
    void zoomAndReset();
    void rubberBandZooms();
    void gapSplitsTheLine();
    void onlyDecimatedPointsReachTheChart();
    void hiddenViewDoesNoWork();
    void batchesCoalesceIntoOneRefresh();
    void refreshesAtMostEveryInterval();
    void hiddenSeriesDrawsNothing();
    void histogramShowsLastValues();
    void reportGroupsObjectCounterInstance();
    void machinesNamedWhenSeveral();
    void hiddenReportWaitsUntilShown();
    void valueBarShowsSelected();
    void highlightAndRemoveSelected();
    void tooltipNamesValueAndTime();
    void linesArePaintedWithGaps();
    void hoverOverALineShowsItsTooltip();
    void errorShownAndYRange();
    void clearKeepsSeries();
    void legendNamesStayReadableWhenNarrow();
};

// Legend and value bar numbers without a unit: 4 significant digits, whole
// counts from 1000 up with the locale's separators, a dash for none (the
// formatter's own cases are in test_value_format).
void TestViewWidget::valueFormat_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");
    const QLocale l;
    QTest::newRow("percent") << 3.0104 << l.toString(3.01, 'f', 2);
    QTest::newRow("zero") << 0.0 << l.toString(0);
    QTest::newRow("just under a million") << 999999.9994 << l.toString(qint64(1000000));
    QTest::newRow("available bytes") << 24651763712.4 << l.toString(qint64(24651763712));
    QTest::newRow("negative, large") << -2500000.6 << l.toString(qint64(-2500001));
    QTest::newRow("none") << std::nan("") << QStringLiteral("—");
}

void TestViewWidget::valueFormat()
{
    QFETCH(double, value);
    QFETCH(QString, text);
    QCOMPARE(LegendModel::formatValue(value), text);
}

// Counter and Instance fill what the value columns leave in a wide view; in a narrow one they keep their
// readable minimum (14 and 12 em) and the table scrolls sideways instead.
void TestViewWidget::legendNamesStayReadableWhenNarrow()
{
    ViewData data;
    ViewWidget w(&data);
    fill_view(data, 3, 10);
    QTableView* legend = w.legendView();
    const int em = legend->fontMetrics().horizontalAdvance(QLatin1Char('M'));
    auto others = [&] {
        int sum = 0;
        for (int column = 0; column < LegendModel::ColumnCount; ++column)
            if (column != LegendModel::Counter && column != LegendModel::Instance)
                sum += legend->columnWidth(column);
        return sum;
    };
    for (const int width : {1800, 500}) {
        w.resize(width, 600);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCoreApplication::processEvents();
        const int free = legend->viewport()->width() - others();
        const int counter = legend->columnWidth(LegendModel::Counter);
        const int instance = legend->columnWidth(LegendModel::Instance);
        QVERIFY2(counter >= 14 * em && instance >= 12 * em,
                 qPrintable(QStringLiteral("width %1: %2 and %3 px").arg(width).arg(counter).arg(instance)));
        // 1800 px leaves room for both minimums: the names take exactly the free width. 500 px does not:
        // they keep their minimums and the table scrolls.
        const bool wide = width == 1800;
        QCOMPARE(free >= 26 * em, wide);
        if (wide) {
            QCOMPARE(counter + instance, free);
            QCOMPARE(counter, free * 55 / 100);
        } else {
            QCOMPARE(counter, 14 * em);
            QCOMPARE(instance, 12 * em);
            QVERIFY(legend->horizontalScrollBar()->maximum() > 0);
        }
    }
    QCOMPARE(LegendColumnSizer::widths(1000, 140, 120), std::make_pair(550, 450));
    QCOMPARE(LegendColumnSizer::widths(200, 140, 120), std::make_pair(140, 120));
    QCOMPARE(LegendColumnSizer::widths(270, 140, 120), std::make_pair(148, 122));
}

void TestViewWidget::legendModelUnderTester()
{
    ViewData data;
    ViewWidget w(&data);
    QAbstractItemModelTester tester(w.legendModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto* proxy = qobject_cast<QSortFilterProxyModel*>(w.legendView()->model());
    QVERIFY(proxy);
    QAbstractItemModelTester proxy_tester(proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    fill_view(data, 5, 50, 10, 20);
    w.refresh();
    proxy->sort(LegendModel::Last, Qt::DescendingOrder);
    data.removeSeries(2);
    data.removeSeries(0);
    fill_view(data, 2, 3);  // ids 1, 2 again: new series? no, 2 still lives; 1 comes back as new row
    w.refresh();
    data.setColor(0, Qt::red);
    data.clear();
    w.refresh();
    proxy->sort(LegendModel::Counter, Qt::AscendingOrder);
    while (data.seriesCount() > 0)
        data.removeSeries(data.seriesCount() - 1);
    QCOMPARE(w.legendModel()->rowCount(), 0);
}

void TestViewWidget::legendEditsWriteThrough()
{
    ViewData data;
    LegendModel m(&data);
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    fill_view(data, 2, 3);
    QSignalSpy changed(&m, &QAbstractItemModel::dataChanged);
    QVERIFY(m.setData(m.index(0, LegendModel::Show), Qt::Unchecked, Qt::CheckStateRole));
    QVERIFY(!data.series(0).visible);
    QCOMPARE(m.index(0, LegendModel::Show).data(Qt::CheckStateRole).value<Qt::CheckState>(), Qt::Unchecked);
    QVERIFY(m.setData(m.index(1, LegendModel::Color), QColor(Qt::darkGreen)));
    QCOMPARE(data.series(1).color, QColor(Qt::darkGreen));
    QCOMPARE(m.index(1, LegendModel::Color).data(Qt::DecorationRole).value<QColor>(), QColor(Qt::darkGreen));
    QVERIFY(m.setData(m.index(1, LegendModel::Scale), -3));
    QCOMPARE(data.series(1).scale_exponent, -3);
    QCOMPARE(m.index(1, LegendModel::Scale).data().toString(), QStringLiteral("0.001"));
    QVERIFY(!m.setData(m.index(1, LegendModel::Scale), 11));                     // outside 10^-10..10^10
    QVERIFY(!m.setData(m.index(1, LegendModel::Counter), QStringLiteral("x")));  // not editable
    QVERIFY(!(m.flags(m.index(0, LegendModel::Counter)) & Qt::ItemIsEditable));
    QVERIFY(m.flags(m.index(0, LegendModel::Scale)) & Qt::ItemIsEditable);
    QCOMPARE(changed.size(), 3);
    QCOMPARE(m.index(0, LegendModel::Counter).data().toString(), QStringLiteral("Counter 1"));
    QCOMPARE(m.index(0, LegendModel::Instance).data().toString(), QStringLiteral("cpu1"));
    QCOMPARE(m.index(0, LegendModel::Object).data().toString(), QStringLiteral("Processor"));
    QCOMPARE(m.index(0, LegendModel::Computer).data().toString(), QStringLiteral("\\\\host"));
    QCOMPARE(m.headerData(LegendModel::Computer, Qt::Horizontal).toString(), QStringLiteral("Computer"));
    QCOMPARE(m.headerData(LegendModel::Maximum, Qt::Horizontal).toString(), QStringLiteral("Maximum"));
    // An ended instance is marked.
    SampleBatch end;
    end.time_ms = kT0 + 10'000;
    end.ended = {1};
    data.append(end);
    QCOMPARE(m.index(0, LegendModel::Instance).data().toString(), QStringLiteral("cpu1 (ended)"));
}

void TestViewWidget::statisticsOverVisibleWindow_data()
{
    QTest::addColumn<int>("steps");
    QTest::addColumn<double>("window_s");
    QTest::newRow("window longer than data") << 40 << 100.0;
    QTest::newRow("window shorter than data") << 400 << 100.0;
    QTest::newRow("gap inside window") << 150 << 60.0;
}

void TestViewWidget::statisticsOverVisibleWindow()
{
    QFETCH(int, steps);
    QFETCH(double, window_s);
    ViewData data;
    ViewWidget w(&data);
    w.resize(900, 600);
    w.show();
    w.setTimeWindow(window_s);
    fill_view(data, 4, steps, steps - 30, steps - 20);
    w.refresh();
    const auto [from, to] = w.visibleRange();
    QCOMPARE(to, data.lastTime());
    QCOMPARE(to - from, qint64(window_s * 1000));
    compare_legend(w);
}

void TestViewWidget::freezeStopsFollowing()
{
    ViewData data;
    ViewWidget w(&data);
    w.setMinRefreshInterval(0);
    w.resize(800, 500);
    w.show();
    QSignalSpy frozen(&w, &ViewWidget::frozenChanged);
    fill_view(data, 2, 200);
    w.refresh();
    const auto before = w.visibleRange();
    w.setFrozen(true);
    QVERIFY(w.isFrozen());
    QCoreApplication::processEvents();
    const qint64 refreshes = w.refreshCount();
    SampleBatch b;
    b.time_ms = data.lastTime() + 1000;
    b.points = {{1, 1000.0, true}, {2, 1000.0, true}};
    data.append(b);
    QCoreApplication::processEvents();
    QCOMPARE(w.refreshCount(), refreshes);
    QCOMPARE(w.visibleRange(), before);
    w.setFrozen(false);
    QCoreApplication::processEvents();
    QCOMPARE(w.visibleRange().second, b.time_ms);
    QCOMPARE(w.legendModel()->index(0, LegendModel::Last).data(Qt::UserRole).toDouble(), 1000.0);
    QCOMPARE(frozen.size(), 2);
}

void TestViewWidget::scrollBackWhileFrozen()
{
    ViewData data;
    ViewWidget w(&data);
    w.resize(800, 500);
    w.show();
    w.setTimeWindow(50);
    fill_view(data, 3, 600);
    w.refresh();
    w.scrollTo(kT0 + 100'000);  // not frozen: ignored
    QCOMPARE(w.visibleRange().second, data.lastTime());
    w.setFrozen(true);
    w.scrollTo(kT0 + 200'000);
    w.refresh();
    QCOMPARE(w.visibleRange(), std::make_pair(kT0 + 150'000, kT0 + 200'000));
    compare_legend(w);
    w.scrollTo(kT0 - 1'000'000);  // before the history: clamped to its start
    w.refresh();
    QCOMPARE(w.visibleRange().first, kT0);
    compare_legend(w);
    w.scrollTo(data.lastTime() + 1'000'000);
    QCOMPARE(w.visibleRange().second, data.lastTime());
}

void TestViewWidget::zoomAndReset()
{
    ViewData data;
    ViewWidget w(&data);
    w.resize(800, 500);
    w.show();
    fill_view(data, 2, 300);
    w.refresh();
    w.zoomTo(kT0 + 10'000, kT0 + 30'000, std::make_pair(20.0, 60.0));
    w.refresh();
    QVERIFY(w.isFrozen());
    QVERIFY(w.isZoomed());
    QCOMPARE(w.visibleRange(), std::make_pair(kT0 + 10'000, kT0 + 30'000));
    QCOMPARE(w.yRange(), std::make_pair(20.0, 60.0));
    compare_legend(w);
    w.resetZoom();
    w.refresh();
    QVERIFY(!w.isZoomed());
    QVERIFY(w.isFrozen());  // still frozen, at the same end, full window again
    QCOMPARE(w.visibleRange(), std::make_pair(kT0 + 30'000 - 100'000, kT0 + 30'000));
    w.setFrozen(false);
    w.refresh();
    QCOMPARE(w.visibleRange().second, data.lastTime());
}

void TestViewWidget::rubberBandZooms()
{
    ViewData data;
    ViewWidget w(&data);
    w.resize(900, 600);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    fill_view(data, 2, 300);
    w.refresh();
    QCoreApplication::processEvents();
    const QRectF plot = w.lineChart()->plotArea();
    QVERIFY(plot.width() > 100);
    const QPoint a = plot.topLeft().toPoint() + QPoint(int(plot.width() / 4), 10);
    const QPoint b = plot.topLeft().toPoint() + QPoint(int(plot.width() / 2), int(plot.height()) - 10);
    // The expected values by the axes' own ranges over the plot area.
    const auto [t0, t1] = w.visibleRange();
    const auto [y0, y1] = w.yRange();
    const auto to_value = [&, t0 = t0, t1 = t1, y0 = y0, y1 = y1](const QPointF& p) {
        return QPointF(double(t0) + (p.x() - plot.left()) / plot.width() * double(t1 - t0),
                       y0 + (plot.bottom() - p.y()) / plot.height() * (y1 - y0));
    };
    const QPointF va = to_value(a);
    const QPointF vb = to_value(b);
    QWidget* viewport = w.chartView()->viewport();
    QTest::mousePress(viewport, Qt::LeftButton, {}, a);
    QTest::mouseMove(viewport, b);
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, b);
    QVERIFY(w.isZoomed());
    const auto [from, to] = w.visibleRange();
    QVERIFY(std::abs(from - qint64(va.x())) <= 1);
    QVERIFY(std::abs(to - qint64(vb.x())) <= 1);
    w.refresh();
    // The band's values widened to round labels: the nice range of the band.
    const NiceRange nice = niceRange(vb.y(), va.y(), 5);
    QCOMPARE(w.yRange(), std::make_pair(nice.min, nice.max));
    QVERIFY(w.yRange().first <= vb.y() && w.yRange().second >= va.y());
    QTest::mouseClick(viewport, Qt::RightButton, {}, a);
    QVERIFY(!w.isZoomed());
}

void TestViewWidget::gapSplitsTheLine()
{
    ViewData data;
    ViewWidget w(&data);
    w.resize(900, 600);
    w.show();
    fill_view(data, 2, 90, 30, 40);  // series 1: gap over steps 30..39
    w.refresh();
    QCOMPARE(w.lineSegmentCount(0), 2);
    QCOMPARE(w.lineSegmentCount(1), 1);
    const QList<QList<QPointF>> segments = w.lineSegments(0);
    // One point per column here (90 points, ~800 px): each stretch has its points.
    QCOMPARE(segments[0].size(), 30);
    QCOMPARE(segments[1].size(), 50);
    QCOMPARE(segments[0].at(29), QPointF(double(kT0 + 29'000), wave(1, 29)));
    QCOMPARE(segments[1].at(0), QPointF(double(kT0 + 40'000), wave(1, 40)));
    // The gap scrolls out of the window: one stretch again.
    w.setTimeWindow(40);
    w.refresh();
    QCOMPARE(w.lineSegmentCount(0), 1);
}

void TestViewWidget::onlyDecimatedPointsReachTheChart()
{
    ViewData data;
    ViewWidget w(&data);
    w.resize(900, 600);
    w.show();
    w.setTimeWindow(2000);
    fill_view(data, 3, 20'000, -1, -1, 100);  // 20,000 points at 0.1 s
    w.refresh();
    QCoreApplication::processEvents();
    w.refresh();
    const int width = int(w.lineChart()->plotArea().width());
    QVERIFY(width > 100);
    for (int row = 0; row < 3; ++row) {
        QVERIFY2(total_points(w, row) <= 2 * (width + 2), qPrintable(QString::number(total_points(w, row))));
        QVERIFY(total_points(w, row) >= width);
    }
    // The extremes of the window survive decimation (auto y range covers them).
    const Stats s = formula(data.series(0).history, w.visibleRange().first, w.visibleRange().second);
    QVERIFY(w.yRange().first <= s.min);
    QVERIFY(w.yRange().second >= s.max);
}

void TestViewWidget::hiddenViewDoesNoWork()
{
    ViewData data;
    ViewWidget w(&data);
    w.setMinRefreshInterval(0);
    w.resize(800, 500);
    fill_view(data, 2, 50);
    QCoreApplication::processEvents();
    QCOMPARE(w.refreshCount(), 0);
    w.show();
    QCoreApplication::processEvents();
    QCOMPARE(w.refreshCount(), 1);
    w.hide();
    fill_view(data, 2, 5);
    QCoreApplication::processEvents();
    QCOMPARE(w.refreshCount(), 1);
    w.show();
    QCoreApplication::processEvents();
    QCOMPARE(w.refreshCount(), 2);
}

void TestViewWidget::batchesCoalesceIntoOneRefresh()
{
    ViewData data;
    ViewWidget w(&data);
    w.setMinRefreshInterval(0);
    w.resize(800, 500);
    w.show();
    QCoreApplication::processEvents();
    const qint64 before = w.refreshCount();
    fill_view(data, 5, 10);
    QCoreApplication::processEvents();
    QCOMPARE(w.refreshCount(), before + 1);
}

void TestViewWidget::refreshesAtMostEveryInterval()
{
    ViewData data;
    ViewWidget w(&data);
    QCOMPARE(w.minRefreshInterval(), 200);
    w.setMinRefreshInterval(300);
    w.show();
    fill_view(data, 2, 5);
    QTRY_COMPARE(w.refreshCount(), 1);
    // Batches 50 ms apart for 1.2 s: about 4 refreshes, not 24.
    QElapsedTimer timer;
    timer.start();
    int step = 5;
    while (timer.elapsed() < 1200) {
        SampleBatch b;
        b.time_ms = kT0 + 1000 * step++;
        b.points = {{1, 1.0, true}, {2, 2.0, true}};
        data.append(b);
        QTest::qWait(50);
    }
    QVERIFY2(w.refreshCount() >= 3 && w.refreshCount() <= 6, qPrintable(QString::number(w.refreshCount())));
    // The last batch is shown once the interval has passed.
    QTRY_COMPARE(w.visibleRange().second, data.lastTime());
    QTRY_COMPARE(w.legendModel()->statistics(0).last_ms, data.lastTime());
}

void TestViewWidget::hiddenSeriesDrawsNothing()
{
    ViewData data;
    ViewWidget w(&data);
    w.show();
    fill_view(data, 2, 20);
    w.refresh();
    QVERIFY(total_points(w, 0) > 0);
    data.setVisible(0, false);
    w.refresh();
    QCOMPARE(total_points(w, 0), 0);
    QVERIFY(total_points(w, 1) > 0);
    // Statistics stay in the legend for hidden series.
    QCOMPARE(w.legendModel()->statistics(0).count, 20);
}

void TestViewWidget::histogramShowsLastValues()
{
    ViewData data;
    ViewWidget w(&data);
    w.show();
    fill_view(data, 3, 20);
    data.setScale(2, 1);
    data.setVisible(1, false);
    w.setKind(ViewWidget::Kind::Histogram);
    w.refresh();
    // Largest first: series 3 × 10 (about 700), then series 1 (about 86); series 2 is hidden.
    const std::vector<HistogramView::Bar>& bars = w.histogram()->bars();
    QCOMPARE(bars.size(), size_t(2));
    QCOMPARE(bars[0].row, 2);
    QCOMPARE(bars[0].value, wave(3, 19) * 10.0);
    QCOMPARE(bars[0].color, data.series(2).color);
    QCOMPARE(bars[1].row, 0);
    QCOMPARE(bars[1].value, wave(1, 19));
    QVERIFY(w.graphWidget() != static_cast<QWidget*>(w.chartView()));
    QVERIFY(w.graphWidget()->isVisible());
}

// A report nobody looks at does not follow the rows (a view over every process
// would pay for each process that starts or ends); shown, it catches up at once
// (reportGroupsObjectCounterInstance checks the table it then shows).
void TestViewWidget::hiddenReportWaitsUntilShown()
{
    ViewData data;
    ViewWidget w(&data);
    w.show();
    QSignalSpy inserted(w.report()->model(), &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(w.report()->model(), &QAbstractItemModel::modelReset);
    fill_view(data, 3, 20);
    data.removeSeries(0);
    QCOMPARE(inserted.size(), 0);
    QCOMPARE(reset.size(), 0);
    w.setKind(ViewWidget::Kind::Report);
    QCOMPARE(reset.size(), 1);
    // Series 2 (Memory, no instance) and 3 (cpu3) are left: two objects' rows.
    QCOMPARE(w.reportView()->model()->rowCount(), 4);
    QVERIFY(w.report()->model()->indexOfSeries(0).isValid());
    // Shown, it follows row by row again.
    w.setKind(ViewWidget::Kind::Report);
    data.removeSeries(0);
    QCOMPARE(reset.size(), 1);
    QCOMPARE(w.reportView()->model()->rowCount(), 2);
}

void TestViewWidget::reportGroupsObjectCounterInstance()
{
    ViewData data;
    ViewWidget w(&data);
    w.show();
    fill_view(data, 3, 20);
    w.setKind(ViewWidget::Kind::Report);
    w.refresh();
    QTableView* view = w.reportView();
    QCOMPARE(w.graphWidget(), static_cast<QWidget*>(view));
    const QAbstractItemModel* model = view->model();
    // Processor (1: cpu1, 3: cpu3) then Memory (2, no instance): a heading
    // naming the object's instances and a row per counter.
    const QStringList rows = {QStringLiteral("Processor"), QStringLiteral("Counter 1"), QStringLiteral("Counter 3"),
                              QStringLiteral("Memory"), QStringLiteral("Counter 2")};
    QCOMPARE(model->rowCount(), rows.size());
    for (int row = 0; row < rows.size(); ++row)
        QCOMPARE(model->headerData(row, Qt::Vertical).toString(), rows[row]);
    QCOMPARE(model->columnCount(), 2);
    QCOMPARE(model->index(0, 0).data().toString(), QStringLiteral("cpu1"));
    QCOMPARE(model->index(0, 1).data().toString(), QStringLiteral("cpu3"));
    QCOMPARE(model->index(3, 0).data().toString(), QString());  // Memory: no instance name
    QCOMPARE(model->index(1, 0).data().toString(), LegendModel::formatValue(wave(1, 19)));
    QCOMPARE(model->index(2, 1).data().toString(), LegendModel::formatValue(wave(3, 19)));
    QCOMPARE(model->index(4, 0).data().toString(), LegendModel::formatValue(wave(2, 19)));
    QCOMPARE(model->index(1, 1).data().toString(), QString());  // Counter 1 has no cpu3
    QCOMPARE(model->index(4, 1).data().toString(), QString());  // Memory has one column
    // No column header: the headings name the instances.
    QVERIFY(view->horizontalHeader()->isHidden());
    // A click on a cell selects its series.
    const QRect cpu3 = view->visualRect(model->index(2, 1));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, cpu3.center());
    QCOMPARE(w.selectedRow(), data.rowOf(3));
    // An instance that sorts before it moves its cell right: the cell stays
    // current, the selection on the same series.
    add_live(data, make_info(7, QStringLiteral("Processor"), QStringLiteral("Counter 3"), QStringLiteral("cpu2")),
             kT0 + 20'000);
    QCOMPARE(model->index(0, 1).data().toString(), QStringLiteral("cpu2"));
    QCOMPARE(view->currentIndex(), model->index(2, 2));
    QCOMPARE(w.selectedRow(), data.rowOf(3));
    // and moves it back when it goes.
    data.removeSeries(data.rowOf(7));
    QCOMPARE(view->currentIndex(), model->index(2, 1));
    QCOMPARE(view->selectionModel()->selectedIndexes(), QModelIndexList({model->index(2, 1)}));
    // One width for every column: grown for a longer name, within a limit.
    const int narrow = view->columnWidth(0);
    QCOMPARE(view->columnWidth(1), narrow);
    const QString long_name = QStringLiteral("a-process-with-a-name-far-longer-than-any-value-could-be");
    add_live(data, make_info(10, QStringLiteral("Processor"), QStringLiteral("Counter 3"), long_name), kT0 + 20'500);
    const int wide = view->columnWidth(0);
    QVERIFY2(wide > narrow, qPrintable(QStringLiteral("%1 > %2").arg(wide).arg(narrow)));
    QVERIFY(wide < QFontMetrics(view->font()).horizontalAdvance(long_name));
    for (int column = 1; column < model->columnCount(); ++column)
        QCOMPARE(view->columnWidth(column), wide);
    data.removeSeries(data.rowOf(10));
    // The arrow keys select the series of the cell they move to.
    add_live(data, make_info(8, QStringLiteral("Processor"), QStringLiteral("Counter 1"), QStringLiteral("cpu3")),
             kT0 + 21'000);
    w.setSelectedRow(data.rowOf(1));
    QCOMPARE(view->currentIndex(), model->index(1, 0));
    view->setFocus();
    QTest::keyClick(view, Qt::Key_Right);
    QCOMPARE(view->currentIndex(), model->index(1, 1));
    QCOMPARE(w.selectedRow(), data.rowOf(8));
    QTest::keyClick(view, Qt::Key_Up);  // a heading: no series, the selection stays
    QCOMPARE(w.selectedRow(), data.rowOf(8));
    w.setSelectedRow(data.rowOf(2));
    QCOMPARE(view->currentIndex(), model->index(4, 0));
}

// A view over two machines says which is which: the legend's Computer
// column and the report's headings name the machine; over one, neither
// repeats its name on every row.
void TestViewWidget::machinesNamedWhenSeveral()
{
    ViewData data;
    ViewWidget w(&data);
    w.show();
    fill_view(data, 3, 5);
    w.setKind(ViewWidget::Kind::Report);
    w.refresh();
    QVERIFY(w.legendView()->isColumnHidden(LegendModel::Computer));
    const QAbstractItemModel* report = w.reportView()->model();
    QCOMPARE(report->headerData(0, Qt::Vertical).toString(), QStringLiteral("Processor"));
    SeriesInfo other = make_info(9, QStringLiteral("Processor"), QStringLiteral("Counter 1"), QStringLiteral("cpu1"));
    other.path = QStringLiteral("\\\\db-server\\Processor(cpu1)\\Counter 1");
    add_live(data, other, kT0 + 5'000);
    w.refresh();
    QVERIFY(!w.legendView()->isColumnHidden(LegendModel::Computer));
    QCOMPARE(w.legendModel()->index(data.rowOf(9), LegendModel::Computer).data().toString(),
             QStringLiteral("\\\\db-server"));
    QStringList headings;
    for (int row = 0; row < report->rowCount(); ++row)
        if (w.report()->model()->isObjectRow(row))
            headings << report->headerData(row, Qt::Vertical).toString();
    QCOMPARE(headings, QStringList({QStringLiteral("\\\\host\\Processor"), QStringLiteral("\\\\host\\Memory"),
                                    QStringLiteral("\\\\db-server\\Processor")}));
    data.removeSeries(data.rowOf(9));
    w.refresh();
    QVERIFY(w.legendView()->isColumnHidden(LegendModel::Computer));
    QCOMPARE(report->headerData(0, Qt::Vertical).toString(), QStringLiteral("Processor"));
}

void TestViewWidget::valueBarShowsSelected()
{
    ViewData data;
    ViewWidget w(&data);
    w.show();
    w.setTimeWindow(30);
    fill_view(data, 2, 100);
    w.refresh();
    QSignalSpy selected(&w, &ViewWidget::selectedRowChanged);
    w.setSelectedRow(1);
    QCOMPARE(w.selectedRow(), 1);
    QCOMPARE(selected.size(), 1);
    const auto [from, to] = w.visibleRange();
    const Stats s = formula(data.series(1).history, from, to);
    const QString text = w.valueBarText();
    QVERIFY2(text.contains(LegendModel::formatValue(s.last)), qPrintable(text));
    QVERIFY(text.contains(LegendModel::formatValue(s.avg)));
    QVERIFY(text.contains(LegendModel::formatValue(s.min)));
    QVERIFY(text.contains(LegendModel::formatValue(s.max)));
    QVERIFY(text.contains(QStringLiteral("0:00:30")));
    // Selection follows the series through a sorted legend.
    w.legendView()->sortByColumn(LegendModel::Counter, Qt::DescendingOrder);
    QCOMPARE(w.selectedRow(), 1);
}

void TestViewWidget::highlightAndRemoveSelected()
{
    ViewData data;
    ViewWidget w(&data);
    w.show();
    fill_view(data, 3, 20, 5, 8);
    w.refresh();
    QCOMPARE(w.lineSegmentCount(0), 2);  // gap over steps 5..7 in series 1
    QCOMPARE(w.plotLines()->lineCount(), 3);
    w.setSelectedRow(0);
    QCOMPARE(w.plotLines()->pen(0).widthF(), 2.5);
    w.highlightSelected(true);
    QVERIFY(w.isHighlighting());
    QCOMPARE(w.plotLines()->pen(0).widthF(), 4.0);
    QCOMPARE(w.plotLines()->pen(0).color(), data.series(0).color);
    QVERIFY(w.plotLines()->pen(1).widthF() <= 1.0);
    QVERIFY(w.plotLines()->pen(1).isCosmetic());
    QCOMPARE(w.plotLines()->pen(1).color(), data.series(1).color);
    w.removeSelected();
    QCOMPARE(data.seriesCount(), 2);
    QCOMPARE(data.series(0).info.id, quint64(2));
    QCOMPARE(w.plotLines()->lineCount(), 2);
    w.refresh();
    QCOMPARE(w.legendModel()->rowCount(), 2);
    QCOMPARE(w.plotLines()->pen(0).color(), data.series(0).color);
    // The thick pen follows the selection (the legend may select the next row).
    for (int row = 0; row < 2; ++row)
        QCOMPARE(w.plotLines()->pen(row).widthF() > 1.0, w.selectedRow() == row);
}

void TestViewWidget::tooltipNamesValueAndTime()
{
    ViewData data;
    ViewWidget w(&data);
    fill_view(data, 1, 10, 4, 5);
    const QString text = w.tooltipText(0, kT0 + 2'400);  // nearest: step 2
    QVERIFY(text.startsWith(data.series(0).info.path + QStringLiteral("\n")));
    QVERIFY(text.contains(LegendModel::formatValue(wave(1, 2))));
    QVERIFY(text.contains(QDateTime::fromMSecsSinceEpoch(kT0 + 2'000).toString(QStringLiteral("hh:mm:ss.zzz"))));
    QVERIFY(w.tooltipText(0, kT0 + 4'000).contains(QStringLiteral("no value")));
}

// The item draws each series in its color where its points map, nothing over
// a gap; the pixel positions come from the axes' ranges over the plot area.
void TestViewWidget::linesArePaintedWithGaps()
{
    ViewData data;
    ViewWidget w(&data);
    w.resize(900, 600);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    fill_view(data, 2, 90, 30, 40);  // series 1 (row 0): gap over steps 30..39
    w.refresh();
    QCoreApplication::processEvents();
    const QImage image = w.chartView()->grab().toImage();
    const QRectF plot = w.lineChart()->plotArea();
    const auto [t0, t1] = w.visibleRange();
    const auto [y0, y1] = w.yRange();
    const auto x_of = [&, t0 = t0, t1 = t1](qint64 t) {
        return int(std::lround(plot.left() + double(t - t0) / double(t1 - t0) * plot.width()));
    };
    const auto y_of = [&, y0 = y0, y1 = y1](double v) {
        return int(std::lround(plot.bottom() - (v - y0) / (y1 - y0) * plot.height()));
    };
    const auto ink_near = [&](int x, int y, const QColor& color) {
        int n = 0;
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx)
                n += image.pixelColor(x + dx, y + dy) == color;
        return n;
    };
    const auto ink_in_column = [&](int x, const QColor& color) {
        int n = 0;
        for (int y = int(plot.top()) + 1; y < int(plot.bottom()); ++y)
            n += image.pixelColor(x, y) == color;
        return n;
    };
    const QColor c0 = data.series(0).color;
    const QColor c1 = data.series(1).color;
    QVERIFY(c0 != c1);
    for (int step : {5, 20, 50, 80}) {
        const qint64 t = kT0 + step * 1'000;
        QVERIFY2(ink_near(x_of(t), y_of(wave(1, step)), c0) > 0, qPrintable(QString::number(step)));
        QVERIFY2(ink_near(x_of(t), y_of(wave(2, step)), c1) > 0, qPrintable(QString::number(step)));
    }
    // Inside the gap: no ink of series 1 anywhere in the column; series 2 goes on.
    const int gap_x = x_of(kT0 + 35'000);
    QCOMPARE(ink_in_column(gap_x, c0), 0);
    QVERIFY(ink_in_column(gap_x, c1) > 0);
    // Hidden: its ink goes.
    data.setVisible(0, false);
    w.refresh();
    QCoreApplication::processEvents();
    const QImage hidden = w.chartView()->grab().toImage();
    int left = 0;
    for (int y = int(plot.top()) + 1; y < int(plot.bottom()); ++y)
        for (int x = int(plot.left()) + 1; x < int(plot.right()); ++x)
            left += hidden.pixelColor(x, y) == c0;
    QCOMPARE(left, 0);
}

void TestViewWidget::hoverOverALineShowsItsTooltip()
{
    ViewData data;
    ViewWidget w(&data);
    w.resize(900, 600);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    fill_view(data, 2, 90);
    w.refresh();
    QCoreApplication::processEvents();
    const PlotLinesItem* lines = w.plotLines();
    const QPointF on_row1 = lines->mapToPosition(QPointF(double(kT0 + 45'000), wave(2, 45)));
    QCOMPARE(lines->lineAt(on_row1, 4.0), std::optional<int>(1));
    QTest::mouseMove(w.chartView()->viewport(), on_row1.toPoint());
    QTRY_VERIFY(QToolTip::isVisible());
    QVERIFY2(QToolTip::text().startsWith(data.series(1).info.path + QLatin1Char('\n')), qPrintable(QToolTip::text()));
    QVERIFY(QToolTip::text().contains(LegendModel::formatValue(wave(2, 45))));
}

void TestViewWidget::errorShownAndYRange()
{
    ViewData data;
    ViewWidget w(&data);
    w.show();
    fill_view(data, 1, 10);
    SampleBatch failed;
    failed.time_ms = kT0 + 20'000;
    failed.error = QStringLiteral("cannot open /proc/stat");
    data.append(failed);
    bool shown = false;
    for (QLabel* l : w.findChildren<QLabel*>())
        shown = shown || (l->isVisible() && l->text() == failed.error);
    QVERIFY(shown);
    w.setYRange(-5, 250);
    w.refresh();
    QCOMPARE(w.yRange(), std::make_pair(-5.0, 250.0));
    QVERIFY(!w.isYAuto());
    w.setYRangeAuto();
    w.refresh();
    QVERIFY(w.isYAuto());
    QVERIFY(w.yRange().second >= 50.0 + 40.0 + 3.0 - 40.0);
}

void TestViewWidget::clearKeepsSeries()
{
    ViewData data;
    ViewWidget w(&data);
    w.show();
    fill_view(data, 2, 20);
    w.refresh();
    w.clearData();
    w.refresh();
    QCOMPARE(data.seriesCount(), 2);
    QCOMPARE(total_points(w, 0), 0);
    QCOMPARE(w.legendModel()->statistics(0).count, 0);
}

// The "Show ended (N)" box names the count at a refresh, with room for all
// of its text however many digits the count has (the box keeps a fixed size
// between counts of one width), and says nothing while none ended.
void TestViewWidget::endedCountShownWhole()
{
    ViewData data;
    ViewWidget w(&data);
    w.resize(900, 600);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QCheckBox* box = nullptr;
    for (QCheckBox* b : w.findChildren<QCheckBox*>())
        if (b->toolTip().contains(QStringLiteral("ended")))
            box = b;
    QVERIFY(box);
    quint64 id = 1;
    qint64 t = kT0;
    const auto end_one = [&] {
        add_live(data, make_info(id, QStringLiteral("Process"), QStringLiteral("c"), QString::number(id)), t);
        SampleBatch end;
        end.time_ms = t;
        end.ended = {id};
        data.append(end);
        ++id;
        t += 10;
    };
    const auto check = [&](int ended) {
        w.refresh();
        QCOMPARE(data.endedCount(), ended);
        QCOMPARE(box->isVisibleTo(&w), ended > 0);
        if (ended == 0)
            return;
        QCOMPARE(box->text(), QStringLiteral("Show ended (%1)").arg(ended));
        QTRY_VERIFY(box->width() >= box->sizeHint().width());
        QVERIFY(box->width() >= box->fontMetrics().horizontalAdvance(box->text()));
    };
    for (const int ended : {0, 1, 9, 10, 200, 1'000}) {
        while (data.endedCount() < ended)
            end_one();
        check(ended);
        if (QTest::currentTestFailed())
            return;
    }
    // Fewer digits again.
    data.removeEnded();
    for (int i = 0; i < 7; ++i)
        end_one();
    check(7);
}

QTEST_MAIN(TestViewWidget)
#include "test_view_widget.moc"
