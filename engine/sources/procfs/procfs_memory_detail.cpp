// SPDX-License-Identifier: Apache-2.0
// Process Memory Detail (costly): /proc/[pid]/smaps_rollup, read with the
// processes in procfs_processes.cpp; an unreadable one zeroes its instance.
#include "sources/procfs/procfs_collector.h"

#include "format/block_builder.h"
#include "sources/procfs/counter_tables.h"
#include "sources/procfs/linux_indices.h"

namespace wpo::procfs {

namespace ix = procfs_index;

// Process Memory Detail: an unreadable smaps_rollup (other users' processes
// without privileges, kernel threads) leaves the instance with zeros.
void ProcfsCollector::emit_memory_detail(BlockBuilder& b)
{
    b.begin_object({.name_index = ix::kProcessMemoryDetail,
                    .help_index = ix::kProcessMemoryDetail + 1,
                    .detail_level = layout::kDetailWizard,
                    .default_counter = kDetPss,
                    .has_instances = true});
    add_counters(b, kDetailCounters);
    for (const ProcessRow& p : m_processes) {
        const SmapsRollup& d = p.detail;
        b.begin_instance(name(p.name));
        b.set(kDetId, p.pid);
        b.set(kDetRss, d.rss_kb * 1024);
        b.set(kDetPss, d.pss_kb * 1024);
        b.set(kDetSharedClean, d.shared_clean_kb * 1024);
        b.set(kDetSharedDirty, d.shared_dirty_kb * 1024);
        b.set(kDetPrivateClean, d.private_clean_kb * 1024);
        b.set(kDetPrivateDirty, d.private_dirty_kb * 1024);
        b.set(kDetSwap, d.swap_kb * 1024);
    }
    b.end_object();
}

}  // namespace wpo::procfs
