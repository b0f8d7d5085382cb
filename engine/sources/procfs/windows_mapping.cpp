// SPDX-License-Identifier: Apache-2.0
// Linux priorities, thread states, times, block devices and file systems
// mapped to what Windows would report (windows_mapping.h says how).
#include "sources/procfs/windows_mapping.h"

#include "sources/procfs/procfs_clock.h"

#include <algorithm>
#include <time.h>

namespace wpo::procfs {

std::uint32_t windows_priority(const PidStat& s)
{
    constexpr std::uint64_t kFifo = 1, kRoundRobin = 2, kIdle = 5, kDeadline = 6;
    if (s.policy == kFifo || s.policy == kRoundRobin)
        return static_cast<std::uint32_t>(16 + std::min<std::uint64_t>(s.rt_priority, 99) * 15 / 99);
    if (s.policy == kDeadline)
        return 31;
    if (s.policy == kIdle)
        return 1;
    const std::int64_t nice = std::clamp<std::int64_t>(s.nice, -20, 19);
    return static_cast<std::uint32_t>(std::clamp<std::int64_t>((170 - 7 * nice) / 20, 1, 15));
}

std::uint32_t windows_thread_state(char state)
{
    switch (state) {
    case 'R': return 2;
    case 'S':
    case 'D':
    case 'I':
    case 'T':
    case 't':
    case 'W':
    case 'P': return 5;
    case 'Z':
    case 'X':
    case 'x': return 4;
    default: return 7;
    }
}

bool is_virtual_disk(std::string_view name)
{
    for (std::string_view prefix : {"loop", "ram", "zram", "dm-", "md", "nbd"})
        if (name.substr(0, prefix.size()) == prefix)
            return true;
    return false;
}

bool looks_like_partition(std::string_view name)
{
    if (name.empty() || name.back() < '0' || name.back() > '9')
        return false;
    std::size_t i = name.size();
    while (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9')
        --i;
    if (i >= 2 && name[i - 1] == 'p' && name[i - 2] >= '0' && name[i - 2] <= '9')
        return true;  // nvme0n1p3, mmcblk0p1
    for (std::string_view prefix : {"sd", "hd", "vd", "xvd"})
        if (name.substr(0, prefix.size()) == prefix)
            return true;
    return false;
}

bool is_disk_file_system(const MountEntry& m)
{
    if (m.fs_type == "squashfs" || m.fs_type == "iso9660" || m.fs_type == "udf")
        return false;  // read-only images: always full
    return m.source.substr(0, 5) == "/dev/" || m.fs_type == "zfs" || m.fs_type == "bcachefs";
}

SystemTime to_system_time(std::int64_t filetime)
{
    const std::int64_t unix_100ns = filetime - kFiletimeUnixEpoch;
    std::int64_t seconds = unix_100ns / k100nsPerSecond;
    std::int64_t rest = unix_100ns % k100nsPerSecond;
    if (rest < 0) {
        rest += k100nsPerSecond;
        --seconds;
    }
    const time_t t = static_cast<time_t>(seconds);
    tm parts{};
    gmtime_r(&t, &parts);
    SystemTime s;
    s.year = static_cast<std::uint16_t>(parts.tm_year + 1900);
    s.month = static_cast<std::uint16_t>(parts.tm_mon + 1);
    s.day_of_week = static_cast<std::uint16_t>(parts.tm_wday);
    s.day = static_cast<std::uint16_t>(parts.tm_mday);
    s.hour = static_cast<std::uint16_t>(parts.tm_hour);
    s.minute = static_cast<std::uint16_t>(parts.tm_min);
    s.second = static_cast<std::uint16_t>(parts.tm_sec);
    s.milliseconds = static_cast<std::uint16_t>(rest / 10'000);
    return s;
}

}  // namespace wpo::procfs
