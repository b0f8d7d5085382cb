// SPDX-License-Identifier: Apache-2.0
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
// The floor is LeanReader of stat, status, io, the fd count and task/*/stat
// only, everything opened per sweep: roughly what ps -eLo and top -H read.
//
// The benchmark starts its own population (support/helper_population.h:
// forked helpers that block on a pipe, reaped at the end): 500 processes x 5
// threads for the ratios, five shapes for the fit, and many single-thread helpers for one
// sweep (2,000 in CI mode, 10,000 with PERFSCOPE_BENCH_FULL=1).
//
// Rounds alternate floor, baseline, source, ... so load from other
// processes on the machine falls on all alike.
//
//   RESULT procfs_collect_ms <median> ms            (and _min, _max over the rounds)
//   RESULT procfs_baseline_ms, procfs_floor_ms      (the same)
//   RESULT procfs_vs_baseline_ratio <r> x           median source / median baseline
//   RESULT procfs_vs_floor_ratio <r> x              median source / median floor
//   (_min, _max: extremes of the per-round ratios)
//   RESULT procfs_us_per_process, procfs_us_per_thread   least squares over the five shapes
//   RESULT procfs_collect_ms_10k (procfs_collect_ms_2k_ci in CI mode)  warm sweeps' median; _first: the cold one
//   RESULT procfs_collect_ms_10k_systemd_limit   the same with RLIMIT_NOFILE raised to systemd's 524,288
//                                                (when the machine's is lower and may be raised)
//
// Never fails on timing; exits 1 only when the source fails to collect.
#include "format/block_view.h"
#include "sources/procfs/handle_budget.h"
#include "sources/procfs/procfs_source.h"
#include "support/helper_population.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <string>
#include <vector>

using perfscope::bench::HelperPopulation;

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
            const char* at =
                n > 0 ? static_cast<const char*>(memmem(buffer, static_cast<std::size_t>(n), "\nbtime ", 7)) : nullptr;
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

// Processes and threads in a Process + Thread block (without _Total).
struct Counts {
    std::size_t processes = 0, threads = 0;
};

Counts count(const std::vector<std::byte>& block)
{
    Counts c;
    const auto parsed = wpo::BlockView::parse(block);
    if (parsed) {
        if (auto process = parsed->find_object(230))
            c.processes = process->instance_count() - 1;
        if (auto thread = parsed->find_object(232))
            c.threads = thread->instance_count();
    }
    return c;
}

void print(const char* metric, const Stats& s, const char* unit)
{
    std::printf("RESULT %s %.3f %s\n", metric, s.median, unit);
    std::printf("RESULT %s_min %.3f %s\n", metric, s.min, unit);
    std::printf("RESULT %s_max %.3f %s\n", metric, s.max, unit);
}

// Least squares of ms = a + b * processes + c * threads (normal equations,
// 3 x 3, Cramer's rule); false when the points do not tell b and c apart.
bool fit(const std::vector<double>& p, const std::vector<double>& t, const std::vector<double>& y, double out[3])
{
    double m[3][3] = {}, v[3] = {};
    for (std::size_t i = 0; i < y.size(); ++i) {
        const double x[3] = {1, p[i], t[i]};
        for (int r = 0; r < 3; ++r) {
            v[r] += x[r] * y[i];
            for (int c = 0; c < 3; ++c)
                m[r][c] += x[r] * x[c];
        }
    }
    auto det = [](const double a[3][3]) {
        return a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
               a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
    };
    const double d = det(m);
    if (std::fabs(d) < 1e-9)
        return false;
    for (int k = 0; k < 3; ++k) {
        double a[3][3];
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 3; ++c)
                a[r][c] = c == k ? v[r] : m[r][c];
        out[k] = det(a) / d;
    }
    return true;
}

}  // namespace

int main()
{
    const char* full_env = std::getenv("PERFSCOPE_BENCH_FULL");
    const bool full = full_env && std::strcmp(full_env, "0") != 0;
    const int rounds = full ? 41 : 21;
    struct stat self {};
    const bool fd_size_is_count = stat("/proc/self/fd", &self) == 0 && self.st_size > 0;
    std::printf("# %s mode (PERFSCOPE_BENCH_FULL=1 for the README's figures)\n", full ? "full" : "CI");

    {
        // Scoped: the source's kept descriptors are the process's, and the
        // sources below (and fork) must not find them held.
        // The population of the ratios: 500 processes x 5 threads besides the
        // machine's own, started before any reader holds descriptors (children
        // close theirs anyway).
        HelperPopulation population;
        const int population_processes = 500, population_threads = 5;
        if (!population.start(population_processes, population_threads)) {
            std::fprintf(stderr, "cannot start the helper processes: %s\n", std::strerror(errno));
            return 1;
        }

        wpo::ProcfsSource source;
        std::vector<std::byte> block;
        auto collect = [&] {
            if (!source.collect("230 232", block).ok()) {
                std::fprintf(stderr, "collect failed\n");
                std::exit(1);
            }
        };
        LeanReader baseline(ReadSet{}, fd_size_is_count);
        // What ps -eLo and top -H roughly read, opened per sweep as they do.
        ReadSet floor_set;
        floor_set.kernel_stat = false;
        floor_set.thread_status = false;
        LeanReader floor(floor_set, fd_size_is_count);
        for (int i = 0; i < 3; ++i) {  // warm up: buffers grow, the kernel's dentries are cached
            baseline.read();
            floor.read();
            collect();
        }

        // The source and the readers must see the same machine: compare the
        // instances of one pass each (processes may come and go in between).
        const Counts seen = count(block);
        const std::uint64_t files_before = baseline.files();
        const std::uint64_t full_before = baseline.full_reads();
        baseline.read();
        floor.read();
        std::printf(
            "# %d helper processes x %d threads started; source: %zu processes, %zu threads, %zu bytes of block; "
            "baseline: %zu processes, %zu threads, %llu files in one read() each (%llu filled the buffer); "
            "floor: %zu processes, %zu threads; open file count from %s\n",
            population_processes, population_threads, seen.processes, seen.threads, block.size(), baseline.processes(),
            baseline.threads(), static_cast<unsigned long long>(baseline.files() - files_before),
            static_cast<unsigned long long>(baseline.full_reads() - full_before), floor.processes(), floor.threads(),
            fd_size_is_count ? "fstatat(fd).st_size" : "the fd directory's entries");

        std::vector<double> source_ms, baseline_ms, floor_ms, ratio, floor_ratio;
        for (int i = 0; i < rounds; ++i) {
            floor_ms.push_back(time_ms([&] { floor.read(); }));
            baseline_ms.push_back(time_ms([&] { baseline.read(); }));
            source_ms.push_back(time_ms(collect));
            ratio.push_back(source_ms.back() / baseline_ms.back());
            floor_ratio.push_back(source_ms.back() / floor_ms.back());
        }
        const Stats s = stats(source_ms);
        const Stats b = stats(baseline_ms);
        const Stats f = stats(floor_ms);
        const Stats r = stats(ratio);
        const Stats fr = stats(floor_ratio);
        std::printf("# %d interleaved rounds (floor, baseline, source, ...); medians of the per-round ratios %.3f x "
                    "(baseline), %.3f x (floor)\n",
                    rounds, r.median, fr.median);
        print("procfs_collect_ms", s, "ms");
        print("procfs_baseline_ms", b, "ms");
        print("procfs_floor_ms", f, "ms");
        std::printf("RESULT procfs_vs_baseline_ratio %.3f x\n", s.median / b.median);
        std::printf("RESULT procfs_vs_baseline_ratio_min %.3f x\n", r.min);
        std::printf("RESULT procfs_vs_baseline_ratio_max %.3f x\n", r.max);
        std::printf("RESULT procfs_vs_floor_ratio %.3f x\n", s.median / f.median);
        std::printf("RESULT procfs_vs_floor_ratio_min %.3f x\n", fr.min);
        std::printf("RESULT procfs_vs_floor_ratio_max %.3f x\n", fr.max);
        population.reap();
    }

    // Growth: the source's sweep over populations of different shapes, so
    // that a fit tells the cost of a process from that of a thread. Each
    // point is a fresh population (and a fresh source, warmed up), the median
    // of its rounds.
    struct Shape {
        int processes, threads;
    };
    const Shape shapes[] = {{100, 1}, {100, 9}, {300, 1}, {300, 5}, {500, 3}};
    const int fit_rounds = full ? 15 : 7;
    std::vector<double> fp, ft, fy;
    for (const Shape& shape : shapes) {
        HelperPopulation p;
        if (!p.start(shape.processes, shape.threads)) {
            std::fprintf(stderr, "cannot start the helper processes: %s\n", std::strerror(errno));
            return 1;
        }
        wpo::ProcfsSource fresh;
        std::vector<std::byte> out;
        std::vector<double> ms;
        for (int i = 0; i < 3 + fit_rounds; ++i) {
            const double t = time_ms([&] {
                if (!fresh.collect("230 232", out).ok())
                    std::exit(1);
            });
            if (i >= 3)
                ms.push_back(t);
        }
        const Counts c = count(out);
        const Stats st = stats(ms);
        std::printf("# %d helpers x %d threads: %zu processes, %zu threads: median %.3f ms (%.3f-%.3f)\n",
                    shape.processes, shape.threads, c.processes, c.threads, st.median, st.min, st.max);
        fp.push_back(static_cast<double>(c.processes));
        ft.push_back(static_cast<double>(c.threads));
        fy.push_back(st.median);
    }
    double coef[3];
    if (fit(fp, ft, fy, coef)) {
        double residual = 0;
        for (std::size_t i = 0; i < fy.size(); ++i)
            residual = std::max(residual, std::fabs(coef[0] + coef[1] * fp[i] + coef[2] * ft[i] - fy[i]) / fy[i]);
        std::printf("# least squares over %zu populations: ms = %.3f + %.4f x processes + %.4f x threads "
                    "(largest residual %.1f %%)\n",
                    fy.size(), coef[0], coef[1], coef[2], residual * 100);
        std::printf("RESULT procfs_us_per_process %.2f us\n", coef[1] * 1000);
        std::printf("RESULT procfs_us_per_thread %.2f us\n", coef[2] * 1000);
    }

    // Many processes: short-lived single-thread helpers, one cold sweep (the
    // source's first, everything opened) and the median of warm ones.
    const int many = full ? 10000 : 2000;
    {
        HelperPopulation p;
        const double start_ms = time_ms([&] {
            if (!p.start(many, 1))
                std::fprintf(stderr, "# fork failed after %zu helpers: %s\n", p.size(), std::strerror(errno));
        });
        std::printf("# %d helpers started in %.0f ms%s\n", many, start_ms,
                    full ? "" : "; CI mode: 2,000 helpers, PERFSCOPE_BENCH_FULL=1 for 10,000");
        const std::string metric = full ? "procfs_collect_ms_10k" : "procfs_collect_ms_2k_ci";
        // A fresh source (made after any change of the limit: its share is
        // half the soft limit when it is made), one cold sweep, five warm.
        auto sweep = [&](const std::string& name) {
            wpo::ProcfsSource fresh;
            std::vector<std::byte> out;
            std::vector<double> ms;
            for (int i = 0; i < 6; ++i)
                ms.push_back(time_ms([&] {
                    if (!fresh.collect("230 232", out).ok())
                        std::exit(1);
                }));
            const double cold = ms.front();
            ms.erase(ms.begin());
            const Counts c = count(out);
            const Stats st = stats(ms);
            struct rlimit limit {};
            getrlimit(RLIMIT_NOFILE, &limit);
            std::printf("# %s: a sweep of %zu processes, %zu threads: first %.3f ms, then median %.3f ms "
                        "(%.3f-%.3f); descriptors kept: %zu (RLIMIT_NOFILE soft %llu, hard %llu; the sources of a "
                        "process keep at most half the soft limit, the rest is opened per read)\n",
                        name.c_str(), c.processes, c.threads, cold, st.median, st.min, st.max,
                        wpo::procfs::HandleBudget::process_held(), static_cast<unsigned long long>(limit.rlim_cur),
                        static_cast<unsigned long long>(limit.rlim_max));
            std::printf("RESULT %s %.3f ms\n", name.c_str(), st.median);
            std::printf("RESULT %s_min %.3f ms\n", name.c_str(), st.min);
            std::printf("RESULT %s_max %.3f ms\n", name.c_str(), st.max);
            std::printf("RESULT %s_first %.3f ms\n", name.c_str(), cold);
        };
        sweep(metric);
        // The same under the hard limit systemd gives every service and
        // session (524,288), where the machine's is lower and we may raise it
        // (CAP_SYS_RESOURCE): every handle kept.
        constexpr rlim_t kSystemdHard = 524288;
        struct rlimit limit {};
        if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_max < kSystemdHard) {
            const struct rlimit raised {
                kSystemdHard, kSystemdHard
            };
            if (setrlimit(RLIMIT_NOFILE, &raised) == 0) {
                sweep(metric + "_systemd_limit");
                setrlimit(RLIMIT_NOFILE, &limit);
            } else {
                std::printf("# the hard RLIMIT_NOFILE cannot be raised to %llu here: no _systemd_limit sweep\n",
                            static_cast<unsigned long long>(kSystemdHard));
            }
        }
        const double reap_ms = time_ms([&] { p.reap(); });
        std::printf("# %d helpers reaped in %.0f ms\n", many, reap_ms);
    }
    return 0;
}
