// The main window driven as a user would, against the live test machine:
// counters added from the browser, two views at different intervals sharing
// the cache, freeze and resume, tiles, an instance ending mid-run and
// <All instances> picking up a later one, the status bar's figures.
#include "live_test_machine.h"
#include "window/main_window.h"

#include <QAction>
#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QTreeView>

using namespace perfscope::gui;
using perfscope::gui::test::LiveTestMachine;

namespace {

int rowOf(const ViewData& data, const QString& instance, const QString& counter)
{
    for (int row = 0; row < data.seriesCount(); ++row)
        if (data.series(row).info.instance == instance && data.series(row).info.counter == counter)
            return row;
    return -1;
}

}  // namespace

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
        QVERIFY(m_window->statusText().contains("CPU"));
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

    void everyActionHasAShortcutAndATooltip()
    {
        for (const char* name : {"newView", "closeView", "quit", "addCounters", "delete", "highlight", "clear",
                                 "freeze", "changeGraphType", "zoomReset", "tile", "properties", "showBrowser",
                                 "about"}) {
            QAction* a = m_window->action(name);
            QVERIFY2(a, name);
            QVERIFY2(!a->shortcut().isEmpty(), name);
            QVERIFY2(!a->toolTip().isEmpty(), name);
        }
        QCOMPARE(m_window->action("addCounters")->shortcut(), QKeySequence("Ctrl+I"));
        QCOMPARE(m_window->action("freeze")->shortcut(), QKeySequence("Ctrl+F"));
        QCOMPARE(m_window->action("highlight")->shortcut(), QKeySequence("Ctrl+H"));
        QCOMPARE(m_window->action("changeGraphType")->shortcut(), QKeySequence("Ctrl+G"));
    }

private:
    std::unique_ptr<wpo::PerfObjectCache> m_cache;
    LiveTestMachine* m_machine = nullptr;
    std::unique_ptr<SourceHub> m_hub;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(MainWindowScenarioTest)
#include "main_window_scenario_test.moc"
