// SPDX-License-Identifier: Apache-2.0
// Processor: the CPU lines of <proc_root>/stat (read by procfs_collector.cpp)
// and <proc_root>/interrupts; see emit_processor() for what failures cost.
#include "sources/procfs/procfs_collector.h"

#include "format/block_builder.h"
#include "sources/procfs/counter_tables.h"
#include "sources/procfs/decimal_names.h"
#include "sources/procfs/linux_indices.h"

#include <algorithm>

namespace wpo::procfs {

namespace ix = procfs_index;

void ProcfsCollector::read_interrupts()
{
    if (auto text = m_reader.read(m_root.get(), "interrupts"))
        parse_interrupts(*text, m_interrupts, m_interrupt_columns);
    else
        m_interrupts.clear();
}

// Processor: one instance per "cpuN" line of /proc/stat and _Total from the
// "cpu" line divided by the number of CPUs (an average, as on Windows, so
// that the timers stay within 0..100). An unreadable /proc/stat leaves only
// _Total, with zeros; an unreadable /proc/interrupts costs Interrupts/sec.
// Steal time counts as busy: the CPU was not idle, the hypervisor ran something else.
void ProcfsCollector::emit_processor(BlockBuilder& b)
{
    b.begin_object({.name_index = ix::kProcessor, .help_index = ix::kProcessor + 1, .has_instances = true});
    add_counters(b, kProcessorCounters);
    auto write = [&](const CpuTimes& c, std::uint64_t divisor, std::uint64_t interrupts) {
        const auto t = [&](std::uint64_t ticks) { return ticks_to_100ns(ticks) / divisor; };
        b.set(kCpuTime, t(c.idle + c.iowait));
        b.set(kCpuUser, t(c.user + c.nice));
        b.set(kCpuPrivileged, t(c.system + c.irq + c.softirq));
        b.set(kCpuInterrupt, t(c.irq));
        b.set(kCpuDpc, t(c.softirq));
        b.set(kCpuIdle, t(c.idle + c.iowait));
        b.set(kCpuInterrupts, interrupts);
    };
    std::uint64_t all_interrupts = 0;
    char number[24];
    for (const CpuTimes& c : m_kstat.cpus) {
        const auto cpu = static_cast<std::size_t>(c.cpu);
        const std::uint64_t interrupts = cpu < m_interrupts.size() ? m_interrupts[cpu] : 0;
        all_interrupts += interrupts;
        b.begin_instance(decimal(cpu, number));
        write(c, 1, interrupts);
    }
    b.begin_instance("_Total");
    write(m_kstat.total, std::max<std::uint64_t>(m_kstat.cpus.size(), 1), all_interrupts);
    b.end_object();
}

}  // namespace wpo::procfs
