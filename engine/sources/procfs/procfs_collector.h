// SPDX-License-Identifier: Apache-2.0
// ProcfsCollector: the state behind ProcfsSource (options, open roots, readers
// and the per-collect scratch). collect() is in procfs_collector.cpp; each
// object's reading and block building is in procfs_<object>.cpp.
#pragma once

#include "core/result.h"
#include "format/block_builder.h"
#include "format/object_query.h"
#include "sources/procfs/dir_reader.h"
#include "sources/procfs/file_reader.h"
#include "sources/procfs/handle_budget.h"
#include "sources/procfs/proc_parsers.h"
#include "sources/procfs/process_handles.h"
#include "sources/procfs/procfs_source.h"
#include "sources/procfs/unique_fd.h"
#include "sources/procfs/windows_mapping.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>


namespace wpo::procfs {

class ProcfsCollector {
public:
    explicit ProcfsCollector(ProcfsOptions options);

    Status collect(std::string_view query, std::vector<std::byte>& buffer);

    const ProcfsOptions& options() const { return m_options; }
    // ProcfsSource::release_handles().
    void release_handles();

private:
    // What one collect reads. Process and Thread read their stat files always
    // (the names, the identity counters and the CPU times come from them);
    // the other files of a process only for the counters that need them,
    // which a query can narrow ("230:6,1180", object_query.h): the parts
    // below. Objects asked without a counter list get every part.
    struct ProcessParts {
        bool memory = true;   // Working Set, Virtual Bytes: from status when it is read, else statm
        bool status = true;   // Working Set Peak, Virtual Bytes Peak, Private Bytes
        bool io = true;       // the six IO counters
        bool handles = true;  // Handle Count (the fd directory)
    };
    struct Wanted {
        bool system = false, memory = false, process = false, thread = false, physical_disk = false,
             logical_disk = false, processor = false, network = false, memory_detail = false;
        ProcessParts parts;
        bool thread_switches = true;  // Context Switches/sec: a second file per thread
        // Process and Thread only for the processes of the query's lists (no
        // listing of /proc, no _Total): both asked with a process list, or
        // one of them and not the other, and nothing that needs every process.
        bool selected_processes = false;
    };
    // A slice of m_pool.
    struct Name {
        std::uint32_t offset = 0, length = 0;
    };
    struct ProcessRow {
        Name name;
        std::uint32_t pid = 0, ppid = 0, threads = 0, priority = 0, handles = 0;
        std::uint64_t user = 0, privileged = 0, start = 0;  // 100 ns; start from start_time()
        std::uint64_t working_set = 0, working_set_peak = 0, virtual_bytes = 0, virtual_peak = 0, private_bytes = 0;
        std::uint64_t faults = 0;
        PidIo io;
        SmapsRollup detail;
    };
    struct ThreadRow {
        Name name;
        std::uint32_t process_position = 0, tid = 0, pid = 0, priority = 0, state = 0;
        std::uint64_t user = 0, privileged = 0, start = 0, switches = 0;
    };
    struct DiskRow {
        Name name;
        DiskStats stats;
    };
    struct MountRow {
        Name name;
        std::uint64_t free_mb = 0, total_mb = 0;
    };
    struct InterfaceRow {
        Name name;
        NetDevStats stats;
        std::uint64_t bandwidth = 0;
    };

    // procfs_collector.cpp: the query, the pool, and the reads several objects share.
    Wanted select() const;
    Name keep(std::string_view text)
    {
        const Name n{static_cast<std::uint32_t>(m_pool.size()), static_cast<std::uint32_t>(text.size())};
        m_pool.append(text);
        return n;
    }
    std::string_view name(Name n) const { return std::string_view(m_pool).substr(n.offset, n.length); }
    std::uint64_t ticks_to_100ns(std::uint64_t ticks) const
    {
        // Split so that ticks * 10^7 cannot overflow, whatever USER_HZ is.
        const std::uint64_t hz = m_ticks_per_second;
        return ticks / hz * k100nsPerSecond + ticks % hz * k100nsPerSecond / hz;
    }
    int sys_fd();
    void read_kernel_stat();
    void read_uptime(std::int64_t wall);
    // A start of `ticks` after boot on the clock of read_uptime(); 0 when it is unknown.
    std::uint64_t start_time(std::uint64_t ticks) const
    {
        return m_anchor ? static_cast<std::uint64_t>(m_anchor) + ticks_to_100ns(ticks) : 0;
    }
    void list_processes();

    // procfs_system.cpp
    void read_loadavg();
    void emit_system(BlockBuilder& b);
    // procfs_memory.cpp
    void read_memory();
    void emit_memory(BlockBuilder& b);
    // procfs_processes.cpp
    ProcessParts process_parts() const;
    void read_processes(const Wanted& want);
    void read_selected_processes(const Wanted& want);
    bool read_process(const Wanted& want, ProcessHandles& h);
    int process_dir(ProcessHandles& h);
    bool read_process_stat(ProcessHandles& h, PidStat& stat);
    void read_threads(ProcessHandles& h, int pid_dir, const PidStat& process, bool switches);
    void match_threads(ProcessHandles& h);
    bool read_thread(int task, ThreadHandles& t, PidStat& stat);
    std::uint64_t thread_switches(int task, ThreadHandles& t);
    std::optional<std::string_view> read_kept(CachedFd& slot, int dir, const char* path);
    std::uint32_t handle_count(int pid_dir);
    void detect_switches_file();
    void emit_process(BlockBuilder& b, const ProcessParts& parts, bool with_total);
    void emit_thread(BlockBuilder& b, bool switches);
    // procfs_disks.cpp
    void read_disks();
    void read_mounts();
    void emit_physical_disk(BlockBuilder& b, std::int64_t stamp);
    void emit_logical_disk(BlockBuilder& b);
    // procfs_processor.cpp
    void read_interrupts();
    void emit_processor(BlockBuilder& b);
    // procfs_network.cpp
    void read_interfaces();
    void emit_network(BlockBuilder& b);
    // procfs_memory_detail.cpp
    void emit_memory_detail(BlockBuilder& b);

    ProcfsOptions m_options;
    const ProcfsClock& m_clock;
    std::string m_host;
    std::uint64_t m_ticks_per_second = 100;
    std::uint64_t m_page_size = 4096;  // statm counts pages
    ObjectQuery m_query;
    UniqueFd m_root;
    UniqueFd m_sys;
    bool m_sys_tried = false;
    // Linux >= 6.2 reports the number of open files as the size of /proc/[pid]/fd.
    bool m_fd_size_is_count = false;
    // The tree is procfs (not a fixture): its listings and thread counts
    // hold what read_threads() relies on.
    bool m_is_procfs = false;
    // read_uptime(): the boot time as a FILETIME, fixed once known, and the
    // object time of elapsed-time counters (m_anchor + uptime).
    std::int64_t m_anchor = 0;
    std::int64_t m_uptime_clock = 0;

    FileReader m_reader;
    DirReader m_dirs;

    // The handle cache (docs/procfs-source.md): one entry per process seen in
    // the last sweep, by pid, ascending as /proc lists them; the descriptors
    // they keep are counted by m_budget.
    HandleBudget m_budget;
    std::vector<ProcessHandles> m_handles;
    std::vector<ProcessHandles> m_next_handles;
    std::vector<ThreadHandles> m_thread_scratch;
    UniqueFd m_dir_scratch;       // a process directory opened for one sweep when the budget is spent
    UniqueFd m_task_scratch;      // the same for a task directory
    bool m_evict_unused = false;  // the budget refused handles in the last sweep
    // Context Switches/sec from task/<tid>/schedstat (live kernels that fill
    // it), else from task/<tid>/status.
    bool m_switches_from_schedstat = false;
    std::size_t m_last_block_size = 0;
    std::vector<BlockBuilder::CounterSlot> m_counter_slots;

    // Scratch of one collect, kept so that a steady collector does not allocate.
    std::string m_pool;
    KernelStat m_kstat;
    std::vector<std::uint64_t> m_interrupts;
    std::vector<std::uint32_t> m_interrupt_columns;
    MemInfo m_meminfo;
    VmStat m_vmstat;
    LoadAvg m_loadavg;
    std::vector<DiskStats> m_disk_stats;
    std::vector<DiskRow> m_disks;
    std::vector<MountEntry> m_mount_entries;
    std::vector<MountRow> m_mounts;
    std::string m_path;
    std::vector<NetDevStats> m_net_stats;
    std::vector<InterfaceRow> m_interfaces;
    std::vector<std::uint32_t> m_pids;
    std::vector<std::uint32_t> m_tids;
    std::vector<ProcessRow> m_processes;
    std::vector<ThreadRow> m_threads;
};

}  // namespace wpo::procfs
