// SPDX-License-Identifier: Apache-2.0
// The main window driven as a user would, against the live test machine:
// counters added from the browser, two views at different intervals sharing
// the cache, freeze and resume, tiles, an instance ending mid-run and
// <All instances> picking up a later one, the status bar's figures, a drag
// from the browser dropped on a view.
#include "gui/browser/counter_mime_data.h"
#include "gui/charts/chart_view.h"
#include "../support/live_test_machine.h"
#include "../support/view_rows.h"
#include "gui/window/main_window.h"

#include "files/pdh_csv_reader.h"

#include <QAction>
#include <QDropEvent>
#include <QTableView>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QTreeView>

using namespace perfscope::gui;
using perfscope::gui::test::LiveTestMachine;
using perfscope::gui::test::rowOf;


class MainWindowScenarioTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void init()
    {
        m_cache = std::make_unique<wpo::PerfObjectCache>();
        auto machine = std::make_unique<LiveTestMachine>();
        m_machine = machine.get();
        m_machine->with([](wpo::test::TestMachine& m) {
            m.start_process("a", 100, 0.25);
            m.start_process("b", 200, 0.5);
        });
        auto hub = SourceHub::create(std::move(machine), m_cache.get());
        QVERIFY(hub);
        m_hub = std::move(*hub);
        m_window = std::make_unique<MainWindow>(*m_hub);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void cleanup()
    {
        m_window.reset();
        m_hub.reset();
        m_cache.reset();
    }

    void addFromTheBrowserAndFollowInstances()
    {
        ViewPane* view = m_window->addView({.title = "CPU", .interval_s = 0.1});
        CounterBrowser& browser = m_window->browser();
        QTRY_VERIFY_WITH_TIMEOUT(browser.select("Process", "% Processor Time"), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(browser.selectInstance("<All instances>"), 5000);
        m_window->action("addCounters")->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(view->data(), "a:100", "% Processor Time") >= 0 &&
                                     rowOf(view->data(), "b:200", "% Processor Time") >= 0,
                                 5000);
        const int a = rowOf(view->data(), "a:100", "% Processor Time");
        QTRY_VERIFY_WITH_TIMEOUT(view->data().series(a).history.size() >= 3, 5000);
        const SeriesHistory& history = view->data().series(a).history;
        QVERIFY(history.validAt(history.size() - 1));
        QVERIFY(qAbs(history.valueAt(history.size() - 1) - 25.0) < 0.5);

        // An instance ending mid-run: its series ends, the legend row stays.
        m_machine->with([](wpo::test::TestMachine& m) { m.end_process(100); });
        QTRY_VERIFY_WITH_TIMEOUT(view->data().series(a).ended, 5000);
        // <All instances> picks up a process that starts later.
        m_machine->with([](wpo::test::TestMachine& m) { m.start_process("late", 300, 0.1); });
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(view->data(), "late:300", "% Processor Time") >= 0, 5000);
        QVERIFY(!view->data().series(rowOf(view->data(), "b:200", "% Processor Time")).ended);

        // Delete removes the selected series from the view.
        const int rows = view->data().seriesCount();
        view->content().setSelectedRow(0);
        m_window->action("delete")->trigger();
        QCOMPARE(view->data().seriesCount(), rows - 1);
    }

    // A drag from the browser carries what Add would add; dropped on a view
    // (here a tile that is not the current view, onto its graph) it adds
    // exactly those counters to that view, through the same ViewPane::addCounters.
    void dragFromTheBrowserOntoAView()
    {
        ViewPane* current = m_window->addView({.title = "current", .interval_s = 0.1});
        ViewPane* target = m_window->addView({.title = "target", .interval_s = 0.1});
        m_window->setTiled(true);
        m_window->setCurrentView(0);
        QCOMPARE(m_window->currentView(), current);
        CounterBrowser& browser = m_window->browser();
        QTRY_VERIFY_WITH_TIMEOUT(browser.select("Process", "% Processor Time"), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(browser.selectInstance("b:200"), 5000);
        const QVector<ViewCounter> selected = browser.selectedCounters();
        QCOMPARE(selected.size(), 1);

        std::unique_ptr<QMimeData> mime(browser.dragData());
        QVERIFY(mime);
        QVERIFY(mime->hasFormat(CounterMimeData::kMimeType));
        QCOMPARE(mime->text(), QStringLiteral("\\Process(b:200)\\% Processor Time"));
        // Qt hands a drag to the nearest widget under the cursor that accepts
        // drops: from the graph (or the legend) that is the view's pane.
        QWidget* graph = target->content().chartView()->viewport();
        QWidget* receiver = graph;
        while (receiver && !receiver->acceptDrops())
            receiver = receiver->parentWidget();
        QCOMPARE(receiver, static_cast<QWidget*>(target));
        receiver = target->content().legendView()->viewport();
        while (receiver && !receiver->acceptDrops())
            receiver = receiver->parentWidget();
        QCOMPARE(receiver, static_cast<QWidget*>(target));
        const QPoint at = graph->mapTo(target, graph->rect().center());
        QDragEnterEvent enter(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(target, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(target, &drop);
        QVERIFY(drop.isAccepted());

        QCOMPARE(target->sampler().counters().size(), 1);
        const ViewCounter& added = target->sampler().counters().front();
        QCOMPARE(added.text, selected.front().text);
        QCOMPARE(added.object, selected.front().object);
        QCOMPARE(added.counter, selected.front().counter);
        QCOMPARE(added.instances, ViewCounter::Instances::one);
        QVERIFY(added.identity == selected.front().identity);
        QVERIFY(current->sampler().counters().isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(target->data(), "b:200", "% Processor Time") >= 0, 5000);
        QCOMPARE(rowOf(target->data(), "a:100", "% Processor Time"), -1);
        QCOMPARE(current->data().seriesCount(), 0);

        // Something else dropped (text from another program) is refused.
        QMimeData text;
        text.setText("\\Memory\\Available Bytes");
        QDragEnterEvent foreign(at, Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(target, &foreign);
        QVERIFY(!foreign.isAccepted());
        QCOMPARE(target->sampler().counters().size(), 1);
    }

    void twoViewsAtDifferentIntervalsShareTheCache()
    {
        ViewPane* fast = m_window->addView({.title = "fast", .interval_s = 0.2});
        ViewPane* slow = m_window->addView({.title = "slow", .interval_s = 0.4});
        CounterBrowser& browser = m_window->browser();
        QTRY_VERIFY_WITH_TIMEOUT(browser.select("Process", "Working Set"), 5000);
        for (ViewPane* pane : {fast, slow}) {
            m_window->setCurrentView(m_window->viewCount() - (pane == fast ? 2 : 1));
            QCOMPARE(m_window->currentView(), pane);
            m_window->action("addCounters")->trigger();
        }
        QTRY_VERIFY_WITH_TIMEOUT(slow->samples() >= 8, 15000);
        const quint64 samples = fast->samples() + slow->samples();
        const quint64 queries = fast->sourceQueries() + slow->sourceQueries();
        qInfo("samples %llu, source queries %llu", samples, queries);
        QVERIFY(queries < samples);
        m_window->updateStatus();
        QVERIFY2(m_window->statusText().contains("queries saved"), qPrintable(m_window->statusText()));
        QVERIFY(m_window->statusText().contains("of one core"));
    }

    void freezeHoldsTheDisplayNotTheHistory()
    {
        ViewPane* view = m_window->addView({.title = "frozen", .interval_s = 0.1});
        view->addCounters({ViewCounter{"\\System\\Processes", wpo::test::kSystem, wpo::test::kProcesses}});
        QTRY_VERIFY_WITH_TIMEOUT(view->data().seriesCount() == 1 && view->data().series(0).history.size() >= 2, 5000);
        m_window->setCurrentView(m_window->viewCount() - 1);
        m_window->action("freeze")->trigger();
        QVERIFY(view->isFrozen());
        const auto before = view->data().series(0).history.size();
        QTRY_VERIFY_WITH_TIMEOUT(view->data().series(0).history.size() >= before + 3, 5000);
        m_window->action("freeze")->trigger();
        QVERIFY(!view->isFrozen());
    }

    void tilesShowEveryViewAtOnce()
    {
        for (int i = 0; i < 4; ++i)
            m_window->addView();
        m_window->action("tile")->trigger();
        QVERIFY(m_window->isTiled());
        QTest::qWait(50);
        for (int i = 0; i < m_window->viewCount(); ++i)
            QVERIFY(m_window->view(i)->isVisible());
        m_window->action("tile")->trigger();
        QVERIFY(!m_window->isTiled());
        int visible = 0;
        for (int i = 0; i < m_window->viewCount(); ++i)
            visible += m_window->view(i)->isVisible() ? 1 : 0;
        QCOMPARE(visible, 1);
    }

    // Five tiles in a 1280 x 800 window: the window keeps its size (no tile
    // asks for more than the screen has), every tile lies inside it, none
    // overlaps another; the current one is marked with its name, a click makes
    // another current, and Add goes there.
    // The column count gives the largest 4:3 box per cell: side = min(W / c / 4, H / r / 3).
    void tileColumnsFollowTheWindowShape()
    {
        QCOMPARE(TileArea::columnsFor(1, QSize(800, 600)), 1);
        QCOMPARE(TileArea::columnsFor(4, QSize(800, 600)), 2);  // 2 x 2: 100 against 50 (a row or a column of 4)
        // 5 in 1000 x 700: 3 x 2 gives min(83.3, 116.7) = 83.3; 2 x 3: 77.8; 4 x 2: 62.5.
        QCOMPARE(TileArea::columnsFor(5, QSize(1000, 700)), 3);
        QCOMPARE(TileArea::columnsFor(3, QSize(1600, 400)), 3);  // wide: a row (133.3)
        QCOMPARE(TileArea::columnsFor(3, QSize(400, 1200)), 1);  // tall: a column (100 against 50)
    }

    void fiveTilesFitAndTheCurrentOneIsMarked()
    {
        for (int i = 0; i < 5; ++i)
            m_window->addView({.title = QString("Tile %1").arg(i + 1), .interval_s = 0.1});
        m_window->setTiled(true);
        m_window->resize(1280, 800);
        QTest::qWait(50);
        QCOMPARE(m_window->size(), QSize(1280, 800));
        QVERIFY2(m_window->minimumSizeHint().width() <= 1280 && m_window->minimumSizeHint().height() <= 800,
                 qPrintable(QString("minimum %1 x %2")
                                .arg(m_window->minimumSizeHint().width())
                                .arg(m_window->minimumSizeHint().height())));
        QVector<QRect> tiles;
        for (int i = 0; i < m_window->viewCount(); ++i) {
            ViewPane* view = m_window->view(i);
            QVERIFY(view->isVisible());
            const QRect r(view->mapTo(m_window.get(), QPoint(0, 0)), view->size());
            QVERIFY2(
                m_window->rect().contains(r),
                qPrintable(
                    QString("tile %1 at %2,%3 %4 x %5").arg(i).arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height())));
            for (const QRect& other : tiles)
                QVERIFY(!other.intersects(r));
            tiles.push_back(r);
        }

        // The view just added is current, and only it is marked.
        ViewPane* last = m_window->view(4);
        QCOMPARE(m_window->currentView(), last);
        for (int i = 0; i < m_window->viewCount(); ++i) {
            ViewPane* view = m_window->view(i);
            QCOMPARE(view->isMarkedCurrent(), view == last);
            QVERIFY(view->tileTitle().contains(view->settings().title));
        }

        ViewPane* second = m_window->view(1);
        QTest::mouseClick(second->content().chartView()->viewport(), Qt::LeftButton);
        QCOMPARE(m_window->currentView(), second);
        QVERIFY(second->isMarkedCurrent());
        QVERIFY(!last->isMarkedCurrent());

        CounterBrowser& browser = m_window->browser();
        QTRY_VERIFY_WITH_TIMEOUT(browser.select("Process", "% Processor Time"), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(browser.selectInstance("a:100"), 5000);
        m_window->action("addCounters")->trigger();
        QCOMPARE(second->sampler().counters().size(), 1);
        QVERIFY(last->sampler().counters().isEmpty());

        // Back to tabs: the current view is the current tab, no tile marks.
        m_window->setTiled(false);
        QCOMPARE(m_window->currentView(), second);
        QVERIFY(second->isVisible());
        QVERIFY(!second->isMarkedCurrent());
    }

    void changeGraphTypeCyclesKinds()
    {
        ViewPane* view = m_window->addView();
        m_window->setCurrentView(m_window->viewCount() - 1);
        QCOMPARE(view->settings().kind, ViewKind::line);
        m_window->action("changeGraphType")->trigger();
        QCOMPARE(view->settings().kind, ViewKind::histogram);
        m_window->action("changeGraphType")->trigger();
        QCOMPARE(view->settings().kind, ViewKind::report);
        m_window->action("changeGraphType")->trigger();
        QCOMPARE(view->settings().kind, ViewKind::line);
    }

    void exportsThroughTheWindow()
    {
        ViewPane* view = m_window->addView({.title = "export", .interval_s = 0.1});
        view->addCounters({ViewCounter{"\\System\\Processes", wpo::test::kSystem, wpo::test::kProcesses},
                           ViewCounter{"\\Process(*)\\% Processor Time", wpo::test::kProcess, wpo::test::kProcessorTime,
                                       ViewCounter::Instances::all}});
        QTRY_VERIFY_WITH_TIMEOUT(view->data().seriesCount() == 3 && view->data().series(0).history.size() >= 4, 5000);
        m_window->setCurrentView(m_window->viewCount() - 1);
        QTemporaryDir dir;
        for (const char* name : {"v.png", "v.svg", "v.pdf", "v.csv"}) {
            QString error;
            QVERIFY2(m_window->exportCurrentView(dir.filePath(name), &error), qPrintable(error));
        }
        // PNG: the picture's size, not blank.
        QImage png(dir.filePath("v.png"));
        QVERIFY(png.width() >= 480 && png.height() >= 300);
        QSet<QRgb> colors;
        for (int y = 0; y < png.height(); y += 5)
            for (int x = 0; x < png.width(); x += 5)
                colors.insert(png.pixel(x, y));
        QVERIFY(colors.size() > 5);
        // SVG: parses as XML with an <svg> root.
        QFile svg(dir.filePath("v.svg"));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&svg);
        QString root;
        int elements = 0;
        while (!xml.atEnd()) {
            if (xml.readNext() == QXmlStreamReader::StartElement) {
                if (root.isEmpty())
                    root = xml.name().toString();
                ++elements;
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(root, QString("svg"));
        QVERIFY(elements > 10);
        // PDF: the magic and a page.
        QFile pdf(dir.filePath("v.pdf"));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        const QByteArray bytes = pdf.readAll();
        QVERIFY(bytes.startsWith("%PDF"));
        QVERIFY(bytes.contains("/Type /Page") || bytes.contains("/Type/Page"));
        // CSV: read back by the log reader, one column per series, the rows shown.
        auto log = perfscope::files::read_pdh_csv(dir.filePath("v.csv").toStdString());
        QVERIFY2(log, log ? "" : log.error().message().c_str());
        QCOMPARE(log->columns.size(), std::size_t(3));
        QVERIFY(QString::fromStdString(log->columns[0]).endsWith("\\System\\Processes"));
        QVERIFY(log->rows.size() >= 3);
        QCOMPARE(*log->rows.back().values[0], 2.0);
    }

    void counterSetsAndTheSessionRoundTrip()
    {
        ViewPane* first = m_window->addView(
            {.title = "one", .kind = ViewKind::histogram, .interval_s = 0.3, .window_s = 50, .history_capacity = 1000});
        first->addCounters({ViewCounter{"\\Process(*)\\Working Set", wpo::test::kProcess, wpo::test::kWorkingSet,
                                        ViewCounter::Instances::all}});
        ViewPane* second = m_window->addView({.title = "two", .interval_s = 2});
        second->addCounters({ViewCounter{"\\System\\Processes", wpo::test::kSystem, wpo::test::kProcesses}});
        QTRY_VERIFY_WITH_TIMEOUT(first->data().seriesCount() == 2 && second->data().seriesCount() == 1, 5000);
        first->data().setColor(0, QColor(0x12, 0x34, 0x56));
        first->data().setScale(0, -3);
        m_window->setTiled(true);

        QTemporaryDir dir;
        const QString path = dir.filePath("set.json");
        QString error;
        QVERIFY2(m_window->saveCounterSet(path, &error), qPrintable(error));
        const auto saved = m_window->counterSet();
        QCOMPARE(saved.views.size(), std::size_t(2));
        QVERIFY(saved.tiled);

        // Loading replaces the views with the set's.
        m_window->setTiled(false);
        m_window->addView({.title = "extra"});
        QVERIFY2(m_window->loadCounterSet(path, &error), qPrintable(error));
        QCOMPARE(m_window->viewCount(), 2);
        QVERIFY(m_window->isTiled());
        ViewPane* one = m_window->view(0);
        QCOMPARE(one->settings().title, QString("one"));
        QCOMPARE(one->settings().kind, ViewKind::histogram);
        QCOMPARE(one->settings().interval_s, 0.3);
        QCOMPARE(one->settings().window_s, 50.0);
        QCOMPARE(one->settings().history_capacity, qsizetype(1000));
        QCOMPARE(m_window->view(1)->settings().interval_s, 2.0);
        // Both views' series (the set's looks are read from them), not only the first's.
        QTRY_VERIFY_WITH_TIMEOUT(one->data().seriesCount() == 2 && m_window->view(1)->data().seriesCount() == 1, 5000);
        // The set's look is applied to the series of that path.
        QCOMPARE(one->data().series(0).color, QColor(0x12, 0x34, 0x56));
        QCOMPARE(one->data().series(0).scale_exponent, -3);
        QCOMPARE(m_window->counterSet(), saved);

        // A restart restores the session.
        QVERIFY(m_window->saveSession(&error));
        m_window.reset();
        m_window = std::make_unique<MainWindow>(*m_hub);
        QVERIFY(m_window->restoreSession());
        QCOMPARE(m_window->viewCount(), 2);
        QCOMPARE(m_window->view(1)->settings().title, QString("two"));
        QTRY_VERIFY_WITH_TIMEOUT(m_window->view(1)->data().seriesCount() == 1, 5000);
        QFile::remove(MainWindow::sessionPath());
    }

    void aLogOpensReadOnly()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("log.csv");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("\"(PDH-CSV 4.0) (UTC)(0)\",\"\\\\HOST\\Memory\\Available Bytes\"\r\n"
                   "\"01/04/2026 12:00:00.000\",\"100\"\r\n"
                   "\"01/04/2026 12:00:01.000\",\"200\"\r\n");
        file.close();
        const int before = m_window->viewCount();
        m_window->openLog(path);
        QCOMPARE(m_window->viewCount(), before + 1);
        ViewPane* log = m_window->view(before);
        QTRY_COMPARE_WITH_TIMEOUT(log->data().seriesCount(), 1, 5000);
        QVERIFY(log->data().isReadOnly());
        QCOMPARE(log->data().series(0).history.size(), qsizetype(2));
        QCOMPARE(log->data().series(0).history.valueAt(1), 200.0);
        // Logs are files, not counters: a counter set leaves them out.
        for (const auto& view : m_window->counterSet().views)
            QVERIFY(view.title != "log.csv");
    }

    void everyActionHasAShortcutAndATooltip()
    {
        for (const char* name : {"newView",   "closeView",  "quit",        "addCounters",     "delete",
                                 "highlight", "clear",      "freeze",      "changeGraphType", "zoomReset",
                                 "tile",      "properties", "showBrowser", "about",           "userGuide",
                                 "undo",      "redo",       "openSet",     "saveSet",         "saveSetAs",
                                 "openLog",   "export",     "copyGraph"}) {
            QAction* a = m_window->action(name);
            QVERIFY2(a, name);
            QVERIFY2(!a->shortcut().isEmpty(), name);
            QVERIFY2(!a->toolTip().isEmpty(), name);
        }
        QCOMPARE(m_window->action("addCounters")->shortcut(), QKeySequence("Ctrl+I"));
        QCOMPARE(m_window->action("freeze")->shortcut(), QKeySequence("Ctrl+F"));
        QCOMPARE(m_window->action("highlight")->shortcut(), QKeySequence("Ctrl+H"));
        QCOMPARE(m_window->action("changeGraphType")->shortcut(), QKeySequence("Ctrl+G"));
        QCOMPARE(m_window->action("saveSet")->shortcut(), QKeySequence("Ctrl+S"));
        QCOMPARE(m_window->action("openLog")->shortcut(), QKeySequence("Ctrl+L"));
    }

private:
    std::unique_ptr<wpo::PerfObjectCache> m_cache;
    LiveTestMachine* m_machine = nullptr;
    std::unique_ptr<SourceHub> m_hub;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(MainWindowScenarioTest)
#include "main_window_scenario_test.moc"
