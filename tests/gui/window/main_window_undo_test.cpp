// SPDX-License-Identifier: Apache-2.0
// Delete counter, Clear and Close view do not ask: Edit > Undo (Ctrl+Z) brings
// back what they took. A deleted series comes back with its color, scale and
// history, and its sampler sends its values again; a cleared history comes
// back in front of what came since; a closed view comes back with its
// counters and samples again. Against the live test machine, whose processes
// burn exactly 25 % and 50 % of a CPU.
#include "../support/live_test_machine.h"
#include "../support/view_rows.h"
#include "gui/window/main_window.h"

#include <QAction>
#include <QApplication>
#include <QLineEdit>
#include <QPointer>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QUndoStack>

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
        QVERIFY(std::ssize(pointsOf(view->data().series(rowOf(view->data(), "b:200")).history)) <
                std::ssize(before));
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
