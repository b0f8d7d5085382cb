// SPDX-License-Identifier: Apache-2.0
// Fuzz target for the /proc text parsers and the name table format: any
// bytes, given to every parser. They must stay inside their input (ASan) and
// keep their promises (checked below; a broken one traps).
#include "sources/procfs/linux_name_table.h"
#include "sources/procfs/proc_parsers.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace {

void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace wpo::procfs;
    // A copy of exactly `size` bytes, so a read past the end is caught.
    const std::vector<char> copy(data, data + size);
    const std::string_view text(copy.data(), copy.size());
    auto inside = [&](std::string_view part) {
        return part.empty() || (part.data() >= text.data() && part.data() + part.size() <= text.data() + text.size());
    };

    PidStat stat;
    if (parse_pid_stat(text, stat))
        check(inside(stat.comm));
    PidStatus status;
    parse_pid_status(text, status);
    PidIo io;
    parse_pid_io(text, io);
    PidStatm statm;
    parse_pid_statm(text, statm);
    SmapsRollup rollup;
    parse_smaps_rollup(text, rollup);
    MemInfo meminfo;
    parse_meminfo(text, meminfo);
    VmStat vmstat;
    parse_vmstat(text, vmstat);
    KernelStat kstat;
    parse_kernel_stat(text, kstat);
    for (const CpuTimes& cpu : kstat.cpus)
        check(cpu.cpu >= 0);
    LoadAvg loadavg;
    parse_loadavg(text, loadavg);
    std::uint64_t uptime = 0;
    parse_uptime_100ns(text, uptime);
    std::uint64_t timeslices = 1;
    if (!parse_schedstat_timeslices(text, timeslices))
        check(timeslices == 0);
    std::vector<DiskStats> disks;
    parse_diskstats(text, disks);
    for (const DiskStats& d : disks)
        check(inside(d.name) && !d.name.empty());
    std::vector<NetDevStats> links;
    parse_net_dev(text, links);
    for (const NetDevStats& l : links)
        check(inside(l.name));
    std::vector<MountEntry> mounts;
    parse_mounts(text, mounts);
    for (const MountEntry& m : mounts) {
        check(inside(m.source) && inside(m.mount_point) && inside(m.fs_type));
        std::string path;
        unescape_mount_path(m.mount_point, path);
        check(path.size() <= m.mount_point.size());
    }
    std::vector<std::uint64_t> interrupts;
    parse_interrupts(text, interrupts);
    check(interrupts.size() <= 65536);

    auto table = wpo::parse_linux_names(text);
    if (table.ok())
        for (const auto& [index, name] : table->names())
            check(index % 2 == 0 && !table->help(index + 1).empty());
    else
        check(table.error().code() == wpo::Errc::bad_name_table);
    return 0;
}
