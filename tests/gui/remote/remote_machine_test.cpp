// SPDX-License-Identifier: Apache-2.0
// Views of another machine against a real agent (`perfscope-cli serve` on a
// loopback port): the machine added as "Add machine..." adds it, its counters
// sampled through its own hub, their values checked against what the kernel
// says, the agent killed (the view shows why and keeps its points) and started
// again on the same port (the view goes on by itself). Also: addresses are
// checked before a view is made, and a set keeps a machine's view.
#include "gui/browser/counter_browser.h"
#include "gui/browser/machine_chooser.h"
#include "gui/remote/add_machine_dialog.h"
#include "gui/remote/machine_hub.h"
#include "gui/remote/machine_paths.h"
#include "gui/remote/machine_view.h"
#include "gui/remote/remote_machines.h"
#include "gui/sampling/resolve_view_counters.h"
#include "gui/window/main_window.h"
#include "gui/window/view_pane.h"
#include "query/platform_source.h"
#include "serve_process.h"

#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QUndoStack>

#include <csignal>
#include <memory>

using namespace perfscope::gui;
using perfscope::serve_testing::ServeProcess;

namespace {

// MemAvailable from /proc/meminfo, in bytes (-1 when absent).
double mem_available_bytes()
{
    QFile file(QStringLiteral("/proc/meminfo"));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : file.readAll().split('\n'))
        if (line.startsWith("MemAvailable:"))
            return line.mid(13).trimmed().split(' ').value(0).toDouble() * 1024.0;
    return -1;
}

int row_of(const ViewData& data, const QString& object, const QString& counter)
{
    for (int row = 0; row < data.seriesCount(); ++row)
        if (data.series(row).info.object == object && data.series(row).info.counter == counter)
            return row;
    return -1;
}

qsizetype valid_points(const ViewData& data, int row)
{
    if (row < 0)
        return 0;
    const SeriesHistory& history = data.series(row).history;
    qsizetype n = 0;
    for (qsizetype i = 0; i < history.size(); ++i)
        n += history.validAt(i) ? 1 : 0;
    return n;
}

QString message_of(ViewPane* pane)
{
    auto* view = pane ? pane->findChild<MachineView*>() : nullptr;
    return view ? view->message() : QStringLiteral("(not a machine's view)");
}

}  // namespace

class RemoteMachineTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        qRegisterMetaType<ViewPane*>();
        auto source = wpo::query::make_platform_source();
        QVERIFY(source);
        auto hub = SourceHub::create(std::move(*source));
        QVERIFY(hub);
        m_local = std::move(*hub);
    }

    void cleanupTestCase() { m_local.reset(); }

    void machinesAreChecked()
    {
        QCOMPARE(parse_machine(QStringLiteral(" server1:9654 ")).value(), QStringLiteral("server1:9654"));
        QCOMPARE(parse_machine(QStringLiteral("\\\\10.0.0.2:80")).value(), QStringLiteral("10.0.0.2:80"));
        QCOMPARE(parse_machine(QStringLiteral("ssh://me@box:2222")).value(), QStringLiteral("ssh://me@box:2222"));
        QCOMPARE(parse_machine(QStringLiteral("[::1]:9000")).value(), QStringLiteral("[::1]:9000"));
        for (const char* bad :
             {"", "   ", "host:99999", "host:port", "http://host:1", "ssh://-oProxyCommand=x", "a b:1", "host\\x:1"}) {
            auto parsed = parse_machine(QString::fromLatin1(bad));
            QVERIFY2(!parsed, bad);
            QVERIFY(!parsed.error().message().empty());
        }
    }

    void pathsNameTheirMachine()
    {
        QCOMPARE(remote_machine_of(QStringLiteral("\\\\127.0.0.1:9654\\Memory\\Available Bytes")),
                 QStringLiteral("127.0.0.1:9654"));
        QCOMPARE(remote_machine_of(QStringLiteral("\\\\ssh://me@box\\Memory\\Available Bytes")),
                 QStringLiteral("ssh://me@box"));
        QCOMPARE(remote_machine_of(QStringLiteral("\\Memory\\Available Bytes")), QString());
        QCOMPARE(remote_machine_of(QStringLiteral("\\\\localhost\\Memory\\Available Bytes")), QString());
        QCOMPARE(without_machine(QStringLiteral("\\\\h:1\\Processor(_Total)\\% Processor Time")),
                 QStringLiteral("\\Processor(_Total)\\% Processor Time"));
        QCOMPARE(with_machine(QStringLiteral("h:1"), QStringLiteral("\\Memory\\Available Bytes")),
                 QStringLiteral("\\\\h:1\\Memory\\Available Bytes"));
        QCOMPARE(with_machine(QStringLiteral("h:1"), QStringLiteral("\\\\h:2\\Memory\\Available Bytes")),
                 QStringLiteral("\\\\h:2\\Memory\\Available Bytes"));
    }

    void dialogKeepsABadAddress()
    {
        AddMachineDialog dialog;
        dialog.setText(QStringLiteral("host:notaport"));
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        auto* error = dialog.findChild<QLabel*>(QStringLiteral("machineError"));
        QVERIFY(error);
        QVERIFY(!error->isHidden());
        QVERIFY(error->text().contains(QStringLiteral("notaport")));
        dialog.setText(QStringLiteral("server1:9654"));
        QVERIFY(error->isHidden());
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(dialog.machine(), QStringLiteral("server1:9654"));

        MainWindow window(*m_local);
        window.leaveSession(QStringLiteral("test"));
        auto* machines = window.findChild<RemoteMachines*>();
        QVERIFY(machines);
        QString why;
        QVERIFY(!machines->addMachine(QStringLiteral("ftp://x"), &why));
        QVERIFY(why.contains(QStringLiteral("ssh://")));
        QCOMPARE(window.viewCount(), 0);
    }

    void machineViewSamplesLosesAndRegainsItsAgent()
    {
        auto agent = std::make_unique<ServeProcess>(PERFSCOPE_CLI);
        const int port = agent->port();
        QVERIFY2(port > 0, "the agent did not start");
        const QString machine = QStringLiteral("127.0.0.1:%1").arg(port);

        MainWindow window(*m_local);
        window.leaveSession(QStringLiteral("test"));
        window.setConfirmDestructive(false);
        auto* machines = window.findChild<RemoteMachines*>();
        QVERIFY(machines);
        QSignalSpy ready(machines, &RemoteMachines::viewReady);

        // What the dialog hands over once it accepted the text.
        QString why;
        ViewPane* waiting = machines->addMachine(machine, &why);
        QVERIFY2(waiting, qPrintable(why));
        QCOMPARE(waiting->settings().title, machine);
        QCOMPARE(window.viewCount(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(ready.count() == 1, 20'000);
        ViewPane* pane = window.view(0);
        QCOMPARE(window.currentView(), pane);
        QCOMPARE(pane->settings().title, machine);
        QVERIFY(message_of(pane).isEmpty());
        MachineHub& hub = machines->machineHub(machine);
        QCOMPARE(hub.state(), MachineHub::State::ready);
        QVERIFY(hub.hub() != m_local.get());
        // The browser browses the machine of the current view.
        QCOMPARE(&window.browser().hub(), hub.hub());

        // Added as the browser's Add adds them: resolved on that machine, into the current view.
        auto counters = resolve_view_counters(*hub.hub(), {QStringLiteral("\\Memory\\Available Bytes"),
                                                           QStringLiteral("\\Processor(_Total)\\% Processor Time")});
        QVERIFY2(counters, counters ? "" : counters.error().message().c_str());
        window.addCountersToCurrent(*counters);
        const ViewData& data = pane->data();
        QTRY_VERIFY_WITH_TIMEOUT(valid_points(data, row_of(data, "Memory", "Available Bytes")) >= 3 &&
                                     valid_points(data, row_of(data, "Processor", "% Processor Time")) >= 3,
                                 20'000);

        // Available Bytes is MemAvailable; read a moment apart on a busy machine it moves a little: within
        // 5 % or 64 MiB, whichever is more (a build's compiler takes and frees far less per second).
        const int memory = row_of(data, "Memory", "Available Bytes");
        const SeriesHistory& memory_history = data.series(memory).history;
        const double expected = mem_available_bytes();
        QVERIFY(expected > 0);
        const double got = memory_history.valueAt(memory_history.size() - 1);
        const double tolerance = std::max(0.05 * expected, 64.0 * 1024 * 1024);
        QVERIFY2(std::abs(got - expected) <= tolerance,
                 qPrintable(QStringLiteral("Available Bytes %1, MemAvailable %2").arg(got).arg(expected)));
        const int cpu = row_of(data, "Processor", "% Processor Time");
        const SeriesHistory& cpu_history = data.series(cpu).history;
        for (qsizetype i = 0; i < cpu_history.size(); ++i)
            if (cpu_history.validAt(i)) {
                QVERIFY(cpu_history.valueAt(i) >= 0.0);
                QVERIFY(cpu_history.valueAt(i) <= 100.0);
            }

        // Saved with the machine in their paths.
        const perfscope::files::CounterSet set = window.counterSet();
        QCOMPARE(set.views.size(), std::size_t{1});
        QCOMPARE(set.views[0].counters.size(), std::size_t{2});
        for (const auto& entry : set.views[0].counters)
            QVERIFY2(QString::fromStdString(entry.path).startsWith("\\\\" + machine + "\\"), entry.path.c_str());

        // A second view of the machine shares its hub.
        ViewPane* second = machines->openView(machine);
        QCOMPARE(window.viewCount(), 2);
        QCOMPARE(&machines->machineHub(machine), &hub);
        QVERIFY(second->findChild<MachineView*>()->isSampling());
        // The browser follows the current view: this machine's view, the other machine's, and back.
        window.addView();
        window.setCurrentView(2);
        QCOMPARE(&window.browser().hub(), m_local.get());
        window.setCurrentView(1);
        QCOMPARE(&window.browser().hub(), hub.hub());
        window.setCurrentView(2);
        QCOMPARE(&window.browser().hub(), m_local.get());
        window.setCurrentView(0);
        QCOMPARE(&window.browser().hub(), hub.hub());

        // The browser lists the machines (this one, the other, Add machine...) and shows the current view's;
        // choosing one makes its first view current, a machine without a view gets a new one.
        MachineChooser& chooser = window.browser().machineChooser();
        QVERIFY(!chooser.isHidden());
        QCOMPARE(chooser.machines(), QStringList{machine});
        QCOMPARE(chooser.currentMachine(), machine);
        emit chooser.activated(chooser.findData(QString()));
        QCOMPARE(window.currentView(), window.view(2));
        QCOMPARE(chooser.currentMachine(), QString());
        QCOMPARE(&window.browser().hub(), m_local.get());
        emit chooser.activated(chooser.findData(machine));
        QCOMPARE(window.currentView(), window.view(0));
        QCOMPARE(chooser.currentMachine(), machine);
        QCOMPARE(&window.browser().hub(), hub.hub());
        QCOMPARE(window.viewCount(), 3);

        // The agent goes away: the view says so and keeps what it had.
        const qsizetype memory_points = memory_history.size();
        kill(agent->pid(), SIGKILL);
        agent.reset();
        QTRY_VERIFY_WITH_TIMEOUT(message_of(pane).contains(QStringLiteral("cannot be reached")), 20'000);
        QVERIFY(message_of(pane).contains(machine));
        QVERIFY(data.series(memory).history.size() >= memory_points);
        QVERIFY(valid_points(data, memory) >= 3);
        const qint64 lost_at = data.lastTime();

        // Back on the same port: new points, no message, nothing done by the user.
        agent =
            std::make_unique<ServeProcess>(PERFSCOPE_CLI, std::vector<std::string>{"--listen", machine.toStdString()});
        QCOMPARE(agent->port(), port);
        QTRY_VERIFY_WITH_TIMEOUT(message_of(pane).isEmpty(), 20'000);
        const int memory_again = row_of(data, "Memory", "Available Bytes");
        QCOMPARE(memory_again, memory);
        auto valid_after = [&] {
            const SeriesHistory& h = data.series(memory_again).history;
            int n = 0;
            for (qsizetype i = 0; i < h.size(); ++i)
                n += h.validAt(i) && h.timeAt(i) > lost_at ? 1 : 0;
            return n;
        };
        QTRY_VERIFY_WITH_TIMEOUT(valid_after() >= 2, 20'000);

        // The set brings the machine's view back, sampling its counters.
        MainWindow again(*m_local);
        again.leaveSession(QStringLiteral("test"));
        again.setConfirmDestructive(false);
        auto* machines_again = again.findChild<RemoteMachines*>();
        QSignalSpy ready_again(machines_again, &RemoteMachines::viewReady);
        again.applyCounterSet(set);
        QCOMPARE(again.viewCount(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(ready_again.count() == 1, 20'000);
        ViewPane* restored = again.view(0);
        QCOMPARE(restored->settings().title, machine);
        QCOMPARE(restored->sampler().counters().size(), 2);
        QTRY_VERIFY_WITH_TIMEOUT(
            valid_points(restored->data(), row_of(restored->data(), "Memory", "Available Bytes")) >= 2, 20'000);
    }

    void unreachableMachineSaysSoAndComesLater()
    {
        // A port nothing listens on (the agent's, after it ended).
        int port = 0;
        {
            ServeProcess agent(PERFSCOPE_CLI);
            port = agent.port();
        }
        QVERIFY(port > 0);
        const QString machine = QStringLiteral("127.0.0.1:%1").arg(port);
        const QString path = "\\\\" + machine + "\\Memory\\Available Bytes";
        MainWindow window(*m_local);
        window.leaveSession(QStringLiteral("test"));
        window.setConfirmDestructive(false);
        auto* machines = window.findChild<RemoteMachines*>();
        QSignalSpy ready(machines, &RemoteMachines::viewReady);
        ViewPane* pane = machines->openView(machine, {}, {path});
        QVERIFY(pane);
        QTRY_VERIFY_WITH_TIMEOUT(message_of(pane).contains(QStringLiteral("Cannot reach")), 20'000);
        QVERIFY(message_of(pane).contains(machine));
        // The browser stays on this machine; the view samples nothing but keeps its path for the session.
        QCOMPARE(&window.browser().hub(), m_local.get());
        QVERIFY(!pane->sampler().isRunning());
        const perfscope::files::CounterSet set = window.counterSet();
        QCOMPARE(set.views.size(), std::size_t{1});
        QCOMPARE(set.views[0].counters.size(), std::size_t{1});
        QCOMPARE(QString::fromStdString(set.views[0].counters[0].path), path);

        // Closed while it waits, the agent comes, the close undone: the view samples the machine.
        window.requestCloseView(pane);
        QCOMPARE(window.viewCount(), 0);
        ServeProcess agent(PERFSCOPE_CLI, {"--listen", machine.toStdString()});
        QCOMPARE(agent.port(), port);
        QTRY_VERIFY_WITH_TIMEOUT(machines->machineHub(machine).state() == MachineHub::State::ready, 20'000);
        QCOMPARE(ready.count(), 0);
        window.undoStack().undo();
        QTRY_VERIFY_WITH_TIMEOUT(ready.count() == 1, 20'000);
        QCOMPARE(window.viewCount(), 1);
        ViewPane* sampling = window.view(0);
        QVERIFY(sampling->findChild<MachineView*>()->isSampling());
        QCOMPARE(sampling->settings().title, machine);
        QCOMPARE(sampling->sampler().counters().size(), 1);
        QCOMPARE(sampling->sampler().counters()[0].text, path);
        QTRY_VERIFY_WITH_TIMEOUT(
            valid_points(sampling->data(), row_of(sampling->data(), "Memory", "Available Bytes")) >= 2, 20'000);
    }

private:
    std::unique_ptr<SourceHub> m_local;
};

QTEST_MAIN(RemoteMachineTest)
#include "remote_machine_test.moc"
