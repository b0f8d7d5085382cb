// SPDX-License-Identifier: Apache-2.0
// The counters of every object the procfs source serves: one enum of handles
// and one table of definitions per object, in block order (counter_tables.cpp
// holds the tables and checks that each matches its enum).
#pragma once

#include <cstdint>
#include <span>

namespace wpo {
class BlockBuilder;
}

namespace wpo::procfs {

// One counter definition of an object; the position in its table is the
// handle for BlockBuilder::set(). A base definition shares the name and help
// index of the counter before it, as Windows' own providers do (docs/performance-data-format.md §10.3).
struct CounterDef {
    std::uint32_t index;
    std::uint32_t type;
    // PerfMon's default scale: plotted = value x 10^default_scale
    // (docs/procfs-source.md gives each value and where it comes from).
    std::int32_t default_scale = 0;
    std::uint32_t size = 0;  // 0 = from the type
};

// Adds the definitions of `defs`, in order, to the object being built.
void add_counters(BlockBuilder& b, std::span<const CounterDef> defs);

// One definition; returns its handle.
std::uint32_t add_counter(BlockBuilder& b, const CounterDef& d);

// The handle of a counter left out of the object (see below).
inline constexpr std::uint32_t kLeftOut = 0xFFFFFFFFu;

// Adds the definitions whose position p in `defs` has keep(p), in order;
// at[p] becomes the counter's handle for BlockBuilder::set(), or kLeftOut.
template <class Keep>
void add_counters(BlockBuilder& b, std::span<const CounterDef> defs, Keep&& keep, std::span<std::uint32_t> at)
{
    for (std::uint32_t p = 0; p < defs.size() && p < at.size(); ++p)
        at[p] = keep(p) ? add_counter(b, defs[p]) : kLeftOut;
}

// A value read from outside for a counter kept 32 bits wide (counter_tables.cpp
// says which), saturated: BlockBuilder::set() refuses values that do not fit.
constexpr std::uint64_t dword(std::uint64_t v)
{
    return v > 0xFFFFFFFFu ? 0xFFFFFFFFu : v;
}

// clang-format off
enum SystemCounter : std::uint32_t { kSysProcesses, kSysThreads, kSysQueue, kSysSwitches, kSysUpTime };
extern const std::span<const CounterDef> kSystemCounters;

enum MemoryCounter : std::uint32_t {
    kMemAvailable, kMemCommitted, kMemCommitLimit, kMemCache, kMemCommittedInUse, kMemCommittedInUseBase,
    kMemPageFaults, kMemPages,
};
extern const std::span<const CounterDef> kMemoryCounters;

enum ProcessorCounter : std::uint32_t {
    kCpuTime, kCpuUser, kCpuPrivileged, kCpuInterrupt, kCpuDpc, kCpuIdle, kCpuInterrupts,
};
extern const std::span<const CounterDef> kProcessorCounters;

enum ProcessCounter : std::uint32_t {
    kProcTime, kProcUser, kProcPrivileged, kProcElapsed, kProcId, kProcParent, kProcThreads, kProcPriority,
    kProcHandles, kProcWorkingSet, kProcWorkingSetPeak, kProcVirtual, kProcVirtualPeak, kProcPrivate,
    kProcFaults, kProcReadOps, kProcWriteOps, kProcDataOps, kProcReadBytes, kProcWriteBytes, kProcDataBytes,
};
extern const std::span<const CounterDef> kProcessCounters;

enum ThreadCounter : std::uint32_t {
    kThrTime, kThrUser, kThrPrivileged, kThrId, kThrProcessId, kThrPriorityCurrent, kThrPriorityBase, kThrState,
    kThrSwitches, kThrElapsed,
};
extern const std::span<const CounterDef> kThreadCounters;

// PhysicalDisk; counter_tables.cpp says why its types are Windows' and its
// Avg. Disk sec/* 8 bytes wide.
enum DiskCounter : std::uint32_t {
    kDiskTime, kDiskTimeStamp, kDiskIdle, kDiskIdleStamp, kDiskAvgQueue, kDiskCurrentQueue, kDiskReads,
    kDiskWrites, kDiskReadBytes, kDiskWriteBytes, kDiskSecRead, kDiskSecReadBase, kDiskSecWrite,
    kDiskSecWriteBase, kDiskBytesRead, kDiskBytesReadBase, kDiskBytesWrite, kDiskBytesWriteBase,
};
extern const std::span<const CounterDef> kDiskCounters;

enum LogicalDiskCounter : std::uint32_t { kLdFreeSpace, kLdFreeSpaceBase, kLdFreeMegabytes };
extern const std::span<const CounterDef> kLogicalDiskCounters;

enum NetworkCounter : std::uint32_t {
    kNetBytesReceived, kNetBytesSent, kNetBytesTotal, kNetPacketsReceived, kNetPacketsSent, kNetBandwidth,
    kNetReceiveErrors, kNetOutputQueue,
};
extern const std::span<const CounterDef> kNetworkCounters;

// Process Memory Detail.
enum DetailCounter : std::uint32_t {
    kDetId, kDetRss, kDetPss, kDetSharedClean, kDetSharedDirty, kDetPrivateClean, kDetPrivateDirty, kDetSwap,
};
// clang-format on
extern const std::span<const CounterDef> kDetailCounters;

}  // namespace wpo::procfs
