// SPDX-License-Identifier: Apache-2.0
// Nothing the user did is lost: the session is written a moment after a
// change (so a killed app restarts where it was), a window that does not show
// the session (a log from the command line, --no-session) or a second
// instance never writes it, sets keep each instance's look and the instances
// removed, old sets still load, a set naming an instance that has ended loads
// with the rest. Against the live test
// machine; the session file is QStandardPaths' test-mode one.
#include "gui/app/command_line.h"
#include "files/counter_set.h"
#include "../support/live_test_machine.h"
#include "../support/view_rows.h"
#include "gui/window/main_window.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace perfscope::gui;
using perfscope::gui::test::LiveTestMachine;
using perfscope::gui::test::rowOf;

namespace {

QByteArray slurp(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void spit(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

ViewCounter allProcessesCpu()
{
    return ViewCounter{"\\Process(*)\\% Processor Time", wpo::test::kProcess, wpo::test::kProcessorTime,
                       ViewCounter::Instances::all};
}

// A set with one view of \System\Processes, titled `title`, as the file a
// previous run left.
QByteArray sessionWith(const char* title)
{
    return QByteArray("{\"version\": 2, \"views\": [{\"title\": \"") + title +
           "\", \"interval_s\": 0.1, \"counters\": [{\"path\": \"\\\\System\\\\Processes\"}]}]}";
}

}  // namespace

class SessionTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void init()
    {
        QFile::remove(MainWindow::sessionPath());
        QFile::remove(MainWindow::sessionPath() + ".lock");
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
        m_window = newWindow();
    }

    void cleanup()
    {
        m_window.reset();
        m_hub.reset();
        m_cache.reset();
        QFile::remove(MainWindow::sessionPath());
        QFile::remove(MainWindow::sessionPath() + ".lock");
    }

    // Views named on the command line replace the session at once: killed before any change, the next start
    // has them. Claimed to keep the restored session, nothing is written until a change.
    void namedViewsReplaceTheSessionWithoutAChange()
    {
        QFile stale(MainWindow::sessionPath());
        QVERIFY(QDir().mkpath(QFileInfo(stale).absolutePath()));
        QVERIFY(stale.open(QIODevice::WriteOnly));
        stale.write(sessionWith("old"));
        stale.close();

        ViewPane* view = m_window->addView({.title = "named", .interval_s = 0.1});
        view->addCounters({allProcessesCpu()});
        QVERIFY(m_window->claimSession(/*replace=*/true));
        auto savedTitle = [] {
            auto set = perfscope::files::load_counter_set(MainWindow::sessionPath().toStdString());
            return set && set->views.size() == 1 ? QString::fromStdString(set->views[0].title) : QString();
        };
        QTRY_COMPARE_WITH_TIMEOUT(savedTitle(), QString("named"), 10000);

        m_window.reset();  // killed
        m_window = newWindow();
        QVERIFY(m_window->restoreSession());
        QVERIFY(m_window->claimSession());
        QCOMPARE(m_window->view(0)->settings().title, QString("named"));
        const QDateTime written = QFileInfo(MainWindow::sessionPath()).lastModified();
        QTest::qWait(4000);  // twice the keeper's moment: a restored session is not written again
        QCOMPARE(QFileInfo(MainWindow::sessionPath()).lastModified(), written);
    }

    // A change is on disk within a few seconds, with no quit: a window
    // destroyed without closing (a killed app) restarts with it.
    void aChangeIsSavedAMomentLater()
    {
        QVERIFY(m_window->claimSession());
        QVERIFY(m_window->sessionNote().isEmpty());
        ViewPane* view = m_window->addView({.title = "cpu", .interval_s = 0.1});
        view->addCounters({allProcessesCpu()});
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(MainWindow::sessionPath()), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(view->data(), "a:100") >= 0, 5000);
        m_window->session().wait();
        auto saved = perfscope::files::load_counter_set(MainWindow::sessionPath().toStdString());
        QVERIFY2(saved, saved ? "" : saved.error().message().c_str());
        QCOMPARE(saved->views.size(), std::size_t(1));
        QCOMPARE(saved->views[0].title, std::string("cpu"));
        QCOMPARE(saved->views[0].counters.size(), std::size_t(1));

        // A look changed: written again, a moment later.
        const QColor chosen(0x12, 0x34, 0x56);
        view->data().setColor(rowOf(view->data(), "a:100"), chosen);
        auto savedColorOfA = [] {
            auto set = perfscope::files::load_counter_set(MainWindow::sessionPath().toStdString());
            if (set && !set->views.empty() && !set->views[0].counters.empty())
                for (const auto& look : set->views[0].counters[0].instances)
                    if (look.instance == "a:100")
                        return look.color;
            return std::optional<std::uint32_t>();
        };
        QTRY_COMPARE_WITH_TIMEOUT(savedColorOfA(), std::optional<std::uint32_t>(0x123456), 10000);

        // Killed (no close, no quit-time save): the next start has the change.
        m_window.reset();
        m_window = newWindow();
        QVERIFY(m_window->restoreSession());
        QCOMPARE(m_window->viewCount(), 1);
        ViewPane* back = m_window->view(0);
        QCOMPARE(back->settings().title, QString("cpu"));
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(back->data(), "a:100") >= 0, 5000);
        QCOMPARE(back->data().series(rowOf(back->data(), "a:100")).color, chosen);
    }

    // What the command line does with the session, as main() follows it.
    void theCommandLineDecidesWhetherTheSessionIsWritten()
    {
        auto use = [](const QStringList& args) { return session_use(*parse_command_line(args)); };
        QTemporaryDir dir;
        const QString log = dir.filePath("l.csv");
        const QString set = dir.filePath("s.json");
        spit(log, "x");
        spit(set, "x");
        QCOMPARE(use({}), SessionUse::restore);
        QCOMPARE(use({"--open", log}), SessionUse::leave);
        QCOMPARE(use({"--no-session"}), SessionUse::leave);
        QCOMPARE(use({"--no-session", "\\Memory\\Available Bytes"}), SessionUse::leave);
        QCOMPARE(use({"\\Memory\\Available Bytes"}), SessionUse::replace);
        QCOMPARE(use({"--set", set}), SessionUse::replace);
        QCOMPARE(use({"--set", set, "--open", log}), SessionUse::replace);
    }

    // perfscope --open LOG, then quit: the session file is as it was, byte for byte.
    void aLogFromTheCommandLineLeavesTheSession()
    {
        const QByteArray before = sessionWith("mine");
        spit(MainWindow::sessionPath(), before);
        QTemporaryDir dir;
        const QString log = dir.filePath("log.csv");
        spit(log, "\"(PDH-CSV 4.0) (UTC)(0)\",\"\\\\HOST\\Memory\\Available Bytes\"\r\n"
                  "\"01/04/2026 12:00:00.000\",\"100\"\r\n");
        auto parsed = perfscope::files::read_pdh_csv(log.toStdString());
        QVERIFY(parsed);
        // As main() does for --open alone.
        QCOMPARE(session_use(*parse_command_line({"--open", log})), SessionUse::leave);
        m_window->addLogView(*parsed, "log.csv");
        m_window->leaveSession("showing a log");
        QCOMPARE(m_window->sessionNote(), QString("showing a log"));
        // The user works in it: still not the session.
        m_window->addView({.title = "other", .interval_s = 0.1})->addCounters({allProcessesCpu()});
        QTest::qWait(m_window->session().delay() + 500);
        m_window->close();
        m_window.reset();
        QCOMPARE(slurp(MainWindow::sessionPath()), before);
    }

    void noSessionNeverWrites()
    {
        const QByteArray before = sessionWith("mine");
        spit(MainWindow::sessionPath(), before);
        m_window->leaveSession("Session not saved (--no-session)");
        m_window->addView({.title = "x", .interval_s = 0.1})->addCounters({allProcessesCpu()});
        m_window->setTiled(true);
        QTest::qWait(m_window->session().delay() + 500);
        m_window->close();
        QCOMPARE(slurp(MainWindow::sessionPath()), before);
    }

    // A second instance finds the first's lock beside the session file: it
    // restores the session but never writes it, and says so.
    void aSecondInstanceWorksReadOnly()
    {
        const QByteArray before = sessionWith("first");
        spit(MainWindow::sessionPath(), before);
        QVERIFY(m_window->claimSession());  // the first instance
        std::unique_ptr<MainWindow> second = newWindow();
        QVERIFY(second->restoreSession());
        QCOMPARE(second->view(0)->settings().title, QString("first"));
        QVERIFY(!second->claimSession());
        QCOMPARE(second->session().mode(), SessionKeeper::Mode::read_only);
        QVERIFY2(second->sessionNote().contains("read-only"), qPrintable(second->sessionNote()));
        second->addView({.title = "second's", .interval_s = 0.1})->addCounters({allProcessesCpu()});
        second->setTiled(true);
        QTest::qWait(second->session().delay() + 500);
        second->close();
        second.reset();
        QCOMPARE(slurp(MainWindow::sessionPath()), before);

        // A lock held by another process (here: taken by hand) does the same.
        m_window.reset();
        QFile::remove(MainWindow::sessionPath() + ".lock");
        QLockFile other(MainWindow::sessionPath() + ".lock");
        QVERIFY(other.tryLock(0));
        m_window = newWindow();
        QVERIFY(!m_window->claimSession());
        m_window->addView({.title = "x"});
        QTest::qWait(m_window->session().delay() + 500);
        m_window->close();
        QCOMPARE(slurp(MainWindow::sessionPath()), before);
        // Once the other is gone, the next instance takes the session.
        other.unlock();
        m_window = newWindow();
        QVERIFY(m_window->claimSession());
    }

    // <All instances> keeps each instance's color, scale and shown state and
    // the instances removed: saved, then loaded into another window, each
    // instance looks as it did and a removed one stays out although it runs.
    void aSetKeepsEachInstancesLookAndTheRemovedOnes()
    {
        m_machine->with([](wpo::test::TestMachine& m) { m.start_process("c", 300, 0.1); });
        ViewPane* view = m_window->addView({.title = "all", .interval_s = 0.1});
        view->addCounters({allProcessesCpu()});
        ViewData& data = view->data();
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(data, "a:100") >= 0 && rowOf(data, "b:200") >= 0 && rowOf(data, "c:300") >= 0,
                                 5000);
        const QColor color_a(0x10, 0x20, 0x30), color_b(0xA0, 0xB0, 0xC0);
        data.setColor(rowOf(data, "a:100"), color_a);
        data.setScale(rowOf(data, "a:100"), -2);
        data.setColor(rowOf(data, "b:200"), color_b);
        data.setVisible(rowOf(data, "b:200"), false);
        data.removeSeries(rowOf(data, "c:300"));

        QTemporaryDir dir;
        const QString path = dir.filePath("all.json");
        QString error;
        QVERIFY2(m_window->saveCounterSet(path, &error), qPrintable(error));
        auto saved = perfscope::files::load_counter_set(path.toStdString());
        QVERIFY(saved);
        const perfscope::files::CounterSetEntry& entry = saved->views.at(0).counters.at(0);
        QCOMPARE(entry.path, std::string("\\Process(*)\\% Processor Time"));
        QCOMPARE(entry.color, std::nullopt);  // each instance has its own
        auto look = [&](const char* name) {
            for (const auto& one : entry.instances)
                if (one.instance == name)
                    return one;
            return perfscope::files::InstanceLook{};
        };
        QCOMPARE(look("a:100").color, std::optional<std::uint32_t>(0x102030));
        QCOMPARE(look("a:100").scale_exponent, std::optional<int>(-2));
        QVERIFY(look("a:100").visible);
        QCOMPARE(look("b:200").color, std::optional<std::uint32_t>(0xA0B0C0));
        QVERIFY(!look("b:200").visible);
        QVERIFY(look("c:300").instance.empty());
        QCOMPARE(entry.removed, std::vector<std::string>{"c:300"});

        std::unique_ptr<MainWindow> other = newWindow();
        other->setConfirmDestructive(false);
        QVERIFY2(other->loadCounterSet(path, &error), qPrintable(error));
        ViewData& back = other->view(0)->data();
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(back, "a:100") >= 0 && rowOf(back, "b:200") >= 0 &&
                                     back.series(rowOf(back, "a:100")).history.size() >= 3,
                                 5000);
        QCOMPARE(back.series(rowOf(back, "a:100")).color, color_a);
        QCOMPARE(back.series(rowOf(back, "a:100")).scale_exponent, -2);
        QCOMPARE(back.series(rowOf(back, "b:200")).color, color_b);
        QVERIFY(!back.series(rowOf(back, "b:200")).visible);
        QCOMPARE(rowOf(back, "c:300"), -1);  // c runs, but the user removed it
        // Saved again, the same set.
        QCOMPARE(other->counterSet(), *saved);
    }

    // A version 1 set, written by hand from that version's fields: one look
    // for every instance of the path.
    void aVersion1SetLoads()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("old.json");
        spit(path, "{\"format\": \"perfscope-counter-set\", \"version\": 1, \"current_view\": 0, \"tiled\": false,"
                   " \"views\": [{\"title\": \"old\", \"kind\": \"line\", \"interval_s\": 0.1, \"window_s\": 30,"
                   " \"history_capacity\": 100, \"counters\": [{\"path\": \"\\\\Process(*)\\\\% Processor Time\","
                   " \"color\": \"#00FF00\", \"visible\": true}]}]}");
        QString error;
        QVERIFY2(m_window->loadCounterSet(path, &error), qPrintable(error));
        QCOMPARE(m_window->viewCount(), 1);
        ViewPane* view = m_window->view(0);
        QCOMPARE(view->settings().title, QString("old"));
        QCOMPARE(view->settings().window_s, 30.0);
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(view->data(), "a:100") >= 0 && rowOf(view->data(), "b:200") >= 0, 5000);
        QCOMPARE(view->data().series(rowOf(view->data(), "a:100")).color, QColor(0, 0xFF, 0));
        QCOMPARE(view->data().series(rowOf(view->data(), "b:200")).color, QColor(0, 0xFF, 0));
    }

    // Every view of a set gets its counters from one resolution of all the
    // set's paths; the paths not found now are the set's left-out ones.
    void aSetOfManyViewsResolvesAllItsPathsAtOnce()
    {
        perfscope::files::CounterSet set;
        const QStringList kinds = {"% Processor Time", "ID Process", "Working Set"};
        for (int v = 0; v < 3; ++v) {
            perfscope::files::ViewSettings view;
            view.title = "view " + std::to_string(v);
            view.interval_s = 0.1;
            for (const QString& counter : kinds)
                view.counters.push_back({("\\Process(b:200)\\" + counter).toStdString()});
            view.counters.push_back({"\\Process(gone:" + std::to_string(900 + v) + ")\\ID Process"});
            set.views.push_back(view);
        }
        set.current_view = 2;
        QSignalSpy applied(m_window.get(), &MainWindow::counterSetApplied);
        m_window->applyCounterSet(set);
        QCOMPARE(m_window->viewCount(), 3);
        QVERIFY(applied.wait(5000));
        QCOMPARE(applied.count(), 1);
        QStringList expected_left_out;
        for (int v = 0; v < 3; ++v)
            expected_left_out << QString("\\Process(gone:%1)\\ID Process").arg(900 + v);
        QCOMPARE(applied[0][0].toStringList(), expected_left_out);
        QCOMPARE(applied[0][1].toStringList().size(), expected_left_out.size());
        for (int v = 0; v < 3; ++v) {
            ViewPane* pane = m_window->view(v);
            QCOMPARE(pane->settings().title, QString("view %1").arg(v));
            QTRY_COMPARE_WITH_TIMEOUT(pane->data().seriesCount(), int(kinds.size()), 5000);
        }
        QCOMPARE(m_window->currentView(), m_window->view(2));
    }

    // A set naming a process that has ended loads the rest, and names what it left out.
    void aSetNamingAnEndedInstanceLoadsWithAWarning()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("ended.json");
        spit(path, "{\"version\": 2, \"views\": [{\"title\": \"v\", \"interval_s\": 0.1, \"counters\": ["
                   "{\"path\": \"\\\\Process(a:100)\\\\% Processor Time\"},"
                   " {\"path\": \"\\\\System\\\\Processes\"}]}]}");
        m_machine->with([](wpo::test::TestMachine& m) { m.end_process(100); });
        QString error;
        QSignalSpy applied(m_window.get(), &MainWindow::counterSetApplied);
        QVERIFY2(m_window->loadCounterSet(path, &error), qPrintable(error));
        // The views are there at once; the paths resolve off the GUI thread.
        QCOMPARE(m_window->viewCount(), 1);
        QVERIFY(applied.wait(5000));
        QCOMPARE(applied.count(), 1);
        QCOMPARE(applied[0][0].toStringList(), QStringList{"\\Process(a:100)\\% Processor Time"});
        const QStringList reasons = applied[0][1].toStringList();
        QCOMPARE(reasons.size(), 1);
        QVERIFY2(reasons[0].contains("a:100"), qPrintable(reasons[0]));
        QVERIFY2(m_window->statusBar()->currentMessage().contains("\\Process(a:100)\\% Processor Time"),
                 qPrintable(m_window->statusBar()->currentMessage()));
        QCOMPARE(m_window->viewCount(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(m_window->view(0)->data().seriesCount(), 1, 5000);
        QCOMPARE(m_window->view(0)->data().series(0).info.counter, QString("Processes"));

        // Only a malformed set is an error.
        spit(path, "{\"version\": 2, \"views\": [{\"interval_s\": 0}]}");
        QVERIFY(!m_window->loadCounterSet(path, &error));
        QVERIFY2(error.contains("interval_s"), qPrintable(error));
    }

private:
    std::unique_ptr<MainWindow> newWindow()
    {
        auto window = std::make_unique<MainWindow>(*m_hub);
        window->show();
        return window;
    }

    std::unique_ptr<wpo::PerfObjectCache> m_cache;
    LiveTestMachine* m_machine = nullptr;
    std::unique_ptr<SourceHub> m_hub;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(SessionTest)
#include "session_test.moc"
