// SPDX-License-Identifier: Apache-2.0
// System: <proc_root>/loadavg, with /proc/stat, uptime and the pid list that
// procfs_collector.cpp reads for several objects.
#include "sources/procfs/procfs_collector.h"

#include "format/block_builder.h"
#include "sources/procfs/counter_tables.h"
#include "sources/procfs/linux_indices.h"

namespace wpo::procfs {

namespace ix = procfs_index;

void ProcfsCollector::read_loadavg()
{
    auto text = m_reader.read(m_root.get(), "loadavg");
    parse_loadavg(text ? *text : std::string_view(), m_loadavg);
}

// System: counts are 0 when loadavg or stat cannot be read; System Up Time is
// /proc/uptime (read_uptime() says how), 0 s when neither btime nor uptime is there.
void ProcfsCollector::emit_system(BlockBuilder& b)
{
    b.begin_object({.name_index = ix::kSystem,
                    .help_index = ix::kSystem + 1,
                    .perf_time = m_uptime_clock,
                    .perf_freq = k100nsPerSecond});
    add_counters(b, kSystemCounters);
    b.begin_values();
    const std::uint64_t cpus = m_kstat.cpus.size();
    b.set(kSysProcesses, dword(m_pids.size()));
    b.set(kSysThreads, dword(m_loadavg.tasks));
    b.set(kSysQueue, dword(m_kstat.procs_running > cpus ? m_kstat.procs_running - cpus : 0));
    b.set(kSysSwitches, m_kstat.ctxt);
    b.set(kSysUpTime, start_time(0));
    b.end_object();
}

}  // namespace wpo::procfs
