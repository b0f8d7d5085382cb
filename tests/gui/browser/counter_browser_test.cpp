// SPDX-License-Identifier: Apache-2.0
// The browser's models under QAbstractItemModelTester, and the dock against
// the live test machine: objects and counters with help texts, instances
// that appear and disappear live, the filter over objects and counters, the
// instance search, the kernel-thread rule, Add and what it says when it adds
// nothing.
#include "gui/browser/browser_sampler.h"
#include "gui/browser/counter_browser.h"
#include "gui/browser/instance_filter_model.h"
#include "gui/browser/instance_list_model.h"
#include "gui/browser/kernel_threads.h"
#include "gui/browser/object_tree_model.h"
#include "../support/live_test_machine.h"
#include "query/platform_source.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QSignalSpy>
#include <QTest>
#include <QTextBrowser>
#include <QTreeView>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

using namespace perfscope::gui;
using perfscope::gui::test::LiveTestMachine;

namespace {

// Collects slowly once armed: a browser refresh that takes seconds.
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

QVector<BrowseObject> sample_objects()
{
    return {{2, "System", "The system.", false, {{248, "Processes", "Number of processes.", 0}}},
            {230,
             "Process",
             "Programs.",
             true,
             {{6, "% Processor Time", "Busy share.", 0}, {180, "Working Set", "Bytes.", -5}}}};
}

BrowseInstances sample_instances(std::initializer_list<std::pair<const char*, std::uint64_t>> list)
{
    BrowseInstances out{230, {}};
    for (auto [name, pid] : list)
        out.instances.push_back(
            {QString("%1:%2").arg(name).arg(pid), {}, {wpo::InstanceIdentity::Kind::process, pid, 1}});
    return out;
}

// Named instances in the given order, `kernel` marking the kernel threads by PID.
BrowseInstances named_instances(const QStringList& names, const QSet<quint64>& kernel = {})
{
    BrowseInstances out{230, {}};
    quint64 pid = 1;
    for (const QString& name : names) {
        BrowseInstance b{name, {}, {wpo::InstanceIdentity::Kind::process, pid, 1}};
        b.kernel = kernel.contains(pid);
        out.instances.push_back(b);
        ++pid;
    }
    return out;
}

QStringList rows(const QAbstractItemModel& model, const QModelIndex& parent = {})
{
    QStringList out;
    for (int row = 0; row < model.rowCount(parent); ++row)
        out << model.index(row, 0, parent).data().toString();
    return out;
}

}  // namespace

class CounterBrowserTest : public QObject {
    Q_OBJECT
private slots:
    void objectTreeModelPassesTheTester()
    {
        ObjectTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setObjects(sample_objects());
        QCOMPARE(rows(model), QStringList({"System", "Process"}));
        const QModelIndex process = model.index(1, 0);
        QCOMPARE(rows(model, process), QStringList({"% Processor Time", "Working Set"}));
        const QModelIndex working_set = model.index(1, 0, process);
        QCOMPARE(working_set.data(ObjectTreeModel::HelpRole).toString(), QString("Bytes."));
        QCOMPARE(working_set.data(Qt::ToolTipRole).toString(), QString("Bytes."));
        QCOMPARE(working_set.data(ObjectTreeModel::DefaultScaleRole).toInt(), -5);
        QCOMPARE(working_set.data(ObjectTreeModel::ObjectIndexRole).toUInt(), 230u);
        QCOMPARE(working_set.parent(), process);
        model.setObjects({});
        QCOMPARE(model.rowCount(), 0);
    }

    void instanceListModelPassesTheTesterAndKeepsRunningRows()
    {
        InstanceListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setInstances(sample_instances({{"a", 100}, {"b", 200}}), true);
        QCOMPARE(rows(model), QStringList({"<All instances>", "a:100", "b:200"}));
        QVERIFY(model.isAllInstances(model.index(0)));
        QPersistentModelIndex b = model.index(2);
        // a exits, c starts: b keeps its (persistent) row, shifted up.
        model.setInstances(sample_instances({{"b", 200}, {"c", 300}}), true);
        QCOMPARE(rows(model), QStringList({"<All instances>", "b:200", "c:300"}));
        QCOMPARE(b.row(), 1);
        // A later process with a reused PID but another start time is another instance.
        BrowseInstances reused = sample_instances({{"b", 200}, {"c", 300}});
        reused.instances[0].identity.start = 2;
        model.setInstances(reused, true);
        QVERIFY(!b.isValid());
        QCOMPARE(rows(model), QStringList({"<All instances>", "c:300", "b:200"}));
        // An object without instances: nothing, not even the wildcard.
        model.setInstances({2, {}}, false);
        QCOMPARE(model.rowCount(), 0);
    }

    void kernelThreadsAreKthreaddAndItsChildren()
    {
        // init (1, parent 0), kthreadd (2, parent 0), two kernel workers
        // (parent 2), a shell (parent 1) and its child (parent the shell).
        const std::vector<ProcessParent> host{{1, 0, "systemd"},      {2, 0, "kthreadd"}, {3, 2, "rcu_gp"},
                                              {40, 2, "kworker/0:1"}, {500, 1, "bash"},   {501, 500, "make"}};
        QVERIFY(kernel_thread_pids(host) == (std::unordered_set<std::uint64_t>{2, 3, 40}));
        // A container: PID 2 is a user's process without a parent in the
        // namespace, and its children are no kernel threads.
        const std::vector<ProcessParent> container{{1, 0, "init"}, {2, 0, "bash"}, {3, 2, "make"}};
        QVERIFY(kernel_thread_pids(container).empty());
        // kthreadd is found by name and no parent, not by its PID.
        const std::vector<ProcessParent> moved{{7, 0, "kthreadd"}, {8, 7, "kworker"}, {9, 2, "bash"}};
        QVERIFY(kernel_thread_pids(moved) == (std::unordered_set<std::uint64_t>{7, 8}));
        QVERIFY(kernel_thread_pids({}).empty());
        QVERIFY(lists_kernel_threads(230) && lists_kernel_threads(232) && !lists_kernel_threads(238));
    }

    void instanceListModelMarksKernelThreadsLate()
    {
        InstanceListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setInstances(named_instances({"kworker/0:1", "bash"}), true);
        QVERIFY(!model.index(1).data(InstanceListModel::KernelThreadRole).toBool());
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        // The next refresh knows the parents: PID 1 is a kernel thread.
        model.setInstances(named_instances({"kworker/0:1", "bash"}, {1}), true);
        QCOMPARE(changed.size(), 1);
        QVERIFY(model.index(1).data(InstanceListModel::KernelThreadRole).toBool());
        QVERIFY(!model.index(2).data(InstanceListModel::KernelThreadRole).toBool());
        QCOMPARE(rows(model), QStringList({"<All instances>", "kworker/0:1", "bash"}));
    }

    void instanceFilterSortsNaturallyAndKeepsTheWildcardAndTotal()
    {
        InstanceListModel list;
        InstanceFilterModel filter;
        filter.setSourceModel(&list);
        QAbstractItemModelTester tester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
        // Arrival (PID) order: kernel threads first, as procfs lists them.
        list.setInstances(
            named_instances(
                {"kthreadd:2", "kworker:3", "bash:100", "_Total", "Bash:12", "bash:9", "zsh:5", "bash:1000"}, {1, 2}),
            true);
        // Kernel threads hidden by default; the rest by name with numbers by
        // value (case-insensitive): 9 < 12 < 100 < 1000.
        QVERIFY(filter.hidesKernelThreads());
        QCOMPARE(rows(filter),
                 QStringList({"<All instances>", "_Total", "bash:9", "Bash:12", "bash:100", "bash:1000", "zsh:5"}));
        QCOMPARE(filter.matchCount(), 5);
        filter.setHideKernelThreads(false);
        QCOMPARE(rows(filter), QStringList({"<All instances>", "_Total", "bash:9", "Bash:12", "bash:100", "bash:1000",
                                            "kthreadd:2", "kworker:3", "zsh:5"}));
        // The search narrows the instances, never the wildcard or _Total.
        filter.setSearch("BASH:1");
        QCOMPARE(rows(filter), QStringList({"<All instances>", "_Total", "Bash:12", "bash:100", "bash:1000"}));
        filter.setSearch("nothing");
        QCOMPARE(rows(filter), QStringList({"<All instances>", "_Total"}));
        QCOMPARE(filter.matchCount(), 0);
        filter.setSearch("");
        // A live insert lands in its sorted place.
        BrowseInstances more = named_instances(
            {"kthreadd:2", "kworker:3", "bash:100", "_Total", "Bash:12", "bash:9", "zsh:5", "bash:1000", "bash:20"},
            {1, 2});
        list.setInstances(more, true);
        QCOMPARE(rows(filter), QStringList({"<All instances>", "_Total", "bash:9", "Bash:12", "bash:20", "bash:100",
                                            "bash:1000", "kthreadd:2", "kworker:3", "zsh:5"}));
    }

    void filterProxiesPassTheTester()
    {
        ObjectTreeModel objects;
        objects.setObjects(sample_objects());
        QSortFilterProxyModel proxy;
        proxy.setRecursiveFilteringEnabled(true);
        proxy.setFilterCaseSensitivity(Qt::CaseInsensitive);
        proxy.setSourceModel(&objects);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setFilterFixedString("working");
        QCOMPARE(rows(proxy), QStringList({"Process"}));
        QCOMPARE(rows(proxy, proxy.index(0, 0)), QStringList({"Working Set"}));
        proxy.setFilterFixedString("");
        QCOMPARE(rows(proxy).size(), 2);
    }

    void dockBrowsesTheLiveMachine()
    {
        wpo::PerfObjectCache cache;
        auto machine = std::make_unique<LiveTestMachine>();
        LiveTestMachine* live = machine.get();
        live->with([](wpo::test::TestMachine& m) {
            m.start_process("a", 100);
            m.start_process("b", 200);
        });
        auto hub = SourceHub::create(std::move(machine), &cache);
        QVERIFY(hub);
        CounterBrowser browser(**hub);
        browser.sampler().stop();
        QAbstractItemModelTester tree_tester(&browser.objectModel(),
                                             QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester list_tester(&browser.instanceModel(),
                                             QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester filter_tester(&browser.instanceFilter(),
                                               QAbstractItemModelTester::FailureReportingMode::QtTest);
        browser.show();
        QTRY_VERIFY_WITH_TIMEOUT(browser.objectModel().rowCount() > 0, 5000);
        // Global: every object but the costly one.
        QStringList names = rows(browser.objectModel());
        names.sort();
        QCOMPARE(names, QStringList({"Process", "Processor", "System", "Thread"}));

        QVERIFY(browser.select("Process", "Working Set"));
        QTRY_COMPARE_WITH_TIMEOUT(rows(browser.instanceModel()), QStringList({"<All instances>", "a:100", "b:200"}),
                                  5000);
        browser.explainText()->setVisible(true);
        QVERIFY(browser.explainText()->toPlainText().contains("Bytes of memory in use."));

        // Live: c starts, a exits.
        live->with([](wpo::test::TestMachine& m) {
            m.start_process("c", 300);
            m.end_process(100);
        });
        browser.sampler().refreshNow();
        QTRY_COMPARE_WITH_TIMEOUT(rows(browser.instanceModel()), QStringList({"<All instances>", "b:200", "c:300"}),
                                  5000);

        // Add: a counter for each selected instance; none selected = <All instances>.
        QSignalSpy added(&browser, &CounterBrowser::addRequested);
        browser.addSelection();
        QCOMPARE(added.size(), 1);
        auto counters = added.takeFirst().at(0).value<QVector<ViewCounter>>();
        QCOMPARE(counters.size(), 1);
        QCOMPARE(counters[0].instances, ViewCounter::Instances::all);
        QCOMPARE(counters[0].text, QString("\\Process(*)\\Working Set"));
        QCOMPARE(counters[0].object, 230u);
        QCOMPARE(counters[0].counter, 180u);

        QVERIFY(browser.selectInstance("c:300"));
        browser.addSelection();
        counters = added.takeFirst().at(0).value<QVector<ViewCounter>>();
        QCOMPARE(counters.size(), 1);
        QCOMPARE(counters[0].instances, ViewCounter::Instances::one);
        QCOMPARE(counters[0].instance, QString("c:300"));
        QCOMPARE(counters[0].identity.kind, wpo::InstanceIdentity::Kind::process);
        QCOMPARE(counters[0].identity.id, quint64(300));

        // A single-instance object.
        QVERIFY(browser.select("System", "Processes"));
        QTRY_COMPARE(browser.instanceModel().rowCount(), 0);
        browser.addSelection();
        counters = added.takeFirst().at(0).value<QVector<ViewCounter>>();
        QCOMPARE(counters[0].instances, ViewCounter::Instances::none);
        QCOMPARE(counters[0].text, QString("\\System\\Processes"));

        // The filter box filters objects and counters, never instances.
        QVERIFY(browser.select("Process"));
        QTRY_COMPARE_WITH_TIMEOUT(browser.instanceModel().rowCount(), 3, 5000);
        QVERIFY(browser.hideKernelThreadsBox()->isVisibleTo(&browser));
        browser.filterBox()->setText("c:3");
        QCOMPARE(rows(browser.instanceFilter()), QStringList({"<All instances>", "b:200", "c:300"}));
        QCOMPARE(browser.objectFilter().rowCount(), 0);
        // Nothing to add: Add says why instead of adding nothing silently.
        browser.addSelection();
        QCOMPARE(added.size(), 0);
        QVERIFY(browser.statusText().contains("no object or counter matches the filter \"c:3\""));
        browser.filterBox()->setText("context");
        QCOMPARE(rows(browser.objectFilter()), QStringList({"System"}));
        QCOMPARE(rows(browser.objectFilter(), browser.objectFilter().index(0, 0)),
                 QStringList({"Context Switches/sec"}));
        // An object that matches by name lists all its counters.
        browser.filterBox()->setText("process");
        QVERIFY(rows(browser.objectFilter()).contains("Process"));
        browser.filterBox()->clear();

        // The instance search has its own field; <All instances> stays.
        QVERIFY(browser.select("Process", "Working Set"));
        browser.instanceSearchBox()->setText("c:3");
        QCOMPARE(rows(browser.instanceFilter()), QStringList({"<All instances>", "c:300"}));
        // A narrowed list with nothing selected: no silent <All instances>.
        browser.instanceList()->clearSelection();
        browser.addSelection();
        QCOMPARE(added.size(), 0);
        QVERIFY(browser.statusText().contains("select the instances of Process"));
        browser.instanceSearchBox()->setText("zzz");
        browser.addSelection();
        QCOMPARE(added.size(), 0);
        QVERIFY(browser.statusText().contains("no instance of Process matches \"zzz\""));
        QVERIFY(browser.selectInstance("<All instances>"));
        browser.addSelection();
        QCOMPARE(added.size(), 1);
        counters = added.takeFirst().at(0).value<QVector<ViewCounter>>();
        QCOMPARE(counters[0].instances, ViewCounter::Instances::all);
        QVERIFY(browser.statusText().contains("\\Process(*)\\Working Set"));

        // The object with no instances hides the kernel-thread option.
        QVERIFY(browser.select("System"));
        QTRY_VERIFY(!browser.hideKernelThreadsBox()->isVisibleTo(&browser));
    }

    // On this machine's own /proc: kthreadd and its children are marked and
    // hidden by default; this test process is listed and is not marked.
    void hidesTheKernelThreadsOfThisMachine()
    {
#ifndef __linux__
        QSKIP("Linux kernel threads");
#else
        QFile kthreadd(QStringLiteral("/proc/2/stat"));
        if (!kthreadd.open(QIODevice::ReadOnly) || !kthreadd.readAll().startsWith("2 (kthreadd) "))
            QSKIP("no kthreadd visible (a container)");
        wpo::PerfObjectCache cache;
        auto source = wpo::query::make_platform_source();
        QVERIFY(source);
        auto hub = SourceHub::create(std::move(*source), &cache);
        QVERIFY(hub);
        CounterBrowser browser(**hub);
        browser.show();
        QTRY_VERIFY_WITH_TIMEOUT(browser.select("Process", "% Processor Time"), 10000);
        const QString self = QStringLiteral(":%1").arg(QCoreApplication::applicationPid());
        auto source_rows = [&] { return rows(browser.instanceModel()); };
        auto has = [](const QStringList& list, const QString& suffix) {
            return std::any_of(list.begin(), list.end(), [&](const QString& r) { return r.endsWith(suffix); });
        };
        QTRY_VERIFY_WITH_TIMEOUT(has(source_rows(), QStringLiteral(":2")) && has(source_rows(), self), 10000);
        // The mark needs one decoded refresh.
        browser.sampler().refreshNow();
        QTRY_VERIFY_WITH_TIMEOUT(!has(rows(browser.instanceFilter()), QStringLiteral("kthreadd:2")), 10000);
        QVERIFY(has(rows(browser.instanceFilter()), self));
        browser.hideKernelThreadsBox()->setChecked(false);
        QVERIFY(has(rows(browser.instanceFilter()), QStringLiteral("kthreadd:2")));
        browser.hideKernelThreadsBox()->setChecked(true);

        // Threads: those of kernel threads (their process is kthreadd or its child).
        QVERIFY(browser.select("Thread"));
        auto kernel_marked = [&](const QAbstractItemModel& model) {
            int n = 0;
            for (int row = 0; row < model.rowCount(); ++row)
                n += model.index(row, 0).data(InstanceListModel::KernelThreadRole).toBool() ? 1 : 0;
            return n;
        };
        QTRY_VERIFY_WITH_TIMEOUT(browser.instanceModel().rowCount() > 1, 10000);
        browser.sampler().refreshNow();
        QTRY_VERIFY_WITH_TIMEOUT(kernel_marked(browser.instanceModel()) > 0, 10000);
        QCOMPARE(kernel_marked(browser.instanceFilter()), 0);
        QVERIFY(browser.instanceFilter().rowCount() > 1);
#endif
    }

    void closingDoesNotWaitForARefresh()
    {
        constexpr int kSleepMs = 2000;
        wpo::PerfObjectCache cache;
        auto machine = std::make_unique<SlowMachine>();
        SlowMachine* slow = machine.get();
        auto hub = SourceHub::create(std::move(machine), &cache);
        QVERIFY(hub);
        auto sampler = std::make_unique<BrowserSampler>(**hub, 60'000);
        slow->arm(kSleepMs);
        sampler->refreshNow();
        QTRY_VERIFY_WITH_TIMEOUT(slow->inside(), 5000);
        QElapsedTimer timer;
        timer.start();
        sampler.reset();
        const qint64 took = timer.elapsed();
        QVERIFY2(took < kSleepMs / 4, qPrintable(QString("the browser's sampler took %1 ms to go").arg(took)));
        QCOMPARE((*hub)->retired().pending(), 1);
        // The refresh returns, the thread ends, worker and thread are deleted.
        QTRY_COMPARE_WITH_TIMEOUT((*hub)->retired().pending(), 0, 10'000);
    }

    void shortcutFocusesTheFilter()
    {
        wpo::PerfObjectCache cache;
        auto hub = SourceHub::create(std::make_unique<LiveTestMachine>(), &cache);
        QVERIFY(hub);
        QWidget window;
        auto* browser = new CounterBrowser(**hub, &window);
        browser->sampler().stop();
        auto* other = new QLineEdit(&window);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        other->setFocus();
        QVERIFY(!browser->filterBox()->hasFocus());
        QCOMPARE(CounterBrowser::filterShortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
        QTest::keySequence(&window, CounterBrowser::filterShortcut());
        QTRY_VERIFY(browser->filterBox()->hasFocus());
    }
};

QTEST_MAIN(CounterBrowserTest)
#include "counter_browser_test.moc"
