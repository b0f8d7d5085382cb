// SPDX-License-Identifier: Apache-2.0
// perfscope-cli record and query|list --input, the real binary on the real
// /proc: the rows replayed from a recording are checked by formula against
// the raw values in the recorded blocks, read here with the recording reader
// and the block views (not through the decoder the CLI uses).
#include "files/pdh_csv_reader.h"
#include "files/pdh_csv_time.h"
#include "format/block_view.h"
#include "format/counter_type.h"
#include "recording/recording_reader.h"

#include "cli_process_test.h"
#include "recorded_cpu_memory.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

namespace fs = std::filesystem;

using perfscope::tests::CliRun;
using perfscope::tests::slurp;
using CliRecord = perfscope::tests::CliProcessTest;
using perfscope::tests::kCpuPath;
using perfscope::tests::kMemoryPath;
using Raw = perfscope::tests::RecordedCpuMemory;
using perfscope::tests::cpu_percent;

TEST_F(CliRecord, QueryInputRowsMatchTheRecordedRawValues)
{
    const fs::path file = dir / "cpu-memory.psrec";
    const CliRun record =
        run({"record", "-o", file.string(), "-si", "0.2", "-sc", "5", "--stats", kCpuPath, kMemoryPath});
    ASSERT_EQ(record.exit_code, 0) << record.err;
    EXPECT_NE(record.err.find("record: samples 5,"), std::string::npos) << record.err;
    EXPECT_NE(record.err.find("bytes per stored value"), std::string::npos) << record.err;
    EXPECT_NE(record.err.find("recorder CPU"), std::string::npos) << record.err;

    const std::vector<Raw> raw = perfscope::tests::recorded_cpu_memory(file);
    ASSERT_EQ(raw.size(), 5u);
    ASSERT_EQ(raw[0].cpu_type, wpo::counter_type::PERF_100NSEC_TIMER_INV);

    const CliRun query = run({"query", "--input", file.string(), kCpuPath, kMemoryPath});
    ASSERT_EQ(query.exit_code, 0) << query.err;
    auto log = perfscope::files::parse_pdh_csv(query.out);
    ASSERT_TRUE(log) << log.error().describe() << "\n" << query.out;
    ASSERT_EQ(log->rows.size(), 4u) << query.out;
    for (std::size_t r = 0; r < 4; ++r) {
        const Raw& before = raw[r];
        const Raw& after = raw[r + 1];
        const double cpu = cpu_percent(before, after);
        ASSERT_EQ(log->rows[r].values.size(), 2u);
        ASSERT_TRUE(log->rows[r].values[0] && log->rows[r].values[1]) << query.out;
        EXPECT_NEAR(*log->rows[r].values[0], cpu, 1e-4) << "row " << r;
        EXPECT_NEAR(*log->rows[r].values[1], static_cast<double>(after.available), 0.5) << "row " << r;
    }
}

// -b and -e cut the replay to the samples between them (local times, as the
// logs write them): entities start on the first sample at or after -b, and
// rows end with the last sample at or before -e.
TEST_F(CliRecord, BeginAndEndCutTheReplay)
{
    const fs::path file = dir / "cut.psrec";
    ASSERT_EQ(run({"record", "-o", file.string(), "-si", "0.2", "-sc", "6", kCpuPath, kMemoryPath}).exit_code, 0);
    const std::vector<Raw> raw = perfscope::tests::recorded_cpu_memory(file);
    ASSERT_EQ(raw.size(), 6u);
    const auto local = [](std::int64_t filetime) {
        const std::int64_t unix_ms = filetime / 10'000 - 11'644'473'600'000LL;
        return perfscope::files::format_pdh_time(perfscope::files::utc_to_local_wall_ms(
            std::chrono::system_clock::time_point(std::chrono::milliseconds(unix_ms))));
    };
    // From sample 1 (its time rounded down to the millisecond: the next one
    // at or after it is sample 1) to sample 4: rows for samples 2, 3 and 4.
    const CliRun query = run({"query", "--input", file.string(), "-b", local(raw[1].time_100ns), "-e",
                              local(raw[4].time_100ns + 10'000), kMemoryPath});
    ASSERT_EQ(query.exit_code, 0) << query.err;
    auto log = perfscope::files::parse_pdh_csv(query.out);
    ASSERT_TRUE(log) << query.out;
    ASSERT_EQ(log->rows.size(), 3u) << query.out;
    for (std::size_t r = 0; r < 3; ++r) {
        ASSERT_TRUE(log->rows[r].values[0]);
        EXPECT_NEAR(*log->rows[r].values[0], static_cast<double>(raw[r + 2].available), 0.5);
    }
    const CliRun after_end =
        run({"query", "--input", file.string(), "-b", local(raw[5].time_100ns + 10'000'000), kMemoryPath});
    EXPECT_EQ(after_end.exit_code, 2) << after_end.err;
    EXPECT_NE(after_end.err.find("has no sample"), std::string::npos) << after_end.err;
}

// dump --input: the raw values of the recording's first two samples, the
// decoded value of a rate from both.
TEST_F(CliRecord, DumpInputShowsTheRecordedRawValues)
{
    const fs::path file = dir / "dump.psrec";
    ASSERT_EQ(run({"record", "-o", file.string(), "-si", "0.2", "-sc", "3", kCpuPath, kMemoryPath}).exit_code, 0);
    const std::vector<Raw> raw = perfscope::tests::recorded_cpu_memory(file);
    ASSERT_EQ(raw.size(), 3u);
    const CliRun dump = run({"dump", "--input", file.string(), "Memory"});
    ASSERT_EQ(dump.exit_code, 0) << dump.err;
    // The second sample's Available Bytes, raw, is in the dump.
    EXPECT_NE(dump.out.find(std::to_string(raw[1].available)), std::string::npos) << dump.out;
    const CliRun once = run({"dump", "--once", "--input", file.string(), "Memory"});
    ASSERT_EQ(once.exit_code, 0) << once.err;
    EXPECT_NE(once.out.find(std::to_string(raw[0].available)), std::string::npos) << once.out;
    EXPECT_EQ(run({"dump", "--input", file.string(), "-si", "2", "Memory"}).exit_code, 2);
}

TEST_F(CliRecord, ListInputShowsTheRecordedObjects)
{
    const fs::path file = dir / "objects.psrec";
    ASSERT_EQ(run({"record", "-o", file.string(), "-si", "0.1", "-sc", "2", "Processor", "Memory"}).exit_code, 0);
    const CliRun list = run({"list", "--input", file.string()});
    ASSERT_EQ(list.exit_code, 0) << list.err;
    EXPECT_NE(list.out.find("Processor"), std::string::npos);
    EXPECT_NE(list.out.find("Memory"), std::string::npos);
    EXPECT_EQ(list.out.find("Process "), std::string::npos) << list.out;  // not recorded
    EXPECT_EQ(list.out.find("costly"), std::string::npos) << list.out;
}

TEST_F(CliRecord, SigtermClosesTheFileWithItsIndex)
{
    const fs::path file = dir / "stopped.psrec";
    const pid_t pid = spawn({"record", "-o", file.string(), "-si", "0.1", "Memory"});
    std::this_thread::sleep_for(std::chrono::milliseconds(800));
    kill(pid, SIGTERM);
    const CliRun r = finish(pid);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto reader = wpo::recording::RecordingReader::open(file.string());
    ASSERT_TRUE(reader) << reader.error().describe();
    EXPECT_FALSE(reader->index_rebuilt());
    ASSERT_FALSE(reader->chunks().empty());
}

// A recorder killed outright loses at most the chunk it was filling: no more
// than the last 10 s. The file has no index; the reader walks it.
TEST_F(CliRecord, KillNineLosesAtMostTheLastTenSeconds)
{
    const fs::path file = dir / "killed.psrec";
    const pid_t pid = spawn({"record", "-o", file.string(), "-si", "0.5", "Memory"});
    std::this_thread::sleep_for(std::chrono::milliseconds(12500));
    const auto killed_at = std::chrono::system_clock::now();
    kill(pid, SIGKILL);
    const CliRun r = finish(pid);
    ASSERT_EQ(r.exit_code, 128 + SIGKILL);
    auto reader = wpo::recording::RecordingReader::open(file.string());
    ASSERT_TRUE(reader) << reader.error().describe();
    EXPECT_TRUE(reader->index_rebuilt());
    ASSERT_FALSE(reader->chunks().empty());
    // FILETIME of the kill: 100 ns units since 1601.
    const std::int64_t killed_100ns =
        std::chrono::duration_cast<std::chrono::nanoseconds>(killed_at.time_since_epoch()).count() / 100 +
        116'444'736'000'000'000LL;
    const std::int64_t last = reader->chunks().back().last_time;
    EXPECT_LE(killed_100ns - last, 10 * 10'000'000LL) << "the last kept sample is older than 10 s";
    std::vector<wpo::recording::RecordedBlock> chunk;
    for (std::size_t c = 0; c < reader->chunks().size(); ++c)
        EXPECT_TRUE(reader->read_chunk(c, chunk));
    const CliRun list = run({"list", "--input", file.string()});
    EXPECT_EQ(list.exit_code, 0) << list.err;
    EXPECT_NE(list.out.find("Memory"), std::string::npos) << list.out;
}

// A full disk (the /dev/full device refuses every write with ENOSPC) ends
// the recording with the operating system's reason and exit code 1.
TEST_F(CliRecord, FullDiskIsAClearError)
{
    if (!fs::exists("/dev/full"))
        GTEST_SKIP() << "no /dev/full";
    const CliRun r = run({"record", "-y", "-o", "/dev/full", "-sc", "3", "Memory"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
}

TEST_F(CliRecord, BadArgumentsAreRefused)
{
    EXPECT_EQ(run({"record", "Memory"}).exit_code, 2);                    // no -o
    EXPECT_EQ(run({"record", "-o", (dir / "x").string()}).exit_code, 2);  // nothing to record
    EXPECT_EQ(run({"record", "-o", (dir / "x").string(), "-sc", "2", "--duration", "3", "Memory"}).exit_code, 2);
    EXPECT_EQ(run({"record", "-o", (dir / "x").string(), "NoSuchObject"}).exit_code, 2);
    EXPECT_EQ(run({"query", "-b", "11/26/2026 03:00:00", kMemoryPath}).exit_code, 2);  // -b without --input
    const CliRun missing = run({"query", "--input", (dir / "absent.psrec").string(), kMemoryPath});
    EXPECT_EQ(missing.exit_code, 2) << missing.err;
    std::ofstream(dir / "junk.psrec") << "not a recording at all, but long enough to have a header";
    const CliRun junk = run({"list", "--input", (dir / "junk.psrec").string()});
    EXPECT_EQ(junk.exit_code, 1) << junk.err;
    EXPECT_NE(junk.err.find("not a Perfscope recording"), std::string::npos) << junk.err;
}

}  // namespace
