// SPDX-License-Identifier: Apache-2.0
// Title indices of the objects and counters the procfs source serves. The
// names and help texts live in resources/linux-names.txt (help = index + 1);
// tests check that every constant below has both.
//
// Standard English Windows indices (docs/performance-data-format.md §13) are used where a source
// confirms them, so a recording from Linux reads like one from Windows.
// 804 (ID Thread), 234 (PhysicalDisk), 236 (LogicalDisk) and 510 (Network
// Interface) are widely quoted without a primary source (UNVERIFIED below);
// we accept them, so a wrong one would need fixing here and in the table.
// Everything else comes from a private range
// starting at 50000 (even = name, odd = help): a Windows name table never
// reaches it, so a Linux recording cannot be mistaken for a Windows counter.
#pragma once

#include <array>
#include <cstdint>

namespace wpo::procfs_index {

// Objects
inline constexpr std::uint32_t kSystem = 2;
inline constexpr std::uint32_t kMemory = 4;
inline constexpr std::uint32_t kProcess = 230;
inline constexpr std::uint32_t kThread = 232;
inline constexpr std::uint32_t kPhysicalDisk = 234;  // UNVERIFIED (see above)
inline constexpr std::uint32_t kLogicalDisk = 236;   // UNVERIFIED (see above)
inline constexpr std::uint32_t kProcessor = 238;
inline constexpr std::uint32_t kNetworkInterface = 510;       // UNVERIFIED (see above)
inline constexpr std::uint32_t kProcessMemoryDetail = 50000;  // costly

// Counters with standard indices (shared by several objects, as on Windows)
inline constexpr std::uint32_t kPercentProcessorTime = 6;
inline constexpr std::uint32_t kPageFaultsPerSec = 28;
inline constexpr std::uint32_t kPercentUserTime = 142;
inline constexpr std::uint32_t kPercentPrivilegedTime = 144;
inline constexpr std::uint32_t kVirtualBytesPeak = 172;
inline constexpr std::uint32_t kVirtualBytes = 174;
inline constexpr std::uint32_t kWorkingSetPeak = 178;
inline constexpr std::uint32_t kWorkingSet = 180;
inline constexpr std::uint32_t kPrivateBytes = 186;
inline constexpr std::uint32_t kPercentDiskTime = 200;
inline constexpr std::uint32_t kSystemUpTime = 674;
inline constexpr std::uint32_t kThreadCount = 680;
inline constexpr std::uint32_t kPriorityBase = 682;
inline constexpr std::uint32_t kElapsedTime = 684;
inline constexpr std::uint32_t kIdProcess = 784;
inline constexpr std::uint32_t kIdThread = 804;  // UNVERIFIED (see above)
inline constexpr std::uint32_t kHandleCount = 952;
inline constexpr std::uint32_t kAvgDiskQueueLength = 1400;
inline constexpr std::uint32_t kCreatingProcessId = 1410;
inline constexpr std::uint32_t kIoReadOperationsPerSec = 1412;
inline constexpr std::uint32_t kIoWriteOperationsPerSec = 1414;
inline constexpr std::uint32_t kIoDataOperationsPerSec = 1416;
inline constexpr std::uint32_t kIoReadBytesPerSec = 1420;
inline constexpr std::uint32_t kIoWriteBytesPerSec = 1422;
inline constexpr std::uint32_t kIoDataBytesPerSec = 1424;

// Counters from the private range
inline constexpr std::uint32_t kPercentInterruptTime = 50002;
inline constexpr std::uint32_t kPercentDpcTime = 50004;
inline constexpr std::uint32_t kPercentIdleTime = 50006;  // Processor and PhysicalDisk
inline constexpr std::uint32_t kInterruptsPerSec = 50008;
inline constexpr std::uint32_t kAvailableBytes = 50010;
inline constexpr std::uint32_t kCommittedBytes = 50012;
inline constexpr std::uint32_t kCommitLimit = 50014;
inline constexpr std::uint32_t kCacheBytes = 50016;
inline constexpr std::uint32_t kPercentCommittedBytesInUse = 50018;
inline constexpr std::uint32_t kPagesPerSec = 50020;
inline constexpr std::uint32_t kProcesses = 50022;
inline constexpr std::uint32_t kThreads = 50024;
inline constexpr std::uint32_t kProcessorQueueLength = 50026;
inline constexpr std::uint32_t kContextSwitchesPerSec = 50028;  // System and Thread
inline constexpr std::uint32_t kPriorityCurrent = 50030;
inline constexpr std::uint32_t kThreadState = 50032;
inline constexpr std::uint32_t kCurrentDiskQueueLength = 50034;
inline constexpr std::uint32_t kDiskReadsPerSec = 50036;
inline constexpr std::uint32_t kDiskWritesPerSec = 50038;
inline constexpr std::uint32_t kDiskReadBytesPerSec = 50040;
inline constexpr std::uint32_t kDiskWriteBytesPerSec = 50042;
inline constexpr std::uint32_t kAvgDiskSecPerRead = 50044;
inline constexpr std::uint32_t kAvgDiskSecPerWrite = 50046;
inline constexpr std::uint32_t kAvgDiskBytesPerRead = 50048;
inline constexpr std::uint32_t kAvgDiskBytesPerWrite = 50050;
inline constexpr std::uint32_t kPercentFreeSpace = 50052;
inline constexpr std::uint32_t kFreeMegabytes = 50054;
inline constexpr std::uint32_t kBytesReceivedPerSec = 50056;
inline constexpr std::uint32_t kBytesSentPerSec = 50058;
inline constexpr std::uint32_t kBytesTotalPerSec = 50060;
inline constexpr std::uint32_t kPacketsReceivedPerSec = 50062;
inline constexpr std::uint32_t kPacketsSentPerSec = 50064;
inline constexpr std::uint32_t kCurrentBandwidth = 50066;
inline constexpr std::uint32_t kPacketsReceivedErrors = 50068;
inline constexpr std::uint32_t kOutputQueueLength = 50070;
inline constexpr std::uint32_t kRss = 50072;
inline constexpr std::uint32_t kPss = 50074;
inline constexpr std::uint32_t kSharedClean = 50076;
inline constexpr std::uint32_t kSharedDirty = 50078;
inline constexpr std::uint32_t kPrivateClean = 50080;
inline constexpr std::uint32_t kPrivateDirty = 50082;
inline constexpr std::uint32_t kSwap = 50084;

inline constexpr std::uint32_t kPrivateRangeFirst = 50000;
inline constexpr std::uint32_t kPrivateRangeLast = 50999;

// The objects, in the order a block lists them.
inline constexpr std::array kObjects = {
    kSystem,    kMemory,           kProcess,
    kThread,    kPhysicalDisk,     kLogicalDisk,
    kProcessor, kNetworkInterface, kProcessMemoryDetail,
};

}  // namespace wpo::procfs_index
