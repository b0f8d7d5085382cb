// SPDX-License-Identifier: Apache-2.0
// Process and Thread: /proc/[pid]/{stat,status,io,fd,smaps_rollup} and
// task/[tid]/{stat,status}; an exited process or thread costs its instance,
// any other unreadable file only its own values (see read_processes()).
#include "sources/procfs/procfs_collector.h"

#include "format/block_builder.h"
#include "sources/procfs/counter_tables.h"
#include "sources/procfs/decimal_names.h"
#include "sources/procfs/linux_indices.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace wpo::procfs {

namespace ix = procfs_index;

// Process (and Thread, Process Memory Detail): a process whose directory or
// stat file is gone (it exited) is left out, and so are its threads. Its
// status, io, fd and smaps_rollup each cost only their own values when they
// cannot be read: io and smaps_rollup of other users' processes need
// privileges, a zombie has no memory lines, a kernel thread no fd entries.
//
// The files are read through the handle cache: m_handles (by pid, as m_pids)
// is merged with this sweep's pids, so an entry whose pid is gone is closed
// at once and a new pid gets an empty entry; one pass, no lookups.
void ProcfsCollector::read_processes(const Wanted& want)
{
    m_evict_unused = m_budget.start_sweep();
    m_next_handles.clear();
    std::size_t old = 0;
    for (const std::uint32_t pid : m_pids) {
        for (; old < m_handles.size() && m_handles[old].pid < pid; ++old)
            m_handles[old].drop();  // exited: its budget is free for the newcomers of this sweep
        if (old < m_handles.size() && m_handles[old].pid == pid) {
            m_next_handles.push_back(std::move(m_handles[old++]));
        } else {
            m_next_handles.emplace_back();
            m_next_handles.back().pid = pid;
        }
        if (!read_process(want, m_next_handles.back()))
            m_next_handles.pop_back();  // exited meanwhile (its handles close here)
    }
    m_handles.clear();  // the rest exited; the moved-from entries hold nothing
    m_handles.swap(m_next_handles);
}

// The processes of the query's lists only (Wanted::selected_processes): each
// pid's entry is found in, or added to, the handle cache; the other entries
// stay as they are, so a source that serves a whole Process and one process's
// own counters by turns keeps the handles of both. A pid that is gone (or
// never was) has no instance.
void ProcfsCollector::read_selected_processes(const Wanted& want)
{
    for (const std::uint32_t pid : m_pids) {
        auto it = std::lower_bound(m_handles.begin(), m_handles.end(), pid,
                                   [](const ProcessHandles& h, std::uint32_t p) { return h.pid < p; });
        if (it == m_handles.end() || it->pid != pid) {
            it = m_handles.emplace(it);
            it->pid = pid;
        }
        if (!read_process(want, *it))
            m_handles.erase(it);  // its descriptors close here
    }
}

// A file of a task through its kept handle `slot`: opened under `dir` and
// kept if the budget allows, else opened for this read only.
std::optional<std::string_view> ProcfsCollector::read_kept(CachedFd& slot, int dir, const char* path)
{
    if (!slot.valid()) {
        switch (slot.open(m_budget, dir, path, O_RDONLY | O_NOCTTY)) {
        case CachedFd::Open::opened: break;
        case CachedFd::Open::over_budget: return m_reader.read(dir, path);
        case CachedFd::Open::failed: return std::nullopt;
        }
    }
    return m_reader.read_at(slot.get());
}

// The directory of the process: its kept handle, or one opened for this
// sweep only (m_dir_scratch); -1 when it is gone.
int ProcfsCollector::process_dir(ProcessHandles& h)
{
    if (h.dir.valid())
        return h.dir.get();
    if (m_dir_scratch.valid())
        return m_dir_scratch.get();
    char number[24];
    switch (h.dir.open(m_budget, m_root.get(), decimal(h.pid, number), O_RDONLY | O_DIRECTORY)) {
    case CachedFd::Open::opened: return h.dir.get();
    case CachedFd::Open::failed: return -1;
    case CachedFd::Open::over_budget: break;
    }
    m_dir_scratch = open_directory(m_root.get(), number);
    return m_dir_scratch.get();
}

// stat through the kept handle. A handle of a process that has exited reads
// ESRCH (a /proc handle stays bound to its process, never to a later one with
// the same pid), and a start time other than the one kept means the handles
// are not this process's (only a tree that is not procfs can show that):
// either way they are dropped and the files opened afresh, once.
bool ProcfsCollector::read_process_stat(ProcessHandles& h, PidStat& stat)
{
    for (int attempt = 0; attempt < 2; ++attempt) {
        const bool was_cached = h.cached();
        const int dir = process_dir(h);
        if (dir < 0)
            return false;
        const auto text = read_kept(h.stat, dir, "stat");
        if (text && parse_pid_stat(*text, stat) && (!h.started || stat.starttime == h.start_ticks)) {
            h.started = true;
            h.start_ticks = stat.starttime;
            return true;
        }
        h.drop();
        m_dir_scratch.reset();
        if (!was_cached)
            return false;
    }
    return false;
}

bool ProcfsCollector::read_process(const Wanted& want, ProcessHandles& h)
{
    PidStat stat;
    if (!read_process_stat(h, stat))
        return false;
    const int dir = process_dir(h);
    ProcessRow row;
    row.name = keep(stat.comm);
    row.pid = h.pid;
    if (want.process) {
        const auto ppid = static_cast<std::uint64_t>(std::max<std::int64_t>(stat.ppid, 0));
        row.ppid = static_cast<std::uint32_t>(dword(ppid));
        row.threads = static_cast<std::uint32_t>(dword(stat.num_threads));
        row.priority = windows_priority(stat);
        row.user = ticks_to_100ns(stat.utime);
        row.privileged = ticks_to_100ns(stat.stime);
        row.start = start_time(stat.starttime);
        row.faults = stat.minflt + stat.majflt;
        const ProcessParts& parts = want.parts;
        if (parts.status) {
            PidStatus status;
            const auto status_text = read_kept(h.status, dir, "status");
            parse_pid_status(status_text ? *status_text : std::string_view(), status);
            row.working_set = status.vm_rss_kb * 1024;
            row.working_set_peak = status.vm_hwm_kb * 1024;
            row.virtual_bytes = status.vm_size_kb * 1024;
            row.virtual_peak = status.vm_peak_kb * 1024;
            row.private_bytes = (status.rss_anon_kb + status.vm_swap_kb) * 1024;
        } else if (parts.memory) {
            // statm: the same sums as status's VmRSS and VmSize, a seventh of its cost.
            PidStatm statm;
            const auto statm_text = read_kept(h.statm, dir, "statm");
            parse_pid_statm(statm_text ? *statm_text : std::string_view(), statm);
            row.working_set = statm.resident_pages * m_page_size;
            row.virtual_bytes = statm.size_pages * m_page_size;
        }
        if (parts.io) {
            const auto io_text = read_kept(h.io, dir, "io");
            parse_pid_io(io_text ? *io_text : std::string_view(), row.io);
        }
        if (parts.handles)
            row.handles = handle_count(dir);
    }
    if (want.memory_detail) {
        const auto text = m_reader.read(dir, "smaps_rollup");  // costly and rare: not kept
        parse_smaps_rollup(text ? *text : std::string_view(), row.detail);
    }
    if (want.thread)
        read_threads(h, dir, stat, want.thread_switches);
    else if (m_evict_unused)
        h.drop_threads();  // least recently used: kept for a Thread nobody asks for now
    m_processes.push_back(row);
    m_dir_scratch.reset();
    return true;
}

// The entries of h.threads made to match m_tids (both ascending): unchanged
// in the steady state; otherwise rebuilt through m_thread_scratch, the
// entries of exited threads closed.
void ProcfsCollector::match_threads(ProcessHandles& h)
{
    if (std::equal(m_tids.begin(), m_tids.end(), h.threads.begin(), h.threads.end(),
                   [](std::uint32_t tid, const ThreadHandles& t) { return tid == t.tid; }))
        return;
    m_thread_scratch.clear();
    std::size_t old = 0;
    for (const std::uint32_t tid : m_tids) {
        for (; old < h.threads.size() && h.threads[old].tid < tid; ++old)
            h.threads[old].drop();
        if (old < h.threads.size() && h.threads[old].tid == tid) {
            m_thread_scratch.push_back(std::move(h.threads[old++]));
        } else {
            m_thread_scratch.emplace_back();
            m_thread_scratch.back().tid = tid;
        }
    }
    h.threads.swap(m_thread_scratch);
    m_thread_scratch.clear();
}

// Thread: a thread whose stat file is gone is left out; an unreadable
// schedstat (or status) costs its Context Switches/sec only.
//
// On procfs the stat just read of the process (`process`) spares listing
// task/ when it can only say one thing: a process of one thread has its
// leader alone (the kernel counts a thread in num_threads and lists it in
// task/ from the same moment to the same moment, a leader that has exited
// before its other threads included, as a zombie; a leader shown as a zombie
// is listed all the same, in case a kernel counts it otherwise). A listing
// of several threads ends at the read that leaves room without asking again
// for the end, once it has at least num_threads entries.
void ProcfsCollector::read_threads(ProcessHandles& h, int pid_dir, const PidStat& process, bool switches)
{
    const std::uint32_t pid = h.pid;
    const bool leader_alone = m_is_procfs && process.num_threads == 1 && process.state != 'Z' && process.state != 'X';
    int task = -1;
    if (h.task.valid() && (leader_alone || ::lseek(h.task.get(), 0, SEEK_SET) == 0)) {
        task = h.task.get();
    } else {
        switch (h.task.open(m_budget, pid_dir, "task", O_RDONLY | O_DIRECTORY)) {
        case CachedFd::Open::opened: task = h.task.get(); break;
        case CachedFd::Open::failed: return;
        case CachedFd::Open::over_budget:
            m_task_scratch = open_directory(pid_dir, "task");
            task = m_task_scratch.get();
            break;
        }
        if (task < 0)
            return;
    }
    m_tids.clear();
    const auto add = [&](std::string_view entry) {
        if (all_digits(entry))
            m_tids.push_back(static_cast<std::uint32_t>(to_u64(entry)));
    };
    if (leader_alone)
        m_tids.push_back(pid);
    else if (m_is_procfs)
        m_dirs.for_each_procfs(task, add, [&] { return m_tids.size() >= process.num_threads; });
    else
        m_dirs.for_each(task, add);
    if (!std::is_sorted(m_tids.begin(), m_tids.end()))  // ascending on procfs
        std::sort(m_tids.begin(), m_tids.end());
    match_threads(h);
    PidStat stat;
    const auto position = static_cast<std::uint32_t>(m_processes.size());
    for (ThreadHandles& t : h.threads) {
        if (!read_thread(task, t, stat))
            continue;
        ThreadRow row;
        row.name = keep(stat.comm);
        row.process_position = position;
        row.tid = t.tid;
        row.pid = pid;
        row.priority = windows_priority(stat);
        row.state = windows_thread_state(stat.state);
        row.user = ticks_to_100ns(stat.utime);
        row.privileged = ticks_to_100ns(stat.stime);
        row.start = start_time(stat.starttime);
        row.switches = switches ? thread_switches(task, t) : 0;
        m_threads.push_back(row);
    }
    m_task_scratch.reset();
}

// task/<tid>/stat through the kept handle, with the checks of
// read_process_stat().
bool ProcfsCollector::read_thread(int task, ThreadHandles& t, PidStat& stat)
{
    char path[40];
    std::memcpy(std::to_chars(path, path + 24, t.tid).ptr, "/stat", 6);
    for (int attempt = 0; attempt < 2; ++attempt) {
        const bool was_cached = t.cached();
        const auto text = read_kept(t.stat, task, path);
        if (text && parse_pid_stat(*text, stat) && (!t.started || stat.starttime == t.start_ticks)) {
            t.started = true;
            t.start_ticks = stat.starttime;
            return true;
        }
        t.drop();
        if (!was_cached)
            return false;
    }
    return false;
}

// Context Switches/sec: the timeslices of schedstat (the times the thread was
// switched onto a CPU, what Windows counts per thread) where the kernel
// fills it, else voluntary + involuntary switches of status; measured choice
// in docs/procfs-source.md.
std::uint64_t ProcfsCollector::thread_switches(int task, ThreadHandles& t)
{
    char path[40];
    char* end = std::to_chars(path, path + 24, t.tid).ptr;
    if (m_switches_from_schedstat) {
        std::memcpy(end, "/schedstat", 11);
        const auto text = read_kept(t.switches, task, path);
        std::uint64_t timeslices = 0;
        parse_schedstat_timeslices(text ? *text : std::string_view(), timeslices);
        return timeslices;
    }
    std::memcpy(end, "/status", 8);
    const auto text = read_kept(t.switches, task, path);
    PidStatus status;
    parse_pid_status(text ? *text : std::string_view(), status);
    return status.voluntary_ctxt_switches + status.nonvoluntary_ctxt_switches;
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

ProcfsCollector::ProcessParts ProcfsCollector::process_parts() const
{
    auto any = [&](std::initializer_list<std::uint32_t> counters) {
        return std::any_of(counters.begin(), counters.end(),
                           [&](std::uint32_t c) { return m_query.wants(ix::kProcess, c); });
    };
    ProcessParts parts;
    parts.status = any({ix::kWorkingSetPeak, ix::kVirtualBytesPeak, ix::kPrivateBytes});
    parts.memory = parts.status || any({ix::kWorkingSet, ix::kVirtualBytes});
    parts.io = any({ix::kIoReadOperationsPerSec, ix::kIoWriteOperationsPerSec, ix::kIoDataOperationsPerSec,
                    ix::kIoReadBytesPerSec, ix::kIoWriteBytesPerSec, ix::kIoDataBytesPerSec});
    parts.handles = any({ix::kHandleCount});
    return parts;
}

// Process and Thread: the object time is that of read_uptime(), so that
// Elapsed Time decodes as ps shows etimes. A part not read leaves its
// counters out of the block (a zero would read as a real value).
void ProcfsCollector::emit_process(BlockBuilder& b, const ProcessParts& parts, bool with_total)
{
    b.begin_object({.name_index = ix::kProcess,
                    .help_index = ix::kProcess + 1,
                    .has_instances = true,
                    .perf_time = m_uptime_clock,
                    .perf_freq = k100nsPerSecond});
    // The counters of stat always, the others with the part that reads them.
    auto kept = [&](std::uint32_t c) {
        switch (c) {
        case kProcHandles: return parts.handles;
        case kProcWorkingSet:
        case kProcVirtual: return parts.memory;
        case kProcWorkingSetPeak:
        case kProcVirtualPeak:
        case kProcPrivate: return parts.status;
        case kProcReadOps:
        case kProcWriteOps:
        case kProcDataOps:
        case kProcReadBytes:
        case kProcWriteBytes:
        case kProcDataBytes: return parts.io;
        default: return true;
        }
    };
    std::array<std::uint32_t, kProcDataBytes + 1> at{};
    add_counters(b, kProcessCounters, kept, at);
    ProcessRow total;
    auto put = [&](ProcessCounter c, std::uint64_t value) {
        if (at[c] != kLeftOut)
            b.set(at[c], value);
    };
    auto write = [&](const ProcessRow& p) {
        put(kProcTime, p.user + p.privileged);
        put(kProcUser, p.user);
        put(kProcPrivileged, p.privileged);
        put(kProcElapsed, p.start);
        put(kProcId, p.pid);
        put(kProcParent, p.ppid);
        put(kProcThreads, p.threads);
        put(kProcPriority, p.priority);
        put(kProcHandles, p.handles);
        put(kProcWorkingSet, p.working_set);
        put(kProcWorkingSetPeak, p.working_set_peak);
        put(kProcVirtual, p.virtual_bytes);
        put(kProcVirtualPeak, p.virtual_peak);
        put(kProcPrivate, p.private_bytes);
        put(kProcFaults, p.faults);
        put(kProcReadOps, p.io.syscr);
        put(kProcWriteOps, p.io.syscw);
        put(kProcDataOps, p.io.syscr + p.io.syscw);
        put(kProcReadBytes, p.io.rchar);
        put(kProcWriteBytes, p.io.wchar);
        put(kProcDataBytes, p.io.rchar + p.io.wchar);
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
    // system's (Windows shows the age of its oldest process, Idle). Not for
    // selected processes: a sum of some would pass for the machine's.
    if (with_total) {
        total.start = start_time(0);
        b.begin_instance("_Total");
        write(total);
    }
    b.end_object();
}

void ProcfsCollector::emit_thread(BlockBuilder& b, bool switches)
{
    b.begin_object({.name_index = ix::kThread,
                    .help_index = ix::kThread + 1,
                    .has_instances = true,
                    .perf_time = m_uptime_clock,
                    .perf_freq = k100nsPerSecond});
    std::array<std::uint32_t, kThrElapsed + 1> at{};
    add_counters(
        b, kThreadCounters, [&](std::uint32_t c) { return switches || c != kThrSwitches; }, at);
    for (const ThreadRow& t : m_threads) {
        b.begin_instance(name(t.name), ix::kProcess, t.process_position);
        b.set(at[kThrTime], t.user + t.privileged);
        b.set(at[kThrUser], t.user);
        b.set(at[kThrPrivileged], t.privileged);
        b.set(at[kThrId], t.tid);
        b.set(at[kThrProcessId], t.pid);
        b.set(at[kThrPriorityCurrent], t.priority);
        b.set(at[kThrPriorityBase], t.priority);
        b.set(at[kThrState], t.state);
        if (switches)
            b.set(at[kThrSwitches], t.switches);
        b.set(at[kThrElapsed], t.start);
    }
    b.end_object();
}

}  // namespace wpo::procfs
