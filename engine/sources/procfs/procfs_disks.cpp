// SPDX-License-Identifier: Apache-2.0
// PhysicalDisk (<proc_root>/diskstats, /sys/block) and LogicalDisk
// (<proc_root>/mounts, statvfs(3)); each reader's comment says what failures cost.
#include "sources/procfs/procfs_collector.h"

#include "format/block_builder.h"
#include "sources/procfs/counter_tables.h"
#include "sources/procfs/linux_indices.h"

#include <algorithm>
#include <fcntl.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace wpo::procfs {

namespace ix = procfs_index;

// PhysicalDisk: /proc/diskstats; whole disks are the names in /sys/block (a
// name heuristic when /sys is not there). An unreadable diskstats leaves the
// object with no instance but _Total; a short line leaves its missing fields 0.
void ProcfsCollector::read_disks()
{
    m_disks.clear();
    const auto text = m_reader.read(m_root.get(), "diskstats");
    parse_diskstats(text ? *text : std::string_view(), m_disk_stats);
    const UniqueFd block = open_directory(sys_fd(), "block");
    for (const DiskStats& d : m_disk_stats) {
        if (is_virtual_disk(d.name))
            continue;
        if (block.valid()) {
            m_path.assign(d.name);
            std::replace(m_path.begin(), m_path.end(), '/', '!');  // cciss/c0d0 is block/cciss!c0d0
            if (faccessat(block.get(), m_path.c_str(), F_OK, 0) != 0)
                continue;
        } else if (looks_like_partition(d.name)) {
            continue;
        }
        DiskRow row;
        row.name = keep(d.name);
        row.stats = d;
        row.stats.name = {};
        m_disks.push_back(row);
    }
}

// LogicalDisk: <proc_root>/mounts, block-device file systems only, one
// instance per mount point. A file system statvfs(3) cannot reach keeps its
// instance with sizes 0.
void ProcfsCollector::read_mounts()
{
    m_mounts.clear();
    const auto text = m_reader.read(m_root.get(), "mounts");
    parse_mounts(text ? *text : std::string_view(), m_mount_entries);
    for (const MountEntry& m : m_mount_entries) {
        if (!is_disk_file_system(m))
            continue;
        const auto start = m_pool.size();
        unescape_mount_path(m.mount_point, m_pool);
        const Name n{static_cast<std::uint32_t>(start), static_cast<std::uint32_t>(m_pool.size() - start)};
        const bool seen =
            std::any_of(m_mounts.begin(), m_mounts.end(), [&](const MountRow& r) { return name(r.name) == name(n); });
        if (seen) {
            m_pool.resize(start);
            continue;
        }
        MountRow row;
        row.name = n;
        if (!m_options.fs_root.empty()) {
            m_path.assign(m_options.fs_root);
            if (!m_path.empty() && m_path.back() == '/')
                m_path.pop_back();
            m_path.append(name(n));
            struct statvfs vfs {};
            if (statvfs(m_path.c_str(), &vfs) == 0) {
                row.free_mb = (std::uint64_t(vfs.f_bavail) * vfs.f_frsize) >> 20;
                row.total_mb = (std::uint64_t(vfs.f_blocks) * vfs.f_frsize) >> 20;
            }
        }
        m_mounts.push_back(row);
    }
}

// `stamp` is the private clock of the precision timers (CLOCK_MONOTONIC in
// 100 ns). _Total sums counts, bytes and queue lengths and averages the two
// % timers over the disks, so that its % Idle Time stays within 0..100.
void ProcfsCollector::emit_physical_disk(BlockBuilder& b, std::int64_t stamp)
{
    b.begin_object({.name_index = ix::kPhysicalDisk, .help_index = ix::kPhysicalDisk + 1, .has_instances = true});
    add_counters(b, kDiskCounters);
    constexpr std::uint64_t k100nsPerMs = 10'000;
    const auto now = static_cast<std::uint64_t>(std::max<std::int64_t>(stamp, 0));
    auto write = [&](const DiskStats& d, std::uint64_t disks) {
        const std::uint64_t busy = d.ms_io * k100nsPerMs / disks;
        b.set(kDiskTime, d.ms_weighted * k100nsPerMs / disks);
        b.set(kDiskTimeStamp, now);
        b.set(kDiskIdle, now > busy ? now - busy : 0);
        b.set(kDiskIdleStamp, now);
        b.set(kDiskAvgQueue, d.ms_weighted * k100nsPerMs);
        b.set(kDiskCurrentQueue, dword(d.in_flight));
        b.set(kDiskReads, d.reads);
        b.set(kDiskWrites, d.writes);
        b.set(kDiskReadBytes, d.sectors_read * 512);
        b.set(kDiskWriteBytes, d.sectors_written * 512);
        b.set(kDiskSecRead, d.ms_reading * 1'000'000);  // block PerfFreq is 10^9
        b.set(kDiskSecReadBase, d.reads);
        b.set(kDiskSecWrite, d.ms_writing * 1'000'000);
        b.set(kDiskSecWriteBase, d.writes);
        b.set(kDiskBytesRead, d.sectors_read * 512);
        b.set(kDiskBytesReadBase, d.reads);
        b.set(kDiskBytesWrite, d.sectors_written * 512);
        b.set(kDiskBytesWriteBase, d.writes);
    };
    DiskStats total;
    for (const DiskRow& d : m_disks) {
        b.begin_instance(name(d.name));
        write(d.stats, 1);
        total.reads += d.stats.reads;
        total.sectors_read += d.stats.sectors_read;
        total.ms_reading += d.stats.ms_reading;
        total.writes += d.stats.writes;
        total.sectors_written += d.stats.sectors_written;
        total.ms_writing += d.stats.ms_writing;
        total.in_flight += d.stats.in_flight;
        total.ms_io += d.stats.ms_io;
        total.ms_weighted += d.stats.ms_weighted;
    }
    b.begin_instance("_Total");
    write(total, std::max<std::uint64_t>(m_disks.size(), 1));
    b.end_object();
}

void ProcfsCollector::emit_logical_disk(BlockBuilder& b)
{
    b.begin_object({.name_index = ix::kLogicalDisk, .help_index = ix::kLogicalDisk + 1, .has_instances = true});
    add_counters(b, kLogicalDiskCounters);
    MountRow total;
    auto write = [&](const MountRow& m) {
        b.set(kLdFreeSpace, std::min<std::uint64_t>(m.free_mb, 0xFFFFFFFFu));
        b.set(kLdFreeSpaceBase, std::min<std::uint64_t>(m.total_mb, 0xFFFFFFFFu));
        b.set(kLdFreeMegabytes, std::min<std::uint64_t>(m.free_mb, 0xFFFFFFFFu));
    };
    for (const MountRow& m : m_mounts) {
        b.begin_instance(name(m.name));
        write(m);
        total.free_mb += m.free_mb;
        total.total_mb += m.total_mb;
    }
    b.begin_instance("_Total");
    write(total);
    b.end_object();
}

}  // namespace wpo::procfs
