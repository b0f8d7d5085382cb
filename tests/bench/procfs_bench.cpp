// ProcfsSource::collect("230 232") — Process and Thread for every process of
// the live machine — against a minimal C-style reader of the same files:
// /proc/stat, and per process stat, status, io, the fd directory (stat(2)
// of it, or its entries where the kernel does not report the count), and
// task/<tid>/stat and status per thread. The baseline only opens, reads and
// closes them and runs strtoull over every number; the source also maps the
// values and writes the PERF_DATA_BLOCK. Both run alternately, 20 times each.
// Prints RESULT lines; never fails on timing.
#include "sources/procfs/procfs_source.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace {

volatile unsigned long long g_sink;

unsigned long long g_files;

// open/read/close and strtoull over the whole file.
unsigned long long read_numbers(const char* path)
{
    static char buffer[64 * 1024];
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    ssize_t length = 0;
    for (;;) {
        const ssize_t n = read(fd, buffer + length, sizeof buffer - 1 - length);
        if (n <= 0)
            break;
        length += n;
    }
    close(fd);
    ++g_files;
    buffer[length] = '\0';
    unsigned long long sum = 0;
    for (char* p = buffer; *p;) {
        if (*p >= '0' && *p <= '9') {
            sum += std::strtoull(p, &p, 10);
        } else {
            ++p;
        }
    }
    return sum;
}

bool numeric(const char* name)
{
    if (!*name)
        return false;
    for (; *name; ++name)
        if (*name < '0' || *name > '9')
            return false;
    return true;
}

// Open file count as the procfs source gets it: stat(2) of the fd directory
// on Linux >= 6.2, else its entries.
unsigned long long fd_count(const char* path, bool size_is_count)
{
    if (size_is_count) {
        struct stat st;
        return stat(path, &st) == 0 ? static_cast<unsigned long long>(st.st_size) : 0;
    }
    unsigned long long n = 0;
    if (DIR* d = opendir(path)) {
        while (readdir(d))
            ++n;
        closedir(d);
    }
    return n;
}

void baseline(bool size_is_count)
{
    unsigned long long sum = read_numbers("/proc/stat");
    char path[600];  // two names of up to 255 bytes each
    DIR* proc = opendir("/proc");
    if (!proc)
        return;
    while (const dirent* e = readdir(proc)) {
        if (!numeric(e->d_name))
            continue;
        std::snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
        sum += read_numbers(path);
        std::snprintf(path, sizeof path, "/proc/%s/status", e->d_name);
        sum += read_numbers(path);
        std::snprintf(path, sizeof path, "/proc/%s/io", e->d_name);
        sum += read_numbers(path);
        std::snprintf(path, sizeof path, "/proc/%s/fd", e->d_name);
        sum += fd_count(path, size_is_count);
        std::snprintf(path, sizeof path, "/proc/%s/task", e->d_name);
        DIR* task = opendir(path);
        if (!task)
            continue;
        while (const dirent* t = readdir(task)) {
            if (!numeric(t->d_name))
                continue;
            std::snprintf(path, sizeof path, "/proc/%s/task/%s/stat", e->d_name, t->d_name);
            sum += read_numbers(path);
            std::snprintf(path, sizeof path, "/proc/%s/task/%s/status", e->d_name, t->d_name);
            sum += read_numbers(path);
        }
        closedir(task);
    }
    closedir(proc);
    g_sink = sum;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
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
    constexpr int kRuns = 20;
    struct stat self {};
    const bool size_is_count = stat("/proc/self/fd", &self) == 0 && self.st_size > 0;

    wpo::ProcfsSource source;
    std::vector<std::byte> block;
    auto collect = [&] {
        if (!source.collect("230 232", block).ok()) {
            std::fprintf(stderr, "collect failed\n");
            std::exit(1);
        }
    };
    collect();  // warm up: buffers grow, the kernel's dentries are cached
    baseline(size_is_count);

    std::vector<double> source_ms, baseline_ms;
    g_files = 0;
    for (int i = 0; i < kRuns; ++i) {
        source_ms.push_back(time_ms(collect));
        baseline_ms.push_back(time_ms([&] { baseline(size_is_count); }));
    }
    const double s = median(source_ms);
    const double b = median(baseline_ms);
    std::printf("processes and threads: %zu bytes of block, %llu files per baseline pass\n", block.size(),
                g_files / kRuns);
    std::printf("RESULT procfs_collect_ms %.3f ms\n", s);
    std::printf("RESULT procfs_baseline_ms %.3f ms\n", b);
    std::printf("RESULT procfs_vs_baseline_ratio %.3f x\n", s / b);
    return 0;
}
