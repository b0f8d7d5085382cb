// SPDX-License-Identifier: Apache-2.0
// The recorder on a crowded machine: the real perfscope-cli record at 1 s of
// every object a Global query returns on Linux (System, Memory, Process,
// Thread, the disks, Processor, Network Interface), with 500 extra processes
// of 5 threads each that the benchmark starts itself (plus the machine's own).
//
//   record_bench cpu PERFSCOPE-CLI    the recorder's CPU, its --stats line (getrusage from
//                                     the first sample on) and the whole child's (wait4):
//     RESULT record_cpu_percent_1s_machine <median> %    (and _min, _max)
//     RESULT record_cpu_percent_1s_machine_whole <median> %   start-up included
//     RESULT record_cpu_ms_per_sample <median> ms
//     RESULT record_writer_cpu_percent_1s_machine <median> %   the writer alone (compression,
//                                     chunks, writes): the round's blocks, read back, written again
//                                     by a RecordingWriter in this process, its CPU over the round's
//                                     sampling time; the rest of the recorder's CPU is collection
//     RESULT record_procfs_floor_cpu_percent_1s_machine <median> %   the floor: the files the procfs
//                                     source reads for these objects, read the way it reads them and
//                                     nothing else (support/procfs_floor.h), by a thread of this process
//                                     once a second during each round, as many times as the recorder
//                                     samples, its CPU counted from its second sweep on as the recorder's is
//     RESULT record_vs_procfs_floor_cpu_ratio <median> x   the recorder's CPU / the floor's, per round
//   record_bench bytes PERFSCOPE-CLI  the same population churning (20 processes ended and
//                                     20 started every second) with changing values (20 more
//                                     processes wake every 100 ms to burn a little CPU
//                                     and touch memory):
//     RESULT record_bytes_per_value_busy <median> B     file bytes / stored values (and _min, _max)
//     RESULT record_chunk_bytes_per_value_busy <m> B    the same without the header (its name table)
//     RESULT record_xz9_bytes_per_value_busy <m> B      xz -9 of the same raw blocks, read back
//     RESULT record_raw_bytes_per_value_busy <m> B      the raw blocks
//
// Rounds of a fresh recording each: 3 of 15 s (the default, under 60 s), or 5
// of 60 s with --full (or PERFSCOPE_BENCH_FULL=1). A stored value is one
// counter of one instance (or of a single-instance object).
#include "format/block_view.h"
#include "recording/recording_reader.h"
#include "recording/recording_writer.h"
#include "support/helper_population.h"
#include "support/procfs_floor.h"
#include "support/xz_size.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kGlobalObjects = {"System",       "Memory",      "Process",   "Thread",
                                                 "PhysicalDisk", "LogicalDisk", "Processor", "Network Interface"};

struct Figures {
    double median, min, max;
};

Figures figures(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return {v[v.size() / 2], v.front(), v.back()};
}

void print(const char* name, const std::vector<double>& values, const char* unit)
{
    const Figures f = figures(values);
    std::printf("RESULT %s %.4f %s\n", name, f.median, unit);
    std::printf("RESULT %s_min %.4f %s\n", name, f.min, unit);
    std::printf("RESULT %s_max %.4f %s\n", name, f.max, unit);
}

struct Run {
    bool ok = false;
    double whole_cpu_s = 0;
    double wall_s = 0;
    std::string stats;  // the --stats line
};

// perfscope-cli record -si 1 --duration SECONDS --stats OBJECTS... -o FILE, waited with its rusage;
// `started` runs once the recorder is started, before the wait.
template <class Started = void (*)()>
Run record(
    const std::string& cli, const fs::path& file, int seconds, Started started = [] {})
{
    std::vector<std::string> args = {
        cli, "record", "-y", "-o", file.string(), "-si", "1", "--duration", std::to_string(seconds), "--stats"};
    args.insert(args.end(), kGlobalObjects.begin(), kGlobalObjects.end());
    const fs::path err = file.string() + ".err";
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        if (!std::freopen(err.c_str(), "w", stderr))
            _exit(126);
        std::vector<char*> argv;
        for (auto& a : args)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        execv(argv[0], argv.data());
        _exit(127);
    }
    started();
    Run run;
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    run.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const auto secs = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
    run.whole_cpu_s = secs(usage.ru_utime) + secs(usage.ru_stime);
    std::ifstream in(err);
    for (std::string line; std::getline(in, line);)
        if (line.starts_with("record: samples"))
            run.stats = line;
    run.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && !run.stats.empty();
    if (!run.ok)
        std::fprintf(stderr, "perfscope-cli record failed (status %d): %s\n", status, run.stats.c_str());
    return run;
}

double field(const std::string& line, const char* after)
{
    const auto at = line.find(after);
    return at == std::string::npos ? NAN : std::atof(line.c_str() + at + std::strlen(after));
}

// Processes that wake every 100 ms, burn 0.1 to 0.6 ms and touch some pages
// of 4 MiB, so CPU times, page faults and working sets keep changing.
class BusyProcesses {
public:
    explicit BusyProcesses(int count)
    {
        for (int i = 0; i < count; ++i) {
            const pid_t pid = fork();
            if (pid == 0)
                work(static_cast<unsigned>(i));
            if (pid > 0)
                m_children.push_back(pid);
        }
    }
    ~BusyProcesses()
    {
        for (pid_t pid : m_children)
            kill(pid, SIGKILL);
        for (pid_t pid : m_children)
            waitpid(pid, nullptr, 0);
    }

private:
    [[noreturn]] static void work(unsigned seed)
    {
        const pid_t parent = getppid();
        std::vector<char> memory(4 << 20);
        for (unsigned round = 0;; ++round) {
            if (getppid() != parent)
                _exit(0);
            seed = seed * 1103515245u + 12345u;
            const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(100 + seed % 500);
            volatile unsigned sink = 0;
            while (std::chrono::steady_clock::now() < until)
                sink = sink + 1;
            for (std::size_t page = (seed >> 8) % 64; page < memory.size() / 4096; page += 1 + (round % 7))
                memory[page * 4096] = static_cast<char>(round);
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
    }

    std::vector<pid_t> m_children;
};

double cpu_seconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const auto secs = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
    return secs(usage.ru_utime) + secs(usage.ru_stime);
}

// The CPU seconds a RecordingWriter with its defaults takes to write the
// blocks of `file` again; negative on failure.
double writer_cpu_seconds(const fs::path& file, const fs::path& copy)
{
    auto reader = wpo::recording::RecordingReader::open(file.string());
    if (!reader)
        return -1;
    std::vector<wpo::recording::RecordedBlock> all, chunk;
    for (std::size_t c = 0; c < reader->chunks().size(); ++c) {
        if (!reader->read_chunk(c, chunk))
            return -1;
        all.insert(all.end(), chunk.begin(), chunk.end());
    }
    const double start = cpu_seconds();
    auto writer = wpo::recording::RecordingWriter::create(copy.string(), reader->info());
    if (!writer)
        return -1;
    for (const auto& block : all)
        if (!writer->append(block.query, block.bytes, block.times))
            return -1;
    if (!writer->close())
        return -1;
    return cpu_seconds() - start;
}

// The floor beside one round of the recorder: a thread sweeping `samples` times, a second apart, starting
// half a second after the recorder so that the two seldom read at the same moment. Like the recorder's
// --stats, the CPU counts from the end of the first sweep (which opens the kept descriptors) to the end of
// the last, over the wall time between them.
class FloorRound {
public:
    explicit FloorRound(int samples) : m_thread([this, samples] { run(samples); }) {}
    FloorRound(const FloorRound&) = delete;
    FloorRound& operator=(const FloorRound&) = delete;
    ~FloorRound() { wait(); }

    void wait()
    {
        if (m_thread.joinable())
            m_thread.join();
    }

    double percent() const { return m_percent; }
    double ms_per_sweep() const { return m_ms; }
    std::size_t processes() const { return m_processes; }
    std::size_t threads() const { return m_threads; }
    std::size_t descriptors() const { return m_descriptors; }
    std::size_t bytes() const { return m_bytes; }

private:
    void run(int samples)
    {
        using Clock = std::chrono::steady_clock;
        perfscope::bench::ProcfsFloor floor(perfscope::bench::ProcfsFloorFiles::for_objects(kGlobalObjects));
        const auto start = Clock::now() + std::chrono::milliseconds(500);
        std::this_thread::sleep_until(start);
        floor.sweep();
        const double cpu_start = perfscope::bench::thread_cpu_seconds();
        const auto wall_start = Clock::now();
        for (int i = 1; i < samples; ++i) {
            std::this_thread::sleep_until(start + std::chrono::seconds(i));
            floor.sweep();
        }
        const double cpu_s = perfscope::bench::thread_cpu_seconds() - cpu_start;
        const double wall_s = std::chrono::duration<double>(Clock::now() - wall_start).count();
        m_percent = wall_s > 0 ? 100.0 * cpu_s / wall_s : 0;
        m_ms = samples > 1 ? 1000.0 * cpu_s / (samples - 1) : 0;
        m_processes = floor.processes();
        m_threads = floor.threads();
        m_descriptors = floor.kept_descriptors();
        m_bytes = floor.bytes_read();
    }

    double m_percent = 0, m_ms = 0;
    std::size_t m_processes = 0, m_threads = 0, m_descriptors = 0, m_bytes = 0;
    std::thread m_thread;  // last: started once the rest is made
};

int cpu_mode(const std::string& cli, const fs::path& dir, int rounds, int seconds)
{
    perfscope::bench::HelperPopulation helpers;
    if (!helpers.start(500, 5)) {
        std::fprintf(stderr, "cannot start 500 helper processes\n");
        return 1;
    }
    std::this_thread::sleep_for(std::chrono::seconds(1));
    std::vector<double> percent, whole, ms, writer, floor, floor_ms, ratio;
    for (int r = 0; r < rounds; ++r) {
        std::optional<FloorRound> beside;
        const Run run = record(cli, dir / "cpu.psrec", seconds, [&] { beside.emplace(seconds); });
        if (!run.ok)
            return 1;
        std::printf("# round %d: %s\n", r + 1, run.stats.c_str());
        percent.push_back(field(run.stats, "s ("));  // recorder CPU 0.198 s (2.186 % of a core
        beside->wait();                              // its last sweep ends half a second after the recorder's
        const FloorRound& f = *beside;
        std::printf("# round %d: floor: %zu processes, %zu threads, %zu descriptors kept, %zu bytes a sweep, "
                    "%.3f ms a sweep, %.3f %% of a core\n",
                    r + 1, f.processes(), f.threads(), f.descriptors(), f.bytes(), f.ms_per_sweep(), f.percent());
        floor.push_back(f.percent());
        floor_ms.push_back(f.ms_per_sweep());
        ratio.push_back(percent.back() / f.percent());
        whole.push_back(100.0 * run.whole_cpu_s / run.wall_s);
        ms.push_back(field(run.stats, "of a core, "));
        const double writer_s = writer_cpu_seconds(dir / "cpu.psrec", dir / "copy.psrec");
        if (writer_s < 0)
            return 1;
        // Samples at 1 s: the first to the last span samples - 1 seconds.
        writer.push_back(100.0 * writer_s / std::max(1.0, field(run.stats, "record: samples ") - 1));
    }
    print("record_cpu_percent_1s_machine", percent, "%");
    print("record_cpu_percent_1s_machine_whole", whole, "%");
    print("record_cpu_ms_per_sample", ms, "ms");
    print("record_writer_cpu_percent_1s_machine", writer, "%");
    print("record_procfs_floor_cpu_percent_1s_machine", floor, "%");
    print("record_procfs_floor_cpu_ms_per_sample", floor_ms, "ms");
    print("record_vs_procfs_floor_cpu_ratio", ratio, "x");
    return 0;
}

int bytes_mode(const std::string& cli, const fs::path& dir, int rounds, int seconds)
{
    BusyProcesses busy(20);
    perfscope::bench::HelperPopulation helpers;
    if (!helpers.start(500, 5)) {
        std::fprintf(stderr, "cannot start 500 helper processes\n");
        return 1;
    }
    // Churn: the 20 oldest ended and 20 started every second, from a thread
    // of this process (its cost is not the recorder's).
    std::atomic<bool> stop{false};
    std::thread churn([&] {
        while (!stop) {
            std::this_thread::sleep_for(std::chrono::seconds(1));
            helpers.endOldest(20);
            helpers.start(20, 5);
        }
    });
    std::vector<double> file, chunks, xz, raw;
    int status = 0;
    for (int r = 0; r < rounds && status == 0; ++r) {
        const fs::path path = dir / "busy.psrec";
        const Run run = record(cli, path, seconds);
        if (!run.ok) {
            status = 1;
            break;
        }
        // The raw blocks back from the file, concatenated, for xz -9.
        auto reader = wpo::recording::RecordingReader::open(path.string());
        if (!reader) {
            std::fprintf(stderr, "%s\n", reader.error().describe().c_str());
            status = 1;
            break;
        }
        const fs::path blocks = dir / "busy.raw";
        std::ofstream out(blocks, std::ios::binary);
        std::uint64_t values = 0, raw_bytes = 0;
        std::vector<wpo::recording::RecordedBlock> chunk;
        for (std::size_t c = 0; c < reader->chunks().size(); ++c) {
            if (!reader->read_chunk(c, chunk)) {
                status = 1;
                break;
            }
            for (const auto& recorded : chunk) {
                auto block = wpo::BlockView::parse(recorded.bytes);
                if (!block) {
                    status = 1;
                    break;
                }
                values += wpo::recording::stored_values(*block);
                raw_bytes += recorded.bytes.size();
                out.write(reinterpret_cast<const char*>(recorded.bytes.data()),
                          static_cast<std::streamsize>(recorded.bytes.size()));
            }
        }
        out.close();
        if (status != 0 || values == 0)
            break;
        const double size = static_cast<double>(fs::file_size(path));
        const double header = static_cast<double>(reader->chunks().front().offset);
        const double v = static_cast<double>(values);
        std::printf("# round %d: %s\n", r + 1, run.stats.c_str());
        file.push_back(size / v);
        chunks.push_back((size - header) / v);
        xz.push_back(static_cast<double>(perfscope::bench::xz9_bytes(blocks)) / v);
        raw.push_back(static_cast<double>(raw_bytes) / v);
    }
    stop = true;
    churn.join();
    if (status != 0) {
        std::fprintf(stderr, "reading the recording back failed\n");
        return status;
    }
    print("record_bytes_per_value_busy", file, "B");
    print("record_chunk_bytes_per_value_busy", chunks, "B");
    print("record_xz9_bytes_per_value_busy", xz, "B");
    print("record_raw_bytes_per_value_busy", raw, "B");
    const Figures f = figures(file), x = figures(xz);
    std::printf("RESULT record_vs_xz9_ratio_busy %.3f x\n", f.median / x.median);
    return 0;
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc < 3 || (std::strcmp(argv[1], "cpu") != 0 && std::strcmp(argv[1], "bytes") != 0)) {
        std::fprintf(stderr, "usage: record_bench cpu|bytes PATH-TO-perfscope-cli [--full]\n");
        return 2;
    }
    const char* full_env = std::getenv("PERFSCOPE_BENCH_FULL");
    const bool full =
        (argc > 3 && std::strcmp(argv[3], "--full") == 0) || (full_env && std::strcmp(full_env, "0") != 0);
    const int rounds = full ? 5 : 3;
    const int seconds = full ? 60 : 15;
    std::printf("# %s mode: %d rounds of %d s (--full for 5 of 60 s)\n", full ? "full" : "CI", rounds, seconds);
    const fs::path dir = fs::temp_directory_path() / ("perfscope-record-bench-" + std::to_string(getpid()));
    fs::create_directories(dir);
    const int status = std::strcmp(argv[1], "cpu") == 0 ? cpu_mode(argv[2], dir, rounds, seconds)
                                                        : bytes_mode(argv[2], dir, rounds, seconds);
    fs::remove_all(dir);
    return status;
}
