// SPDX-License-Identifier: Apache-2.0
// The counter definition tables of counter_tables.h: index (linux_indices.h),
// type and width of each counter, one table per object, each checked against
// its enum of handles.
#include "sources/procfs/counter_tables.h"

#include "format/block_builder.h"
#include "format/counter_type.h"
#include "sources/procfs/linux_indices.h"

#include <iterator>

namespace wpo::procfs {
namespace {

namespace ix = procfs_index;
using namespace counter_type;

// Types are Windows' for the same counter, with one rule on top: a counter
// whose kernel source is 64-bit is written 64 bits wide, in the 64-bit member
// of Windows' family (PERF_COUNTER_COUNTER -> PERF_COUNTER_BULK_COUNT,
// PERF_COUNTER_RAWCOUNT -> PERF_COUNTER_LARGE_RAWCOUNT, PERF_AVERAGE_BASE with
// CounterSize 8). A DWORD would go "backwards" every 2^32 events and cost that
// interval (PDH reports a decrease as invalid data, it does not unwrap).
// Counters kept 32 bits wide hold values that cannot reach 2^32 (ids, counts
// of tasks or descriptors, priorities, states) and are saturated, not
// truncated, by the code that writes them (dword() in counter_tables.h).
// Every deviation is listed in resources/linux-names.txt.

constexpr CounterDef kSystemTable[] = {
    {ix::kProcesses, PERF_COUNTER_RAWCOUNT, -1},
    {ix::kThreads, PERF_COUNTER_RAWCOUNT, -2},
    {ix::kProcessorQueueLength, PERF_COUNTER_RAWCOUNT, 1},
    {ix::kContextSwitchesPerSec, PERF_COUNTER_BULK_COUNT, -2},
    {ix::kSystemUpTime, PERF_ELAPSED_TIME, -4},
};
static_assert(std::size(kSystemTable) == kSysUpTime + 1);

constexpr CounterDef kMemoryTable[] = {
    {ix::kAvailableBytes, PERF_COUNTER_LARGE_RAWCOUNT, -6}, {ix::kCommittedBytes, PERF_COUNTER_LARGE_RAWCOUNT, -6},
    {ix::kCommitLimit, PERF_COUNTER_LARGE_RAWCOUNT, -6},    {ix::kCacheBytes, PERF_COUNTER_LARGE_RAWCOUNT, -6},
    {ix::kPercentCommittedBytesInUse, PERF_RAW_FRACTION},   {ix::kPercentCommittedBytesInUse, PERF_RAW_BASE},
    {ix::kPageFaultsPerSec, PERF_COUNTER_BULK_COUNT, -1},   {ix::kPagesPerSec, PERF_COUNTER_BULK_COUNT},
};
static_assert(std::size(kMemoryTable) == kMemPages + 1);

constexpr CounterDef kProcessorTable[] = {
    {ix::kPercentProcessorTime, PERF_100NSEC_TIMER_INV},
    {ix::kPercentUserTime, PERF_100NSEC_TIMER},
    {ix::kPercentPrivilegedTime, PERF_100NSEC_TIMER},
    {ix::kPercentInterruptTime, PERF_100NSEC_TIMER},
    {ix::kPercentDpcTime, PERF_100NSEC_TIMER},
    {ix::kPercentIdleTime, PERF_100NSEC_TIMER},
    {ix::kInterruptsPerSec, PERF_COUNTER_BULK_COUNT, -2},
};
static_assert(std::size(kProcessorTable) == kCpuInterrupts + 1);

constexpr CounterDef kProcessTable[] = {
    {ix::kPercentProcessorTime, PERF_100NSEC_TIMER},
    {ix::kPercentUserTime, PERF_100NSEC_TIMER},
    {ix::kPercentPrivilegedTime, PERF_100NSEC_TIMER},
    {ix::kElapsedTime, PERF_ELAPSED_TIME, -4},
    {ix::kIdProcess, PERF_COUNTER_RAWCOUNT, -3},
    {ix::kCreatingProcessId, PERF_COUNTER_RAWCOUNT, -3},
    {ix::kThreadCount, PERF_COUNTER_RAWCOUNT},
    {ix::kPriorityBase, PERF_COUNTER_RAWCOUNT},
    {ix::kHandleCount, PERF_COUNTER_RAWCOUNT, -1},
    {ix::kWorkingSet, PERF_COUNTER_LARGE_RAWCOUNT, -5},
    {ix::kWorkingSetPeak, PERF_COUNTER_LARGE_RAWCOUNT, -5},
    {ix::kVirtualBytes, PERF_COUNTER_LARGE_RAWCOUNT, -6},
    {ix::kVirtualBytesPeak, PERF_COUNTER_LARGE_RAWCOUNT, -6},
    {ix::kPrivateBytes, PERF_COUNTER_LARGE_RAWCOUNT, -5},
    {ix::kPageFaultsPerSec, PERF_COUNTER_BULK_COUNT, -1},
    {ix::kIoReadOperationsPerSec, PERF_COUNTER_BULK_COUNT},
    {ix::kIoWriteOperationsPerSec, PERF_COUNTER_BULK_COUNT},
    {ix::kIoDataOperationsPerSec, PERF_COUNTER_BULK_COUNT},
    {ix::kIoReadBytesPerSec, PERF_COUNTER_BULK_COUNT, -4},
    {ix::kIoWriteBytesPerSec, PERF_COUNTER_BULK_COUNT, -4},
    {ix::kIoDataBytesPerSec, PERF_COUNTER_BULK_COUNT, -4},
};
static_assert(std::size(kProcessTable) == kProcDataBytes + 1);

constexpr CounterDef kThreadTable[] = {
    {ix::kPercentProcessorTime, PERF_100NSEC_TIMER},
    {ix::kPercentUserTime, PERF_100NSEC_TIMER},
    {ix::kPercentPrivilegedTime, PERF_100NSEC_TIMER},
    {ix::kIdThread, PERF_COUNTER_RAWCOUNT, -3},
    {ix::kIdProcess, PERF_COUNTER_RAWCOUNT, -3},
    {ix::kPriorityCurrent, PERF_COUNTER_RAWCOUNT},
    {ix::kPriorityBase, PERF_COUNTER_RAWCOUNT},
    {ix::kThreadState, PERF_COUNTER_RAWCOUNT},
    {ix::kContextSwitchesPerSec, PERF_COUNTER_BULK_COUNT},
    {ix::kElapsedTime, PERF_ELAPSED_TIME, -4},
};
static_assert(std::size(kThreadTable) == kThrElapsed + 1);

// Windows' types for PhysicalDisk: the % times are precision timers over their
// own time stamp (which we take from CLOCK_MONOTONIC, immune to clock steps),
// the averages carry AVERAGE_BASE counts. Avg. Disk sec/* is 8 bytes wide: in
// PerfFreq (10^9) ticks a DWORD would wrap after 4 s of cumulated I/O time,
// and readers take the width from CounterSize (docs/performance-data-format.md §10.3). The
// AVERAGE_BASE counts (reads, writes: unsigned long in the kernel) are 8 bytes
// wide for the same reason; winperf.h has no LARGE average base, and a reader
// that takes the width from the type reads their low half, as from Windows.
constexpr CounterDef kDiskTable[] = {
    {ix::kPercentDiskTime, PERF_PRECISION_100NS_TIMER},
    {ix::kPercentDiskTime, PERF_PRECISION_TIMESTAMP},
    {ix::kPercentIdleTime, PERF_PRECISION_100NS_TIMER},
    {ix::kPercentIdleTime, PERF_PRECISION_TIMESTAMP},
    {ix::kAvgDiskQueueLength, PERF_COUNTER_100NS_QUEUELEN_TYPE, 1},
    {ix::kCurrentDiskQueueLength, PERF_COUNTER_RAWCOUNT, 1},
    {ix::kDiskReadsPerSec, PERF_COUNTER_BULK_COUNT},
    {ix::kDiskWritesPerSec, PERF_COUNTER_BULK_COUNT},
    {ix::kDiskReadBytesPerSec, PERF_COUNTER_BULK_COUNT, -5},
    {ix::kDiskWriteBytesPerSec, PERF_COUNTER_BULK_COUNT, -5},
    {ix::kAvgDiskSecPerRead, PERF_AVERAGE_TIMER, 3, 8},
    {ix::kAvgDiskSecPerRead, PERF_AVERAGE_BASE, 0, 8},
    {ix::kAvgDiskSecPerWrite, PERF_AVERAGE_TIMER, 3, 8},
    {ix::kAvgDiskSecPerWrite, PERF_AVERAGE_BASE, 0, 8},
    {ix::kAvgDiskBytesPerRead, PERF_AVERAGE_BULK, -3},
    {ix::kAvgDiskBytesPerRead, PERF_AVERAGE_BASE, 0, 8},
    {ix::kAvgDiskBytesPerWrite, PERF_AVERAGE_BULK, -3},
    {ix::kAvgDiskBytesPerWrite, PERF_AVERAGE_BASE, 0, 8},
};
static_assert(std::size(kDiskTable) == kDiskBytesWriteBase + 1);

constexpr CounterDef kLogicalDiskTable[] = {
    {ix::kPercentFreeSpace, PERF_RAW_FRACTION},
    {ix::kPercentFreeSpace, PERF_RAW_BASE},
    {ix::kFreeMegabytes, PERF_COUNTER_RAWCOUNT, -4},
};
static_assert(std::size(kLogicalDiskTable) == kLdFreeMegabytes + 1);

// Current Bandwidth is LARGE here (Windows: DWORD): 10^6 x a 25 Gb/s link does
// not fit 32 bits. Packets are 64-bit in the kernel (rtnl_link_stats64), so
// their rates are BULK_COUNT and Packets Received Errors LARGE_RAWCOUNT.
constexpr CounterDef kNetworkTable[] = {
    {ix::kBytesReceivedPerSec, PERF_COUNTER_BULK_COUNT, -4},
    {ix::kBytesSentPerSec, PERF_COUNTER_BULK_COUNT, -4},
    {ix::kBytesTotalPerSec, PERF_COUNTER_BULK_COUNT, -4},
    {ix::kPacketsReceivedPerSec, PERF_COUNTER_BULK_COUNT, -1},
    {ix::kPacketsSentPerSec, PERF_COUNTER_BULK_COUNT, -1},
    {ix::kCurrentBandwidth, PERF_COUNTER_LARGE_RAWCOUNT, -7},
    {ix::kPacketsReceivedErrors, PERF_COUNTER_LARGE_RAWCOUNT},
    {ix::kOutputQueueLength, PERF_COUNTER_RAWCOUNT},
};
static_assert(std::size(kNetworkTable) == kNetOutputQueue + 1);

constexpr CounterDef kDetailTable[] = {
    {ix::kIdProcess, PERF_COUNTER_RAWCOUNT, -3},          {ix::kRss, PERF_COUNTER_LARGE_RAWCOUNT, -5},
    {ix::kPss, PERF_COUNTER_LARGE_RAWCOUNT, -5},          {ix::kSharedClean, PERF_COUNTER_LARGE_RAWCOUNT, -5},
    {ix::kSharedDirty, PERF_COUNTER_LARGE_RAWCOUNT, -5},  {ix::kPrivateClean, PERF_COUNTER_LARGE_RAWCOUNT, -5},
    {ix::kPrivateDirty, PERF_COUNTER_LARGE_RAWCOUNT, -5}, {ix::kSwap, PERF_COUNTER_LARGE_RAWCOUNT, -5},
};
static_assert(std::size(kDetailTable) == kDetSwap + 1);

}  // namespace

// constinit: the spans are set before any code runs, whatever the order in
// which translation units are initialised.
constinit const std::span<const CounterDef> kSystemCounters = kSystemTable;
constinit const std::span<const CounterDef> kMemoryCounters = kMemoryTable;
constinit const std::span<const CounterDef> kProcessorCounters = kProcessorTable;
constinit const std::span<const CounterDef> kProcessCounters = kProcessTable;
constinit const std::span<const CounterDef> kThreadCounters = kThreadTable;
constinit const std::span<const CounterDef> kDiskCounters = kDiskTable;
constinit const std::span<const CounterDef> kLogicalDiskCounters = kLogicalDiskTable;
constinit const std::span<const CounterDef> kNetworkCounters = kNetworkTable;
constinit const std::span<const CounterDef> kDetailCounters = kDetailTable;

std::uint32_t add_counter(BlockBuilder& b, const CounterDef& d)
{
    return b.add_counter({.name_index = d.index,
                          .help_index = d.index + 1,
                          .type = d.type,
                          .size = d.size,
                          .default_scale = d.default_scale});
}

void add_counters(BlockBuilder& b, std::span<const CounterDef> defs)
{
    for (const CounterDef& d : defs)
        add_counter(b, d);
}

}  // namespace wpo::procfs
