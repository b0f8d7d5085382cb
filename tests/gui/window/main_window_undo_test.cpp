// SPDX-License-Identifier: Apache-2.0
// Delete counter, the legend's Remove and Remove ended, Clear and Close view
// do not ask: Edit > Undo (Ctrl+Z) brings back what they took. Opening a set
// over views asks first, and a set replacing the views empties the history.
// A deleted series comes back with its color, scale and history, and its
// sampler sends its values again; a cleared history comes
// back in front of what came since; a closed view comes back with its
// counters and samples again. Against the live test machine, whose processes
// burn exactly 25 % and 50 % of a CPU.
#include "../support/live_test_machine.h"
#include "../support/view_rows.h"
#include "gui/charts/legend_menu.h"
#include "gui/window/main_window.h"

#include <QAction>
#include <QAbstractButton>
#include <QApplication>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPointer>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <memory>
#include <vector>

using namespace perfscope::gui;
using perfscope::gui::test::LiveTestMachine;
using perfscope::gui::test::rowOf;

namespace {

ViewCounter allProcessesCpu()
{
    return ViewCounter{"\\Process(*)\\% Processor Time", wpo::test::kProcess, wpo::test::kProcessorTime,
                       ViewCounter::Instances::all};
}

struct Point {
    qint64 time_ms;
    double value;
    bool valid;
    friend bool operator==(const Point&, const Point&) = default;
};

std::vector<Point> pointsOf(const SeriesHistory& history)
{
    std::vector<Point> out;
    for (qsizetype i = 0; i < history.size(); ++i)
        out.push_back({history.timeAt(i), history.valueAt(i), history.validAt(i)});
    return out;
}

// The first `n` points of `history` are exactly `before`.
bool startsWith(const SeriesHistory& history, const std::vector<Point>& before)
{
    const std::vector<Point> now = pointsOf(history);
    return now.size() >= before.size() && std::equal(before.begin(), before.end(), now.begin());
}

QAction* menuAction(QMenu* menu, const char* name)
{
    return menu->findChild<QAction*>(QLatin1String(name));
}

// What the legend's context menu offers for `row` (-1: no row under the cursor).
std::unique_ptr<QMenu> legendMenu(ViewPane* view, int row)
{
    auto* legend_menu = view->content().findChild<LegendMenu*>();
    return legend_menu ? std::unique_ptr<QMenu>(legend_menu->createMenu(row, view)) : nullptr;
}

// Answers the next question box with `button`; `asked` tells whether one came.
void answerNextQuestion(QMessageBox::StandardButton button, bool* asked)
{
    QTimer::singleShot(0, [button, asked] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box)
            return;
        *asked = true;
        box->button(button)->click();
    });
}

}  // namespace

class MainWindowUndoTest : public QObject {
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

    void undoIsInTheEditMenuWithTheStandardKey()
    {
        QAction* undo = m_window->action("undo");
        QVERIFY(undo);
        QCOMPARE(undo->shortcut(), QKeySequence(QKeySequence::Undo));
        QVERIFY(!undo->isEnabled());  // nothing to undo yet
        QVERIFY(m_window->action("redo"));
    }

    void deleteThenUndoRestoresTheSeriesWithItsLookAndHistory()
    {
        ViewPane* view = m_window->addView({.title = "CPU", .interval_s = 0.1});
        view->addCounters({allProcessesCpu()});
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(view->data(), "a:100") >= 0 &&
                                     view->data().series(rowOf(view->data(), "a:100")).history.size() >= 3,
                                 5000);
        int row = rowOf(view->data(), "a:100");
        const QColor color(0x12, 0x34, 0x56);
        view->data().setColor(row, color);
        view->data().setScale(row, 2);
        view->data().setVisible(row, false);
        const quint64 id = view->data().series(row).info.id;
        const std::vector<Point> before = pointsOf(view->data().series(row).history);
        const int rows = view->data().seriesCount();

        view->content().setSelectedRow(row);
        m_window->action("delete")->trigger();
        QCOMPARE(view->data().seriesCount(), rows - 1);
        QCOMPARE(rowOf(view->data(), "a:100"), -1);
        QVERIFY(m_window->action("undo")->isEnabled());
        // While it is gone, the others go on; then it comes back.
        QTest::qWait(300);

        m_window->action("undo")->trigger();
        QCOMPARE(view->data().seriesCount(), rows);
        row = rowOf(view->data(), "a:100");
        QVERIFY(row >= 0);
        const ViewSeries& back = view->data().series(row);
        QCOMPARE(back.info.id, id);
        QCOMPARE(back.color, color);
        QCOMPARE(back.scale_exponent, 2);
        QVERIFY(!back.visible);
        QVERIFY(startsWith(back.history, before));
        // What was there is what process a burned: 25 % of a CPU.
        for (const Point& p : before)
            if (p.valid)
                QVERIFY2(qAbs(p.value - 25.0) < 0.5, qPrintable(QString::number(p.value)));
        // Its sampler follows it again: new points, 25 % again.
        const qsizetype had = back.history.size();
        QTRY_VERIFY_WITH_TIMEOUT(view->data().series(rowOf(view->data(), "a:100")).history.size() >= had + 2, 5000);
        const SeriesHistory& history = view->data().series(rowOf(view->data(), "a:100")).history;
        QVERIFY(history.validAt(history.size() - 1));
        QVERIFY2(qAbs(history.valueAt(history.size() - 1) - 25.0) < 0.5,
                 qPrintable(QString::number(history.valueAt(history.size() - 1))));
        // A set saved now does not list it as removed.
        const perfscope::files::CounterSet set = m_window->counterSet();  // a range over its member needs it alive
        for (const auto& entry : set.views.front().counters)
            QVERIFY(entry.removed.empty());

        // Redo deletes it again.
        m_window->action("redo")->trigger();
        QCOMPARE(rowOf(view->data(), "a:100"), -1);
    }

    void clearThenUndoRestoresTheHistory()
    {
        ViewPane* view = m_window->addView({.title = "CPU", .interval_s = 0.1});
        view->addCounters({allProcessesCpu()});
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(view->data(), "b:200") >= 0 &&
                                     view->data().series(rowOf(view->data(), "b:200")).history.size() >= 3,
                                 5000);
        const std::vector<Point> before = pointsOf(view->data().series(rowOf(view->data(), "b:200")).history);
        m_window->action("clear")->trigger();
        QVERIFY(std::ssize(pointsOf(view->data().series(rowOf(view->data(), "b:200")).history)) < std::ssize(before));
        QTRY_VERIFY_WITH_TIMEOUT(!view->data().series(rowOf(view->data(), "b:200")).history.isEmpty(), 5000);
        const std::vector<Point> since = pointsOf(view->data().series(rowOf(view->data(), "b:200")).history);

        m_window->action("undo")->trigger();
        const std::vector<Point> after = pointsOf(view->data().series(rowOf(view->data(), "b:200")).history);
        // The old points, then those that came since the clear.
        QVERIFY(after.size() >= before.size() + since.size());
        QVERIFY(std::equal(before.begin(), before.end(), after.begin()));
        QVERIFY(std::equal(since.begin(), since.end(), after.begin() + std::ssize(before)));
        for (const Point& p : after)
            if (p.valid)
                QVERIFY2(qAbs(p.value - 50.0) < 0.5, qPrintable(QString::number(p.value)));
    }

    void closeViewThenUndoRestoresTheViewWithItsCounters()
    {
        m_window->addView({.title = "first"});
        ViewPane* view = m_window->addView({.title = "keep", .interval_s = 0.1});
        view->addCounters({allProcessesCpu()});
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(view->data(), "a:100") >= 0, 5000);
        const int series = view->data().seriesCount();
        m_window->setCurrentView(1);

        // No question: it can be undone.
        m_window->action("closeView")->trigger();
        QCOMPARE(m_window->viewCount(), 1);
        QCOMPARE(m_window->view(0)->settings().title, QString("first"));
        for (const auto& v : m_window->counterSet().views)
            QVERIFY(v.title != "keep");

        m_window->action("undo")->trigger();
        QCOMPARE(m_window->viewCount(), 2);
        QCOMPARE(m_window->view(1), view);
        QCOMPARE(m_window->currentView(), view);
        QCOMPARE(view->settings().title, QString("keep"));
        QCOMPARE(view->sampler().counters().size(), 1);
        QCOMPARE(view->sampler().counters().front().text, QString("\\Process(*)\\% Processor Time"));
        QCOMPARE(view->data().seriesCount(), series);
        QVERIFY(view->isVisible());
        QCOMPARE(m_window->counterSet().views.size(), size_t(2));
        // It samples again.
        const qsizetype had = view->data().series(rowOf(view->data(), "a:100")).history.size();
        QTRY_VERIFY_WITH_TIMEOUT(view->data().series(rowOf(view->data(), "a:100")).history.size() >= had + 2, 5000);

        // Tiled too.
        m_window->setTiled(true);
        m_window->action("closeView")->trigger();
        QCOMPARE(m_window->viewCount(), 1);
        m_window->action("undo")->trigger();
        QCOMPARE(m_window->viewCount(), 2);
        QCOMPARE(view->parentWidget() != nullptr, true);
        QVERIFY(view->isVisible());
    }

    // Ctrl+Z as typed, after Ctrl+W typed in the browser's filter: the key
    // brings the view back, the filter's own undo does not take it.
    void ctrlZTypedBringsTheViewBack()
    {
        m_window->addView({.title = "keep"})->addCounters({allProcessesCpu()});
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        auto* filter = m_window->browser().findChild<QLineEdit*>();
        QVERIFY(filter);
        filter->setFocus();
        QTest::keyClicks(filter, "pro");
        QTest::keyClick(filter, Qt::Key_W, Qt::ControlModifier);
        QCOMPARE(m_window->viewCount(), 0);
        QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : m_window.get(), Qt::Key_Z,
                        Qt::ControlModifier);
        QCOMPARE(m_window->viewCount(), 1);
        QCOMPARE(m_window->view(0)->settings().title, QString("keep"));
    }

    void legendRemoveThenUndoRestoresTheSeriesWithItsLookAndHistory()
    {
        ViewPane* view = m_window->addView({.title = "CPU", .interval_s = 0.1});
        view->addCounters({allProcessesCpu()});
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(view->data(), "a:100") >= 0 &&
                                     view->data().series(rowOf(view->data(), "a:100")).history.size() >= 3,
                                 5000);
        int row = rowOf(view->data(), "a:100");
        const QColor color(0x65, 0x43, 0x21);
        view->data().setColor(row, color);
        view->data().setScale(row, -1);
        const quint64 id = view->data().series(row).info.id;
        const std::vector<Point> before = pointsOf(view->data().series(row).history);
        const int rows = view->data().seriesCount();

        std::unique_ptr<QMenu> menu = legendMenu(view, row);
        QVERIFY(menu);
        menuAction(menu.get(), "remove")->trigger();
        QCOMPARE(view->data().seriesCount(), rows - 1);
        QCOMPARE(view->data().rowOf(id), -1);
        QCOMPARE(m_window->undoStack().count(), 1);

        m_window->action("undo")->trigger();
        QCOMPARE(view->data().rowOf(id), row);  // where it was, not at the end
        QCOMPARE(view->data().seriesCount(), rows);
        const ViewSeries& back = view->data().series(row);
        QCOMPARE(back.color, color);
        QCOMPARE(back.scale_exponent, -1);
        QVERIFY(back.visible);
        QVERIFY(startsWith(back.history, before));
        for (const Point& p : before)
            if (p.valid)
                QVERIFY2(qAbs(p.value - 25.0) < 0.5,
                         qPrintable(QString::number(p.value)));  // a uses a quarter of a core
        // Sampled again.
        const qsizetype had = back.history.size();
        QTRY_VERIFY_WITH_TIMEOUT(view->data().series(view->data().rowOf(id)).history.size() >= had + 2, 5000);

        m_window->action("redo")->trigger();
        QCOMPARE(view->data().rowOf(id), -1);
    }

    // The Delete key typed in the legend is Delete counter: a step to undo.
    void deleteKeyInTheLegendIsUndoable()
    {
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        ViewPane* view = m_window->addView({.title = "CPU", .interval_s = 0.1});
        view->addCounters({allProcessesCpu()});
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(view->data(), "a:100") >= 0, 5000);
        const quint64 id = view->data().series(rowOf(view->data(), "a:100")).info.id;
        view->content().setSelectedRow(view->data().rowOf(id));
        QWidget* legend = view->content().legendView();
        legend->setFocus();
        QTest::keyClick(legend, Qt::Key_Delete);
        QCOMPARE(view->data().rowOf(id), -1);
        QCOMPARE(m_window->undoStack().count(), 1);
        QTest::keyClick(legend, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(view->data().rowOf(id) >= 0);
    }

    void removeEndedThenUndoBringsTheEndedSeriesBack()
    {
        m_machine->with([](wpo::test::TestMachine& m) {
            m.start_process("c", 300, 0.25);
            m.start_process("d", 400, 0.5);
            m.start_process("e", 500, 0.1);  // stays: the ended rows are not the last ones
        });
        ViewPane* view = m_window->addView({.title = "CPU", .interval_s = 0.1});
        view->addCounters({allProcessesCpu()});
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(view->data(), "c:300") >= 0 && rowOf(view->data(), "d:400") >= 0 &&
                                     rowOf(view->data(), "e:500") > rowOf(view->data(), "d:400") &&
                                     view->data().series(rowOf(view->data(), "c:300")).history.size() >= 3,
                                 5000);
        m_machine->with([](wpo::test::TestMachine& m) {
            m.end_process(300);
            m.end_process(400);
        });
        QTRY_VERIFY_WITH_TIMEOUT(view->data().endedCount() == 2, 5000);
        const int c_row = rowOf(view->data(), "c:300");
        const quint64 c_id = view->data().series(c_row).info.id;
        const int d_row = rowOf(view->data(), "d:400");
        const quint64 d_id = view->data().series(d_row).info.id;
        const std::vector<Point> c_before = pointsOf(view->data().series(c_row).history);
        const QColor c_color = view->data().series(c_row).color;
        const int rows = view->data().seriesCount();
        // Ending is not a step of the user's: nothing to undo yet.
        QCOMPARE(m_window->undoStack().count(), 0);

        std::unique_ptr<QMenu> menu = legendMenu(view, -1);
        QVERIFY(menuAction(menu.get(), "removeEnded")->isEnabled());
        menuAction(menu.get(), "removeEnded")->trigger();
        QCOMPARE(view->data().endedCount(), 0);
        QCOMPARE(view->data().seriesCount(), rows - 2);
        QVERIFY(rowOf(view->data(), "a:100") >= 0 && rowOf(view->data(), "b:200") >= 0);
        QCOMPARE(m_window->undoStack().count(), 1);

        m_window->action("undo")->trigger();
        QCOMPARE(view->data().seriesCount(), rows);
        QCOMPARE(view->data().endedCount(), 2);
        QCOMPARE(view->data().rowOf(c_id), c_row);  // where they were
        QCOMPARE(view->data().rowOf(d_id), d_row);
        const ViewSeries& c = view->data().series(c_row);
        QVERIFY(c.ended);
        QCOMPARE(c.color, c_color);
        QCOMPARE(pointsOf(c.history), c_before);  // ended: nothing came since

        // The automatic drop of ended series (their data has left the
        // window) is no step of the user's: the history does not grow, and
        // Redo then has nothing left to take.
        view->data().setEndedDropAge(1);
        QTRY_VERIFY_WITH_TIMEOUT(view->data().endedCount() == 0, 5000);
        QCOMPARE(m_window->undoStack().count(), 1);
        m_window->action("redo")->trigger();
        QCOMPARE(view->data().seriesCount(), rows - 2);
        QCOMPARE(m_window->undoStack().count(), 0);
    }

    // Opening a set over views with counters asks first; No keeps them.
    void openSetOverViewsAsksFirst()
    {
        m_window->setConfirmDestructive(true);
        ViewPane* view = m_window->addView({.title = "keep", .interval_s = 0.1});
        view->addCounters({allProcessesCpu()});
        bool asked = false;
        answerNextQuestion(QMessageBox::No, &asked);
        m_window->action("openSet")->trigger();
        QVERIFY(asked);
        QCOMPARE(m_window->viewCount(), 1);
        QCOMPARE(m_window->view(0), view);

        // No counters left in the views, but a closed view Undo could bring back: asked too.
        m_window->action("closeView")->trigger();
        QCOMPARE(m_window->viewCount(), 0);
        asked = false;
        answerNextQuestion(QMessageBox::No, &asked);
        m_window->action("openSet")->trigger();
        QVERIFY(asked);
        QCOMPARE(m_window->undoStack().count(), 1);
        m_window->action("undo")->trigger();
        QCOMPARE(m_window->viewCount(), 1);
    }

    // A set or a session replacing the views takes the history with them:
    // no step is left that could act on a view that is gone.
    void replacingTheViewsEmptiesTheHistory()
    {
        m_window->setConfirmDestructive(false);
        QPointer<ViewPane> closed = m_window->addView({.title = "closed", .interval_s = 0.1});
        closed->addCounters({allProcessesCpu()});
        QPointer<ViewPane> view = m_window->addView({.title = "CPU", .interval_s = 0.1});
        view->addCounters({allProcessesCpu()});
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(view->data(), "a:100") >= 0, 5000);
        view->content().setSelectedRow(rowOf(view->data(), "a:100"));
        m_window->action("delete")->trigger();
        m_window->action("clear")->trigger();
        m_window->setCurrentView(0);
        m_window->action("closeView")->trigger();
        QCOMPARE(m_window->undoStack().count(), 3);
        QVERIFY(closed);  // held by the history

        perfscope::files::CounterSet set;
        set.views.resize(1);
        set.views.front().title = "from the set";
        m_window->applyCounterSet(set);
        QCOMPARE(m_window->undoStack().count(), 0);
        QVERIFY(!m_window->action("undo")->isEnabled());
        QVERIFY(!closed);
        QVERIFY(!view);
        m_window->action("undo")->trigger();
        QCOMPARE(m_window->viewCount(), 1);
        QCOMPARE(m_window->view(0)->settings().title, QString("from the set"));

        // A set file loaded the same way.
        m_window->addView({.title = "more"})->addCounters({allProcessesCpu()});
        m_window->action("closeView")->trigger();
        QCOMPARE(m_window->undoStack().count(), 1);
        QTemporaryDir dir;
        const QString path = dir.filePath("cpu.json");
        QVERIFY(m_window->saveCounterSet(path));
        QVERIFY(m_window->loadCounterSet(path));
        QCOMPARE(m_window->undoStack().count(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(m_window->viewCount(), 1, 5000);
    }

    // A view deleted outside the history (a log that failed to load goes so):
    // its steps are dropped, not run on it.
    void aStepOnADeletedViewIsDropped()
    {
        QPointer<ViewPane> view = m_window->addView({.title = "CPU", .interval_s = 0.1});
        view->addCounters({allProcessesCpu()});
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(view->data(), "a:100") >= 0, 5000);
        std::unique_ptr<QMenu> menu = legendMenu(view, rowOf(view->data(), "a:100"));
        menuAction(menu.get(), "remove")->trigger();
        menu.reset();
        m_window->action("clear")->trigger();
        QCOMPARE(m_window->undoStack().count(), 2);
        m_window->closeView(view);
        QVERIFY(!view);
        m_window->action("undo")->trigger();
        m_window->action("undo")->trigger();
        QCOMPARE(m_window->undoStack().count(), 0);
        QCOMPARE(m_window->viewCount(), 0);
    }

    // A closed view the undo history still holds goes with the window.
    void aClosedViewIsDeletedWithTheWindow()
    {
        QPointer<ViewPane> view = m_window->addView({.title = "gone", .interval_s = 0.1});
        view->addCounters({allProcessesCpu()});
        m_window->action("closeView")->trigger();
        QVERIFY(view);
        m_window.reset();
        QVERIFY(!view);
    }

private:
    std::unique_ptr<wpo::PerfObjectCache> m_cache;
    LiveTestMachine* m_machine = nullptr;
    std::unique_ptr<SourceHub> m_hub;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(MainWindowUndoTest)
#include "main_window_undo_test.moc"
