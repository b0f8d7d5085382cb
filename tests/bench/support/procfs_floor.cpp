// SPDX-License-Identifier: Apache-2.0
#include "support/procfs_floor.h"

#include "sources/procfs/proc_parsers.h"
#include "sources/procfs/windows_mapping.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace perfscope::bench {
namespace {

namespace procfs = wpo::procfs;

bool has(const std::vector<std::string>& objects, const char* name)
{
    return std::find(objects.begin(), objects.end(), name) != objects.end();
}

void add_once(std::vector<std::string>& files, const char* file)
{
    if (std::find(files.begin(), files.end(), file) == files.end())
        files.emplace_back(file);
}

bool all_digits(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::uint32_t to_u32(std::string_view s)
{
    std::uint32_t v = 0;
    std::from_chars(s.data(), s.data() + s.size(), v);
    return v;
}

// Field 20 of a stat text (proc(5)), counted from after the command name; the one field the floor looks at.
std::uint64_t num_threads(std::string_view stat)
{
    const auto close = stat.rfind(')');
    if (close == std::string_view::npos)
        return 0;
    std::size_t at = close + 1;
    for (int field = 3; field < 20 && at < stat.size(); ++field)  // at: the blank before `field`
        at = stat.find(' ', at + 1);
    if (at >= stat.size())
        return 0;
    return to_u32(stat.substr(at + 1, stat.find(' ', at + 1) - at - 1));
}

// The source's choice of the file for Context Switches/sec (detect_switches_file()).
bool schedstat_filled()
{
    procfs::FileReader reader;
    const auto text = reader.read(AT_FDCWD, "/proc/thread-self/schedstat");
    std::uint64_t timeslices = 0;
    return text && procfs::parse_schedstat_timeslices(*text, timeslices) && timeslices > 0;
}

}  // namespace

ProcfsFloorFiles ProcfsFloorFiles::for_objects(const std::vector<std::string>& objects)
{
    ProcfsFloorFiles f;
    const bool thread = has(objects, "Thread");
    const bool process = thread || has(objects, "Process");
    const bool system = has(objects, "System");
    // In the source's order (ProcfsCollector::collect()). Process alone reads /proc/stat only at its first
    // collection (the boot time), so not in a sweep.
    if (system || has(objects, "Processor"))
        add_once(f.proc_files, "stat");
    if (system || process)
        add_once(f.proc_files, "uptime");
    if (has(objects, "Processor"))
        add_once(f.proc_files, "interrupts");
    if (has(objects, "Memory")) {
        add_once(f.proc_files, "meminfo");
        add_once(f.proc_files, "vmstat");
    }
    if (system)
        add_once(f.proc_files, "loadavg");
    procfs::FileReader reader;
    if (has(objects, "PhysicalDisk")) {
        add_once(f.proc_files, "diskstats");
        std::vector<procfs::DiskStats> disks;
        if (const auto text = reader.read(AT_FDCWD, "/proc/diskstats"))
            procfs::parse_diskstats(*text, disks);
        for (const auto& d : disks) {
            if (procfs::is_virtual_disk(d.name))
                continue;
            std::string name(d.name);
            std::replace(name.begin(), name.end(), '/', '!');
            f.block_names.push_back(std::move(name));
        }
    }
    if (has(objects, "LogicalDisk")) {
        add_once(f.proc_files, "mounts");
        std::vector<procfs::MountEntry> mounts;
        if (const auto text = reader.read(AT_FDCWD, "/proc/mounts"))
            procfs::parse_mounts(*text, mounts);
        for (const auto& m : mounts) {
            if (!procfs::is_disk_file_system(m))
                continue;
            std::string point;
            procfs::unescape_mount_path(m.mount_point, point);
            if (std::find(f.mount_points.begin(), f.mount_points.end(), point) == f.mount_points.end())
                f.mount_points.push_back(std::move(point));
        }
    }
    if (has(objects, "Network Interface")) {
        add_once(f.proc_files, "net/dev");
        std::vector<procfs::NetDevStats> interfaces;
        if (const auto text = reader.read(AT_FDCWD, "/proc/net/dev"))
            procfs::parse_net_dev(*text, interfaces);
        for (const auto& i : interfaces)
            f.sys_files.push_back("class/net/" + std::string(i.name) + "/speed");
    }
    f.list_processes = system || process;
    f.processes = process;
    f.threads = thread;
    return f;
}

ProcfsFloor::ProcfsFloor(ProcfsFloorFiles files)
    : m_files(std::move(files)), m_switches_from_schedstat(schedstat_filled())
{
    // As the source does (ProcfsOptions::raise_descriptor_limit): room for a descriptor per file kept.
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
    }
    m_proc = procfs::open_directory(AT_FDCWD, "/proc");
    m_sys = procfs::open_directory(AT_FDCWD, "/sys");
    m_block = procfs::open_directory(m_sys.get(), "block");
}

std::size_t ProcfsFloor::threads() const
{
    std::size_t n = 0;
    for (const Process& p : m_processes)
        n += p.tasks.size();
    return n;
}

std::size_t ProcfsFloor::kept_descriptors() const
{
    std::size_t n = 0;
    for (const Process& p : m_processes) {
        n += p.dir.valid() + p.stat.valid() + p.status.valid() + p.io.valid() + p.task.valid();
        for (const Task& t : p.tasks)
            n += t.stat.valid() + t.switches.valid();
    }
    return n;
}

void ProcfsFloor::sweep()
{
    m_bytes = 0;
    for (const std::string& file : m_files.proc_files)
        if (const auto text = m_reader.read(m_proc.get(), file.c_str()))
            m_bytes += text->size();
    for (const std::string& file : m_files.sys_files)
        if (const auto text = m_reader.read(m_sys.get(), file.c_str()))
            m_bytes += text->size();
    for (const std::string& name : m_files.block_names)
        (void)faccessat(m_block.get(), name.c_str(), F_OK, 0);
    for (const std::string& point : m_files.mount_points) {
        struct statvfs vfs {};
        (void)statvfs(point.c_str(), &vfs);
    }
    if (!m_files.list_processes)
        return;
    m_ids.clear();
    if (::lseek(m_proc.get(), 0, SEEK_SET) == 0)
        m_dirs.for_each(m_proc.get(), [&](std::string_view entry) {
            if (all_digits(entry))
                m_ids.push_back(to_u32(entry));
        });
    if (!m_files.processes)
        return;
    if (!std::is_sorted(m_ids.begin(), m_ids.end()))  // ascending on procfs
        std::sort(m_ids.begin(), m_ids.end());
    // The kept entries merged with this listing: a pid gone closes its descriptors, a new one gets an entry.
    m_next.clear();
    std::size_t old = 0;
    for (const std::uint32_t pid : m_ids) {
        while (old < m_processes.size() && m_processes[old].pid < pid)
            ++old;
        if (old < m_processes.size() && m_processes[old].pid == pid) {
            m_next.push_back(std::move(m_processes[old++]));
        } else {
            m_next.emplace_back();
            m_next.back().pid = pid;
        }
        if (!read_process(m_next.back()))
            m_next.pop_back();
    }
    m_processes.swap(m_next);
    m_next.clear();
}

// A file of a task through its kept descriptor, opened at the first read; one pread at 0 reads it whole.
void ProcfsFloor::read_kept(procfs::UniqueFd& fd, int dir, const char* path)
{
    if (!fd.valid()) {
        fd.reset(::openat(dir, path, O_RDONLY | O_NOCTTY | O_CLOEXEC));
        if (!fd.valid()) {
            if (errno == EMFILE || errno == ENFILE)  // out of descriptors: read it for this sweep only
                if (const auto text = m_reader.read(dir, path))
                    m_bytes += text->size();
            return;
        }
    }
    if (const auto text = m_reader.read_at(fd.get()))
        m_bytes += text->size();
}

bool ProcfsFloor::read_process(Process& p)
{
    if (!p.dir.valid()) {
        char number[16];
        *std::to_chars(number, number + sizeof number - 1, p.pid).ptr = '\0';
        p.dir = procfs::open_directory(m_proc.get(), number);
        if (!p.dir.valid())
            return false;
    }
    const int dir = p.dir.get();
    if (!p.stat.valid()) {
        p.stat.reset(::openat(dir, "stat", O_RDONLY | O_NOCTTY | O_CLOEXEC));
        if (!p.stat.valid())
            return false;
    }
    const auto stat = m_reader.read_at(p.stat.get());
    if (!stat)
        return false;  // exited (ESRCH)
    m_bytes += stat->size();
    const std::uint64_t threads = m_files.threads ? num_threads(*stat) : 0;
    read_kept(p.status, dir, "status");
    read_kept(p.io, dir, "io");
    struct stat st {};
    (void)fstatat(dir, "fd", &st, 0);
    if (m_files.threads)
        read_tasks(p, threads);
    return true;
}

// As the source lists task/: not at all for a process of one thread, else
// without the read that only finds the end.
void ProcfsFloor::read_tasks(Process& p, std::uint64_t threads)
{
    const bool leader_alone = threads == 1;
    if (!p.task.valid() || (!leader_alone && ::lseek(p.task.get(), 0, SEEK_SET) != 0))
        p.task = procfs::open_directory(p.dir.get(), "task");
    if (!p.task.valid())
        return;
    m_tids.clear();
    if (leader_alone)
        m_tids.push_back(p.pid);
    else
        m_dirs.for_each_procfs(
            p.task.get(),
            [&](std::string_view entry) {
                if (all_digits(entry))
                    m_tids.push_back(to_u32(entry));
            },
            [&] { return m_tids.size() >= threads; });
    // Unchanged in the steady state; otherwise merged as the processes are.
    if (!std::equal(m_tids.begin(), m_tids.end(), p.tasks.begin(), p.tasks.end(),
                    [](std::uint32_t tid, const Task& t) { return tid == t.tid; })) {
        m_next_tasks.clear();
        std::size_t old = 0;
        for (const std::uint32_t tid : m_tids) {
            while (old < p.tasks.size() && p.tasks[old].tid < tid)
                ++old;
            if (old < p.tasks.size() && p.tasks[old].tid == tid) {
                m_next_tasks.push_back(std::move(p.tasks[old++]));
            } else {
                m_next_tasks.emplace_back();
                m_next_tasks.back().tid = tid;
            }
        }
        p.tasks.swap(m_next_tasks);
        m_next_tasks.clear();
    }
    char path[40];
    for (Task& t : p.tasks) {
        char* end = std::to_chars(path, path + 16, t.tid).ptr;
        std::memcpy(end, "/stat", 6);
        read_kept(t.stat, p.task.get(), path);
        std::strcpy(end, m_switches_from_schedstat ? "/schedstat" : "/status");
        read_kept(t.switches, p.task.get(), path);
    }
}

double thread_cpu_seconds()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

}  // namespace perfscope::bench
