// SPDX-License-Identifier: Apache-2.0
// perfscope-cli record's options and guarantees, the real binary on the real
// /proc: --max-size (stop, or --circular), --new-file-every, --flush-every,
// the --stats line checked against the file and the child's own rusage, and
// the ends of a recording (SIGINT, kill -9, a full file system).
#include "format/block_view.h"
#include "recording/recording_reader.h"

#include "cli_process_test.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <string>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

namespace fs = std::filesystem;

using perfscope::tests::CliRun;
using perfscope::tests::slurp;

// What one sample of Process takes on this machine: the header (its name
// table) and the rest of a one-sample recording (a key block, its chunk and
// the index), so the caps below scale with the machine's population.
struct OneSample {
    std::uint64_t header = 0;
    std::uint64_t rest = 0;
};

class CliRecordOptions : public perfscope::tests::CliProcessTest {
protected:
    OneSample one_sample(const fs::path& file);
};

constexpr std::int64_t kSecond = 10'000'000;  // in 100 ns units

// Now as a FILETIME: 100 ns units since 1601, as the recorded blocks' times.
std::int64_t filetime_now()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
                   .count() /
               100 +
           116'444'736'000'000'000LL;
}

std::uint64_t stored_values(const wpo::BlockView& block)
{
    std::uint64_t values = 0;
    for (const wpo::ObjectView& object : block.objects())
        values += std::uint64_t{object.counter_count()} * std::max<std::uint32_t>(1, object.instance_count());
    return values;
}

struct Recorded {
    bool opened = false;
    bool index_rebuilt = false;
    std::vector<std::int64_t> times;
    std::uint64_t values = 0;
    std::uint64_t raw_bytes = 0;
};

// Every block of a recording, each chunk CRC-checked and decompressed.
Recorded read_recording(const fs::path& file)
{
    Recorded r;
    auto reader = wpo::recording::RecordingReader::open(file.string());
    EXPECT_TRUE(reader) << reader.error().describe();
    if (!reader)
        return r;
    r.opened = true;
    r.index_rebuilt = reader->index_rebuilt();
    std::vector<wpo::recording::RecordedBlock> chunk;
    for (std::size_t c = 0; c < reader->chunks().size(); ++c) {
        wpo::Status status = reader->read_chunk(c, chunk);
        EXPECT_TRUE(status) << status.error().describe();
        for (const auto& recorded : chunk) {
            auto block = wpo::BlockView::parse(recorded.bytes);
            EXPECT_TRUE(block);
            if (!block)
                continue;
            r.times.push_back(recorded.times.time_100ns);
            r.values += stored_values(*block);
            r.raw_bytes += recorded.bytes.size();
        }
    }
    return r;
}

struct Stats {
    bool found = false;
    unsigned long long samples = 0, values = 0, files = 0, file_bytes = 0, written = 0;
    double per_value = 0, raw_per_value = 0, cpu_s = 0, cpu_percent = 0, ms_per_sample = 0;
};

Stats parse_stats(const std::string& err)
{
    Stats s;
    const auto at = err.find("record: samples ");
    if (at == std::string::npos)
        return s;
    s.found = std::sscanf(err.c_str() + at,
                          "record: samples %llu, values %llu, files %llu, file bytes %llu, bytes written %llu, bytes "
                          "per stored value %lf, raw bytes per value %lf, recorder CPU %lf s (%lf %% of a core, %lf "
                          "ms per sample)",
                          &s.samples, &s.values, &s.files, &s.file_bytes, &s.written, &s.per_value, &s.raw_per_value,
                          &s.cpu_s, &s.cpu_percent, &s.ms_per_sample) == 10;
    return s;
}

OneSample CliRecordOptions::one_sample(const fs::path& file)
{
    OneSample one;
    const CliRun r = run({"record", "-o", file.string(), "-sc", "1", "Process"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    auto reader = wpo::recording::RecordingReader::open(file.string());
    EXPECT_TRUE(reader && !reader->chunks().empty());
    if (!reader || reader->chunks().empty())
        return one;
    one.header = reader->chunks().front().offset;
    one.rest = fs::file_size(file) - one.header;
    fs::remove(file);
    return one;
}

TEST_F(CliRecordOptions, MaxSizeStopsCleanlyBeforeTheCap)
{
    const fs::path file = dir / "capped.psrec";
    const OneSample one = one_sample(file);
    // The least cap the writer takes (twice the header, and more) and three
    // key blocks' worth: some seconds of deltas at 0.1 s. Given in KiB, as "123K".
    const std::uint64_t kib = (2 * one.header + 3 * one.rest + 4096) / 1024;
    const std::uint64_t cap = kib * 1024;
    // --duration only as a safety net: the cap ends it within seconds.
    const CliRun r = run({"record", "-o", file.string(), "-si", "0.1", "--duration", "60", "--max-size",
                          std::to_string(kib) + "K", "--stats", "Process"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("reached --max-size (" + std::to_string(cap) + " bytes"), std::string::npos) << r.err;
    EXPECT_LE(fs::file_size(file), cap);
    const Recorded recorded = read_recording(file);
    ASSERT_TRUE(recorded.opened);
    EXPECT_FALSE(recorded.index_rebuilt) << "closed cleanly, with its index";
    const Stats stats = parse_stats(r.err);
    ASSERT_TRUE(stats.found) << r.err;
    EXPECT_EQ(recorded.times.size(), stats.samples);
    EXPECT_GT(stats.samples, 1u);
}

// Past the cap, the file keeps the newest samples: sample k was taken no
// earlier than k intervals after the recorder started, so the first kept of
// n (of 80) is no earlier than (80 - n) intervals after it, and the last no
// earlier than 79.
TEST_F(CliRecordOptions, CircularKeepsTheNewestSamplesWithinTheCap)
{
    const fs::path file = dir / "ring.psrec";
    const OneSample one = one_sample(file);
    // A chunk may take a quarter of the space after the header: one and a
    // half key blocks (or more). Chunks of 1 s (ten samples) fill the cap in 8 s.
    const std::uint64_t cap = std::max(one.header + 6 * one.rest + 4096, 2 * one.header + 2048);
    constexpr int kSamples = 80;
    constexpr std::int64_t kInterval = kSecond / 10;
    const std::int64_t started = filetime_now();
    const CliRun r = run({"record", "-o", file.string(), "-si", "0.1", "-sc", std::to_string(kSamples), "--flush-every",
                          "1", "--max-size", std::to_string(cap), "--circular", "--stats", "Process"});
    const std::int64_t ended = filetime_now();
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_LE(fs::file_size(file), cap);
    EXPECT_FALSE(fs::exists(file.string() + ".compacting"));
    const Stats stats = parse_stats(r.err);
    ASSERT_TRUE(stats.found) << r.err;
    EXPECT_EQ(stats.samples, static_cast<unsigned long long>(kSamples));
    EXPECT_GT(stats.written, cap) << "the recording went past the cap";

    const Recorded recorded = read_recording(file);
    ASSERT_TRUE(recorded.opened);
    EXPECT_FALSE(recorded.index_rebuilt);
    const std::size_t n = recorded.times.size();
    ASSERT_GT(n, 1u);
    ASSERT_LT(n, static_cast<std::size_t>(kSamples)) << "the oldest samples are gone";
    const std::int64_t tolerance = kSecond / 100;  // the system clock against the monotonic one
    EXPECT_GE(recorded.times.front() + tolerance, started + (kSamples - static_cast<std::int64_t>(n)) * kInterval);
    EXPECT_GE(recorded.times.back() + tolerance, started + (kSamples - 1) * kInterval);
    EXPECT_LE(recorded.times.back(), ended);
    EXPECT_TRUE(std::is_sorted(recorded.times.begin(), recorded.times.end()));

    // --input replays it.
    const CliRun query = run({"query", "--input", file.string(), "\\Process(_Total)\\% Processor Time"});
    EXPECT_EQ(query.exit_code, 0) << query.err;
    EXPECT_EQ(std::count(query.out.begin(), query.out.end(), '\n'), static_cast<std::ptrdiff_t>(n));  // header + n-1
}

// Each file of --new-file-every stands alone (its own header, key blocks and
// index) and is named after the UTC second of its first sample; together
// they hold every sample once, in order.
TEST_F(CliRecordOptions, NewFileEveryWritesWholeTimeNamedFiles)
{
    const CliRun r = run({"record", "-o", (dir / "day.psrec").string(), "-si", "0.2", "--duration", "5",
                          "--new-file-every", "2", "--stats", "Memory"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Stats stats = parse_stats(r.err);
    ASSERT_TRUE(stats.found) << r.err;
    const std::regex name(R"(day-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.psrec)");
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(dir))
        if (std::regex_match(entry.path().filename().string(), name))
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    ASSERT_GE(files.size(), 2u);
    EXPECT_LE(files.size(), 3u);
    EXPECT_EQ(stats.files, files.size());
    std::vector<std::int64_t> all;
    for (const fs::path& file : files) {
        const Recorded recorded = read_recording(file);
        ASSERT_TRUE(recorded.opened);
        EXPECT_FALSE(recorded.index_rebuilt) << file;
        ASSERT_FALSE(recorded.times.empty()) << file;
        // The name's UTC time and the first sample's, to the second.
        std::smatch m;
        const std::string base = file.filename().string();
        ASSERT_TRUE(std::regex_match(base, m, name));
        std::tm utc{};
        utc.tm_year = std::stoi(m[1]) - 1900;
        utc.tm_mon = std::stoi(m[2]) - 1;
        utc.tm_mday = std::stoi(m[3]);
        utc.tm_hour = std::stoi(m[4]);
        utc.tm_min = std::stoi(m[5]);
        utc.tm_sec = std::stoi(m[6]);
        const std::int64_t named = static_cast<std::int64_t>(timegm(&utc)) * kSecond + 116'444'736'000'000'000LL;
        EXPECT_LE(std::llabs(recorded.times.front() - named), 2 * kSecond) << base;
        // A file spans less than its period and one interval.
        EXPECT_LT(recorded.times.back() - recorded.times.front(), 2 * kSecond + kSecond / 5) << base;
        all.insert(all.end(), recorded.times.begin(), recorded.times.end());
    }
    EXPECT_EQ(all.size(), stats.samples);
    EXPECT_TRUE(std::is_sorted(all.begin(), all.end()));
    EXPECT_EQ(std::adjacent_find(all.begin(), all.end()), all.end());
}

// --stats: every figure by formula from the file it wrote, and its CPU time
// within the child's own (wait4's rusage, which also counts start-up).
TEST_F(CliRecordOptions, StatsLineIsTrue)
{
    const fs::path file = dir / "stats.psrec";
    const auto spawned = std::chrono::steady_clock::now();
    const pid_t pid = spawn({"record", "-o", file.string(), "-si", "0.1", "-sc", "10", "--stats", "Process", "Memory"});
    int status = 0;
    rusage usage{};
    ASSERT_EQ(wait4(pid, &status, 0, &usage), pid);
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - spawned).count();
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << slurp(dir / "err");
    const std::string err = slurp(dir / "err");
    const Stats stats = parse_stats(err);
    ASSERT_TRUE(stats.found) << err;

    const Recorded recorded = read_recording(file);
    const double size = static_cast<double>(fs::file_size(file));
    EXPECT_EQ(stats.samples, 10u);
    EXPECT_EQ(recorded.times.size(), 10u);
    EXPECT_EQ(stats.values, recorded.values);
    EXPECT_EQ(stats.files, 1u);
    EXPECT_EQ(stats.file_bytes, fs::file_size(file));
    EXPECT_EQ(stats.written, fs::file_size(file));
    EXPECT_NEAR(stats.per_value, size / static_cast<double>(recorded.values), 0.0005);
    EXPECT_NEAR(stats.raw_per_value, static_cast<double>(recorded.raw_bytes) / static_cast<double>(recorded.values),
                0.0005);
    const auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
    const double child_cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime);
    EXPECT_GT(stats.cpu_s + 0.0005, 0.0);
    EXPECT_LE(stats.cpu_s, child_cpu + 0.0005);
    // Its wall time lies within the child's life, so its share of a core is
    // at least the CPU time over that life.
    EXPECT_GE(stats.cpu_percent + 0.0005, 100.0 * (stats.cpu_s - 0.0005) / elapsed);
    EXPECT_NEAR(stats.ms_per_sample, 1000.0 * stats.cpu_s / 10.0, 0.06);
}

TEST_F(CliRecordOptions, SigintClosesTheFileWithItsIndex)
{
    const fs::path file = dir / "interrupted.psrec";
    const pid_t pid = spawn({"record", "-o", file.string(), "-si", "0.1", "Memory"});
    std::this_thread::sleep_for(std::chrono::milliseconds(800));
    kill(pid, SIGINT);
    const CliRun r = finish(pid);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Recorded recorded = read_recording(file);
    ASSERT_TRUE(recorded.opened);
    EXPECT_FALSE(recorded.index_rebuilt);
    EXPECT_GE(recorded.times.size(), 2u);
}

// With --flush-every 2, a recorder killed outright loses at most the last
// 2 s; list and query --input read what it wrote.
TEST_F(CliRecordOptions, KillNineLosesAtMostTheFlushInterval)
{
    const fs::path file = dir / "killed.psrec";
    const pid_t pid = spawn({"record", "-o", file.string(), "-si", "0.25", "--flush-every", "2", "Memory"});
    std::this_thread::sleep_for(std::chrono::milliseconds(5900));
    const std::int64_t killed = filetime_now();
    kill(pid, SIGKILL);
    ASSERT_EQ(finish(pid).exit_code, 128 + SIGKILL);
    const Recorded recorded = read_recording(file);
    ASSERT_TRUE(recorded.opened);
    EXPECT_TRUE(recorded.index_rebuilt);
    ASSERT_FALSE(recorded.times.empty());
    // The flush interval, plus half a second for a recorder the loaded machine schedules late (without
    // --flush-every nothing at all would be in the file after 5.9 s: the default is 10 s).
    EXPECT_LE(killed - recorded.times.back(), 2 * kSecond + kSecond / 2);
    const CliRun query = run({"query", "--input", file.string(), "\\Memory\\Available Bytes"});
    EXPECT_EQ(query.exit_code, 0) << query.err;
    EXPECT_EQ(std::count(query.out.begin(), query.out.end(), '\n'), static_cast<std::ptrdiff_t>(recorded.times.size()));
}

// A full file system (a small tmpfs) ends the recording with the operating
// system's reason, and the file reads as a recording up to its last
// complete chunk. Mounting needs root; elsewhere the test is skipped.
TEST_F(CliRecordOptions, FullFileSystemEndsWithAClearErrorAndAValidFile)
{
    const fs::path mount_point = dir / "small";
    fs::create_directories(mount_point);
    if (mount("tmpfs", mount_point.c_str(), "tmpfs", 0, "size=128k") != 0)
        GTEST_SKIP() << "cannot mount a small tmpfs (needs root): " << std::strerror(errno);
    struct Unmount {
        fs::path at;
        ~Unmount() { umount(at.c_str()); }
    } unmount{mount_point};
    const fs::path file = mount_point / "full.psrec";
    const CliRun r = run(
        {"record", "-o", file.string(), "-si", "0.1", "--flush-every", "1", "--duration", "60", "--stats", "Process"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("the file holds the chunks written before"), std::string::npos) << r.err;
    const Recorded recorded = read_recording(file);
    ASSERT_TRUE(recorded.opened);
    EXPECT_TRUE(recorded.index_rebuilt);
    EXPECT_FALSE(recorded.times.empty());
    const Stats stats = parse_stats(r.err);
    ASSERT_TRUE(stats.found) << r.err;
    EXPECT_LT(recorded.times.size(), stats.samples + 1);
    const CliRun list = run({"list", "--input", file.string()});
    EXPECT_EQ(list.exit_code, 0) << list.err;
    EXPECT_NE(list.out.find("Process"), std::string::npos) << list.out;
}

TEST_F(CliRecordOptions, BadOptionsAreRefused)
{
    const std::string out = (dir / "x.psrec").string();
    for (const char* size : {"0", "12Q", "-1", "", "K", "1.5X", "99999999999999999999", "2000T", "10 M"}) {
        const CliRun r = run({"record", "-o", out, "--max-size", size, "Memory"});
        EXPECT_EQ(r.exit_code, 2) << size << ": " << r.err;
        EXPECT_NE(r.err.find("--max-size needs a size"), std::string::npos) << size << ": " << r.err;
    }
    const CliRun circular = run({"record", "-o", out, "--circular", "Memory"});
    EXPECT_EQ(circular.exit_code, 2);
    EXPECT_NE(circular.err.find("--circular needs --max-size"), std::string::npos) << circular.err;
    EXPECT_EQ(
        run({"record", "-o", out, "--max-size", "1M", "--circular", "--new-file-every", "60", "Memory"}).exit_code, 2);
    EXPECT_EQ(run({"record", "-o", out, "--new-file-every", "0.5", "Memory"}).exit_code, 2);
    const CliRun tiny = run({"record", "-o", out, "-sc", "2", "--max-size", "1K", "Memory"});
    EXPECT_EQ(tiny.exit_code, 2) << tiny.err;
    EXPECT_NE(tiny.err.find("too small"), std::string::npos) << tiny.err;
    EXPECT_FALSE(fs::exists(out)) << "refused before the file is created";
}

}  // namespace
