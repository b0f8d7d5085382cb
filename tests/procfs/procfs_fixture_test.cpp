// SPDX-License-Identifier: Apache-2.0
// The procfs source over captured /proc trees (tests/fixtures/README.md):
// exact raw values, read from the fixture files by hand and written down
// here, so any change in what the source reads or how it maps it shows.
#include "procfs_test_util.h"

#include "sources/procfs/handle_budget.h"
#include "sources/procfs/linux_indices.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <poll.h>
#include <set>
#include <sys/inotify.h>
#include <unistd.h>

namespace wpo {
namespace {

namespace ix = procfs_index;
using test::fixture_options;
using test::FixedClock;
using test::raw;

constexpr std::int64_t kMonotonic = 123'456'789'000;
// 2026-01-02 03:04:05.678 UTC, a Friday.
constexpr std::int64_t kWall = kFiletimeUnixEpoch + 1'767'323'045LL * 10'000'000 + 6'780'000;

// proc-small/proc/stat: btime 1795335363, the base of every raw start time
// (see ProcfsCollector::read_uptime()); proc-small/proc/uptime 843.66 s.
constexpr std::uint64_t kSmallBoot = std::uint64_t(kFiletimeUnixEpoch) + 1'795'335'363ULL * 10'000'000;
constexpr std::uint64_t kTick = 100'000;  // USER_HZ 100 in 100 ns units

class ProcSmall : public ::testing::Test {
protected:
    FixedClock m_clock{kMonotonic, kWall};
    ProcfsSource m_source{fixture_options("proc-small", m_clock)};
    std::vector<std::byte> m_buffer;

    BlockView collect(const std::string& query) { return test::collect_block(m_source, query, m_buffer); }
};

TEST_F(ProcSmall, GlobalHasEveryObjectButTheCostlyOneInIndexOrder)
{
    const BlockView block = collect("Global");
    EXPECT_EQ(test::object_indices(block),
              (std::vector<std::uint32_t>{ix::kSystem, ix::kMemory, ix::kProcess, ix::kThread, ix::kPhysicalDisk,
                                          ix::kLogicalDisk, ix::kProcessor, ix::kNetworkInterface}));
    EXPECT_EQ(block.header().default_object, 238);
    EXPECT_EQ(block.system_name(), "FIXTURE");
    EXPECT_EQ(test::object_indices(collect("")), test::object_indices(block));  // empty = Global
}

TEST_F(ProcSmall, CostlyIsOnlyProcessMemoryDetail)
{
    const BlockView block = collect("Costly");
    ASSERT_EQ(test::object_indices(block), std::vector<std::uint32_t>{ix::kProcessMemoryDetail});
    const ObjectView detail = *block.find_object(ix::kProcessMemoryDetail);
    EXPECT_EQ(test::instance_names(detail),
              (std::vector<std::string>{"kthreadd", "python3", "odd) (name", "sleep", "sleep"}));
    // proc-small/proc/12966/smaps_rollup
    const auto python = test::instance_with(detail, ix::kIdProcess, 12966);
    ASSERT_TRUE(python);
    EXPECT_EQ(raw(detail, *python, ix::kRss), 14080u * 1024);
    EXPECT_EQ(raw(detail, *python, ix::kPss), 11690u * 1024);
    EXPECT_EQ(raw(detail, *python, ix::kSharedClean), 2576u * 1024);
    EXPECT_EQ(raw(detail, *python, ix::kSharedDirty), 0u);
    EXPECT_EQ(raw(detail, *python, ix::kPrivateClean), 4404u * 1024);
    EXPECT_EQ(raw(detail, *python, ix::kPrivateDirty), 7100u * 1024);
    EXPECT_EQ(raw(detail, *python, ix::kSwap), 0u);
    // kthreadd has no smaps_rollup in the capture (kernel threads have no mappings).
    const auto kthreadd = test::instance_with(detail, ix::kIdProcess, 2);
    ASSERT_TRUE(kthreadd);
    EXPECT_EQ(raw(detail, *kthreadd, ix::kRss), 0u);
}

struct QueryRow {
    const char* label;
    const char* query;
    std::vector<std::uint32_t> objects;
};

class ProcSmallQuery : public ProcSmall, public ::testing::WithParamInterface<QueryRow> {};

TEST_P(ProcSmallQuery, ReturnsExactlyTheseObjects)
{
    EXPECT_EQ(test::object_indices(collect(GetParam().query)), GetParam().objects);
}

INSTANTIATE_TEST_SUITE_P(
    Queries, ProcSmallQuery,
    ::testing::Values(
        QueryRow{"ThreadBringsProcess", "232", {ix::kProcess, ix::kThread}},
        QueryRow{"ProcessAlone", "230", {ix::kProcess}}, QueryRow{"UnknownIndexIgnored", "238 9999", {ix::kProcessor}},
        QueryRow{"OnlyUnknown", "9999", {}},
        QueryRow{"OrderFollowsTheBlockNotTheQuery", "510 4 2", {ix::kSystem, ix::kMemory, ix::kNetworkInterface}},
        QueryRow{"CostlyByIndex", "50000 238", {ix::kProcessor, ix::kProcessMemoryDetail}},
        QueryRow{"CaseInsensitiveKeyword", " costly ", {ix::kProcessMemoryDetail}},
        QueryRow{"Duplicates", "4 4 4", {ix::kMemory}}),
    [](const ::testing::TestParamInfo<QueryRow>& row) { return std::string(row.param.label); });

TEST_F(ProcSmall, MalformedQueryFailsAndLeavesNoBlock)
{
    m_buffer.assign(100, std::byte{1});
    const Status status = m_source.collect("230 abc", m_buffer);
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().code(), Errc::invalid_argument);
    EXPECT_TRUE(m_buffer.empty());
}

// The counter indices of an object's definitions, in block order.
std::vector<std::uint32_t> counter_indices(const ObjectView& object)
{
    std::vector<std::uint32_t> out;
    for (const CounterDefinition& d : object.counters())
        out.push_back(d.name_index);
    return out;
}

// Narrowed queries (object_query.h): the counters of stat always (names,
// identities, CPU times), the other files' counters only when asked for.
TEST_F(ProcSmall, NarrowedProcessQueryLeavesOutTheFilesNobodyNeeds)
{
    const std::vector<std::uint32_t> of_stat = {
        ix::kPercentProcessorTime, ix::kPercentUserTime, ix::kPercentPrivilegedTime,
        ix::kElapsedTime,          ix::kIdProcess,       ix::kCreatingProcessId,
        ix::kThreadCount,          ix::kPriorityBase,    ix::kPageFaultsPerSec};
    {
        const BlockView block = collect("230:6");
        const ObjectView process = *block.find_object(ix::kProcess);
        EXPECT_EQ(counter_indices(process), of_stat);
        const auto python = test::instance_with(process, ix::kIdProcess, 12966);
        ASSERT_TRUE(python);
        EXPECT_EQ(raw(process, *python, ix::kPercentProcessorTime), 4 * kTick);
    }
    {
        // Working Set alone: statm (pages) instead of status, the same sum as VmRSS.
        const BlockView block = collect("230:6,180");
        const ObjectView process = *block.find_object(ix::kProcess);
        std::vector<std::uint32_t> expected = of_stat;
        expected.insert(expected.begin() + 8, {ix::kWorkingSet, ix::kVirtualBytes});  // table order
        EXPECT_EQ(counter_indices(process), expected);
        const auto python = test::instance_with(process, ix::kIdProcess, 12966);
        ASSERT_TRUE(python);
        const std::uint64_t page = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
        EXPECT_EQ(raw(process, *python, ix::kWorkingSet), 3520u * page);     // statm resident
        EXPECT_EQ(raw(process, *python, ix::kVirtualBytes), 59497u * page);  // statm size
        // _Total sums what is there.
        const auto total = test::instance(process, "_Total");
        ASSERT_TRUE(total);
        EXPECT_EQ(raw(process, *total, ix::kWorkingSet), 3520u * page);  // the only statm of the tree
    }
    {
        // A counter of status brings status, which also gives Working Set.
        const BlockView block = collect("230:186,952");
        const ObjectView process = *block.find_object(ix::kProcess);
        const auto python = test::instance_with(process, ix::kIdProcess, 12966);
        ASSERT_TRUE(python);
        EXPECT_EQ(raw(process, *python, ix::kWorkingSet), 14080u * 1024);  // VmRSS
        EXPECT_EQ(raw(process, *python, ix::kPrivateBytes), (7100u + 0) * 1024);
        EXPECT_EQ(raw(process, *python, ix::kHandleCount), 5u);
        EXPECT_EQ(process.counter_count(), of_stat.size() + 2 + 3 + 1);  // memory, status, handles
    }
    // Listed once narrowed and once whole: whole.
    EXPECT_EQ(collect("230:6 230").find_object(ix::kProcess)->counter_count(), 21u);
    // Thread without Context Switches/sec: one file per thread instead of two.
    const ObjectView thread = *collect("232:6").find_object(ix::kThread);
    const std::vector<std::uint32_t> thread_counters = counter_indices(thread);
    EXPECT_EQ(thread_counters.size(), 9u);
    EXPECT_EQ(std::count(thread_counters.begin(), thread_counters.end(), ix::kContextSwitchesPerSec), 0);
    // The Process a Thread query brings along is whole, as before.
    EXPECT_EQ(collect("232:6").find_object(ix::kProcess)->counter_count(), 21u);
}

TEST(ProcfsSource, MissingProcRootIsAnError)
{
    FixedClock clock(kMonotonic, kWall);
    ProcfsOptions options = fixture_options("proc-small", clock);
    options.proc_root = test::fixture("no-such-tree");
    ProcfsSource source(options);
    std::vector<std::byte> buffer(8);
    const Status status = source.collect("Global", buffer);
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().code(), Errc::not_found);
    EXPECT_NE(status.error().message().find("no-such-tree"), std::string::npos);
    EXPECT_TRUE(buffer.empty());
}

TEST_F(ProcSmall, TimeFields)
{
    const BlockView block = collect("Global");
    const BlockHeader& h = block.header();
    EXPECT_EQ(h.perf_time, kMonotonic);
    EXPECT_EQ(h.perf_freq, 1'000'000'000);
    EXPECT_EQ(h.perf_time_100ns, kWall);
    EXPECT_EQ(h.system_time.year, 2026);
    EXPECT_EQ(h.system_time.month, 1);
    EXPECT_EQ(h.system_time.day, 2);
    EXPECT_EQ(h.system_time.day_of_week, 5);
    EXPECT_EQ(h.system_time.hour, 3);
    EXPECT_EQ(h.system_time.minute, 4);
    EXPECT_EQ(h.system_time.second, 5);
    EXPECT_EQ(h.system_time.milliseconds, 678);
    // Objects with ELAPSED_TIME counters carry the clock ps uses for etimes,
    // /proc/uptime, in 100 ns after btime; not the wall clock, which is
    // nowhere near it here.
    for (std::uint32_t index : {ix::kSystem, ix::kProcess, ix::kThread}) {
        const ObjectView o = *block.find_object(index);
        EXPECT_EQ(o.header().perf_time, std::int64_t(kSmallBoot) + 8'436'600'000) << index;
        EXPECT_EQ(o.header().perf_freq, 10'000'000) << index;
    }
    EXPECT_EQ(block.find_object(ix::kMemory)->header().perf_freq, 0);
}

// Windows' types, or the 64-bit member of the same family where the kernel's
// count is 64-bit (resources/linux-names.txt lists each deviation).
TEST_F(ProcSmall, CounterTypesAreWindowsOnes)
{
    using namespace counter_type;
    const BlockView block = collect("Global");
    struct Expect {
        std::uint32_t object, counter, type, size;
    };
    const Expect expected[] = {
        {ix::kProcessor, ix::kPercentProcessorTime, PERF_100NSEC_TIMER_INV, 8},
        {ix::kProcessor, ix::kPercentUserTime, PERF_100NSEC_TIMER, 8},
        {ix::kProcessor, ix::kInterruptsPerSec, PERF_COUNTER_BULK_COUNT, 8},
        {ix::kProcess, ix::kPercentProcessorTime, PERF_100NSEC_TIMER, 8},
        {ix::kProcess, ix::kElapsedTime, PERF_ELAPSED_TIME, 8},
        {ix::kProcess, ix::kIdProcess, PERF_COUNTER_RAWCOUNT, 4},
        {ix::kProcess, ix::kWorkingSet, PERF_COUNTER_LARGE_RAWCOUNT, 8},
        {ix::kProcess, ix::kPageFaultsPerSec, PERF_COUNTER_BULK_COUNT, 8},
        {ix::kProcess, ix::kIoReadBytesPerSec, PERF_COUNTER_BULK_COUNT, 8},
        {ix::kThread, ix::kContextSwitchesPerSec, PERF_COUNTER_BULK_COUNT, 8},
        {ix::kThread, ix::kIdThread, PERF_COUNTER_RAWCOUNT, 4},
        {ix::kMemory, ix::kAvailableBytes, PERF_COUNTER_LARGE_RAWCOUNT, 8},
        {ix::kMemory, ix::kPercentCommittedBytesInUse, PERF_RAW_FRACTION, 4},
        {ix::kMemory, ix::kPageFaultsPerSec, PERF_COUNTER_BULK_COUNT, 8},
        {ix::kMemory, ix::kPagesPerSec, PERF_COUNTER_BULK_COUNT, 8},
        {ix::kSystem, ix::kContextSwitchesPerSec, PERF_COUNTER_BULK_COUNT, 8},
        {ix::kSystem, ix::kThreads, PERF_COUNTER_RAWCOUNT, 4},
        {ix::kSystem, ix::kSystemUpTime, PERF_ELAPSED_TIME, 8},
        {ix::kPhysicalDisk, ix::kPercentDiskTime, PERF_PRECISION_100NS_TIMER, 8},
        {ix::kPhysicalDisk, ix::kAvgDiskQueueLength, PERF_COUNTER_100NS_QUEUELEN_TYPE, 8},
        {ix::kPhysicalDisk, ix::kAvgDiskSecPerRead, PERF_AVERAGE_TIMER, 8},
        {ix::kPhysicalDisk, ix::kAvgDiskBytesPerRead, PERF_AVERAGE_BULK, 8},
        {ix::kPhysicalDisk, ix::kDiskReadsPerSec, PERF_COUNTER_BULK_COUNT, 8},
        {ix::kPhysicalDisk, ix::kDiskWritesPerSec, PERF_COUNTER_BULK_COUNT, 8},
        {ix::kPhysicalDisk, ix::kCurrentDiskQueueLength, PERF_COUNTER_RAWCOUNT, 4},
        {ix::kLogicalDisk, ix::kPercentFreeSpace, PERF_RAW_FRACTION, 4},
        {ix::kNetworkInterface, ix::kBytesTotalPerSec, PERF_COUNTER_BULK_COUNT, 8},
        {ix::kNetworkInterface, ix::kPacketsSentPerSec, PERF_COUNTER_BULK_COUNT, 8},
        {ix::kNetworkInterface, ix::kPacketsReceivedPerSec, PERF_COUNTER_BULK_COUNT, 8},
        {ix::kNetworkInterface, ix::kPacketsReceivedErrors, PERF_COUNTER_LARGE_RAWCOUNT, 8},
        {ix::kNetworkInterface, ix::kCurrentBandwidth, PERF_COUNTER_LARGE_RAWCOUNT, 8},
    };
    for (const Expect& e : expected) {
        const auto d = test::definition(*block.find_object(e.object), e.counter);
        ASSERT_TRUE(d) << e.object << "/" << e.counter;
        EXPECT_EQ(d->type, e.type) << e.object << "/" << e.counter;
        EXPECT_EQ(d->size, e.size) << e.object << "/" << e.counter;
    }
    // Every counter that needs a base is followed by one of the right kind.
    const std::pair<std::uint32_t, std::uint32_t> fractions[] = {
        {ix::kMemory, ix::kPercentCommittedBytesInUse}, {ix::kLogicalDisk, ix::kPercentFreeSpace},
        {ix::kPhysicalDisk, ix::kPercentDiskTime},      {ix::kPhysicalDisk, ix::kPercentIdleTime},
        {ix::kPhysicalDisk, ix::kAvgDiskSecPerWrite},   {ix::kPhysicalDisk, ix::kAvgDiskBytesPerWrite},
    };
    const std::map<std::uint32_t, std::uint32_t> base_of = {
        {PERF_RAW_FRACTION, PERF_RAW_BASE},
        {PERF_PRECISION_100NS_TIMER, PERF_PRECISION_TIMESTAMP},
        {PERF_AVERAGE_TIMER, PERF_AVERAGE_BASE},
        {PERF_AVERAGE_BULK, PERF_AVERAGE_BASE},
    };
    for (const auto& [object, counter] : fractions) {
        const ObjectView o = *block.find_object(object);
        const auto d = test::definition(o, counter);
        const auto b = test::base_definition(o, counter);
        ASSERT_TRUE(d && b) << counter;
        EXPECT_EQ(b->type, base_of.at(d->type)) << counter;
        EXPECT_EQ(b->name_index, counter);
        // The kernel's completion counts are 64-bit: so are the average bases (Windows: 4 bytes).
        if (b->type == PERF_AVERAGE_BASE) {
            EXPECT_EQ(b->size, 8u) << counter;
        }
    }
}

TEST_F(ProcSmall, Memory)
{
    const ObjectView memory = *collect("4").find_object(ix::kMemory);
    EXPECT_FALSE(memory.has_instances());
    // proc-small/proc/meminfo
    EXPECT_EQ(raw(memory, ix::kAvailableBytes), 21903356ull * 1024);     // MemAvailable
    EXPECT_EQ(raw(memory, ix::kCommittedBytes), 2852636ull * 1024);      // Committed_AS
    EXPECT_EQ(raw(memory, ix::kCommitLimit), 12342040ull * 1024);        // CommitLimit
    EXPECT_EQ(raw(memory, ix::kCacheBytes), (591132ull + 3968) * 1024);  // Cached + Buffers
    EXPECT_EQ(raw(memory, ix::kPercentCommittedBytesInUse), 2852636u);
    EXPECT_EQ(memory.counter_block().value(*test::base_definition(memory, ix::kPercentCommittedBytesInUse)), 12342040u);
    // proc-small/proc/vmstat
    EXPECT_EQ(raw(memory, ix::kPageFaultsPerSec), 13112144u);  // pgfault
    EXPECT_EQ(raw(memory, ix::kPagesPerSec), 2367u + 0 + 0);   // pgmajfault + pswpin + pswpout
}

TEST_F(ProcSmall, System)
{
    const ObjectView system = *collect("2").find_object(ix::kSystem);
    EXPECT_EQ(raw(system, ix::kProcesses), 5u);              // the pid directories
    EXPECT_EQ(raw(system, ix::kThreads), 155u);              // loadavg "12/155"
    EXPECT_EQ(raw(system, ix::kProcessorQueueLength), 10u);  // procs_running 12 - 2 CPUs
    EXPECT_EQ(raw(system, ix::kContextSwitchesPerSec), 944613u);
    EXPECT_EQ(raw(system, ix::kSystemUpTime), kSmallBoot);
}

TEST_F(ProcSmall, Processes)
{
    const BlockView block = collect("230");
    const ObjectView process = *block.find_object(ix::kProcess);
    // pid order; comm may hold ") (", only the last ')' ends it; _Total last.
    EXPECT_EQ(test::instance_names(process),
              (std::vector<std::string>{"kthreadd", "python3", "odd) (name", "sleep", "sleep", "_Total"}));
    for (const InstanceView& i : process.instances()) {
        EXPECT_EQ(i.parent_object_index(), 0u);
        EXPECT_EQ(i.unique_id(), -1);
    }

    // proc-small/proc/12966/{stat,status,io}, fd/ has 5 entries
    const auto python = test::instance_with(process, ix::kIdProcess, 12966);
    ASSERT_TRUE(python);
    EXPECT_EQ(raw(process, *python, ix::kPercentUserTime), 3 * kTick);
    EXPECT_EQ(raw(process, *python, ix::kPercentPrivilegedTime), 1 * kTick);
    EXPECT_EQ(raw(process, *python, ix::kPercentProcessorTime), 4 * kTick);
    EXPECT_EQ(raw(process, *python, ix::kElapsedTime), kSmallBoot + 84163 * kTick);
    EXPECT_EQ(raw(process, *python, ix::kCreatingProcessId), 1u);
    EXPECT_EQ(raw(process, *python, ix::kThreadCount), 4u);
    EXPECT_EQ(raw(process, *python, ix::kPriorityBase), 8u);  // nice 0
    EXPECT_EQ(raw(process, *python, ix::kHandleCount), 5u);
    EXPECT_EQ(raw(process, *python, ix::kWorkingSet), 14080u * 1024);         // VmRSS
    EXPECT_EQ(raw(process, *python, ix::kWorkingSetPeak), 14080u * 1024);     // VmHWM
    EXPECT_EQ(raw(process, *python, ix::kVirtualBytes), 237988u * 1024);      // VmSize
    EXPECT_EQ(raw(process, *python, ix::kVirtualBytesPeak), 237988u * 1024);  // VmPeak
    EXPECT_EQ(raw(process, *python, ix::kPrivateBytes), (7100u + 0) * 1024);  // RssAnon + VmSwap
    EXPECT_EQ(raw(process, *python, ix::kPageFaultsPerSec), 2958u + 1);       // minflt + majflt
    EXPECT_EQ(raw(process, *python, ix::kIoReadBytesPerSec), 1719105u);       // rchar
    EXPECT_EQ(raw(process, *python, ix::kIoWriteBytesPerSec), 1692u);         // wchar
    EXPECT_EQ(raw(process, *python, ix::kIoDataBytesPerSec), 1719105u + 1692);
    EXPECT_EQ(raw(process, *python, ix::kIoReadOperationsPerSec), 680u);  // syscr
    EXPECT_EQ(raw(process, *python, ix::kIoWriteOperationsPerSec), 29u);  // syscw
    EXPECT_EQ(raw(process, *python, ix::kIoDataOperationsPerSec), 709u);

    // 12968 has no io file (unreadable without privileges): only the I/O counters are 0.
    const auto odd = test::instance_with(process, ix::kIdProcess, 12968);
    ASSERT_TRUE(odd);
    EXPECT_EQ(odd->name(), "odd) (name");
    EXPECT_EQ(raw(process, *odd, ix::kIoReadBytesPerSec), 0u);
    EXPECT_EQ(raw(process, *odd, ix::kIoDataOperationsPerSec), 0u);
    EXPECT_EQ(raw(process, *odd, ix::kWorkingSet), 1804u * 1024);
    EXPECT_EQ(raw(process, *odd, ix::kHandleCount), 5u);

    // 12972 is a zombie: no memory lines, no fd entries, still an instance.
    const auto zombie = test::instance_with(process, ix::kIdProcess, 12972);
    ASSERT_TRUE(zombie);
    EXPECT_EQ(raw(process, *zombie, ix::kCreatingProcessId), 12970u);
    EXPECT_EQ(raw(process, *zombie, ix::kWorkingSet), 0u);
    EXPECT_EQ(raw(process, *zombie, ix::kVirtualBytes), 0u);
    EXPECT_EQ(raw(process, *zombie, ix::kHandleCount), 0u);

    // kthreadd: a kernel thread, started 25 ticks after boot, ppid 0.
    const auto kthreadd = test::instance_with(process, ix::kIdProcess, 2);
    ASSERT_TRUE(kthreadd);
    EXPECT_EQ(raw(process, *kthreadd, ix::kElapsedTime), kSmallBoot + 25 * kTick);
    EXPECT_EQ(raw(process, *kthreadd, ix::kCreatingProcessId), 0u);
    EXPECT_EQ(raw(process, *kthreadd, ix::kWorkingSet), 0u);

    // _Total: sums, ID Process 0, started at boot.
    const auto total = test::instance(process, "_Total");
    ASSERT_TRUE(total);
    EXPECT_EQ(raw(process, *total, ix::kIdProcess), 0u);
    EXPECT_EQ(raw(process, *total, ix::kCreatingProcessId), 0u);
    EXPECT_EQ(raw(process, *total, ix::kThreadCount), 1u + 4 + 1 + 1 + 1);
    EXPECT_EQ(raw(process, *total, ix::kHandleCount), 0u + 5 + 5 + 5 + 0);
    EXPECT_EQ(raw(process, *total, ix::kWorkingSet), (0u + 14080 + 1804 + 1884 + 0) * 1024);
    EXPECT_EQ(raw(process, *total, ix::kPercentProcessorTime), 4 * kTick);
    EXPECT_EQ(raw(process, *total, ix::kElapsedTime), kSmallBoot);
}

TEST_F(ProcSmall, ThreadsPointAtTheirProcess)
{
    const BlockView block = collect("232");
    const ObjectView process = *block.find_object(ix::kProcess);
    const ObjectView thread = *block.find_object(ix::kThread);
    EXPECT_EQ(test::instance_names(thread), (std::vector<std::string>{"kthreadd", "python3", "worker-1", "worker-2",
                                                                      "worker-3", "odd) (name", "sleep", "sleep"}));
    // Every thread's parent is the Process instance with the same ID Process.
    std::vector<InstanceView> processes;
    for (const InstanceView& p : process.instances())
        processes.push_back(p);
    for (const InstanceView& t : thread.instances()) {
        EXPECT_EQ(t.parent_object_index(), ix::kProcess);
        ASSERT_LT(t.parent_instance(), processes.size());
        EXPECT_EQ(raw(process, processes[t.parent_instance()], ix::kIdProcess), raw(thread, t, ix::kIdProcess))
            << t.name();
    }
    const auto worker = test::instance_with(thread, ix::kIdThread, 13013);
    ASSERT_TRUE(worker);
    EXPECT_EQ(worker->name(), "worker-1");
    EXPECT_EQ(worker->parent_instance(), 1u);  // python3 is the second process
    EXPECT_EQ(raw(thread, *worker, ix::kIdProcess), 12966u);
    EXPECT_EQ(raw(thread, *worker, ix::kContextSwitchesPerSec), 1u + 3);  // task/13013/status
    EXPECT_EQ(raw(thread, *worker, ix::kThreadState), 5u);                // S = Wait
    EXPECT_EQ(raw(thread, *worker, ix::kPriorityBase), 8u);
    EXPECT_EQ(raw(thread, *worker, ix::kPriorityCurrent), 8u);
    EXPECT_EQ(raw(thread, *worker, ix::kElapsedTime), kSmallBoot + 84193 * kTick);
    const auto main_thread = test::instance_with(thread, ix::kIdThread, 12966);
    ASSERT_TRUE(main_thread);
    EXPECT_EQ(raw(thread, *main_thread, ix::kPercentUserTime), 3 * kTick);
    EXPECT_EQ(raw(thread, *main_thread, ix::kPercentPrivilegedTime), 1 * kTick);
    EXPECT_EQ(raw(thread, *main_thread, ix::kContextSwitchesPerSec), 28u + 12);
    const auto zombie = test::instance_with(thread, ix::kIdThread, 12972);
    ASSERT_TRUE(zombie);
    EXPECT_EQ(raw(thread, *zombie, ix::kThreadState), 4u);  // Z = Terminated
    EXPECT_EQ(zombie->parent_instance(), 4u);
}

TEST_F(ProcSmall, Processor)
{
    const ObjectView cpu = *collect("238").find_object(ix::kProcessor);
    EXPECT_EQ(test::instance_names(cpu), (std::vector<std::string>{"0", "1", "_Total"}));
    // proc-small/proc/stat: cpu0 23565 0 3686 56748 24 0 13 15 0 0
    const auto cpu0 = test::instance(cpu, "0");
    EXPECT_EQ(raw(cpu, *cpu0, ix::kPercentProcessorTime), (56748u + 24) * kTick);  // idle + iowait, inverted
    EXPECT_EQ(raw(cpu, *cpu0, ix::kPercentIdleTime), (56748u + 24) * kTick);
    EXPECT_EQ(raw(cpu, *cpu0, ix::kPercentUserTime), (23565u + 0) * kTick);
    EXPECT_EQ(raw(cpu, *cpu0, ix::kPercentPrivilegedTime), (3686u + 0 + 13) * kTick);
    EXPECT_EQ(raw(cpu, *cpu0, ix::kPercentInterruptTime), 0u);
    EXPECT_EQ(raw(cpu, *cpu0, ix::kPercentDpcTime), 13 * kTick);
    EXPECT_EQ(raw(cpu, *cpu0, ix::kInterruptsPerSec), 217559u);  // CPU0 column of proc/interrupts
    // _Total is the "cpu" line averaged over the two CPUs: cpu 47384 0 8717 111343 523 0 73 42 0 0
    const auto total = test::instance(cpu, "_Total");
    EXPECT_EQ(raw(cpu, *total, ix::kPercentProcessorTime), (111343u + 523) * kTick / 2);
    EXPECT_EQ(raw(cpu, *total, ix::kPercentUserTime), 47384u * kTick / 2);
    EXPECT_EQ(raw(cpu, *total, ix::kInterruptsPerSec), 217559u + 262394);
}

TEST_F(ProcSmall, PhysicalDiskHasWholeDisksOnly)
{
    const ObjectView disk = *collect("234").find_object(ix::kPhysicalDisk);
    // loop0-7 and zram0 are in diskstats and /sys/block, but are not physical.
    EXPECT_EQ(test::instance_names(disk), (std::vector<std::string>{"vda", "_Total"}));
    // vda 50700 11946 6381266 28205 18326 11762 5378784 11718 0 10156 40576 ...
    const auto vda = test::instance(disk, "vda");
    EXPECT_EQ(raw(disk, *vda, ix::kDiskReadsPerSec), 50700u);
    EXPECT_EQ(raw(disk, *vda, ix::kDiskWritesPerSec), 18326u);
    EXPECT_EQ(raw(disk, *vda, ix::kDiskReadBytesPerSec), 6381266ull * 512);
    EXPECT_EQ(raw(disk, *vda, ix::kDiskWriteBytesPerSec), 5378784ull * 512);
    EXPECT_EQ(raw(disk, *vda, ix::kCurrentDiskQueueLength), 0u);
    EXPECT_EQ(raw(disk, *vda, ix::kAvgDiskQueueLength), 40576ull * 10'000);  // weighted ms in 100 ns
    EXPECT_EQ(raw(disk, *vda, ix::kPercentDiskTime), 40576ull * 10'000);
    EXPECT_EQ(test::raw_base(disk, *vda, ix::kPercentDiskTime), std::uint64_t(kMonotonic / 100));
    EXPECT_EQ(raw(disk, *vda, ix::kPercentIdleTime), std::uint64_t(kMonotonic / 100) - 10156ull * 10'000);
    EXPECT_EQ(raw(disk, *vda, ix::kAvgDiskSecPerRead), 28205ull * 1'000'000);  // ms reading in ns
    EXPECT_EQ(test::raw_base(disk, *vda, ix::kAvgDiskSecPerRead), 50700u);
    EXPECT_EQ(raw(disk, *vda, ix::kAvgDiskSecPerWrite), 11718ull * 1'000'000);
    EXPECT_EQ(test::raw_base(disk, *vda, ix::kAvgDiskSecPerWrite), 18326u);
    EXPECT_EQ(raw(disk, *vda, ix::kAvgDiskBytesPerRead), 6381266ull * 512);
    EXPECT_EQ(test::raw_base(disk, *vda, ix::kAvgDiskBytesPerRead), 50700u);
    const auto total = test::instance(disk, "_Total");
    EXPECT_EQ(raw(disk, *total, ix::kDiskReadsPerSec), 50700u);
    EXPECT_EQ(raw(disk, *total, ix::kPercentIdleTime), raw(disk, *vda, ix::kPercentIdleTime));
}

TEST_F(ProcSmall, LogicalDiskWithoutStatvfs)
{
    const ObjectView ld = *collect("236").find_object(ix::kLogicalDisk);
    // proc-small/proc/mounts: only /dev/vda on / is a block-device file system.
    EXPECT_EQ(test::instance_names(ld), (std::vector<std::string>{"/", "_Total"}));
    const auto root = test::instance(ld, "/");
    EXPECT_EQ(raw(ld, *root, ix::kFreeMegabytes), 0u);  // fs_root is empty: sizes unknown
    EXPECT_EQ(test::raw_base(ld, *root, ix::kPercentFreeSpace), 0u);
}

TEST_F(ProcSmall, NetworkInterfaces)
{
    const ObjectView net = *collect("510").find_object(ix::kNetworkInterface);
    EXPECT_EQ(test::instance_names(net), (std::vector<std::string>{"lo", "ifb0", "ifb1", "eth0"}));
    // eth0: 201065210 3640 0 ... | 139296 1955 ...; its speed file says -1
    const auto eth0 = test::instance(net, "eth0");
    EXPECT_EQ(raw(net, *eth0, ix::kBytesReceivedPerSec), 201065210u);
    EXPECT_EQ(raw(net, *eth0, ix::kBytesSentPerSec), 139296u);
    EXPECT_EQ(raw(net, *eth0, ix::kBytesTotalPerSec), 201065210u + 139296);
    EXPECT_EQ(raw(net, *eth0, ix::kPacketsReceivedPerSec), 3640u);
    EXPECT_EQ(raw(net, *eth0, ix::kPacketsSentPerSec), 1955u);
    EXPECT_EQ(raw(net, *eth0, ix::kCurrentBandwidth), 0u);
    EXPECT_EQ(raw(net, *eth0, ix::kPacketsReceivedErrors), 0u);
    EXPECT_EQ(raw(net, *eth0, ix::kOutputQueueLength), 0u);
}

TEST_F(ProcSmall, SameInputSameBytes)
{
    collect("Global");
    const std::vector<std::byte> first = m_buffer;
    collect("Global");
    EXPECT_EQ(first, m_buffer);
}

TEST_F(ProcSmall, ReusesTheCallersBuffer)
{
    collect("Global");
    m_buffer.reserve(m_buffer.size() * 2);
    const std::byte* data = m_buffer.data();
    const std::size_t capacity = m_buffer.capacity();
    for (int i = 0; i < 3; ++i) {
        collect(i % 2 ? "Costly" : "Global");
        EXPECT_EQ(m_buffer.data(), data);
        EXPECT_EQ(m_buffer.capacity(), capacity);
    }
}

// ---- only requested objects are read -----------------------------------------

// Watches every directory of a private copy of proc-small with inotify and
// reports which files were opened.
class OpenedFiles {
public:
    explicit OpenedFiles(const std::filesystem::path& root) : m_fd(inotify_init1(IN_NONBLOCK | IN_CLOEXEC))
    {
        EXPECT_GE(m_fd, 0) << std::strerror(errno);
        watch(root, "");
        for (const auto& entry : std::filesystem::recursive_directory_iterator(root))
            if (entry.is_directory())
                watch(entry.path(), std::filesystem::relative(entry.path(), root).string() + "/");
    }
    ~OpenedFiles() { close(m_fd); }

    // Paths relative to the root ("12966/task/13013/stat") opened since the last call.
    std::set<std::string> take()
    {
        std::set<std::string> opened;
        alignas(inotify_event) char buffer[64 * 1024];
        for (;;) {
            const ssize_t n = read(m_fd, buffer, sizeof buffer);
            if (n <= 0)
                break;
            for (ssize_t at = 0; at < n;) {
                const auto* e = reinterpret_cast<const inotify_event*>(buffer + at);
                if (e->mask & IN_OPEN)
                    opened.insert(m_dirs[e->wd] + (e->len ? e->name : ""));
                at += static_cast<ssize_t>(sizeof(inotify_event) + e->len);
            }
        }
        return opened;
    }

private:
    void watch(const std::filesystem::path& dir, const std::string& relative)
    {
        const int wd = inotify_add_watch(m_fd, dir.c_str(), IN_OPEN);
        ASSERT_GE(wd, 0) << dir << ": " << std::strerror(errno);
        m_dirs[wd] = relative;
    }

    int m_fd;
    std::map<int, std::string> m_dirs;
};

class OnlyRequestedFilesAreRead : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_root = std::filesystem::temp_directory_path() / ("procfs-opened-" + std::to_string(getpid()));
        std::filesystem::remove_all(m_root);
        std::filesystem::copy(test::fixture("proc-small"), m_root, std::filesystem::copy_options::recursive);
        ProcfsOptions options = fixture_options("proc-small", m_clock);
        options.proc_root = (m_root / "proc").string();
        options.sys_root = (m_root / "sys").string();
        m_source = std::make_unique<ProcfsSource>(options);
        m_opened = std::make_unique<OpenedFiles>(m_root / "proc");
        // The first collect opens the root directory itself, whatever it asks for.
        EXPECT_TRUE(m_source->collect("9999", m_buffer).ok());
    }
    void TearDown() override
    {
        m_opened.reset();
        std::filesystem::remove_all(m_root);
    }
    std::set<std::string> opened_by(const std::string& query)
    {
        m_opened->take();
        EXPECT_TRUE(m_source->collect(query, m_buffer).ok());
        return m_opened->take();
    }
    static bool any(const std::set<std::string>& paths, const std::string& part)
    {
        return std::any_of(paths.begin(), paths.end(),
                           [&](const std::string& p) { return p.find(part) != std::string::npos; });
    }

    FixedClock m_clock{kMonotonic, kWall};
    std::filesystem::path m_root;
    std::unique_ptr<ProcfsSource> m_source;
    std::unique_ptr<OpenedFiles> m_opened;
    std::vector<std::byte> m_buffer;
};

TEST_F(OnlyRequestedFilesAreRead, ProcessWithoutThreadLeavesTaskAlone)
{
    const auto opened = opened_by("230");
    EXPECT_TRUE(opened.count("12966/stat"));
    EXPECT_TRUE(opened.count("12966/status"));
    EXPECT_TRUE(opened.count("12966/io"));
    EXPECT_FALSE(any(opened, "task"));
    EXPECT_FALSE(any(opened, "smaps_rollup"));
    EXPECT_FALSE(any(opened, "meminfo"));
}

// Narrowed queries (object_query.h): the files of the counters asked for, and
// of the processes asked for.
TEST_F(OnlyRequestedFilesAreRead, ACounterListReadsItsFilesOnly)
{
    auto opened = opened_by("230:6");
    EXPECT_TRUE(opened.count("12966/stat"));
    EXPECT_FALSE(any(opened, "status"));
    EXPECT_FALSE(any(opened, "statm"));
    EXPECT_FALSE(any(opened, "/io"));
    opened = opened_by("230:6,180");
    EXPECT_TRUE(opened.count("12966/statm"));
    EXPECT_FALSE(any(opened, "status"));
    opened = opened_by("232:6");
    EXPECT_TRUE(opened.count("12966/task/13013/stat"));
    EXPECT_FALSE(opened.count("12966/task/13013/status"));  // no Context Switches/sec
}

TEST_F(OnlyRequestedFilesAreRead, AProcessListReadsThoseProcessesOnly)
{
    auto opened = opened_by("230/12966:6");
    EXPECT_TRUE(opened.count("12966/stat"));
    for (const char* other : {"2/", "12968/", "12970/", "12972/"})
        EXPECT_FALSE(any(opened, other)) << other;
    const ObjectView process = *BlockView::parse(m_buffer)->find_object(ix::kProcess);
    EXPECT_EQ(test::instance_names(process), (std::vector<std::string>{"python3"}));  // no _Total

    opened = opened_by("232/12966:6");
    EXPECT_TRUE(opened.count("12966/task/13013/stat"));
    EXPECT_FALSE(any(opened, "12968/"));
    const BlockView block = *BlockView::parse(m_buffer);
    // The Process it brings along is that process too, so parents line up.
    EXPECT_EQ(test::instance_names(*block.find_object(ix::kProcess)), (std::vector<std::string>{"python3"}));
    EXPECT_EQ(block.find_object(ix::kThread)->instance_count(), 4u);

    // A process that is gone has no instance and costs nothing else.
    opened_by("230/4000000:6");
    EXPECT_EQ(BlockView::parse(m_buffer)->find_object(ix::kProcess)->instance_count(), 0u);
    // Listed bare as well, or asked with System: every process (kept handles
    // open nothing anew, so the block says it).
    for (const char* query : {"230/12966 230", "230/12966 2"}) {
        opened_by(query);
        const ObjectView all = *BlockView::parse(m_buffer)->find_object(ix::kProcess);
        EXPECT_TRUE(test::instance_with(all, ix::kIdProcess, 12968)) << query;
        EXPECT_TRUE(test::instance(all, "_Total")) << query;
    }
}

// /proc/stat gives Process the boot time, once; System and Processor read it every time.
TEST_F(OnlyRequestedFilesAreRead, ProcessReadsTheKernelStatOnce)
{
    EXPECT_TRUE(opened_by("230/12966:6").count("stat"));
    for (const char* query : {"230/12966:6", "232/12966:6", "230"})
        EXPECT_FALSE(opened_by(query).count("stat")) << query;
    for (const char* query : {"2 230", "238"})
        EXPECT_TRUE(opened_by(query).count("stat")) << query;
}

// A Thread of one process lists and reads that process's tasks only, with
// other processes' threads present in the tree; its Process narrowed to ID
// Process costs one stat file (what a JVM watching its own threads asks).
TEST_F(OnlyRequestedFilesAreRead, AThreadOfOneProcessReadsItsTasksOnly)
{
    const auto opened = opened_by("230/12966:784 232/12966:6");
    std::size_t task_files = 0;
    for (const std::string& path : opened) {
        if (path.find('/') == std::string::npos)
            continue;  // the root's own files (stat, uptime)
        EXPECT_EQ(path.rfind("12966/", 0), 0u) << path;
        task_files += path.find("/task/") != std::string::npos && path.ends_with("/stat");
    }
    EXPECT_EQ(task_files, 4u);  // 12966/task/{12966,13013,13014,13015}/stat
    EXPECT_FALSE(any(opened, "status"));
    // The other processes of the tree have threads of their own.
    EXPECT_TRUE(std::filesystem::exists(m_root / "proc/12968/task/12968/stat"));
}

TEST_F(OnlyRequestedFilesAreRead, ThreadReadsTask)
{
    const auto opened = opened_by("232");
    EXPECT_TRUE(opened.count("12966/task/13013/stat"));
    EXPECT_TRUE(opened.count("12966/task/13013/status"));
    EXPECT_TRUE(opened.count("12966/io"));  // Process comes along
}

TEST_F(OnlyRequestedFilesAreRead, CostlyReadsOnlyStatAndSmapsRollup)
{
    const auto opened = opened_by("Costly");
    EXPECT_TRUE(opened.count("12966/smaps_rollup"));
    EXPECT_TRUE(opened.count("12966/stat"));
    EXPECT_FALSE(opened.count("12966/status"));
    EXPECT_FALSE(opened.count("12966/io"));
    EXPECT_FALSE(any(opened, "task"));
    EXPECT_FALSE(opened.count("meminfo"));
}

TEST_F(OnlyRequestedFilesAreRead, MemoryReadsNoProcessDirectory)
{
    const auto opened = opened_by("4");
    EXPECT_EQ(opened, (std::set<std::string>{"meminfo", "vmstat"}));
}

TEST_F(OnlyRequestedFilesAreRead, SystemListsProcessesWithoutOpeningThem)
{
    const auto opened = opened_by("2");
    EXPECT_TRUE(opened.count("stat"));
    EXPECT_TRUE(opened.count("uptime"));  // every collect: the clock of System Up Time
    EXPECT_TRUE(opened.count("loadavg"));
    EXPECT_FALSE(any(opened, "12966"));
}

// ---- the handle cache (docs/procfs-source.md) ------------------------------------

// Process 12966 of proc-small and its thread 13013: stat with another start
// time (field 22) and another name, written in place, as a new process or
// thread behind the same id would show through a kept handle in a tree that
// is not procfs (procfs itself gives ESRCH there, see ProcfsHandleCache).
void rewrite_stat(const std::filesystem::path& file, const std::string& comm, std::uint64_t starttime)
{
    std::ofstream out(file, std::ios::trunc);  // the same inode: a kept descriptor reads the new text
    out << "12966 (" << comm << ") S 1 12920 4105 0 -1 4194304 2958 6577 1 0 7 3 4 1 20 0 4 0 " << starttime
        << " 243699712 3487 18446744073709551615 0 0 0 0 0 0 0 16781318 0 0 0 0 17 0 0 0 0 0 0\n";
}

class KeptHandles : public OnlyRequestedFilesAreRead {
protected:
    ObjectView process_object(const std::string& query)
    {
        EXPECT_TRUE(m_source->collect(query, m_buffer).ok());
        m_block = BlockView::parse(m_buffer);
        EXPECT_TRUE(m_block.ok());
        return *m_block->find_object(ix::kProcess);
    }
    Result<BlockView> m_block = BlockView();
};

TEST_F(KeptHandles, ASecondSweepOpensNoFileOfAKnownProcess)
{
    EXPECT_TRUE(opened_by("232").count("12966/task/13013/stat"));
    for (const std::string& path : opened_by("232")) {
        // Only the fd directories are listed again: a tree that is not procfs
        // has no open file count in st_size.
        const bool fd = path.find("/fd") != std::string::npos && path.find("/fd") >= path.size() - 4;
        EXPECT_TRUE(path.find('/') == std::string::npos || fd) << path;
    }
}

TEST_F(KeptHandles, AnotherProcessStartTimeDropsAndReopensItsHandles)
{
    opened_by("232");
    rewrite_stat(m_root / "proc/12966/stat", "reused", 90000);
    const auto opened = opened_by("232");
    EXPECT_TRUE(opened.count("12966/stat"));
    EXPECT_TRUE(opened.count("12966/status"));
    EXPECT_TRUE(opened.count("12966/io"));
    EXPECT_TRUE(opened.count("12966/task/13013/stat"));  // its threads' handles went with it
    EXPECT_FALSE(opened.count("12968/stat"));            // the others' stay
    const ObjectView process = process_object("230");
    const auto reused = test::instance_with(process, ix::kIdProcess, 12966);
    ASSERT_TRUE(reused);
    EXPECT_EQ(reused->name(), "reused");
    EXPECT_EQ(raw(process, *reused, ix::kPercentProcessorTime), (7u + 3) * kTick);
    EXPECT_EQ(raw(process, *reused, ix::kElapsedTime), kSmallBoot + 90000 * kTick);
}

TEST_F(KeptHandles, AnotherThreadStartTimeReopensThatThreadOnly)
{
    opened_by("232");
    rewrite_stat(m_root / "proc/12966/task/13013/stat", "reused", 90001);
    const auto opened = opened_by("232");
    EXPECT_TRUE(opened.count("12966/task/13013/stat"));
    EXPECT_TRUE(opened.count("12966/task/13013/status"));
    EXPECT_FALSE(opened.count("12966/stat"));
    EXPECT_FALSE(opened.count("12966/task/13014/stat"));
}

TEST_F(KeptHandles, AProcessGoneBetweenSweepsIsLeftOutAndItsHandlesClosed)
{
    EXPECT_TRUE(test::instance_with(process_object("232"), ix::kIdProcess, 12968));
    const std::size_t held = procfs::HandleBudget::process_held();
    std::filesystem::remove_all(m_root / "proc/12968");
    const ObjectView process = process_object("232");
    EXPECT_FALSE(test::instance_with(process, ix::kIdProcess, 12968));
    EXPECT_TRUE(test::instance_with(process, ix::kIdProcess, 12966));
    EXPECT_LT(procfs::HandleBudget::process_held(), held);
}

// One data row per budget: what is not kept is opened per read, and the
// block is the same.
struct BudgetRow {
    const char* name;
    std::size_t max_open_handles;
    bool second_sweep_opens_stat;
};

class HandleBudgets : public OnlyRequestedFilesAreRead, public ::testing::WithParamInterface<BudgetRow> {};

TEST_P(HandleBudgets, KeepAtMostTheBudgetAndBuildTheSameBlock)
{
    const BudgetRow row = GetParam();
    ProcfsOptions options = fixture_options("proc-small", m_clock);
    options.proc_root = (m_root / "proc").string();
    options.sys_root = (m_root / "sys").string();
    ProcfsSource unlimited(options);
    std::vector<std::byte> expected;
    ASSERT_TRUE(unlimited.collect("232", expected).ok());
    options.max_open_handles = row.max_open_handles;
    m_source = std::make_unique<ProcfsSource>(options);
    const std::size_t held = procfs::HandleBudget::process_held();
    opened_by("232");
    EXPECT_LE(procfs::HandleBudget::process_held() - held, row.max_open_handles);
    const auto opened = opened_by("232");
    EXPECT_EQ(m_buffer, expected);
    EXPECT_EQ(opened.count("12970/stat") == 1, row.second_sweep_opens_stat);
    EXPECT_LE(procfs::HandleBudget::process_held() - held, row.max_open_handles);
}

INSTANTIATE_TEST_SUITE_P(Budgets, HandleBudgets,
                         ::testing::Values(BudgetRow{"none", 0, true}, BudgetRow{"three", 3, true},
                                           BudgetRow{"unlimited", std::size_t(-1), false}),
                         [](const auto& row) { return std::string(row.param.name); });

// ---- proc-broken: per-value handling -------------------------------------------

class ProcBroken : public ::testing::Test {
protected:
    FixedClock m_clock{kMonotonic, kWall};
    ProcfsSource m_source{fixture_options("proc-broken", m_clock)};
    std::vector<std::byte> m_buffer;

    BlockView collect(const std::string& query) { return test::collect_block(m_source, query, m_buffer); }
};

TEST_F(ProcBroken, EveryObjectIsStillThere)
{
    EXPECT_EQ(collect("Global").object_count(), 8u);
    EXPECT_EQ(collect("Costly").object_count(), 1u);
}

TEST_F(ProcBroken, ProcessorSkipsBadLinesAndKeepsShortOnes)
{
    const ObjectView cpu = *collect("238").find_object(ix::kProcessor);
    EXPECT_EQ(test::instance_names(cpu), (std::vector<std::string>{"0", "1", "_Total"}));  // "cpuX" skipped
    const auto cpu0 = test::instance(cpu, "0");  // "cpu0 100 0": the rest is 0
    EXPECT_EQ(raw(cpu, *cpu0, ix::kPercentUserTime), 100 * kTick);
    EXPECT_EQ(raw(cpu, *cpu0, ix::kPercentProcessorTime), 0u);
    EXPECT_EQ(raw(cpu, *cpu0, ix::kInterruptsPerSec), 1u);  // rows with fewer columns than CPUs skipped
    const auto cpu1 = test::instance(cpu, "1");             // "cpu1 200 0 200 1000 10 5 5"
    EXPECT_EQ(raw(cpu, *cpu1, ix::kPercentPrivilegedTime), (200u + 5 + 5) * kTick);
    EXPECT_EQ(raw(cpu, *cpu1, ix::kPercentIdleTime), 1010 * kTick);
    EXPECT_EQ(raw(cpu, *cpu1, ix::kInterruptsPerSec), 2u);
}

TEST_F(ProcBroken, SystemAndMemoryFallBackPerValue)
{
    const BlockView block = collect("2 4");
    const ObjectView system = *block.find_object(ix::kSystem);
    EXPECT_EQ(raw(system, ix::kContextSwitchesPerSec), 0u);  // "ctxt notanumber"
    EXPECT_EQ(raw(system, ix::kThreads), 0u);                // loadavg "garbage"
    EXPECT_EQ(raw(system, ix::kProcessorQueueLength), 1u);   // procs_running 3 - 2 CPUs
    EXPECT_EQ(raw(system, ix::kProcesses), 6u);              // 100..105; "notapid" is not one
    // No btime: boot = now - uptime (12345.67 s).
    EXPECT_EQ(raw(system, ix::kSystemUpTime), std::uint64_t(kWall) - 123'456'700'000ull);
    const ObjectView memory = *block.find_object(ix::kMemory);
    EXPECT_EQ(raw(memory, ix::kAvailableBytes), (200000ull + 10000 + 30000) * 1024);  // no MemAvailable
    EXPECT_EQ(raw(memory, ix::kCommitLimit), 0u);                                     // "CommitLimit:"
    EXPECT_EQ(raw(memory, ix::kCommittedBytes), 0u);                                  // "notanumber"
    EXPECT_EQ(raw(memory, ix::kPageFaultsPerSec), 0u);                                // no vmstat
}

TEST_F(ProcBroken, ProcessesKeepWhatCanBeRead)
{
    const BlockView block = collect("232");
    const ObjectView process = *block.find_object(ix::kProcess);
    // 101 (no ')'), 102 (no stat: exited) and "notapid" are left out; 105's
    // comm is not UTF-8 and comes back with a replacement character.
    EXPECT_EQ(test::instance_names(process),
              (std::vector<std::string>{"trunc", "broken", "a) b (c", "bad\xEF\xBF\xBDname", "_Total"}));
    const auto trunc = test::instance(process, "trunc");  // "100 (trunc) R"
    EXPECT_EQ(raw(process, *trunc, ix::kIdProcess), 100u);
    EXPECT_EQ(raw(process, *trunc, ix::kPercentProcessorTime), 0u);
    EXPECT_EQ(raw(process, *trunc, ix::kWorkingSet), 0u);  // no status either
    const auto broken = test::instance(process, "broken");
    EXPECT_EQ(raw(process, *broken, ix::kPercentProcessorTime), (12u + 34) * kTick);
    EXPECT_EQ(raw(process, *broken, ix::kWorkingSet), 0u);                  // "VmRSS: abc kB"
    EXPECT_EQ(raw(process, *broken, ix::kVirtualBytesPeak), 2920u * 1024);  // the good line
    EXPECT_EQ(raw(process, *broken, ix::kIoReadBytesPerSec), 5u);           // "rchar: 5\nwch"
    EXPECT_EQ(raw(process, *broken, ix::kIoWriteBytesPerSec), 0u);
    EXPECT_EQ(raw(process, *broken, ix::kHandleCount), 2u);
    // No btime, so start times count from now - uptime.
    EXPECT_EQ(raw(process, *broken, ix::kElapsedTime), std::uint64_t(kWall) - 123'456'700'000ull + 84163 * kTick);

    const ObjectView thread = *block.find_object(ix::kThread);
    // 103's own task entry has no stat, "foo" is not a thread id: only 1031.
    ASSERT_EQ(thread.instance_count(), 1u);
    const InstanceView worker = *thread.instances().begin();
    EXPECT_EQ(worker.name(), "worker");
    EXPECT_EQ(worker.parent_instance(), 1u);
    EXPECT_EQ(raw(thread, worker, ix::kIdThread), 1031u);
    EXPECT_EQ(raw(thread, worker, ix::kPercentProcessorTime), (5u + 6) * kTick);
    EXPECT_EQ(raw(thread, worker, ix::kContextSwitchesPerSec), 7u);  // nonvoluntary "x" is 0
}

TEST_F(ProcBroken, DisksMountsAndInterfaces)
{
    const BlockView block = collect("234 236 510");
    const ObjectView disk = *block.find_object(ix::kPhysicalDisk);
    // vda1 is not in sys/block, loop0 is virtual, "253" has no name.
    EXPECT_EQ(test::instance_names(disk), (std::vector<std::string>{"vda", "_Total"}));
    const auto vda = test::instance(disk, "vda");  // "vda 10 20": reads, merged; nothing else
    EXPECT_EQ(raw(disk, *vda, ix::kDiskReadsPerSec), 10u);
    EXPECT_EQ(raw(disk, *vda, ix::kDiskReadBytesPerSec), 0u);
    EXPECT_EQ(raw(disk, *vda, ix::kPercentDiskTime), 0u);

    const ObjectView ld = *block.find_object(ix::kLogicalDisk);
    // Escaped space decoded, the repeated mount and the short line dropped.
    EXPECT_EQ(test::instance_names(ld), (std::vector<std::string>{"/mnt/my disk", "_Total"}));

    const ObjectView net = *block.find_object(ix::kNetworkInterface);
    EXPECT_EQ(test::instance_names(net), (std::vector<std::string>{"eth0", "lo"}));
    const auto eth0 = test::instance(net, "eth0");  // "eth0: 1 2"
    EXPECT_EQ(raw(net, *eth0, ix::kBytesReceivedPerSec), 1u);
    EXPECT_EQ(raw(net, *eth0, ix::kPacketsReceivedPerSec), 2u);
    EXPECT_EQ(raw(net, *eth0, ix::kBytesSentPerSec), 0u);
    EXPECT_EQ(raw(net, *eth0, ix::kCurrentBandwidth), 25'000'000'000ull);        // 25000 Mb/s: beyond a DWORD
    EXPECT_EQ(raw(net, *test::instance(net, "lo"), ix::kCurrentBandwidth), 0u);  // speed "abc"
}

// ---- proc-burn-t0/t1: two samples decoded ----------------------------------------

// A shell loop at nice -20, captured twice; the second capture came 31.11 s
// of uptime later (proc/uptime 874.87 -> 905.98) on a machine busy with builds.
TEST(ProcBurn, DecodesProcessorTimeBetweenTwoCaptures)
{
    constexpr std::uint32_t kBurner = 14116;
    constexpr std::int64_t kDelta = 311'100'000;  // 31.11 s in 100 ns
    // The wall clock of the first capture: btime + uptime.
    constexpr std::int64_t kBoot = kFiletimeUnixEpoch + 1'795'335'363LL * 10'000'000;
    constexpr std::int64_t kWall0 = kBoot + 8'748'700'000;
    FixedClock clock(kMonotonic, kWall0);
    ProcfsSource t0(fixture_options("proc-burn-t0", clock));
    ProcfsSource t1(fixture_options("proc-burn-t1", clock));
    std::vector<std::byte> b0, b1;
    const BlockView first = test::collect_block(t0, "230 238", b0);
    clock.set(kMonotonic + kDelta * 100, kWall0 + kDelta);
    const BlockView second = test::collect_block(t1, "230 238", b1);

    // utime+stime: 644 -> 2608+1 ticks.
    const Value busy =
        test::decode_between(first, second, ix::kProcess, ix::kPercentProcessorTime, ix::kIdProcess, kBurner);
    ASSERT_TRUE(busy.valid());
    EXPECT_DOUBLE_EQ(busy.as_double(), 100.0 * (2609 - 644) * 100'000 / kDelta);
    const Value user = test::decode_between(first, second, ix::kProcess, ix::kPercentUserTime, ix::kIdProcess, kBurner);
    EXPECT_DOUBLE_EQ(user.as_double(), 100.0 * (2608 - 644) * 100'000 / kDelta);
    // Idle stayed at 111343 + 523 ticks on both CPUs: fully busy.
    const Value total = test::decode_between(first, second, ix::kProcessor, ix::kPercentProcessorTime, 0, 0, "_Total");
    ASSERT_TRUE(total.valid());
    EXPECT_DOUBLE_EQ(total.as_double(), 100.0);
    // Elapsed Time: started 86711 ticks after boot, seen at uptime 905.98 s.
    const Value elapsed = test::decode_between(first, second, ix::kProcess, ix::kElapsedTime, ix::kIdProcess, kBurner);
    ASSERT_TRUE(elapsed.valid());
    EXPECT_NEAR(elapsed.as_double(), 905.98 - 867.11, 1e-9);
}

// Elapsed times are on the clock ps uses for etimes (/proc/uptime - starttime),
// whatever the wall clock says: here the trees' own capture-time, which
// disagrees with btime + uptime by 5.87 s, and then the same second capture
// seen with the wall clock set an hour forward.
struct WallClockRow {
    const char* name;
    std::int64_t wall1;  // wall clock of the second collect, FILETIME
};
std::ostream& operator<<(std::ostream& os, const WallClockRow& r)
{
    return os << r.name;
}

class ProcBurnWallClock : public ::testing::TestWithParam<WallClockRow> {};

constexpr std::int64_t kCapture0 = kFiletimeUnixEpoch + 17'953'362'320'027'884;  // proc-burn-t0/capture-time
constexpr std::int64_t kCapture1 = kFiletimeUnixEpoch + 17'953'362'649'811'439;  // proc-burn-t1/capture-time

TEST_P(ProcBurnWallClock, ElapsedTimesFollowUptime)
{
    constexpr std::uint32_t kBurner = 14116;
    constexpr std::int64_t kBoot = kFiletimeUnixEpoch + 1'795'335'363LL * 10'000'000;  // btime
    FixedClock clock(874'870'000'000, kCapture0);
    ProcfsSource t0(fixture_options("proc-burn-t0", clock));
    ProcfsSource t1(fixture_options("proc-burn-t1", clock));
    std::vector<std::byte> b0, b1;
    const BlockView first = test::collect_block(t0, "2 232", b0);
    clock.set(905'980'000'000, GetParam().wall1);
    const BlockView second = test::collect_block(t1, "2 232", b1);

    // proc-burn-t1: uptime 905.98 s; starttime 86711 ticks of the process and its thread.
    const Value up = test::decode_between(first, second, ix::kSystem, ix::kSystemUpTime);
    EXPECT_NEAR(up.as_double(), 905.98, 1e-9);
    const Value process = test::decode_between(first, second, ix::kProcess, ix::kElapsedTime, ix::kIdProcess, kBurner);
    EXPECT_NEAR(process.as_double(), 905.98 - 867.11, 1e-9);
    const Value total = test::decode_between(first, second, ix::kProcess, ix::kElapsedTime, 0, 0, "_Total");
    EXPECT_NEAR(total.as_double(), 905.98, 1e-9);
    const Value thread = test::decode_between(first, second, ix::kThread, ix::kElapsedTime, ix::kIdThread, kBurner);
    EXPECT_NEAR(thread.as_double(), 905.98 - 867.11, 1e-9);
    // The raw start (part of the instance's identity) is the kernel's start
    // ticks after btime in both blocks, whatever the wall clock did.
    for (const BlockView* block : {&first, &second}) {
        const ObjectView o = *block->find_object(ix::kProcess);
        EXPECT_EQ(test::raw(o, *test::instance_with(o, ix::kIdProcess, kBurner), ix::kElapsedTime),
                  std::uint64_t(kBoot) + 86711 * kTick);
    }
}

INSTANTIATE_TEST_SUITE_P(Clocks, ProcBurnWallClock,
                         ::testing::Values(WallClockRow{"CaptureTimes", kCapture1},
                                           WallClockRow{"WallClockSetAnHourForward", kCapture1 + 36'000'000'000},
                                           WallClockRow{"WallClockSetBackBeforeBoot", kFiletimeUnixEpoch}),
                         [](const ::testing::TestParamInfo<WallClockRow>& p) { return std::string(p.param.name); });

// One source, one tree without btime (proc-broken), the wall clock set an hour
// forward between two collects: the raw start of a process stays the same (it
// is its identity), and so does System Up Time's.
TEST(ProcBrokenClock, RawStartsDoNotMoveWithTheWallClock)
{
    FixedClock clock(kMonotonic, kWall);
    ProcfsSource source(fixture_options("proc-broken", clock));
    std::vector<std::byte> b0, b1;
    const BlockView first = test::collect_block(source, "2 230", b0);
    clock.set(kMonotonic + 1'000'000'000, kWall + 36'000'000'000);
    const BlockView second = test::collect_block(source, "2 230", b1);
    for (const BlockView* block : {&first, &second}) {
        const ObjectView process = *block->find_object(ix::kProcess);
        EXPECT_EQ(raw(process, *test::instance(process, "broken"), ix::kElapsedTime),
                  std::uint64_t(kWall) - 123'456'700'000ull + 84163 * kTick);
        EXPECT_EQ(raw(*block->find_object(ix::kSystem), ix::kSystemUpTime), std::uint64_t(kWall) - 123'456'700'000ull);
    }
    // uptime 12345.67 s in the tree, both times.
    EXPECT_NEAR(test::decode_between(first, second, ix::kSystem, ix::kSystemUpTime).as_double(), 12345.67, 1e-9);
}

}  // namespace
}  // namespace wpo
