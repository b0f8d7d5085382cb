// SPDX-License-Identifier: Apache-2.0
// Mappings of Linux quantities to Windows ones: priorities, thread states, the
// FILETIME/SYSTEMTIME of the block, and which block devices and file systems
// stand for disks.
#pragma once

#include "format/block_view.h"
#include "sources/procfs/proc_parsers.h"

#include <cstdint>
#include <string_view>

namespace wpo::procfs {

// FILETIME ticks per second: the unit of Windows times and of the PerfFreq of
// the objects with elapsed-time counters.
inline constexpr std::int64_t k100nsPerSecond = 10'000'000;

// Windows priorities: 1..15 for normal threads (8 = normal), 16..31 real time.
std::uint32_t windows_priority(const PidStat& s);

// Windows thread states: 2 Running, 4 Terminated, 5 Wait, 7 Unknown. Linux's
// R does not tell running from ready, so both read as Running.
std::uint32_t windows_thread_state(char state);

// Block devices that stand for other devices' I/O or for memory, left out
// so that PhysicalDisk(_Total) counts each request once.
bool is_virtual_disk(std::string_view name);

// Without /sys/block: sda1, vdb2, nvme0n1p3, mmcblk0p1 are partitions.
bool looks_like_partition(std::string_view name);

// Block-device file systems and the local ones that have no /dev source.
// Network file systems are left out on purpose: statvfs(3) on a dead server
// blocks, and a collect must not hang.
bool is_disk_file_system(const MountEntry& m);

// A FILETIME as the UTC SYSTEMTIME of PERF_DATA_BLOCK.
SystemTime to_system_time(std::int64_t filetime);

}  // namespace wpo::procfs
