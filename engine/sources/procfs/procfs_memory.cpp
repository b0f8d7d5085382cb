// SPDX-License-Identifier: Apache-2.0
// Memory: <proc_root>/meminfo and vmstat; every value is 0 when they cannot be
// read.
#include "sources/procfs/procfs_collector.h"

#include "format/block_builder.h"
#include "sources/procfs/counter_tables.h"
#include "sources/procfs/linux_indices.h"

#include <algorithm>

namespace wpo::procfs {

namespace ix = procfs_index;

void ProcfsCollector::read_memory()
{
    auto text = m_reader.read(m_root.get(), "meminfo");
    parse_meminfo(text ? *text : std::string_view(), m_meminfo);
    text = m_reader.read(m_root.get(), "vmstat");
    parse_vmstat(text ? *text : std::string_view(), m_vmstat);
}

// Memory: every value is 0 when meminfo or vmstat cannot be read; without
// MemAvailable (kernels before 3.14) Available Bytes is MemFree + Buffers + Cached.
void ProcfsCollector::emit_memory(BlockBuilder& b)
{
    const MemInfo& m = m_meminfo;
    b.begin_object({.name_index = ix::kMemory, .help_index = ix::kMemory + 1});
    add_counters(b, kMemoryCounters);
    b.begin_values();
    const std::uint64_t available =
        m.has_mem_available ? m.mem_available_kb : m.mem_free_kb + m.buffers_kb + m.cached_kb;
    b.set(kMemAvailable, available * 1024);
    b.set(kMemCommitted, m.committed_as_kb * 1024);
    b.set(kMemCommitLimit, m.commit_limit_kb * 1024);
    b.set(kMemCache, (m.cached_kb + m.buffers_kb) * 1024);
    // RAW_FRACTION and its base are DWORDs: scale kB down until the base fits.
    std::uint64_t used = m.committed_as_kb, limit = m.commit_limit_kb;
    while (limit > 0xFFFFFFFFu) {
        used >>= 1;
        limit >>= 1;
    }
    b.set(kMemCommittedInUse, std::min<std::uint64_t>(used, 0xFFFFFFFFu));
    b.set(kMemCommittedInUseBase, limit);
    b.set(kMemPageFaults, m_vmstat.pgfault);
    b.set(kMemPages, m_vmstat.pgmajfault + m_vmstat.pswpin + m_vmstat.pswpout);
    b.end_object();
}

}  // namespace wpo::procfs
