// ProcfsSource::collect("230 232") — Process and Thread for every process of
// the live machine — against the leanest honest reader of the same files.
//
// What the source reads for Process + Thread (procfs_collector.cpp,
// procfs_processes.cpp), every collect:
//   /proc/stat                    btime, the base of every start time (the
//                                 source parses the whole file; /proc/uptime
//                                 it reads once and keeps while btime holds)
//   /proc (the directory)         the pids, with getdents64
//   per process, by openat() relative to its /proc/<pid> directory fd:
//     stat, status, io            one file each
//     fd                          fstatat(): its st_size is the open file count
//                                 (Linux >= 6.2), else its entries are counted
//     task (the directory)        the tids, with getdents64
//     task/<tid>/stat, task/<tid>/status   per thread, relative to the task fd
//
// LeanReader reads exactly that set the way a careful C reader would: one
// openat() and ONE read() per file into a stack buffer, directory handles
// instead of paths, and it parses only the fields the source's Process and
// Thread counters use (proc(5) numbering in parse_stat()), storing them in
// rows. It neither sorts, names instances, nor builds a block: that is the
// source's overhead, and the ratio measures it. Its ReadSet says which files
// it reads, so a cheaper reader of a subset (a floor) is one more ReadSet.
//
// Rounds alternate baseline, source, baseline, source ... so load from other
// processes on the machine falls on both alike.
//
//   RESULT procfs_collect_ms <median> ms            (and _min, _max over the rounds)
//   RESULT procfs_baseline_ms <median> ms           (and _min, _max)
//   RESULT procfs_vs_baseline_ratio <r> x           median source / median baseline
//   RESULT procfs_vs_baseline_ratio_min|_max <r> x  extremes of the per-round ratios
//
// Never fails on timing; exits 1 only when the source fails to collect.
#include "format/block_view.h"
#include "sources/procfs/procfs_source.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <vector>

namespace {

// Which files LeanReader reads. The defaults are the procfs source's set for
// Process + Thread.
struct ReadSet {
    bool kernel_stat = true;    // /proc/stat: btime
    bool status = true;         // <pid>/status: working set, virtual and private bytes
    bool io = true;             // <pid>/io: I/O bytes and operations
    bool fd = true;             // <pid>/fd: Handle Count
    bool threads = true;        // <pid>/task and task/<tid>/stat: the Thread object
    bool thread_status = true;  // task/<tid>/status: Context Switches/sec
};

// The values the source's Process and Thread counters are made of.
struct ProcessRow {
    char name[64];  // comm; workqueue workers may show more than TASK_COMM_LEN
    std::uint32_t pid;
    char state;
    std::int64_t ppid, nice;
    std::uint64_t minflt, majflt, utime, stime, num_threads, starttime, rt_priority, policy;
    std::uint64_t vm_peak, vm_size, vm_hwm, vm_rss, rss_anon, vm_swap;  // kB
    std::uint64_t rchar, wchar, syscr, syscw;
    std::uint64_t handles;
};

struct ThreadRow {
    char name[64];
    std::uint32_t tid, pid;
    char state;
    std::int64_t nice;
    std::uint64_t utime, stime, starttime, rt_priority, policy;
    std::uint64_t voluntary, nonvoluntary;
};

std::uint64_t to_u64(const char*& p, const char* end)
{
    std::uint64_t v = 0;
    for (; p < end && *p >= '0' && *p <= '9'; ++p)
        v = v * 10 + static_cast<std::uint64_t>(*p - '0');
    return v;
}

std::int64_t to_i64(const char*& p, const char* end)
{
    const bool negative = p < end && *p == '-';
    if (negative)
        ++p;
    const auto v = static_cast<std::int64_t>(to_u64(p, end));
    return negative ? -v : v;
}

// The number after "Key:" and its blanks.
std::uint64_t value_after(const char* p, const char* end)
{
    while (p < end && (*p == ' ' || *p == '\t'))
        ++p;
    return to_u64(p, end);
}

// The first `c` in [p, end), or end.
const char* find(const char* p, const char* end, char c)
{
    if (p >= end)
        return end;
    const auto* found = static_cast<const char*>(std::memchr(p, c, static_cast<std::size_t>(end - p)));
    return found ? found : end;
}

bool starts_with(const char* p, const char* end, const char* key, std::size_t n)
{
    return static_cast<std::size_t>(end - p) >= n && std::memcmp(p, key, n) == 0;
}

template <std::size_t N>
bool take(const char*& p, const char* end, const char (&key)[N])
{
    if (!starts_with(p, end, key, N - 1))
        return false;
    p += N - 1;
    return true;
}

// <pid>/stat or task/<tid>/stat; false when there is no "(comm)". Fields are
// numbered as in proc(5); a thread skips those only Process uses.
template <class Row>
bool parse_stat(const char* text, std::size_t n, Row& row)
{
    const char* end = text + n;
    const auto* open = static_cast<const char*>(std::memchr(text, '(', n));
    const auto* close = static_cast<const char*>(memrchr(text, ')', n));
    if (!open || !close || close < open)
        return false;
    const auto length = std::min<std::size_t>(static_cast<std::size_t>(close - open - 1), sizeof row.name - 1);
    std::memcpy(row.name, open + 1, length);
    row.name[length] = '\0';
    const char* p = close + 1;
    for (int field = 3; field <= 41; ++field) {
        if (++p >= end)  // past the space before the field
            break;
        switch (field) {
        case 3: row.state = *p; break;
        case 14: row.utime = to_u64(p, end); break;
        case 15: row.stime = to_u64(p, end); break;
        case 19: row.nice = to_i64(p, end); break;
        case 22: row.starttime = to_u64(p, end); break;
        case 40: row.rt_priority = to_u64(p, end); break;
        case 41: row.policy = to_u64(p, end); break;
        default:
            if constexpr (requires { row.ppid; }) {
                if (field == 4)
                    row.ppid = to_i64(p, end);
                else if (field == 10)
                    row.minflt = to_u64(p, end);
                else if (field == 12)
                    row.majflt = to_u64(p, end);
                else if (field == 20)
                    row.num_threads = to_u64(p, end);
            }
            break;
        }
        p = find(p, end, ' ');
    }
    return true;
}

// <pid>/status: the six memory lines, walking lines from the top (where they
// are) and stopping once all are found.
void parse_process_status(const char* p, const char* end, ProcessRow& row)
{
    row.vm_peak = row.vm_size = row.vm_hwm = row.vm_rss = row.rss_anon = row.vm_swap = 0;
    for (int found = 0; p < end && found < 6;) {
        const char* line = p;
        p = find(p, end, '\n');
        p += p < end;
        std::uint64_t* field = nullptr;
        if (take(line, end, "Vm")) {
            if (take(line, end, "Peak:"))
                field = &row.vm_peak;
            else if (take(line, end, "Size:"))
                field = &row.vm_size;
            else if (take(line, end, "HWM:"))
                field = &row.vm_hwm;
            else if (take(line, end, "RSS:"))
                field = &row.vm_rss;
            else if (take(line, end, "Swap:"))
                field = &row.vm_swap;
        } else if (take(line, end, "RssAnon:")) {
            field = &row.rss_anon;
        }
        if (field) {
            *field = value_after(line, end);
            ++found;
        }
    }
}

// task/<tid>/status: the two context switch lines, walking lines from the
// bottom (where they are) and stopping once both are found.
void parse_thread_status(const char* begin, const char* end, ThreadRow& row)
{
    row.voluntary = row.nonvoluntary = 0;
    if (end > begin && end[-1] == '\n')
        --end;
    for (int found = 0; end > begin && found < 2;) {
        const auto* newline = static_cast<const char*>(memrchr(begin, '\n', static_cast<std::size_t>(end - begin)));
        const char* line = newline ? newline + 1 : begin;
        const char* line_end = end;
        end = newline ? newline : begin;
        if (take(line, line_end, "voluntary_ctxt_switches:")) {
            row.voluntary = value_after(line, line_end);
            ++found;
        } else if (take(line, line_end, "nonvoluntary_ctxt_switches:")) {
            row.nonvoluntary = value_after(line, line_end);
            ++found;
        }
    }
}

// <pid>/io: its first four lines, stopping once all are found.
void parse_io(const char* p, const char* end, ProcessRow& row)
{
    row.rchar = row.wchar = row.syscr = row.syscw = 0;
    for (int found = 0; p < end && found < 4;) {
        const char* line = p;
        p = find(p, end, '\n');
        p += p < end;
        std::uint64_t* field = nullptr;
        if (take(line, end, "rchar:"))
            field = &row.rchar;
        else if (take(line, end, "wchar:"))
            field = &row.wchar;
        else if (take(line, end, "syscr:"))
            field = &row.syscr;
        else if (take(line, end, "syscw:"))
            field = &row.syscw;
        if (field) {
            *field = value_after(line, end);
            ++found;
        }
    }
}

bool all_digits(const char* name)
{
    if (!*name)
        return false;
    for (; *name; ++name)
        if (*name < '0' || *name > '9')
            return false;
    return true;
}

std::uint32_t to_id(const char* name)
{
    const char* end = name + std::strlen(name);
    return static_cast<std::uint32_t>(to_u64(name, end));
}

class LeanReader {
public:
    LeanReader(ReadSet set, bool fd_size_is_count) : m_set(set), m_fd_size_is_count(fd_size_is_count)
    {
        m_root = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);  // kept, as the source keeps its root
        m_processes.reserve(4096);
        m_threads.reserve(32768);
    }
    ~LeanReader()
    {
        if (m_root >= 0)
            close(m_root);
    }
    LeanReader(const LeanReader&) = delete;
    LeanReader& operator=(const LeanReader&) = delete;

    void read()
    {
        m_processes.clear();
        m_threads.clear();
        if (m_set.kernel_stat) {
            char buffer[64 * 1024];  // cpu lines grow with the CPUs
            const long n = read_file(m_root, "stat", buffer, sizeof buffer);
            const char* at = n > 0 ? static_cast<const char*>(memmem(buffer, static_cast<std::size_t>(n),
                                                                     "\nbtime ", 7))
                                   : nullptr;
            if (at) {
                at += 7;
                m_btime = to_u64(at, buffer + n);
            }
        }
        const int list = openat(m_root, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (list < 0)
            return;
        for_each_entry(list, [&](const char* name) {
            if (all_digits(name))
                read_process(name);
        });
        close(list);
    }

    std::size_t processes() const { return m_processes.size(); }
    std::size_t threads() const { return m_threads.size(); }
    std::uint64_t files() const { return m_files; }
    std::uint64_t full_reads() const { return m_full_reads; }

private:
    // One openat() and one read(); the length, or -1.
    long read_file(int dir, const char* path, char* buffer, std::size_t size)
    {
        const int fd = openat(dir, path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            return -1;
        const long n = ::read(fd, buffer, size);
        close(fd);
        ++m_files;
        m_full_reads += n == static_cast<long>(size);  // a file this reader may have cut short
        return n;
    }

    template <class Fn>
    static void for_each_entry(int dir, Fn&& fn)
    {
        alignas(8) char buffer[32 * 1024];
        for (;;) {
            const long n = syscall(SYS_getdents64, dir, buffer, sizeof buffer);
            if (n <= 0)
                return;
            for (long at = 0; at < n;) {
                const auto* entry = reinterpret_cast<const dirent64*>(buffer + at);
                fn(entry->d_name);
                at += entry->d_reclen;
            }
        }
    }

    void read_process(const char* pid_name)
    {
        const int dir = openat(m_root, pid_name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dir < 0)
            return;
        char buffer[4096];
        ProcessRow row{};
        const long n = read_file(dir, "stat", buffer, sizeof buffer);
        if (n <= 0 || !parse_stat(buffer, static_cast<std::size_t>(n), row)) {
            close(dir);
            return;
        }
        row.pid = to_id(pid_name);
        if (m_set.status) {
            const long s = read_file(dir, "status", buffer, sizeof buffer);
            parse_process_status(buffer, buffer + std::max(s, 0L), row);
        }
        if (m_set.io) {
            const long s = read_file(dir, "io", buffer, sizeof buffer);
            parse_io(buffer, buffer + std::max(s, 0L), row);
        }
        row.handles = m_set.fd ? handle_count(dir) : 0;
        m_processes.push_back(row);
        if (m_set.threads)
            read_threads(dir, row.pid);
        close(dir);
    }

    std::uint64_t handle_count(int dir)
    {
        if (m_fd_size_is_count) {
            struct stat st {};
            return fstatat(dir, "fd", &st, 0) == 0 ? static_cast<std::uint64_t>(st.st_size) : 0;
        }
        const int fd = openat(dir, "fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0)
            return 0;
        std::uint64_t count = 0;
        for_each_entry(fd, [&](const char* name) { count += name[0] != '.'; });
        close(fd);
        return count;
    }

    void read_threads(int pid_dir, std::uint32_t pid)
    {
        const int task = openat(pid_dir, "task", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (task < 0)
            return;
        for_each_entry(task, [&](const char* tid_name) {
            if (!all_digits(tid_name))
                return;
            char path[40];
            const std::size_t length = std::strlen(tid_name);
            if (length > 20)
                return;
            std::memcpy(path, tid_name, length);
            std::memcpy(path + length, "/stat", 6);
            char buffer[4096];
            ThreadRow row{};
            const long n = read_file(task, path, buffer, sizeof buffer);
            if (n <= 0 || !parse_stat(buffer, static_cast<std::size_t>(n), row))
                return;
            row.tid = to_id(tid_name);
            row.pid = pid;
            if (m_set.thread_status) {
                std::memcpy(path + length, "/status", 8);
                const long s = read_file(task, path, buffer, sizeof buffer);
                parse_thread_status(buffer, buffer + std::max(s, 0L), row);
            }
            m_threads.push_back(row);
        });
        close(task);
    }

    ReadSet m_set;
    bool m_fd_size_is_count;
    int m_root = -1;
    std::uint64_t m_btime = 0;
    std::vector<ProcessRow> m_processes;
    std::vector<ThreadRow> m_threads;
    std::uint64_t m_files = 0;
    std::uint64_t m_full_reads = 0;
};

struct Stats {
    double median, min, max;
};

Stats stats(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return {n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2, v.front(), v.back()};
}

template <class Fn>
double time_ms(Fn&& fn)
{
    const auto start = std::chrono::steady_clock::now();
    fn();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main()
{
    constexpr int kRounds = 41;
    struct stat self {};
    const bool fd_size_is_count = stat("/proc/self/fd", &self) == 0 && self.st_size > 0;

    wpo::ProcfsSource source;
    std::vector<std::byte> block;
    auto collect = [&] {
        if (!source.collect("230 232", block).ok()) {
            std::fprintf(stderr, "collect failed\n");
            std::exit(1);
        }
    };
    LeanReader baseline(ReadSet{}, fd_size_is_count);
    for (int i = 0; i < 3; ++i) {  // warm up: buffers grow, the kernel's dentries are cached
        baseline.read();
        collect();
    }

    // The source and the baseline must see the same machine: compare the
    // instances of one pass each (processes may come and go in between).
    const auto parsed = wpo::BlockView::parse(block);
    std::size_t source_processes = 0, source_threads = 0;
    if (parsed) {
        if (auto process = parsed->find_object(230))
            source_processes = process->instance_count() - 1;  // without _Total
        if (auto thread = parsed->find_object(232))
            source_threads = thread->instance_count();
    }
    const std::uint64_t files_before = baseline.files();
    const std::uint64_t full_before = baseline.full_reads();
    baseline.read();
    std::printf("# source: %zu processes, %zu threads, %zu bytes of block; baseline: %zu processes, %zu threads, "
                "%llu files in one read() each (%llu filled the buffer); open file count from %s\n",
                source_processes, source_threads, block.size(), baseline.processes(), baseline.threads(),
                static_cast<unsigned long long>(baseline.files() - files_before),
                static_cast<unsigned long long>(baseline.full_reads() - full_before),
                fd_size_is_count ? "fstatat(fd).st_size" : "the fd directory's entries");

    std::vector<double> source_ms, baseline_ms, ratio;
    for (int i = 0; i < kRounds; ++i) {
        baseline_ms.push_back(time_ms([&] { baseline.read(); }));
        source_ms.push_back(time_ms(collect));
        ratio.push_back(source_ms.back() / baseline_ms.back());
    }
    const Stats s = stats(source_ms);
    const Stats b = stats(baseline_ms);
    const Stats r = stats(ratio);
    std::printf("# %d interleaved rounds (baseline, source, ...); median of the per-round ratios %.3f x\n", kRounds,
                r.median);
    std::printf("RESULT procfs_collect_ms %.3f ms\n", s.median);
    std::printf("RESULT procfs_collect_ms_min %.3f ms\n", s.min);
    std::printf("RESULT procfs_collect_ms_max %.3f ms\n", s.max);
    std::printf("RESULT procfs_baseline_ms %.3f ms\n", b.median);
    std::printf("RESULT procfs_baseline_ms_min %.3f ms\n", b.min);
    std::printf("RESULT procfs_baseline_ms_max %.3f ms\n", b.max);
    std::printf("RESULT procfs_vs_baseline_ratio %.3f x\n", s.median / b.median);
    std::printf("RESULT procfs_vs_baseline_ratio_min %.3f x\n", r.min);
    std::printf("RESULT procfs_vs_baseline_ratio_max %.3f x\n", r.max);
    return 0;
}
