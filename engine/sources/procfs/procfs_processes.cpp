// Process and Thread: /proc/[pid]/{stat,status,io,fd,smaps_rollup} and
// task/[tid]/{stat,status}; an exited process or thread costs its instance,
// any other unreadable file only its own values (see read_processes()).
#include "sources/procfs/procfs_collector.h"

#include "format/block_builder.h"
#include "sources/procfs/counter_tables.h"
#include "sources/procfs/decimal_names.h"
#include "sources/procfs/linux_indices.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <sys/stat.h>

namespace wpo::procfs {

namespace ix = procfs_index;

// Process (and Thread, Process Memory Detail): a process whose directory or
// stat file is gone (it exited) is left out, and so are its threads. Its
// status, io, fd and smaps_rollup each cost only their own values when they
// cannot be read: io and smaps_rollup of other users' processes need
// privileges, a zombie has no memory lines, a kernel thread no fd entries.
void ProcfsCollector::read_processes(const Wanted& want)
{
    PidStat stat;
    PidStatus status;
    char number[24];
    for (const std::uint32_t pid : m_pids) {
        const UniqueFd dir = open_directory(m_root.get(), decimal(pid, number));
        if (!dir.valid())
            continue;
        const auto stat_text = m_reader.read(dir.get(), "stat");
        if (!stat_text || !parse_pid_stat(*stat_text, stat))
            continue;
        ProcessRow row;
        row.name = keep(stat.comm);
        row.pid = pid;
        if (want.process) {
            const auto ppid = static_cast<std::uint64_t>(std::max<std::int64_t>(stat.ppid, 0));
            row.ppid = static_cast<std::uint32_t>(dword(ppid));
            row.threads = static_cast<std::uint32_t>(dword(stat.num_threads));
            row.priority = windows_priority(stat);
            row.user = ticks_to_100ns(stat.utime);
            row.privileged = ticks_to_100ns(stat.stime);
            row.start = start_time(stat.starttime);
            row.faults = stat.minflt + stat.majflt;
            const auto status_text = m_reader.read(dir.get(), "status");
            parse_pid_status(status_text ? *status_text : std::string_view(), status);
            row.working_set = status.vm_rss_kb * 1024;
            row.working_set_peak = status.vm_hwm_kb * 1024;
            row.virtual_bytes = status.vm_size_kb * 1024;
            row.virtual_peak = status.vm_peak_kb * 1024;
            row.private_bytes = (status.rss_anon_kb + status.vm_swap_kb) * 1024;
            const auto io_text = m_reader.read(dir.get(), "io");
            parse_pid_io(io_text ? *io_text : std::string_view(), row.io);
            row.handles = handle_count(dir.get());
        }
        if (want.memory_detail) {
            const auto text = m_reader.read(dir.get(), "smaps_rollup");
            parse_smaps_rollup(text ? *text : std::string_view(), row.detail);
        }
        if (want.thread)
            read_threads(dir.get(), pid);
        m_processes.push_back(row);
    }
}

// Thread: a thread whose stat file is gone is left out; an unreadable status
// costs its Context Switches/sec only.
void ProcfsCollector::read_threads(int pid_dir, std::uint32_t pid)
{
    const UniqueFd task = open_directory(pid_dir, "task");
    if (!task.valid())
        return;
    m_tids.clear();
    m_dirs.for_each(task.get(), [&](std::string_view entry) {
        if (all_digits(entry))
            m_tids.push_back(static_cast<std::uint32_t>(to_u64(entry)));
    });
    std::sort(m_tids.begin(), m_tids.end());
    PidStat stat;
    PidStatus status;
    char path[40];
    const auto position = static_cast<std::uint32_t>(m_processes.size());
    for (const std::uint32_t tid : m_tids) {
        char* end = std::to_chars(path, path + 24, tid).ptr;
        std::memcpy(end, "/stat", 6);
        const auto stat_text = m_reader.read(task.get(), path);
        if (!stat_text || !parse_pid_stat(*stat_text, stat))
            continue;
        ThreadRow row;
        row.name = keep(stat.comm);
        row.process_position = position;
        row.tid = tid;
        row.pid = pid;
        row.priority = windows_priority(stat);
        row.state = windows_thread_state(stat.state);
        row.user = ticks_to_100ns(stat.utime);
        row.privileged = ticks_to_100ns(stat.stime);
        row.start = start_time(stat.starttime);
        std::memcpy(end, "/status", 8);
        const auto status_text = m_reader.read(task.get(), path);
        parse_pid_status(status_text ? *status_text : std::string_view(), status);
        row.switches = status.voluntary_ctxt_switches + status.nonvoluntary_ctxt_switches;
        m_threads.push_back(row);
    }
}

std::uint32_t ProcfsCollector::handle_count(int pid_dir)
{
    if (m_fd_size_is_count) {
        struct stat st {};
        return fstatat(pid_dir, "fd", &st, 0) == 0 ? static_cast<std::uint32_t>(st.st_size) : 0;
    }
    std::uint32_t count = 0;
    m_dirs.for_each(pid_dir, "fd", [&](std::string_view) { ++count; });
    return count;
}

// Process and Thread: the object time is that of read_uptime(), so that
// Elapsed Time decodes as ps shows etimes.
void ProcfsCollector::emit_process(BlockBuilder& b)
{
    b.begin_object({.name_index = ix::kProcess,
                    .help_index = ix::kProcess + 1,
                    .has_instances = true,
                    .perf_time = m_uptime_clock,
                    .perf_freq = k100nsPerSecond});
    add_counters(b, kProcessCounters);
    ProcessRow total;
    auto write = [&](const ProcessRow& p) {
        b.set(kProcTime, p.user + p.privileged);
        b.set(kProcUser, p.user);
        b.set(kProcPrivileged, p.privileged);
        b.set(kProcElapsed, p.start);
        b.set(kProcId, p.pid);
        b.set(kProcParent, p.ppid);
        b.set(kProcThreads, p.threads);
        b.set(kProcPriority, p.priority);
        b.set(kProcHandles, p.handles);
        b.set(kProcWorkingSet, p.working_set);
        b.set(kProcWorkingSetPeak, p.working_set_peak);
        b.set(kProcVirtual, p.virtual_bytes);
        b.set(kProcVirtualPeak, p.virtual_peak);
        b.set(kProcPrivate, p.private_bytes);
        b.set(kProcFaults, p.faults);
        b.set(kProcReadOps, p.io.syscr);
        b.set(kProcWriteOps, p.io.syscw);
        b.set(kProcDataOps, p.io.syscr + p.io.syscw);
        b.set(kProcReadBytes, p.io.rchar);
        b.set(kProcWriteBytes, p.io.wchar);
        b.set(kProcDataBytes, p.io.rchar + p.io.wchar);
    };
    for (const ProcessRow& p : m_processes) {
        b.begin_instance(name(p.name));
        write(p);
        total.user += p.user;
        total.privileged += p.privileged;
        total.threads += p.threads;
        total.handles += p.handles;
        total.working_set += p.working_set;
        total.working_set_peak += p.working_set_peak;
        total.virtual_bytes += p.virtual_bytes;
        total.virtual_peak += p.virtual_peak;
        total.private_bytes += p.private_bytes;
        total.faults += p.faults;
        total.io.syscr += p.io.syscr;
        total.io.syscw += p.io.syscw;
        total.io.rchar += p.io.rchar;
        total.io.wchar += p.io.wchar;
    }
    // _Total as Windows has it: sums, ID Process 0; its Elapsed Time is the
    // system's (Windows shows the age of its oldest process, Idle).
    total.start = start_time(0);
    b.begin_instance("_Total");
    write(total);
    b.end_object();
}

void ProcfsCollector::emit_thread(BlockBuilder& b)
{
    b.begin_object({.name_index = ix::kThread,
                    .help_index = ix::kThread + 1,
                    .has_instances = true,
                    .perf_time = m_uptime_clock,
                    .perf_freq = k100nsPerSecond});
    add_counters(b, kThreadCounters);
    for (const ThreadRow& t : m_threads) {
        b.begin_instance(name(t.name), ix::kProcess, t.process_position);
        b.set(kThrTime, t.user + t.privileged);
        b.set(kThrUser, t.user);
        b.set(kThrPrivileged, t.privileged);
        b.set(kThrId, t.tid);
        b.set(kThrProcessId, t.pid);
        b.set(kThrPriorityCurrent, t.priority);
        b.set(kThrPriorityBase, t.priority);
        b.set(kThrState, t.state);
        b.set(kThrSwitches, t.switches);
        b.set(kThrElapsed, t.start);
    }
    b.end_object();
}

}  // namespace wpo::procfs
