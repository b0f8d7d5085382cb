// SPDX-License-Identifier: Apache-2.0
// "Who caused this?": the app's Process history keeps within its byte budget
// and ranks the samples of a range; the panel's model passes
// QAbstractItemModelTester and shows what the ranking gives; in the window,
// the legend's menu opens the panel over the view's range, the process
// burning most of the live test machine's CPU comes first, and clicking it
// adds its % Processor Time to the view; a recording opened as a view ranks
// from its own Process samples.
#include "../support/live_test_machine.h"
#include "child_process.h"
#include "gui/charts/legend_menu.h"
#include "gui/charts/view_data.h"
#include "gui/spike/process_history.h"
#include "gui/spike/process_history_sampler.h"
#include "gui/spike/spike_controller.h"
#include "gui/spike/spike_model.h"
#include "gui/spike/spike_panel.h"
#include "format/block_view.h"
#include "gui/recording/recording_view.h"
#include "gui/window/main_window.h"
#include "gui/window/view_pane.h"
#include "recording/recording_writer.h"
#include "query/platform_source.h"
#include "snapshot/shared_source.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDateTime>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <cstdio>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

using namespace perfscope::gui;
using perfscope::gui::test::LiveTestMachine;
using wpo::query::ProcessPoint;
using wpo::query::ProcessSample;
using wpo::query::RankBy;

namespace {

constexpr qint64 kUnixEpochMs = 11'644'473'600'000LL;
constexpr std::int64_t kFreq = 10'000'000;

qint64 filetime_of_ms(qint64 ms)
{
    return (ms + kUnixEpochMs) * 10'000;
}

// A sample at `seconds` after `base_ms` of processes {pid, cpu ticks}, all started long before.
ProcessSample sample_at(qint64 base_ms, int seconds, const std::vector<std::pair<std::uint32_t, std::uint64_t>>& cpu,
                        bool named = true)
{
    ProcessSample s;
    s.time_100ns = filetime_of_ms(base_ms + seconds * 1000LL);
    s.object_time = (1000 + seconds) * kFreq;
    s.object_freq = kFreq;
    s.widths[0] = s.widths[1] = s.widths[2] = 8;
    for (bool& has : s.has)
        has = true;
    s.has_start = true;
    for (const auto& [pid, ticks] : cpu) {
        ProcessPoint p;
        p.pid = pid;
        p.start = 10 * kFreq;
        p.cpu = ticks;
        p.working_set = pid * 4096;
        s.points.push_back(p);
        if (named)
            s.names.push_back("p" + std::to_string(pid));
    }
    return s;
}

// Spins on four threads until killed, in a session of its own whose nice
// value it lowers where it may (root): with autogroup scheduling the cores
// are shared between sessions first, so this keeps it the busiest process
// while other sessions run compilers. What this test's binary does when
// started with --spin.
[[noreturn]] void spin_forever()
{
    setsid();
    if (std::FILE* group = std::fopen("/proc/self/autogroup", "w")) {
        std::fputs("-5", group);
        std::fclose(group);  // refused without the privilege: the default share
    }
    const auto spin = [] {
        volatile std::uint64_t n = 0;
        for (;;)
            n = n + 1;
    };
    for (int i = 1; i < 4; ++i)
        std::thread(spin).detach();
    spin();
    std::abort();
}

// This binary again, spinning: exec'd at once after fork, so nothing of the
// test's threads (locks held at the fork) reaches the child.
class BusyChild : public wpo::test::ChildProcess {
public:
    BusyChild()
    {
        const pid_t pid = fork();
        if (pid == 0) {
            char self[] = "/proc/self/exe";
            char spin[] = "--spin";
            char* argv[] = {self, spin, nullptr};
            execv(self, argv);
            _exit(127);
        }
        adopt(pid);
    }
};

QAction* menuAction(QMenu* menu, const char* name)
{
    return menu->findChild<QAction*>(QLatin1String(name));
}

}  // namespace

class SpikeTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    // Samples of 100 processes in a budget of four samples and one set of
    // names; then processes that are all new, whose samples push the old ones
    // and their names out.
    void historyKeepsWithinItsBudget()
    {
        const qint64 base = 1'700'000'000'000;
        auto processes = [](std::uint32_t first_pid) {
            std::vector<std::pair<std::uint32_t, std::uint64_t>> out;
            for (std::uint32_t pid = first_pid; pid < first_pid + 100; ++pid)
                out.emplace_back(pid, 0);
            return out;
        };
        auto names_bytes = [](std::uint32_t first_pid) {
            std::size_t bytes = 0;
            for (std::uint32_t pid = first_pid; pid < first_pid + 100; ++pid)
                bytes += 96 + ("p" + std::to_string(pid)).size();
            return bytes;
        };
        ProcessSample first = sample_at(base, 0, processes(1), false);
        first.points.shrink_to_fit();  // as the history keeps it
        const std::size_t one = ProcessHistory::bytes_of(first);
        QCOMPARE(one, sizeof(ProcessSample) + 100 * sizeof(ProcessPoint));
        const std::size_t budget = 4 * one + 10'000;
        ProcessHistory history(budget);
        for (int s = 0; s < 10; ++s) {
            history.append(sample_at(base, s, processes(1)));
            QVERIFY(history.memory_bytes() <= budget);
        }
        const std::size_t kept = (budget - names_bytes(1)) / one;
        QCOMPARE(history.sample_count(), kept);
        QCOMPARE(history.memory_bytes(), kept * one + names_bytes(1));
        QCOMPARE(history.span().second, filetime_of_ms(base + 9000));

        for (int s = 10; s < 14; ++s) {
            history.append(sample_at(base, s, processes(1001)));
            QVERIFY(history.memory_bytes() <= budget);
        }
        const std::size_t kept_new = (budget - names_bytes(1001)) / one;
        QCOMPARE(history.sample_count(), kept_new);
        QCOMPARE(history.memory_bytes(), kept_new * one + names_bytes(1001));  // the old names are gone
    }

    // Process 2 burns 0.6 s of CPU between 3 s and 6 s; process 1 0.1 s throughout.
    void historyRanksTheRangeFromTheSampleBeforeIt()
    {
        const qint64 base = 1'700'000'000'000;
        ProcessHistory history;
        for (int s = 0; s < 10; ++s) {
            const std::uint64_t busy = s <= 3 ? 0 : s >= 6 ? 6'000'000 : static_cast<std::uint64_t>(s - 3) * 2'000'000;
            history.append(sample_at(base, s, {{1, static_cast<std::uint64_t>(s) * 100'000}, {2, busy}}));
        }
        // From 3.5 s: the sample at 3 s is the baseline.
        const auto result = history.rank(filetime_of_ms(base + 3500), filetime_of_ms(base + 6000), RankBy::cpu, 0);
        QCOMPARE(result.samples, std::size_t{4});
        QCOMPARE(result.first_100ns, filetime_of_ms(base + 3000));
        QCOMPARE(result.rows.size(), std::size_t{2});
        QCOMPARE(result.rows[0].usage.pid, 2u);
        QCOMPARE(result.rows[0].usage.name, std::string("p2"));
        QCOMPARE(result.rows[0].usage.cpu_100ns, std::uint64_t{6'000'000});
        QCOMPARE(result.rows[1].usage.cpu_100ns, std::uint64_t{3 * 100'000});
        QCOMPARE(result.rows[0].share, 6'000'000.0 / 6'300'000.0);
        // Before anything was sampled: nothing.
        QCOMPARE(history.rank(filetime_of_ms(base - 9000), filetime_of_ms(base - 5000), RankBy::cpu, 0).samples,
                 std::size_t{0});
    }

    void modelShowsTheRanking()
    {
        SpikeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        std::vector<wpo::query::RankedProcess> rows(2);
        rows[0].usage = {"busy", 42, 7, 98'700'000, 3 * 1024 * 1024, 12, 8192, false, true};
        rows[0].value = 98'700'000;
        rows[0].share = 0.75;
        rows[1].usage = {"calm", 43, 8, 1'000'000, 0, 0, -4096, true, false};
        rows[1].share = 0.25;
        model.setRanking(rows, RankBy::cpu);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), int(SpikeModel::ColumnCount));
        const QLocale locale;
        QCOMPARE(model.index(0, SpikeModel::ProcessColumn).data().toString(), QStringLiteral("busy"));
        QCOMPARE(model.index(0, SpikeModel::PidColumn).data().toUInt(), 42u);
        QCOMPARE(model.index(0, SpikeModel::CpuColumn).data().toString(),
                 QStringLiteral("%1 s").arg(locale.toString(9.87, 'f', 2)));
        QCOMPARE(model.index(0, SpikeModel::IoColumn).data(SpikeModel::RawRole).toULongLong(), 3ULL * 1024 * 1024);
        // Bytes in binary units with their IEC names, as everywhere in the app (3 MiB of I/O, 4 KiB less memory).
        QCOMPARE(model.index(0, SpikeModel::IoColumn).data().toString(),
                 QStringLiteral("%1 MiB").arg(locale.toString(3.0, 'f', 1)));
        QCOMPARE(model.index(1, SpikeModel::WorkingSetColumn).data().toString(),
                 QStringLiteral("-%1 KiB").arg(locale.toString(4.0, 'f', 1)));
        QCOMPARE(model.index(0, SpikeModel::ShareColumn).data().toString(),
                 QStringLiteral("%1 %").arg(locale.toString(75.0, 'f', 1)));
        QVERIFY(model.index(1, SpikeModel::WorkingSetColumn).data().toString().startsWith(QLatin1Char('-')));
        QVERIFY(model.index(0, SpikeModel::WorkingSetColumn).data().toString().startsWith(QLatin1Char('+')));
        QVERIFY(model.index(0, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("Ended")));
        model.setRanking({}, RankBy::io);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.rankedBy(), RankBy::io);
    }

    void panelRanksOffTheGuiThreadAndOffersTheProcess()
    {
        const qint64 base = 1'700'000'000'000;
        auto history = std::make_shared<ProcessHistory>();
        for (int s = 0; s < 5; ++s)
            history->append(sample_at(base, s, {{1, 0}, {2, static_cast<std::uint64_t>(s) * 5'000'000}}));
        SpikePanel panel(history);
        QSignalSpy shown(&panel, &SpikePanel::rankingShown);
        // Before any range (a dock restored open from a session): no rows, and the summary says how to ask,
        // also after the measure changes.
        QCOMPARE(panel.summary(), SpikePanel::howToAsk());
        QVERIFY(panel.summary().contains(QStringLiteral("Who caused this?")));
        panel.measure()->setCurrentIndex(1);
        panel.measure()->setCurrentIndex(0);
        QVERIFY(!panel.isBusy());
        QCOMPARE(panel.summary(), SpikePanel::howToAsk());
        QCOMPARE(panel.model()->rowCount(), 0);
        panel.showRange(base, base + 4000);
        QVERIFY(panel.isBusy());
        QVERIFY(shown.wait(5000));
        QVERIFY(!panel.isBusy());
        QCOMPARE(panel.model()->rowCount(), 2);
        QCOMPARE(panel.model()->usage(0).pid, 2u);
        QCOMPARE(panel.model()->usage(0).cpu_100ns, std::uint64_t{20'000'000});
        // By working-set growth: nobody grew, both rows, no share.
        panel.measure()->setCurrentIndex(3);
        QVERIFY(shown.wait(5000));
        QCOMPARE(panel.model()->rankedBy(), RankBy::working_set);
        QSignalSpy chosen(&panel, &SpikePanel::processChosen);
        panel.measure()->setCurrentIndex(0);
        QVERIFY(shown.wait(5000));
        panel.show();
        const QRect cell = panel.table()->visualRect(panel.model()->index(0, 0));
        QTest::mouseClick(panel.table()->viewport(), Qt::LeftButton, {}, cell.center());
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(chosen[0][0].toUInt(), 2u);
        QCOMPARE(chosen[0][1].toULongLong(), static_cast<qulonglong>(10 * kFreq));
        QCOMPARE(chosen[0][2].toString(), QStringLiteral("p2"));
        // A range the history does not cover says so.
        panel.showRange(base - 60'000, base - 30'000);
        QVERIFY(shown.wait(5000));
        QCOMPARE(panel.model()->rowCount(), 0);
        QVERIFY(panel.summary().contains(QStringLiteral("No process history")));
    }

    // This machine: a child that burns CPU inside a chosen range is first over
    // that range and nowhere over a range before it started.
    void busyChildIsFirstOverItsRange()
    {
#ifndef __linux__
        QSKIP("needs /proc");
#endif
        auto source = wpo::query::make_platform_source("");
        QVERIFY(source);
        wpo::SharedSource shared(**source);
        auto history = std::make_shared<ProcessHistory>();
        auto sampler = std::make_unique<ProcessHistorySampler>(shared, *history, 200);
        QTRY_VERIFY_WITH_TIMEOUT(history->sample_count() >= 2, 10'000);
        QTest::qWait(400);
        const qint64 quiet_end = QDateTime::currentMSecsSinceEpoch();
        QTest::qWait(300);
        BusyChild busy;
        const auto busy_pid = static_cast<quint32>(busy.pid());
        QTest::qWait(500);
        const qint64 busy_begin = QDateTime::currentMSecsSinceEpoch();
        QTest::qWait(1500);
        const qint64 busy_end = QDateTime::currentMSecsSinceEpoch();
        QTest::qWait(300);
        busy.stop();
        sampler.reset();

        SpikePanel panel(history);
        QSignalSpy shown(&panel, &SpikePanel::rankingShown);
        panel.showRange(busy_begin, busy_end);
        QVERIFY(shown.wait(10'000));
        QVERIFY2(panel.model()->rowCount() > 0, qPrintable(panel.summary()));
        QCOMPARE(panel.model()->usage(0).pid, busy_pid);
        panel.showRange(0, quiet_end);
        QVERIFY(shown.wait(10'000));
        QVERIFY2(panel.model()->rowCount() > 0, qPrintable(panel.summary()));
        for (int row = 0; row < panel.model()->rowCount(); ++row)
            QVERIFY(panel.model()->usage(row).pid != busy_pid);
    }

    // The live test machine: "b" burns 50 % of a CPU, "a" 25 %.
    void windowRanksTheBusiestProcessFirstAndAddsIt()
    {
        wpo::PerfObjectCache cache;
        auto machine = std::make_unique<LiveTestMachine>();
        machine->with([](wpo::test::TestMachine& m) {
            m.start_process("a", 100, 0.25);
            m.start_process("b", 200, 0.5);
        });
        auto hub = SourceHub::create(std::move(machine), &cache);
        QVERIFY(hub);
        auto window = std::make_unique<MainWindow>(**hub);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        ViewPane* view = window->addView();
        auto* controller = window->findChild<SpikeController*>();
        QVERIFY(controller);
        QTRY_VERIFY_WITH_TIMEOUT(controller->history().sample_count() >= 2, 10'000);

        // The legend's menu offers the action; it shows the panel over the view's visible range.
        auto* legend_menu = view->content().findChild<LegendMenu*>();
        QVERIFY(legend_menu);
        std::unique_ptr<QMenu> menu(legend_menu->createMenu(-1, view));
        QAction* who = menuAction(menu.get(), "whoCausedThis");
        QVERIFY(who);
        QSignalSpy shown(controller->panel(), &SpikePanel::rankingShown);
        who->trigger();
        menu.reset();  // it is the view's child
        QVERIFY(shown.wait(5000));
        QVERIFY(controller->panel()->isVisible());

        // Over the whole history (on the test machine's clock).
        const auto [first, last] = controller->history().span();
        controller->panel()->showRange(first / 10'000 - kUnixEpochMs, last / 10'000 - kUnixEpochMs + 1);
        QVERIFY(shown.wait(5000));
        SpikeModel* model = controller->panel()->model();
        QVERIFY2(model->rowCount() >= 2, qPrintable(controller->panel()->summary()));
        QCOMPARE(model->usage(0).pid, 200u);
        QCOMPARE(model->usage(1).pid, 100u);
        // 50 % against 25 %: twice the CPU time, by the machine's own accounting.
        const double ratio =
            static_cast<double>(model->usage(0).cpu_100ns) / static_cast<double>(model->usage(1).cpu_100ns);
        QVERIFY2(std::abs(ratio - 2.0) < 0.02, qPrintable(QString::number(ratio)));

        // Clicking "b" adds its % Processor Time to the view.
        const int before = view->data().seriesCount();
        QTableView* table = controller->panel()->table();
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(model->index(0, 0)).center());
        QTRY_VERIFY_WITH_TIMEOUT(view->data().seriesCount() == before + 1, 10'000);
        const QString path = view->data().series(before).info.path;
        QVERIFY2(path.contains(QStringLiteral("b:200")) && path.contains(QStringLiteral("% Processor Time")),
                 qPrintable(path));
        window.reset();
        hub->reset();
    }

    // A recording opened as a view ranks from its file: a child that burned
    // CPU inside a range is first there and absent before it started, and
    // choosing it adds its % Processor Time, read from the same file.
    void recordingViewRanksFromItsFile()
    {
#ifndef __linux__
        QSKIP("needs /proc");
#endif
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto source = wpo::query::make_platform_source("");
        QVERIFY(source);
        auto names = (*source)->load_names();
        QVERIFY(names);
        struct File {
            std::string path;
            std::optional<wpo::recording::RecordingWriter> writer;
            std::vector<std::int64_t> times;
        };
        auto record = [&](File& file, const std::string& query, int count) {
            for (int i = 0; i < count; ++i) {
                std::this_thread::sleep_for(std::chrono::milliseconds(200));
                std::vector<std::byte> buffer;
                if (!(*source)->collect(query, buffer))
                    return false;
                auto block = wpo::BlockView::parse(buffer);
                if (!block)
                    return false;
                const auto times = wpo::recording::RecordTimes::of(block->header());
                if (!file.writer) {
                    auto created =
                        wpo::recording::RecordingWriter::create(file.path, {block->system_name(), "Linux", *names});
                    if (!created)
                        return false;
                    file.writer.emplace(std::move(*created));
                }
                if (!file.writer->append(query, buffer, times))
                    return false;
                file.times.push_back(times.time_100ns);
            }
            return true;
        };
        File spike{dir.filePath(QStringLiteral("spike.psrec")).toStdString(), {}, {}};
        QVERIFY(record(spike, "230", 4));
        const std::int64_t quiet_last = spike.times.back();
        BusyChild busy;
        const auto busy_pid = static_cast<quint32>(busy.pid());
        QVERIFY(busy.pid() > 0);
        const std::size_t busy_first = spike.times.size();
        QVERIFY(record(spike, "230", 8));
        const std::int64_t busy_from = spike.times[busy_first];
        const std::int64_t busy_to = spike.times.back();
        busy.stop();
        QVERIFY(record(spike, "230", 1));
        QVERIFY(spike.writer->close());
        File memory{dir.filePath(QStringLiteral("memory.psrec")).toStdString(), {}, {}};
        QVERIFY(record(memory, "4", 3));
        QVERIFY(memory.writer->close());
        const auto ms = [](std::int64_t time_100ns) { return time_100ns / 10'000 - kUnixEpochMs; };

        wpo::PerfObjectCache cache;
        auto hub = SourceHub::create(std::make_unique<LiveTestMachine>(), &cache);
        QVERIFY(hub);
        auto window = std::make_unique<MainWindow>(**hub);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        const int before = window->viewCount();
        window->openLog(QString::fromStdString(spike.path));
        QCOMPARE(window->viewCount(), before + 1);
        ViewPane* pane = window->view(before);
        auto* recording = pane->findChild<RecordingView*>();
        QVERIFY(recording);
        QTRY_VERIFY_WITH_TIMEOUT(!recording->isLoading() && recording->lastTime() > 0, 10'000);
        auto* controller = window->findChild<SpikeController*>();
        QVERIFY(controller);
        SpikePanel* panel = controller->panel();
        QSignalSpy shown(panel, &SpikePanel::rankingShown);

        emit pane->content().spikeRequested(ms(busy_from), ms(busy_to) + 1);
        QVERIFY(shown.wait(10'000));
        QVERIFY(panel->isVisible());
        QVERIFY2(panel->model()->rowCount() > 0, qPrintable(panel->summary()));
        QCOMPARE(panel->model()->usage(0).pid, busy_pid);

        emit pane->content().spikeRequested(ms(spike.times.front()), ms(quiet_last) + 1);
        QVERIFY(shown.wait(10'000));
        QVERIFY2(panel->model()->rowCount() > 0, qPrintable(panel->summary()));
        for (int row = 0; row < panel->model()->rowCount(); ++row)
            QVERIFY(panel->model()->usage(row).pid != busy_pid);

        emit pane->content().spikeRequested(ms(busy_from), ms(busy_to) + 1);
        QVERIFY(shown.wait(10'000));
        QCOMPARE(panel->model()->usage(0).pid, busy_pid);
        const QRect cell = panel->table()->visualRect(panel->model()->index(0, 0));
        QTest::mouseClick(panel->table()->viewport(), Qt::LeftButton, {}, cell.center());
        const QString instance_end = QStringLiteral(":%1").arg(busy_pid);
        const auto added = [&] {
            return std::any_of(recording->counters().begin(), recording->counters().end(), [&](const ViewCounter& c) {
                return c.counter == 6 && c.instance.endsWith(instance_end);
            });
        };
        QTRY_VERIFY_WITH_TIMEOUT(added(), 10'000);

        // A recording without the Process object says so.
        panel->showRecordingRange(QString::fromStdString(memory.path), ms(memory.times.front()),
                                  ms(memory.times.back()) + 1);
        QVERIFY(shown.wait(10'000));
        QCOMPARE(panel->model()->rowCount(), 0);
        QVERIFY2(panel->summary().contains(QStringLiteral("no Process object")), qPrintable(panel->summary()));
    }
};

int main(int argc, char** argv)
{
    if (argc == 2 && std::strcmp(argv[1], "--spin") == 0)
        spin_forever();
    QApplication app(argc, argv);
    SpikeTest test;
    return QTest::qExec(&test, argc, argv);
}
#include "spike_test.moc"
