// SPDX-License-Identifier: Apache-2.0
// One collect: which objects the query asks for, the reads they share
// (<proc_root>/stat, uptime and the pid list), then each object's reads and
// block building in a fixed order (procfs_<object>.cpp).
#include "sources/procfs/procfs_collector.h"

#include "format/block_builder.h"
#include "sources/procfs/decimal_names.h"
#include "sources/procfs/linux_indices.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>
#include <utility>

namespace wpo::procfs {
namespace {

namespace ix = procfs_index;

constexpr long kProcSuperMagic = 0x9fa0;  // statfs f_type of procfs (linux/magic.h)

}  // namespace

ProcfsCollector::ProcfsCollector(ProcfsOptions options)
    : m_options(std::move(options)),
      m_clock(m_options.clock ? *m_options.clock : ProcfsClock::system()),
      m_budget(m_options.max_open_handles, m_options.raise_descriptor_limit)
{
    m_host = m_options.host_name;
    if (m_host.empty()) {
        char host[256] = {};
        if (gethostname(host, sizeof host - 1) == 0)
            m_host = host;
    }
    const long hz = m_options.ticks_per_second > 0 ? m_options.ticks_per_second : sysconf(_SC_CLK_TCK);
    m_ticks_per_second = hz > 0 ? static_cast<std::uint64_t>(hz) : 100;
    const long page = sysconf(_SC_PAGESIZE);
    m_page_size = page > 0 ? static_cast<std::uint64_t>(page) : 4096;
}

ProcfsCollector::Wanted ProcfsCollector::select() const
{
    Wanted w;
    switch (m_query.kind()) {
    case ObjectQuery::Kind::global: w = {true, true, true, true, true, true, true, true, false}; break;
    case ObjectQuery::Kind::costly: w.memory_detail = true; break;
    case ObjectQuery::Kind::list:
        w.system = m_query.contains(ix::kSystem);
        w.memory = m_query.contains(ix::kMemory);
        w.thread = m_query.contains(ix::kThread);
        w.process = w.thread || m_query.contains(ix::kProcess);  // as on Windows
        w.physical_disk = m_query.contains(ix::kPhysicalDisk);
        w.logical_disk = m_query.contains(ix::kLogicalDisk);
        w.processor = m_query.contains(ix::kProcessor);
        w.network = m_query.contains(ix::kNetworkInterface);
        w.memory_detail = m_query.contains(ix::kProcessMemoryDetail);
        if (m_query.restricted(ix::kProcess))
            w.parts = process_parts();
        if (m_query.restricted(ix::kThread))
            w.thread_switches = m_query.wants(ix::kThread, ix::kContextSwitchesPerSec);
        w.selected_processes = w.process && !w.system && !w.memory_detail &&
                               (!m_query.contains(ix::kProcess) || m_query.process_filtered(ix::kProcess)) &&
                               (!m_query.contains(ix::kThread) || m_query.process_filtered(ix::kThread));
        break;
    }
    return w;
}

int ProcfsCollector::sys_fd()
{
    if (!m_sys_tried) {
        m_sys_tried = true;
        m_sys = open_directory(AT_FDCWD, m_options.sys_root.c_str());
    }
    return m_sys.get();
}

void ProcfsCollector::release_handles()
{
    m_handles.clear();
    m_next_handles.clear();
    m_thread_scratch.clear();
    m_dir_scratch.reset();
    m_task_scratch.reset();
    m_root.reset();  // collect() opens it again and redoes what depends on it
    m_sys.reset();
    m_sys_tried = false;
    m_evict_unused = false;
}

Status ProcfsCollector::collect(std::string_view query, std::vector<std::byte>& buffer)
{
    buffer.clear();
    if (auto parsed = m_query.parse(query); !parsed)
        return parsed.error();
    if (!m_root.valid()) {
        m_root = open_directory(AT_FDCWD, m_options.proc_root.c_str());
        if (!m_root.valid()) {
            const int error = errno;
            return Error(error == EACCES ? Errc::permission_denied : Errc::not_found,
                         "cannot open the proc tree " + m_options.proc_root + ": " + std::strerror(error));
        }
        struct statfs fs {};
        struct stat st {};
        const bool is_procfs = fstatfs(m_root.get(), &fs) == 0 && fs.f_type == kProcSuperMagic;
        m_is_procfs = is_procfs;
        m_fd_size_is_count = is_procfs && fstatat(m_root.get(), "self/fd", &st, 0) == 0 && st.st_size > 0;
        if (is_procfs)
            detect_switches_file();
    }
    // Sized from the last block, so that a caller handing a new buffer every
    // time still gets one allocation, not a series of doublings.
    buffer.reserve(m_last_block_size + m_last_block_size / 8);
    const Wanted want = select();
    m_pool.clear();

    // Time stamps first and /proc/stat right after them: the CPU times of
    // Processor are the values most sensitive to the gap between the two.
    const std::int64_t monotonic = m_clock.monotonic_ns();
    const std::int64_t wall = m_clock.wall_filetime();
    // Process needs /proc/stat for the boot time only (read_uptime()'s
    // anchor), which never moves once known: a collect of a few processes
    // (a JVM watching itself) does not pay for formatting every CPU's line.
    if (want.system || want.processor || (want.process && m_anchor == 0))
        read_kernel_stat();
    if (want.system || want.process)
        read_uptime(wall);
    if (want.processor)
        read_interrupts();
    if (want.memory)
        read_memory();
    if (want.system)
        read_loadavg();
    if (want.physical_disk)
        read_disks();
    if (want.logical_disk)
        read_mounts();
    if (want.network)
        read_interfaces();
    m_pids.clear();
    if (want.selected_processes) {
        m_query.append_processes(ix::kProcess, m_pids);
        m_query.append_processes(ix::kThread, m_pids);
        std::sort(m_pids.begin(), m_pids.end());
        m_pids.erase(std::unique(m_pids.begin(), m_pids.end()), m_pids.end());
    } else if (want.system || want.process || want.memory_detail) {
        list_processes();
    }
    m_processes.clear();
    m_threads.clear();
    if (want.selected_processes)
        read_selected_processes(want);
    else if (want.process || want.memory_detail)
        read_processes(want);

    BlockBuilder b(buffer, m_counter_slots);
    BlockTimes times;
    times.system_time = to_system_time(wall);
    times.perf_time = monotonic;
    times.perf_freq = 1'000'000'000;
    times.perf_time_100ns = wall;
    b.begin(times, m_host, static_cast<std::int32_t>(ix::kProcessor));
    if (want.system)
        emit_system(b);
    if (want.memory)
        emit_memory(b);
    if (want.process)
        emit_process(b, want.parts, !want.selected_processes);
    if (want.thread)
        emit_thread(b, want.thread_switches);
    if (want.physical_disk)
        emit_physical_disk(b, monotonic / 100);
    if (want.logical_disk)
        emit_logical_disk(b);
    if (want.processor)
        emit_processor(b);
    if (want.network)
        emit_network(b);
    if (want.memory_detail)
        emit_memory_detail(b);
    b.finish();
    m_last_block_size = buffer.size();
    return {};
}

void ProcfsCollector::read_kernel_stat()
{
    auto text = m_reader.read(m_root.get(), "stat");
    parse_kernel_stat(text ? *text : std::string_view(), m_kstat);
}

// The clock of System Up Time and Elapsed Time is the one ps(1) uses for
// etimes: /proc/uptime now against starttime (clock ticks after boot) of the
// stat files. Both never move when the wall clock is set, so elapsed times
// agree with ps however the clock has moved. So that the raw values stay
// FILETIMEs, as Windows' are, they are offset by m_anchor: the boot time as a
// FILETIME (btime of /proc/stat, else wall clock minus uptime), fixed at the
// first collect that can tell it and never moved afterwards, so that a raw
// start (part of an instance's identity) is the same in every block:
//   object PerfTime = anchor + uptime, Elapsed Time = anchor + starttime,
//   System Up Time = anchor; decoded (PerfTime - raw) / 10^7 = uptime - start.
// Without uptime the object time falls back to the wall clock; with neither
// btime nor uptime every raw start is 0, which decodes as 0 s.
void ProcfsCollector::read_uptime(std::int64_t wall)
{
    std::uint64_t uptime = 0;
    const auto text = m_reader.read(m_root.get(), "uptime");
    const bool has_uptime = text && parse_uptime_100ns(*text, uptime);
    if (m_anchor == 0) {
        if (m_kstat.has_btime)
            m_anchor = kFiletimeUnixEpoch + static_cast<std::int64_t>(m_kstat.btime) * k100nsPerSecond;
        else if (has_uptime)
            m_anchor = wall - static_cast<std::int64_t>(uptime);
    }
    if (m_anchor == 0)
        m_uptime_clock = 0;
    else
        m_uptime_clock = has_uptime ? m_anchor + static_cast<std::int64_t>(uptime) : wall;
}

// The pids of <proc_root>: System counts them, Process and Process Memory
// Detail read them.
// The root's own handle is listed again from offset 0 (openat() relative to
// it does not care where its listing stands).
void ProcfsCollector::list_processes()
{
    if (::lseek(m_root.get(), 0, SEEK_SET) == 0) {
        m_dirs.for_each(m_root.get(), [&](std::string_view entry) {
            if (all_digits(entry))
                m_pids.push_back(static_cast<std::uint32_t>(to_u64(entry)));
        });
    }
    // Ascending on /proc already (one linear check), but not in fixtures; the
    // handle cache's merge needs them in order.
    if (!std::is_sorted(m_pids.begin(), m_pids.end()))
        std::sort(m_pids.begin(), m_pids.end());
}

// schedstat serves Context Switches/sec where the kernel keeps it
// (CONFIG_SCHED_INFO, and on older kernels only with delay accounting or
// schedstats on; otherwise it reads "0 0 0"): this thread, which has run,
// must show at least one timeslice.
void ProcfsCollector::detect_switches_file()
{
    const auto text = m_reader.read(m_root.get(), "thread-self/schedstat");
    std::uint64_t timeslices = 0;
    m_switches_from_schedstat = text && parse_schedstat_timeslices(*text, timeslices) && timeslices > 0;
}

}  // namespace wpo::procfs
