// SPDX-License-Identifier: Apache-2.0
// ViewSampler against the engine's test source running in real time
// (LiveTestMachine) and against the real /proc: batches arrive through queued
// signals from worker threads, series follow instance identities, views share
// the cache, a failing source reports and keeps going.
#include "../support/live_test_machine.h"
#include "gui/sampling/resolve_view_counters.h"
#include "gui/sampling/source_hub.h"
#include "gui/sampling/view_sampler.h"
#include "sources/procfs/procfs_source.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

using namespace perfscope::gui;
using perfscope::gui::test::LiveTestMachine;

namespace {

// Every batch of one sampler, in order, with the thread it was delivered on.
struct BatchLog : QObject {
    QVector<SampleBatch> batches;
    bool all_on_gui_thread = true;
    void attach(ViewSampler& sampler)
    {
        connect(&sampler, &ViewSampler::batchReady, this, [this](const SampleBatch& batch) {
            all_on_gui_thread &= QThread::currentThread() == QCoreApplication::instance()->thread();
            batches.push_back(batch);
        });
    }
    int with_points() const
    {
        int n = 0;
        for (const SampleBatch& b : batches)
            n += b.points.isEmpty() ? 0 : 1;
        return n;
    }
    quint64 queries() const
    {
        quint64 n = 0;
        for (const SampleBatch& b : batches)
            n += b.source_queries;
        return n;
    }
    // The id of the series whose instance is `instance`, 0 if none was added.
    quint64 series_of(const QString& instance, const QString& counter = {}) const
    {
        for (const SampleBatch& b : batches)
            for (const SeriesInfo& s : b.added)
                if (s.instance == instance && (counter.isEmpty() || s.counter == counter))
                    return s.id;
        return 0;
    }
    bool ended(quint64 id) const
    {
        for (const SampleBatch& b : batches)
            if (b.ended.contains(id))
                return true;
        return false;
    }
    // Valid values of a series, in order.
    QVector<double> values(quint64 id) const
    {
        QVector<double> out;
        for (const SampleBatch& b : batches)
            for (const SamplePoint& p : b.points)
                if (p.series == id && p.valid)
                    out.push_back(p.value);
        return out;
    }
    // Points (valid or not) of `id` in batches after the one that ended it.
    int points_after_end(quint64 id) const
    {
        bool over = false;
        int n = 0;
        for (const SampleBatch& b : batches) {
            over |= b.ended.contains(id);
            if (over)
                for (const SamplePoint& p : b.points)
                    n += p.series == id ? 1 : 0;
        }
        return n;
    }
};

std::unique_ptr<SourceHub> make_hub(std::unique_ptr<wpo::Source> source, wpo::PerfObjectCache& cache)
{
    auto hub = SourceHub::create(std::move(source), &cache);
    if (!hub)
        qFatal("hub: %s", hub.error().describe().c_str());
    return std::move(*hub);
}

QVector<ViewCounter> resolve(SourceHub& hub, const QStringList& paths)
{
    auto counters = resolve_view_counters(hub, paths);
    if (!counters)
        qFatal("resolve: %s", counters.error().describe().c_str());
    return *counters;
}

// A machine whose collects, once armed, take `sleep_ms` each: a worker inside
// a slow collection (a remote or a stalled source).
class SlowMachine : public LiveTestMachine {
public:
    wpo::Status collect(std::string_view query, std::vector<std::byte>& buffer) override
    {
        if (const int ms = m_sleep_ms.load(); ms > 0) {
            m_inside = true;
            std::this_thread::sleep_for(std::chrono::milliseconds(ms));
        }
        return LiveTestMachine::collect(query, buffer);
    }
    void arm(int sleep_ms) { m_sleep_ms = sleep_ms; }
    bool inside() const { return m_inside.load(); }

private:
    std::atomic<int> m_sleep_ms{0};
    std::atomic<bool> m_inside{false};
};

}  // namespace

class ViewSamplerTest : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        m_cache = std::make_unique<wpo::PerfObjectCache>();
        auto machine = std::make_unique<LiveTestMachine>();
        m_machine = machine.get();
        m_machine->with([](wpo::test::TestMachine& m) {
            m.start_process("a", 100, 0.25);
            m.start_process("b", 200, 0.5);
        });
        m_hub = make_hub(std::move(machine), *m_cache);
    }
    void cleanup()
    {
        m_hub.reset();
        m_cache.reset();
    }

    void valuesArriveOnTheGuiThreadFromAWorker()
    {
        ViewSampler sampler(*m_hub, 0.1);
        BatchLog log;
        log.attach(sampler);
        sampler.setCounters(resolve(*m_hub, {"\\Process(*)\\% Processor Time", "\\System\\Processes"}));
        sampler.start();
        QTRY_VERIFY_WITH_TIMEOUT(log.with_points() >= 3, 5000);
        QVERIFY(log.all_on_gui_thread);
        const quint64 a = log.series_of("a:100");
        const quint64 b = log.series_of("b:200");
        quint64 processes = 0;
        for (const SampleBatch& batch : log.batches)
            for (const SeriesInfo& s : batch.added)
                if (s.counter == "Processes" && s.instance.isEmpty())
                    processes = s.id;
        QVERIFY(a && b && processes);
        // The machine burns exactly 25 % and 50 % of a CPU in these processes.
        for (double v : log.values(a))
            QVERIFY2(qAbs(v - 25.0) < 0.5, qPrintable(QString::number(v)));
        for (double v : log.values(b))
            QVERIFY2(qAbs(v - 50.0) < 0.5, qPrintable(QString::number(v)));
        QVERIFY(!log.values(a).isEmpty());
        QCOMPARE(log.values(processes).last(), 2.0);
        // Series are named as the CLI names its columns.
        for (const SampleBatch& batch : log.batches)
            for (const SeriesInfo& s : batch.added)
                if (s.id == a)
                    QCOMPARE(s.path, QString("\\\\TESTSOURCE\\Process(a:100)\\% Processor Time"));
    }

    // A view's series arrive in the order of its counters, as the user added
    // them (a session or a set brings them all at once), not in the order of
    // the source's objects and instances: within a counter, its instances.
    void seriesArriveInTheOrderOfTheCounters()
    {
        ViewSampler sampler(*m_hub, 0.1);
        BatchLog log;
        log.attach(sampler);
        sampler.setCounters(resolve(*m_hub, {"\\Process(*)\\% Processor Time", "\\System\\Processes",
                                             "\\Process(b:200)\\Working Set", "\\Process(a:100)\\Working Set"}));
        sampler.start();
        QTRY_VERIFY_WITH_TIMEOUT(log.with_points() >= 1, 5000);
        QStringList added;
        for (const SampleBatch& batch : log.batches)
            for (const SeriesInfo& s : batch.added)
                added << s.counter + QLatin1Char('/') + s.instance;
        QCOMPARE(added, QStringList({"% Processor Time/a:100", "% Processor Time/b:200", "Processes/",
                                     "Working Set/b:200", "Working Set/a:100"}));
    }
    void firstValueComesWellBeforeAnInterval()
    {
        ViewSampler sampler(*m_hub, 1.0);
        BatchLog log;
        log.attach(sampler);
        sampler.setCounters(resolve(*m_hub, {"\\System\\Processes"}));
        QElapsedTimer timer;
        timer.start();
        sampler.start();
        QTRY_VERIFY_WITH_TIMEOUT(log.with_points() >= 1, 5000);
        QVERIFY2(timer.elapsed() < 900, qPrintable(QString::number(timer.elapsed())));
    }

    void twoViewsAtDifferentIntervalsShareTheCache()
    {
        ViewSampler fast(*m_hub, 0.2);
        ViewSampler slow(*m_hub, 0.4);
        BatchLog fast_log, slow_log;
        fast_log.attach(fast);
        slow_log.attach(slow);
        const auto counters = resolve(*m_hub, {"\\Process(*)\\% Processor Time"});
        fast.setCounters(counters);
        slow.setCounters(counters);
        const std::size_t collects_before = m_machine->collects();
        fast.start();
        slow.start();
        QTRY_VERIFY_WITH_TIMEOUT(slow_log.with_points() >= 8, 15000);
        fast.stop();
        slow.stop();
        QTest::qWait(100);
        const int samples = fast_log.with_points() + slow_log.with_points();
        const quint64 queries = fast_log.queries() + slow_log.queries();
        const std::size_t collects = m_machine->collects() - collects_before;
        qInfo("samples %d, source queries reported %llu, collects %zu", samples, queries, collects);
        // Each sample needed Process once; the cache served some of them.
        QVERIFY2(collects < static_cast<std::size_t>(samples), "the views did not share collections");
        QCOMPARE(static_cast<std::size_t>(queries), collects);
        // Two views, two entities, the same values: both saw 25 % on a:100.
        QVERIFY(!slow_log.values(slow_log.series_of("a:100")).isEmpty());
        for (double v : slow_log.values(slow_log.series_of("a:100")))
            QVERIFY(qAbs(v - 25.0) < 0.5);
    }

    void anInstanceEndingMidRunEndsItsSeries()
    {
        ViewSampler all(*m_hub, 0.1);
        ViewSampler one(*m_hub, 0.1);
        BatchLog all_log, one_log;
        all_log.attach(all);
        one_log.attach(one);
        all.setCounters(resolve(*m_hub, {"\\Process(*)\\% Processor Time"}));
        one.setCounters(resolve(*m_hub, {"\\Process(a:100)\\% Processor Time"}));
        all.start();
        one.start();
        QTRY_VERIFY_WITH_TIMEOUT(all_log.with_points() >= 2 && one_log.with_points() >= 2, 5000);
        const quint64 a_all = all_log.series_of("a:100");
        const quint64 a_one = one_log.series_of("a:100");
        QVERIFY(a_all && a_one);

        m_machine->with([](wpo::test::TestMachine& m) { m.end_process(100); });
        QTRY_VERIFY_WITH_TIMEOUT(all_log.ended(a_all) && one_log.ended(a_one), 5000);
        // A later process of the same name, even with the same PID, is another instance.
        m_machine->with([](wpo::test::TestMachine& m) {
            m.advance(1.0);
            m.start_process("a", 100, 0.75);
        });
        const int before = all_log.batches.size();
        QTRY_VERIFY_WITH_TIMEOUT(all_log.batches.size() >= before + 4, 5000);
        QTest::qWait(300);
        all.stop();
        one.stop();
        QTest::qWait(100);

        QCOMPARE(all_log.points_after_end(a_all), 0);
        QCOMPARE(one_log.points_after_end(a_one), 0);
        for (double v : all_log.values(a_all))
            QVERIFY2(qAbs(v - 25.0) < 0.5, "a value of the new process landed on the old series");
        // <All instances> added the new "a:100" as a series of its own, at 75 %.
        quint64 newer = 0;
        for (const SampleBatch& b : all_log.batches)
            for (const SeriesInfo& s : b.added)
                if (s.instance == "a:100" && s.id != a_all)
                    newer = s.id;
        QVERIFY(newer != 0);
        QVERIFY(!all_log.values(newer).isEmpty());
        for (double v : all_log.values(newer))
            QVERIFY(qAbs(v - 75.0) < 0.5);
        // The view of that one process got nothing of the new one.
        for (const SampleBatch& b : one_log.batches)
            for (const SeriesInfo& s : b.added)
                QCOMPARE(s.id, a_one);
    }

    void allInstancesPicksUpALaterInstance()
    {
        ViewSampler sampler(*m_hub, 0.1);
        BatchLog log;
        log.attach(sampler);
        sampler.setCounters(resolve(*m_hub, {"\\Process(*)\\Working Set"}));
        sampler.start();
        QTRY_VERIFY_WITH_TIMEOUT(log.with_points() >= 2, 5000);
        QCOMPARE(log.series_of("late:300"), quint64(0));
        m_machine->with([](wpo::test::TestMachine& m) { m.start_process("late", 300, 0.1); });
        QTRY_VERIFY_WITH_TIMEOUT(log.series_of("late:300") != 0, 5000);
        const quint64 late = log.series_of("late:300");
        QTRY_VERIFY_WITH_TIMEOUT(!log.values(late).isEmpty(), 5000);
        QCOMPARE(log.values(late).first(), 300.0 * 4096);  // the machine's working set: pid * 4096
    }

    void aFailingSourceReportsAndKeepsGoing()
    {
        ViewSampler sampler(*m_hub, 0.1);
        BatchLog log;
        log.attach(sampler);
        sampler.setCounters(resolve(*m_hub, {"\\System\\Processes"}));
        sampler.start();
        QTRY_VERIFY_WITH_TIMEOUT(log.with_points() >= 1, 5000);
        m_machine->fail_next("the disk is on fire");
        QTRY_VERIFY_WITH_TIMEOUT(std::any_of(log.batches.begin(), log.batches.end(),
                                             [](const SampleBatch& b) {
                                                 return b.error.contains("the disk is on fire") && b.points.isEmpty();
                                             }),
                                 5000);
        const int after_error = log.with_points();
        QTRY_VERIFY_WITH_TIMEOUT(log.with_points() >= after_error + 2, 5000);
    }

    // Adding a counter, removing one and changing the interval reconfigure the
    // running sampler: every batch after a series' first value carries a valid
    // value of it (a batch without one is a gap in the view's line), and the
    // rate stays right across each change.
    void editingAViewKeepsItsSeriesContinuous()
    {
        ViewSampler sampler(*m_hub, 0.1);
        BatchLog log;
        log.attach(sampler);
        const auto process_cpu = resolve(*m_hub, {"\\Process(*)\\% Processor Time"});
        sampler.setCounters(process_cpu);
        sampler.start();
        QTRY_VERIFY_WITH_TIMEOUT(log.series_of("a:100") != 0 && log.values(log.series_of("a:100")).size() >= 3, 5000);
        const quint64 a = log.series_of("a:100");
        const quint64 b = log.series_of("b:200");
        QVERIFY(a && b);

        auto wait_batches = [&](int n) {
            const int before = log.batches.size();
            QTRY_VERIFY_WITH_TIMEOUT(log.batches.size() >= before + n, 5000);
        };
        sampler.addCounters(resolve(*m_hub, {"\\System\\Processes"}));
        quint64 processes = 0;
        QTRY_VERIFY_WITH_TIMEOUT((processes = log.series_of({}, "Processes")) != 0 && !log.values(processes).isEmpty(),
                                 5000);
        wait_batches(2);
        sampler.setCounters(process_cpu);
        wait_batches(3);
        const int removed_before = log.batches.size();  // the worker has seen the removal by now
        sampler.setInterval(0.2);
        wait_batches(3);
        sampler.setInterval(0.1);
        wait_batches(3);
        sampler.stop();
        QTest::qWait(100);

        int first_a = -1;
        for (int i = 0; i < log.batches.size() && first_a < 0; ++i)
            for (const SamplePoint& p : log.batches[i].points)
                if (p.series == a && p.valid)
                    first_a = i;
        QVERIFY(first_a >= 0);
        for (int i = first_a; i < log.batches.size(); ++i) {
            const SampleBatch& batch = log.batches[i];
            for (quint64 id : {a, b}) {
                const auto point = std::find_if(batch.points.begin(), batch.points.end(),
                                                [id](const SamplePoint& p) { return p.series == id; });
                QVERIFY2(point != batch.points.end() && point->valid,
                         qPrintable(QString("batch %1 of %2 has no value of series %3 (error \"%4\")")
                                        .arg(i)
                                        .arg(log.batches.size())
                                        .arg(id)
                                        .arg(batch.error)));
            }
        }
        // The machine burns 25 % and 50 % of a CPU, whatever the interval.
        for (double v : log.values(a))
            QVERIFY2(qAbs(v - 25.0) < 0.5, qPrintable(QString::number(v)));
        for (double v : log.values(b))
            QVERIFY2(qAbs(v - 50.0) < 0.5, qPrintable(QString::number(v)));
        // The removed counter got no values once the worker had its new list.
        int processes_after = 0;
        for (int i = removed_before; i < log.batches.size(); ++i)
            for (const SamplePoint& p : log.batches[i].points)
                processes_after += p.series == processes ? 1 : 0;
        QCOMPARE(processes_after, 0);
    }

    void removedSeriesGetNoMorePoints()
    {
        ViewSampler sampler(*m_hub, 0.1);
        BatchLog log;
        log.attach(sampler);
        sampler.setCounters(resolve(*m_hub, {"\\Process(*)\\% Processor Time"}));
        sampler.start();
        QTRY_VERIFY_WITH_TIMEOUT(log.series_of("a:100") != 0 && log.with_points() >= 2, 5000);
        const quint64 a = log.series_of("a:100");
        sampler.removeSeries(a);
        QTest::qWait(150);
        const int before = log.batches.size();
        QTRY_VERIFY_WITH_TIMEOUT(log.batches.size() >= before + 3, 5000);
        for (int i = before; i < log.batches.size(); ++i)
            for (const SamplePoint& p : log.batches[i].points)
                QVERIFY(p.series != a);
    }

    void badPathsNameTheBadPart_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("named");
        QTest::newRow("unknown object") << "\\Nope\\% Processor Time"
                                        << "Nope";
        QTest::newRow("unknown counter") << "\\Process(*)\\Nope Time"
                                         << "Nope Time";
        QTest::newRow("missing instance") << "\\Process\\% Processor Time"
                                          << "has instances";
        QTest::newRow("no such instance") << "\\Process(zz:9)\\% Processor Time"
                                          << "zz:9";
        QTest::newRow("instance on single object") << "\\System(x)\\Processes"
                                                   << "(x)";
        QTest::newRow("not a path") << "Process"
                                    << "Process";
    }
    void badPathsNameTheBadPart()
    {
        QFETCH(QString, path);
        QFETCH(QString, named);
        auto counters = resolve_view_counters(*m_hub, {path});
        QVERIFY(!counters);
        QVERIFY2(QString::fromStdString(counters.error().message()).contains(named),
                 counters.error().message().c_str());
    }

    // The real thing: /proc, and a real process that starts after the view and exits.
    void procfsAllInstancesFollowsARealProcess()
    {
        wpo::PerfObjectCache cache;
        auto hub = make_hub(std::make_unique<wpo::ProcfsSource>(), cache);
        ViewSampler sampler(*hub, 0.1);
        BatchLog log;
        log.attach(sampler);
        sampler.setCounters(resolve(*hub, {"\\Process(*)\\ID Process", "\\Processor(_Total)\\% Processor Time"}));
        sampler.start();
        QTRY_VERIFY_WITH_TIMEOUT(log.with_points() >= 2, 5000);
        QProcess child;
        child.start("sleep", {"30"});
        QVERIFY(child.waitForStarted());
        const QString name = QString("sleep:%1").arg(child.processId());
        QTRY_VERIFY_WITH_TIMEOUT(log.series_of(name, "ID Process") != 0, 5000);
        const quint64 id = log.series_of(name, "ID Process");
        QTRY_VERIFY_WITH_TIMEOUT(!log.values(id).isEmpty(), 5000);
        QCOMPARE(log.values(id).first(), double(child.processId()));
        child.kill();
        child.waitForFinished();
        QTRY_VERIFY_WITH_TIMEOUT(log.ended(id), 5000);
        sampler.stop();
        QTest::qWait(200);
        QCOMPARE(log.points_after_end(id), 0);
    }

    void pathsResolveEachOnItsOwnInOneCollection()
    {
        const QStringList paths = {"\\Process(a:100)\\% Processor Time", "\\Process(gone:999)\\% Processor Time",
                                   "\\System\\Processes", "\\Process(b:200)\\No Such Counter",
                                   "\\Process(*)\\ID Process"};
        const std::uint64_t before = m_hub->total_queries();
        const PathsResolution done = resolve_each_path(*m_hub, paths);
        QCOMPARE(m_hub->total_queries() - before, std::uint64_t(1));
        QVERIFY(done.error.isEmpty());
        QCOMPARE(done.paths.size(), paths.size());
        const QList<bool> resolved = {true, false, true, false, true};
        for (qsizetype i = 0; i < paths.size(); ++i) {
            QCOMPARE(done.paths[i].error.isEmpty(), resolved[i]);
            QCOMPARE(done.paths[i].counters.size(), resolved[i] ? 1 : 0);
        }
        QVERIFY2(done.paths[1].error.contains("gone:999"), qPrintable(done.paths[1].error));
        QCOMPARE(done.paths[0].counters[0].instances, ViewCounter::Instances::one);
        QCOMPARE(done.paths[0].counters[0].instance, QString("a:100"));
        QCOMPARE(done.paths[4].counters[0].instances, ViewCounter::Instances::all);
    }
    void pathsResolveOffTheCallingThread()
    {
        QObject context;
        QVector<PathCounters> got;
        bool on_gui_thread = false;
        resolve_each_path_later(*m_hub, {"\\System\\Processes"}, &context, [&](const PathsResolution& done) {
            on_gui_thread = QThread::currentThread() == context.thread();
            got = done.paths;
        });
        QTRY_COMPARE_WITH_TIMEOUT(got.size(), qsizetype(1), 5000);
        QVERIFY(on_gui_thread);
        QVERIFY(got[0].error.isEmpty());
        QCOMPARE(got[0].counters[0].counter, resolve(*m_hub, {"\\System\\Processes"})[0].counter);
    }
    void destroyingDoesNotWaitForACollection()
    {
        constexpr int kSleepMs = 2000;
        wpo::PerfObjectCache cache;
        auto machine = std::make_unique<SlowMachine>();
        SlowMachine* slow = machine.get();
        auto hub = make_hub(std::move(machine), cache);
        auto sampler = std::make_unique<ViewSampler>(*hub, 1.0);
        sampler->setCounters(resolve(*hub, {"\\System\\Processes"}));
        std::atomic<bool> worker_gone{false};
        // Direct: the worker is deleted on its own thread.
        QObject::connect(sampler->worker(), &QObject::destroyed, [&worker_gone] { worker_gone = true; });
        slow->arm(kSleepMs);
        sampler->sampleNow();
        QTRY_VERIFY_WITH_TIMEOUT(slow->inside(), 5000);

        QElapsedTimer timer;
        timer.start();
        sampler.reset();
        const qint64 took = timer.elapsed();
        QVERIFY2(took < kSleepMs / 4, qPrintable(QString("the sampler took %1 ms to go").arg(took)));
        QVERIFY(!worker_gone);
        QCOMPARE(hub->retired().pending(), 1);
        // Once the collection returns, the thread ends and takes the worker with it.
        QTRY_VERIFY_WITH_TIMEOUT(worker_gone.load(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(hub->retired().pending(), 0, 5000);
    }
    void hubWaitsForWorkersStillCollecting()
    {
        // A view closed just before exit: the hub (and the source) outlive its worker.
        wpo::PerfObjectCache cache;
        auto machine = std::make_unique<SlowMachine>();
        SlowMachine* slow = machine.get();
        auto hub = make_hub(std::move(machine), cache);
        auto sampler = std::make_unique<ViewSampler>(*hub, 1.0);
        sampler->setCounters(resolve(*hub, {"\\System\\Processes"}));
        std::atomic<bool> worker_gone{false};
        QObject::connect(sampler->worker(), &QObject::destroyed, [&worker_gone] { worker_gone = true; });
        slow->arm(300);
        sampler->sampleNow();
        QTRY_VERIFY_WITH_TIMEOUT(slow->inside(), 5000);
        sampler.reset();
        hub.reset();
        QVERIFY(worker_gone);
    }

private:
    std::unique_ptr<wpo::PerfObjectCache> m_cache;
    LiveTestMachine* m_machine = nullptr;
    std::unique_ptr<SourceHub> m_hub;
};

QTEST_GUILESS_MAIN(ViewSamplerTest)
#include "view_sampler_test.moc"
