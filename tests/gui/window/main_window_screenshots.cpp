// SPDX-License-Identifier: Apache-2.0
// Screenshots of the main window under Xvfb (xcb, real fonts), over the real
// /proc: line, histogram and report views, tiled views (four, and five in
// 1280 x 800), the hover readout and the legend's menu, a dark palette, bytes
// and percentages on one chart after scale to fit, and one view following
// every process while short-lived ones come and go (hundreds of series, most
// of them ended) in each graph type. PNGs
// go to <build>/screenshots/gui/ for people (and the README) to look at; the
// test checks each is the window's size and not blank, and that the line
// view's time axis is laid out and labelled.
#include "query/platform_source.h"
#include "gui/sampling/resolve_view_counters.h"
#include "gui/window/main_window.h"
#include "gui/charts/chart_view.h"
#include "gui/charts/plot_grid_item.h"
#include "gui/charts/view_widget.h"
#include "gui/charts/plot_lines_item.h"

#include <QApplication>
#include <QChart>
#include <QDateTime>
#include <QDir>
#include <QMenu>
#include <QScreen>
#include <QTableView>
#include <QPalette>
#include <QProcess>
#include <QStandardPaths>
#include <QStyleFactory>
#include <QTest>
#include <QTreeView>

using namespace perfscope::gui;

class MainWindowScreenshots : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QDir().mkpath(dir());
        auto source = wpo::query::make_platform_source();
        QVERIFY(source);
        auto hub = SourceHub::create(std::move(*source));
        QVERIFY(hub);
        m_hub = std::move(*hub);
        m_window = std::make_unique<MainWindow>(*m_hub);
        m_window->resize(1280, 800);
        auto cpu = resolve_view_counters(
            *m_hub, {"\\Processor(*)\\% Processor Time", "\\System\\Processes", "\\Memory\\% Committed Bytes In Use"});
        QVERIFY(cpu);
        ViewPane* line = m_window->addView({.title = "Processors", .interval_s = 0.2, .window_s = 20});
        line->addCounters(*cpu);
        auto mem = resolve_view_counters(
            *m_hub, {"\\Memory\\Available Bytes", "\\Memory\\Cache Bytes", "\\Memory\\Committed Bytes"});
        QVERIFY(mem);
        m_window->addView({.title = "Memory", .kind = ViewKind::histogram, .interval_s = 0.5})->addCounters(*mem);
        auto procs = resolve_view_counters(*m_hub, {"\\Process(*)\\Working Set", "\\Processor(_Total)\\*"});
        QVERIFY(procs);
        m_window->addView({.title = "Processes", .kind = ViewKind::report, .interval_s = 1})->addCounters(*procs);
        m_window->addView({.title = "Disks", .interval_s = 0.5, .window_s = 20})
            ->addCounters(
                *resolve_view_counters(*m_hub, {"\\PhysicalDisk(*)\\% Disk Time", "\\System\\Context Switches/sec"}));
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QTRY_VERIFY_WITH_TIMEOUT(m_window->browser().select("Process", "Working Set"), 10000);
        m_window->browser().tree()->expand(m_window->browser().tree()->currentIndex().parent());
        // The line views' 20 s windows filled, so no shot shows a half-empty plot.
        QTest::qWait(16000);
        m_window->browser().selectInstance("<All instances>");
    }

    void cleanupTestCase()
    {
        stopChurn();
        m_window.reset();
        m_hub.reset();
    }

    void line()
    {
        shoot(0, "main_window_line.png");
        checkTimeAxis(m_window->view(0)->content());
    }
    void histogram() { shoot(1, "main_window_histogram.png"); }
    void report() { shoot(2, "main_window_report.png"); }
    void tiled()
    {
        m_window->setTiled(true);
        QTest::qWait(2500);
        save("main_window_tiled.png");
        m_window->setTiled(false);
    }
    // Five tiles in the 1280 x 800 window, the fifth (just added) current.
    void fiveTiles()
    {
        ViewPane* fifth = m_window->addView({.title = "Fifth", .interval_s = 0.5, .window_s = 20});
        fifth->addCounters(*resolve_view_counters(*m_hub, {"\\Memory\\% Committed Bytes In Use"}));
        m_window->setTiled(true);
        QTest::qWait(2500);
        QCOMPARE(m_window->size(), QSize(1280, 800));
        save("main_window_five_tiles.png");
        m_window->setTiled(false);
        m_window->closeView(fifth);
    }
    // The readout of a hovered line and the legend's menu: the screen, since
    // tooltips and menus are windows of their own.
    void readout()
    {
        m_window->setCurrentView(0);
        QTest::qWait(1500);
        ViewWidget& widget = m_window->view(0)->content();
        widget.setFrozen(true);
        widget.refresh();
        const PlotLinesItem* lines = widget.plotLines();
        const ViewData& data = *widget.viewData();
        QVERIFY(data.seriesCount() > 0 && !data.series(0).history.isEmpty());
        const SeriesHistory& h = data.series(0).history;
        const qsizetype i = h.size() / 2;
        const QPoint at =
            lines->mapToPosition(QPointF(double(h.timeAt(i)), h.valueAt(i) * data.series(0).scaleFactor())).toPoint();
        QTest::mouseMove(widget.chartView()->viewport(), at);
        QTest::qWait(800);
        saveScreen("main_window_hover_readout.png");
        QTableView* legend = widget.legendView();
        const QPoint cell = legend->visualRect(legend->model()->index(0, 3)).center();
        emit legend->customContextMenuRequested(cell);
        QTest::qWait(500);
        saveScreen("main_window_legend_menu.png");
        if (auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget()))
            menu->close();
        widget.setFrozen(false);
    }
    void dark()
    {
        const QPalette light = QApplication::palette();
        QApplication::setStyle(QStyleFactory::create("Fusion"));
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(45, 45, 48));
        dark.setColor(QPalette::WindowText, QColor(220, 220, 220));
        dark.setColor(QPalette::Base, QColor(30, 30, 32));
        dark.setColor(QPalette::AlternateBase, QColor(45, 45, 48));
        dark.setColor(QPalette::Text, QColor(220, 220, 220));
        dark.setColor(QPalette::Button, QColor(53, 53, 56));
        dark.setColor(QPalette::ButtonText, QColor(220, 220, 220));
        dark.setColor(QPalette::Highlight, QColor(42, 130, 218));
        dark.setColor(QPalette::HighlightedText, Qt::white);
        dark.setColor(QPalette::ToolTipBase, QColor(30, 30, 32));
        dark.setColor(QPalette::ToolTipText, QColor(220, 220, 220));
        dark.setColor(QPalette::PlaceholderText, QColor(140, 140, 140));
        QApplication::setPalette(dark);
        m_window->setCurrentView(0);
        QTest::qWait(2500);
        save("main_window_dark.png");
        QApplication::setPalette(light);
    }
    // Bytes beside percentages: after "Scale selected counters" every line
    // lies within 0-100 on the one axis.
    void scaleToFit()
    {
        auto mixed = resolve_view_counters(*m_hub, {"\\Memory\\Available Bytes", "\\Memory\\Cache Bytes",
                                                    "\\Processor(_Total)\\% Processor Time",
                                                    "\\Memory\\% Committed Bytes In Use"});
        QVERIFY(mixed);
        ViewPane* pane = m_window->addView({.title = "Bytes and percent", .interval_s = 0.5, .window_s = 10});
        pane->addCounters(*mixed);
        m_window->setCurrentView(m_window->viewCount() - 1);
        QTest::qWait(9000);
        ViewWidget& widget = pane->content();
        QTableView* legend = widget.legendView();
        // Every row, whatever selection mode the legend offers its user.
        const QItemSelection rows(legend->model()->index(0, 0),
                                  legend->model()->index(legend->model()->rowCount() - 1, 0));
        legend->selectionModel()->select(rows, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QCOMPARE(legend->selectionModel()->selectedRows().size(), mixed->size());
        widget.scaleSelectedToFit();
        legend->clearSelection();
        QTest::qWait(2000);
        save("main_window_scale_to_fit.png");
        m_window->closeView(pane);
    }
    // A machine where processes come and go (a build, a test run): one view
    // following \Process(*)\% Processor Time gathers hundreds of series,
    // most of them ended, within seconds.
    void manySeries()
    {
        startChurn();
        auto all = resolve_view_counters(*m_hub, {"\\Process(*)\\% Processor Time"});
        QVERIFY(all);
        ViewPane* pane = m_window->addView({.title = "All processes", .interval_s = 0.5, .window_s = 30});
        pane->addCounters(*all);
        m_window->setCurrentView(m_window->viewCount() - 1);
        QTest::qWait(20000);
        const ViewData& data = pane->data();
        qInfo("%d series, %d of them ended", data.seriesCount(), data.endedCount());
        QVERIFY(data.endedCount() > 100);
        save("main_window_many_series_line.png");
        pane->content().setKind(ViewWidget::Kind::Histogram);
        QTest::qWait(2500);
        save("main_window_many_series_histogram.png");
        pane->content().setKind(ViewWidget::Kind::Report);
        QTest::qWait(2500);
        save("main_window_many_series_report.png");
        stopChurn();
        m_window->closeView(pane);
    }

private:
    // The time axis of a line view in a pane: ticks over the view window at
    // multiples of the step, labelled, and drawn: the band under the plot
    // holds label pixels.
    static void checkTimeAxis(ViewWidget& widget)
    {
        QChart* chart = widget.lineChart();
        PlotGridItem* grid = widget.plotGrid();
        QVERIFY(grid && grid->isVisible());
        qInfo("time axis %s .. %s step %lld ms format %s, %zu ticks, plot %g,%g %gx%g",
              qPrintable(QDateTime::fromMSecsSinceEpoch(grid->timeFrom()).toString(Qt::ISODateWithMs)),
              qPrintable(QDateTime::fromMSecsSinceEpoch(grid->timeTo()).toString(Qt::ISODateWithMs)),
              static_cast<long long>(grid->scale().step_ms), qPrintable(grid->scale().format), grid->ticks().size(),
              chart->plotArea().x(), chart->plotArea().y(), chart->plotArea().width(), chart->plotArea().height());
        QCOMPARE(grid->timeTo() - grid->timeFrom(), qint64(20'000));
        QCOMPARE(grid->plotArea(), chart->plotArea());
        QVERIFY(grid->ticks().size() >= 2);
        for (qint64 tick : grid->ticks())
            QVERIFY(tick >= grid->timeFrom() && tick <= grid->timeTo());
        ChartView* view = widget.chartView();
        const QImage image = view->grab().toImage();
        const QRect plot = chart->plotArea().toAlignedRect();
        const int dpr = static_cast<int>(view->devicePixelRatio());
        const QRgb background = image.pixel(plot.center().x() * dpr, (plot.bottom() + 3) * dpr);
        int ink = 0;
        for (int y = (plot.bottom() + 4) * dpr; y < std::min(image.height(), (plot.bottom() + 30) * dpr); ++y)
            for (int x = plot.left() * dpr; x < plot.right() * dpr; ++x)
                ink += image.pixel(x, y) != background;
        qInfo("time label band: %d non-background pixels", ink);
        QVERIFY2(ink > 100, "no time labels under the plot");
    }
    // Short-lived `sleep` processes: 4 started every 0.1 s, each living 1-6 s.
    void startChurn()
    {
        m_churn.start(
            QStringLiteral("bash"),
            {QStringLiteral("-c"), QStringLiteral("while :; do for i in 1 2 3 4; do sleep $((RANDOM % 6 + 1)) & "
                                                  "done; sleep 0.1; done")});
        QVERIFY(m_churn.waitForStarted());
    }
    // The sleeps still running end by themselves within seconds.
    void stopChurn()
    {
        if (m_churn.state() == QProcess::NotRunning)
            return;
        m_churn.kill();
        m_churn.waitForFinished();
    }
    static QString dir() { return QStringLiteral(SCREENSHOT_DIR); }
    void shoot(int view, const char* name)
    {
        m_window->setCurrentView(view);
        QTest::qWait(2500);
        save(name);
    }
    void saveScreen(const char* name)
    {
        // A menu opened near the window's bottom reaches below it: all of it in the shot.
        QRect frame = m_window->frameGeometry();
        if (QWidget* popup = QApplication::activePopupWidget())
            frame = frame.united(popup->frameGeometry());
        frame = frame.intersected(QGuiApplication::primaryScreen()->geometry());
        const QImage image = QGuiApplication::primaryScreen()
                                 ->grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height())
                                 .toImage();
        QVERIFY(!image.isNull());
        QVERIFY(image.save(dir() + "/" + name));
        qInfo("wrote %s/%s", qPrintable(dir()), name);
    }
    void save(const char* name)
    {
        const QImage image = m_window->grab().toImage();
        QCOMPARE(image.size(), m_window->size() * m_window->devicePixelRatio());
        QSet<QRgb> colors;
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7)
                colors.insert(image.pixel(x, y));
        QVERIFY2(colors.size() > 20, "the screenshot is nearly blank");
        QVERIFY(image.save(dir() + "/" + name));
        qInfo("wrote %s/%s", qPrintable(dir()), name);
    }

    std::unique_ptr<SourceHub> m_hub;
    std::unique_ptr<MainWindow> m_window;
    QProcess m_churn;
};

QTEST_MAIN(MainWindowScreenshots)
#include "main_window_screenshots.moc"
