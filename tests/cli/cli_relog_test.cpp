// SPDX-License-Identifier: Apache-2.0
// perfscope-cli relog, the real binary on recordings of the real /proc: its
// rows are checked against `query --input` over the same recording and, by
// formula, against the raw values of the recorded blocks (read here with the
// recording reader and the block views, not through the decoder the CLI
// uses); its recordings block by block against the input's blocks.
#include "files/pdh_csv_reader.h"
#include "files/pdh_csv_time.h"
#include "format/block_view.h"
#include "format/counter_type.h"
#include "naming/instance_names.h"
#include "recording/recording_reader.h"
#include "recording/recording_writer.h"

#include "child_process.h"
#include "cli_process_test.h"
#include "recorded_cpu_memory.h"
#include "replay_seek_synth.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

namespace fs = std::filesystem;

using perfscope::tests::CliRun;
using perfscope::tests::slurp;
using perfscope::tests::kCpuPath;
using perfscope::tests::kMemoryPath;
using Raw = perfscope::tests::RecordedCpuMemory;
using perfscope::tests::cpu_percent;

constexpr std::size_t kSamples = 12;


// A recorded time as -b/-e take it: local, to the millisecond (rounded down).
std::string local(std::int64_t filetime)
{
    const std::int64_t unix_ms = filetime / 10'000 - 11'644'473'600'000LL;
    return perfscope::files::format_pdh_time(perfscope::files::utc_to_local_wall_ms(
        std::chrono::system_clock::time_point(std::chrono::milliseconds(unix_ms))));
}

// Two recordings of Processor and Memory made one after the other, shared by
// every test (recording takes real time).
class CliRelog : public perfscope::tests::CliProcessTest {
protected:
    static inline fs::path shared;
    static inline fs::path first;   // kSamples samples
    static inline fs::path second;  // 5 samples, started after `first` ended
    static inline std::vector<Raw> first_raw;
    static inline std::vector<Raw> second_raw;

    static CliRun run_static(const std::vector<std::string>& args)
    {
        const fs::path out = shared / "setup-out";
        const pid_t pid = fork();
        if (pid == 0) {
            const int fd = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            dup2(fd, 1);
            dup2(fd, 2);
            std::vector<char*> argv{const_cast<char*>(PERFSCOPE_CLI)};
            for (const auto& a : args)
                argv.push_back(const_cast<char*>(a.c_str()));
            argv.push_back(nullptr);
            execv(PERFSCOPE_CLI, argv.data());
            _exit(127);
        }
        int status = 0;
        waitpid(pid, &status, 0);
        return {WIFEXITED(status) ? WEXITSTATUS(status) : 128, slurp(out), ""};
    }

    static void SetUpTestSuite()
    {
        shared = fs::temp_directory_path() / ("perfscope-cli-relog-" + std::to_string(getpid()));
        fs::remove_all(shared);
        fs::create_directories(shared);
        first = shared / "first.psrec";
        second = shared / "second.psrec";
        const CliRun a = run_static(
            {"record", "-o", first.string(), "-si", "0.1", "-sc", std::to_string(kSamples), kCpuPath, kMemoryPath});
        ASSERT_EQ(a.exit_code, 0) << a.out;
        const CliRun b = run_static({"record", "-o", second.string(), "-si", "0.1", "-sc", "5", kCpuPath, kMemoryPath});
        ASSERT_EQ(b.exit_code, 0) << b.out;
        first_raw = perfscope::tests::recorded_cpu_memory(first);
        second_raw = perfscope::tests::recorded_cpu_memory(second);
    }
    static void TearDownTestSuite() { fs::remove_all(shared); }

    void SetUp() override
    {
        CliProcessTest::SetUp();
        ASSERT_EQ(first_raw.size(), kSamples);
        ASSERT_EQ(second_raw.size(), 5u);
    }

    std::string file(const char* name) const { return (dir / name).string(); }
    // Whether the directory holds anything but the runs' out and err files.
    std::vector<std::string> leftovers() const
    {
        std::vector<std::string> names;
        for (const auto& entry : fs::directory_iterator(dir))
            if (entry.path().filename() != "out" && entry.path().filename() != "err")
                names.push_back(entry.path().filename().string());
        return names;
    }
};

// With -t 1 relog to CSV is query --input writing a file: the same bytes.
TEST_F(CliRelog, CsvIsWhatQueryInputPrints)
{
    const CliRun query = run({"query", "--input", first.string(), kCpuPath, kMemoryPath});
    ASSERT_EQ(query.exit_code, 0) << query.err;
    const CliRun relog = run({"relog", first.string(), "-o", file("all.csv"), "-c", kCpuPath, kMemoryPath});
    ASSERT_EQ(relog.exit_code, 0) << relog.err;
    EXPECT_EQ(relog.out, "");
    EXPECT_EQ(slurp(file("all.csv")), query.out);
}

// -b/-e: the same cut as query --input's; from sample 2 to sample 8, rows for 3..8.
TEST_F(CliRelog, BeginAndEndCutAsQueryInputDoes)
{
    const std::string begin = local(first_raw[2].time_100ns);
    const std::string end = local(first_raw[8].time_100ns + 10'000);
    const CliRun query = run({"query", "--input", first.string(), "-b", begin, "-e", end, kCpuPath, kMemoryPath});
    ASSERT_EQ(query.exit_code, 0) << query.err;
    const CliRun relog =
        run({"relog", first.string(), "-o", file("cut.csv"), "-b", begin, "-e", end, "-c", kCpuPath, kMemoryPath});
    ASSERT_EQ(relog.exit_code, 0) << relog.err;
    EXPECT_EQ(slurp(file("cut.csv")), query.out);
    auto log = perfscope::files::read_pdh_csv(file("cut.csv"));
    ASSERT_TRUE(log) << log.error().describe();
    ASSERT_EQ(log->rows.size(), 6u);
    for (std::size_t r = 0; r < 6; ++r) {
        ASSERT_TRUE(log->rows[r].values[0] && log->rows[r].values[1]);
        EXPECT_NEAR(*log->rows[r].values[0], cpu_percent(first_raw[r + 2], first_raw[r + 3]), 1e-4) << r;
        EXPECT_NEAR(*log->rows[r].values[1], static_cast<double>(first_raw[r + 3].available), 0.5) << r;
    }
}

// -t N: every Nth sample from the first; each rate spans the N intervals
// between two kept samples, not one short interval sampled.
TEST_F(CliRelog, EveryNthSampleRatesSpanTheLongerInterval)
{
    for (std::size_t n : {2u, 3u, 5u}) {
        const std::string out = file(("t" + std::to_string(n) + ".csv").c_str());
        const CliRun relog =
            run({"relog", first.string(), "-o", out, "-t", std::to_string(n), "-c", kCpuPath, kMemoryPath});
        ASSERT_EQ(relog.exit_code, 0) << relog.err;
        auto log = perfscope::files::read_pdh_csv(out);
        ASSERT_TRUE(log) << log.error().describe();
        const std::size_t kept = (kSamples + n - 1) / n;  // samples 0, n, 2n, ...
        ASSERT_EQ(log->rows.size(), kept - 1) << "-t " << n;
        for (std::size_t r = 0; r + 1 < kept; ++r) {
            const Raw& before = first_raw[r * n];
            const Raw& after = first_raw[(r + 1) * n];
            ASSERT_TRUE(log->rows[r].values[0] && log->rows[r].values[1]);
            EXPECT_NEAR(*log->rows[r].values[0], cpu_percent(before, after), 1e-4) << "-t " << n << " row " << r;
            EXPECT_NEAR(*log->rows[r].values[1], static_cast<double>(after.available), 0.5);
            EXPECT_EQ(log->rows[r].time_ms, after.time_100ns / 10'000 - 11'644'473'600'000LL);
        }
    }
}

// -f bin -t 2: every second raw block, byte for byte, with its times; to CSV
// it gives what -t 2 gives from the original.
TEST_F(CliRelog, BinKeepsEveryNthRawBlock)
{
    const CliRun relog = run({"relog", first.string(), "-o", file("half.psrec"), "-f", "bin", "-t", "2"});
    ASSERT_EQ(relog.exit_code, 0) << relog.err;
    const auto original = perfscope::tests::recorded_blocks(first);
    const auto thinned = perfscope::tests::recorded_blocks(file("half.psrec"));
    ASSERT_EQ(thinned.size(), (original.size() + 1) / 2);
    for (std::size_t i = 0; i < thinned.size(); ++i) {
        EXPECT_EQ(thinned[i].bytes, original[2 * i].bytes) << i;
        EXPECT_EQ(thinned[i].times.time_100ns, original[2 * i].times.time_100ns);
        EXPECT_EQ(thinned[i].query, original[2 * i].query);
    }
    auto reader = wpo::recording::RecordingReader::open(file("half.psrec"));
    ASSERT_TRUE(reader);
    EXPECT_FALSE(reader->index_rebuilt());
    ASSERT_EQ(run({"relog", file("half.psrec"), "-o", file("a.csv"), "-c", kCpuPath}).exit_code, 0);
    ASSERT_EQ(run({"relog", first.string(), "-o", file("b.csv"), "-t", "2", "-c", kCpuPath}).exit_code, 0);
    EXPECT_EQ(slurp(file("a.csv")), slurp(file("b.csv")));
}

// -f bin -c: only the objects the paths need, each object's bytes as recorded.
TEST_F(CliRelog, BinWithCountersKeepsOnlyTheirObjects)
{
    const CliRun relog = run({"relog", first.string(), "-o", file("memory.psrec"), "-f", "bin", "-c", kMemoryPath});
    ASSERT_EQ(relog.exit_code, 0) << relog.err;
    auto reader = wpo::recording::RecordingReader::open(first.string());
    ASSERT_TRUE(reader);
    const std::uint32_t memory = *reader->info().names.find_object("Memory");
    const auto original = perfscope::tests::recorded_blocks(first);
    const auto kept = perfscope::tests::recorded_blocks(file("memory.psrec"));
    ASSERT_EQ(kept.size(), original.size());
    for (std::size_t i = 0; i < kept.size(); ++i) {
        auto before = wpo::BlockView::parse(original[i].bytes);
        auto after = wpo::BlockView::parse(kept[i].bytes);
        ASSERT_TRUE(before && after);
        ASSERT_EQ(after->object_count(), 1u);
        const auto object = after->find_object(memory);
        ASSERT_TRUE(object);
        const auto bytes = object->bytes();
        const auto was = before->find_object(memory)->bytes();
        EXPECT_TRUE(std::equal(bytes.begin(), bytes.end(), was.begin(), was.end())) << i;
        EXPECT_EQ(after->system_name(), before->system_name());
        EXPECT_EQ(after->header().perf_time, before->header().perf_time);
        EXPECT_LT(kept[i].bytes.size(), original[i].bytes.size());
    }
    // Its Memory counters replay as the original's do.
    const CliRun a = run({"query", "--input", file("memory.psrec"), kMemoryPath});
    const CliRun b = run({"query", "--input", first.string(), kMemoryPath});
    ASSERT_EQ(a.exit_code, 0) << a.err;
    EXPECT_EQ(a.out, b.out);
}

// Without -c: every counter of every instance; the log reader reads it back.
TEST_F(CliRelog, CsvOfEveryCounterReadsBack)
{
    for (const char* format : {"csv", "tsv"}) {
        const std::string out = file((std::string("every.") + format).c_str());
        const CliRun relog = run({"relog", first.string(), "-o", out, "-f", format});
        ASSERT_EQ(relog.exit_code, 0) << relog.err;
        auto log = perfscope::files::read_pdh_csv(out);
        ASSERT_TRUE(log) << log.error().describe();
        EXPECT_EQ(log->separator, std::string(format) == "csv" ? ',' : '\t');
        ASSERT_EQ(log->rows.size(), kSamples - 1);
        const auto column = [&](const std::string& tail) {
            return std::find_if(log->columns.begin(), log->columns.end(),
                                [&](const std::string& c) { return c.ends_with(tail); }) -
                   log->columns.begin();
        };
        const auto memory = static_cast<std::size_t>(column("\\Memory\\Available Bytes"));
        const auto cpu = static_cast<std::size_t>(column("\\Processor(_Total)\\% Processor Time"));
        ASSERT_LT(memory, log->columns.size());
        ASSERT_LT(cpu, log->columns.size());
        EXPECT_GT(log->columns.size(), 10u);
        for (std::size_t r = 0; r + 1 < kSamples; ++r) {
            EXPECT_EQ(log->rows[r].time_ms, first_raw[r + 1].time_100ns / 10'000 - 11'644'473'600'000LL);
            ASSERT_TRUE(log->rows[r].values[memory] && log->rows[r].values[cpu]);
            EXPECT_NEAR(*log->rows[r].values[memory], static_cast<double>(first_raw[r + 1].available), 0.5);
            EXPECT_NEAR(*log->rows[r].values[cpu], cpu_percent(first_raw[r], first_raw[r + 1]), 1e-4);
        }
    }
}

// A log as input: cut, thinned, one column kept, written as TSV.
TEST_F(CliRelog, LogInputIsCutThinnedAndFiltered)
{
    ASSERT_EQ(run({"relog", first.string(), "-o", file("log.csv"), "-c", kCpuPath, kMemoryPath}).exit_code, 0);
    // log.csv has rows for samples 1..11; from sample 3 on, every second: 3, 5, 7, 9, 11.
    const CliRun relog = run({"relog", file("log.csv"), "-o", file("cut.tsv"), "-f", "tsv", "-b",
                              local(first_raw[3].time_100ns), "-t", "2", "-c", "\\MEMORY\\Available*"});
    ASSERT_EQ(relog.exit_code, 0) << relog.err;
    auto log = perfscope::files::read_pdh_csv(file("cut.tsv"));
    ASSERT_TRUE(log) << log.error().describe();
    EXPECT_EQ(log->separator, '\t');
    ASSERT_EQ(log->columns.size(), 1u);
    EXPECT_TRUE(log->columns[0].ends_with("\\Memory\\Available Bytes")) << log->columns[0];
    ASSERT_EQ(log->rows.size(), 5u);
    for (std::size_t r = 0; r < 5; ++r) {
        const Raw& raw = first_raw[3 + 2 * r];
        EXPECT_EQ(log->rows[r].time_ms, raw.time_100ns / 10'000 - 11'644'473'600'000LL);
        ASSERT_TRUE(log->rows[r].values[0]);
        EXPECT_NEAR(*log->rows[r].values[0], static_cast<double>(raw.available), 0.5);
    }
    EXPECT_EQ(run({"relog", file("log.csv"), "-o", file("x.psrec"), "-f", "bin"}).exit_code, 2);
    EXPECT_FALSE(fs::exists(file("x.psrec")));
}

// Two recordings made back to back, given in either order: one recording of
// both, block for block, and rows whose rates run across the join.
TEST_F(CliRelog, MergesRecordingsMadeBackToBack)
{
    const CliRun merged = run({"relog", second.string(), first.string(), "-o", file("both.psrec"), "-f", "bin"});
    ASSERT_EQ(merged.exit_code, 0) << merged.err;
    std::vector<wpo::recording::RecordedBlock> expected = perfscope::tests::recorded_blocks(first);
    const auto more = perfscope::tests::recorded_blocks(second);
    expected.insert(expected.end(), more.begin(), more.end());
    const auto both = perfscope::tests::recorded_blocks(file("both.psrec"));
    ASSERT_EQ(both.size(), expected.size());
    for (std::size_t i = 0; i < both.size(); ++i)
        EXPECT_EQ(both[i].bytes, expected[i].bytes) << i;

    const CliRun csv =
        run({"relog", first.string(), second.string(), "-o", file("both.csv"), "-c", kCpuPath, kMemoryPath});
    ASSERT_EQ(csv.exit_code, 0) << csv.err;
    auto log = perfscope::files::read_pdh_csv(file("both.csv"));
    ASSERT_TRUE(log) << log.error().describe();
    std::vector<Raw> raw = first_raw;
    raw.insert(raw.end(), second_raw.begin(), second_raw.end());
    ASSERT_EQ(log->rows.size(), raw.size() - 1);
    for (std::size_t r = 0; r + 1 < raw.size(); ++r) {
        ASSERT_TRUE(log->rows[r].values[0] && log->rows[r].values[1]);
        EXPECT_NEAR(*log->rows[r].values[0], cpu_percent(raw[r], raw[r + 1]), 1e-4) << r;
        EXPECT_NEAR(*log->rows[r].values[1], static_cast<double>(raw[r + 1].available), 0.5) << r;
    }
}

TEST_F(CliRelog, RefusesRecordingsThatCannotBeMerged)
{
    const CliRun twice = run({"relog", first.string(), first.string(), "-o", file("x.csv")});
    EXPECT_EQ(twice.exit_code, 2);
    EXPECT_NE(twice.err.find("overlaps"), std::string::npos) << twice.err;
    EXPECT_NE(twice.err.find(first.string()), std::string::npos) << twice.err;

    // The second recording's blocks under another machine's name.
    auto reader = wpo::recording::RecordingReader::open(second.string());
    ASSERT_TRUE(reader);
    wpo::recording::RecordingInfo info = reader->info();
    info.machine = "elsewhere";
    {
        auto writer = wpo::recording::RecordingWriter::create(file("other.psrec"), info);
        ASSERT_TRUE(writer);
        for (const auto& block : perfscope::tests::recorded_blocks(second))
            ASSERT_TRUE(writer->append(block.query, block.bytes, block.times));
        ASSERT_TRUE(writer->close());
    }
    const CliRun other = run({"relog", first.string(), file("other.psrec"), "-o", file("x.csv")});
    EXPECT_EQ(other.exit_code, 2);
    EXPECT_NE(other.err.find("other.psrec\" is of machine \"elsewhere\""), std::string::npos) << other.err;
    EXPECT_FALSE(fs::exists(file("x.csv")));
}

// Bad inputs: a clear error naming the file, exit code 2 (the user's
// mistake) or 1 (a damaged file), and no output or partial file left.
struct BadInput {
    const char* name;
    // Prepares dir and returns the arguments after "relog".
    std::function<std::vector<std::string>(const fs::path& dir, const fs::path& recording)> args;
    int exit_code;
    const char* message;
};

class CliRelogBadInput : public CliRelog, public ::testing::WithParamInterface<BadInput> {};

void write_file(const fs::path& path, const std::string& bytes)
{
    std::ofstream(path, std::ios::binary) << bytes;
}

std::string damaged_chunk(const fs::path& recording)
{
    std::string bytes = slurp(recording);
    auto reader = wpo::recording::RecordingReader::open(recording.string());
    const std::uint64_t chunk = reader->chunks().front().offset;
    bytes[chunk + 40] = static_cast<char>(bytes[chunk + 40] ^ 0x5a);  // inside the payload: the CRC fails
    return bytes;
}

const BadInput kBadInputs[] = {
    {"missing",
     [](const fs::path& d, const fs::path&) {
         return std::vector<std::string>{(d / "nothing.psrec").string(), "-o", (d / "out.csv").string()};
     },
     2, "nothing.psrec\" does not exist"},
    {"header_damaged",
     [](const fs::path& d, const fs::path&) {
         write_file(d / "bad.psrec", std::string("PSCOPREC") + std::string(100, '\x7f'));
         return std::vector<std::string>{(d / "bad.psrec").string(), "-o", (d / "out.csv").string()};
     },
     1, "bad.psrec"},
    {"chunk_damaged",
     [](const fs::path& d, const fs::path& r) {
         write_file(d / "crc.psrec", damaged_chunk(r));
         return std::vector<std::string>{(d / "crc.psrec").string(), "-o", (d / "out.psrec").string(), "-f", "bin"};
     },
     1, "crc.psrec\": chunk at offset"},
    {"not_a_log",
     [](const fs::path& d, const fs::path&) {
         write_file(d / "notes.txt", "hello\nworld\n");
         return std::vector<std::string>{(d / "notes.txt").string(), "-o", (d / "out.csv").string()};
     },
     2, "notes.txt"},
    {"wrong_format",
     [](const fs::path& d, const fs::path& r) {
         return std::vector<std::string>{r.string(), "-o", (d / "out.blg").string(), "-f", "blg"};
     },
     2, "-f supports csv, tsv and bin, got \"blg\""},
    {"recording_and_log",
     [](const fs::path& d, const fs::path& r) {
         write_file(d / "log.csv", "\"(PDH-CSV 4.0) (UTC)(0)\",\"\\\\h\\Memory\\Available Bytes\"\n");
         return std::vector<std::string>{r.string(), (d / "log.csv").string(), "-o", (d / "out.csv").string()};
     },
     2, "recordings or logs, not both"},
    {"unknown_counter_object",
     [](const fs::path& d, const fs::path& r) {
         return std::vector<std::string>{r.string(), "-o", (d / "out.csv").string(), "-c", "\\NoSuchObject\\X"};
     },
     2, "NoSuchObject"},
    {"object_not_recorded_csv",
     [](const fs::path& d, const fs::path& r) {
         return std::vector<std::string>{r.string(), "-o", (d / "out.csv").string(), "-c", "\\Process(*)\\ID Process"};
     },
     2, "object \"Process\""},
    {"object_not_recorded_bin",
     [](const fs::path& d, const fs::path& r) {
         return std::vector<std::string>{r.string(), "-o", (d / "out.psrec").string(), "-f",
                                         "bin",      "-c", "\\Process(*)\\ID Process"};
     },
     2, "first.psrec\" does not record object \"Process\""},
    {"bad_counter_file",
     [](const fs::path& d, const fs::path& r) {
         write_file(d / "counters.txt", "# mine\n\\Memory\\Available Bytes\nMemory\n");
         return std::vector<std::string>{r.string(), "-o", (d / "out.csv").string(), "-cf",
                                         (d / "counters.txt").string()};
     },
     2, "counters.txt\": line 3"},
    {"no_sample_in_range",
     [](const fs::path& d, const fs::path& r) {
         return std::vector<std::string>{
             r.string(), "-o", (d / "out.csv").string(), "-b", "01/01/2001 00:00:00", "-e", "01/02/2001 00:00:00"};
     },
     2, "no sample between -b and -e"},
};

TEST_P(CliRelogBadInput, FailsClearlyAndWritesNothing)
{
    const BadInput& bad = GetParam();
    std::vector<std::string> args{"relog"};
    const auto rest = bad.args(dir, first);
    args.insert(args.end(), rest.begin(), rest.end());
    const std::vector<std::string> before = leftovers();
    const CliRun r = run(args);
    EXPECT_EQ(r.exit_code, bad.exit_code) << r.err;
    EXPECT_NE(r.err.find(bad.message), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(leftovers(), before);  // no output, no partial file
}

INSTANTIATE_TEST_SUITE_P(Rows, CliRelogBadInput, ::testing::ValuesIn(kBadInputs),
                         [](const ::testing::TestParamInfo<BadInput>& row) { return std::string(row.param.name); });

TEST_F(CliRelog, KeepsAnExistingOutputWithoutY)
{
    write_file(dir / "kept.csv", "mine");
    const CliRun r = run({"relog", first.string(), "-o", file("kept.csv")});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("add -y"), std::string::npos) << r.err;
    EXPECT_EQ(slurp(dir / "kept.csv"), "mine");
    ASSERT_EQ(run({"relog", first.string(), "-o", file("kept.csv"), "-y", "-c", kMemoryPath}).exit_code, 0);
    EXPECT_NE(slurp(dir / "kept.csv").find("Available Bytes"), std::string::npos);
}

// -cf: the paths of a counter file, as -c would give them.
TEST_F(CliRelog, CounterFileNamesTheColumns)
{
    write_file(dir / "counters.txt",
               std::string("\xEF\xBB\xBF# the two\r\n") + kCpuPath + "\r\n\r\n" + kMemoryPath + "\n");
    ASSERT_EQ(run({"relog", first.string(), "-o", file("a.csv"), "-cf", file("counters.txt")}).exit_code, 0);
    ASSERT_EQ(run({"relog", first.string(), "-o", file("b.csv"), "-c", kCpuPath, kMemoryPath}).exit_code, 0);
    EXPECT_EQ(slurp(file("a.csv")), slurp(file("b.csv")));
}

// Ctrl-C during a long relog: an error, and neither the output nor its partial file.
TEST_F(CliRelog, InterruptedRelogLeavesNothing)
{
    // Half an hour of samples with Process: every counter of every process, some 6 million values, several
    // seconds of work.
    const wpo::Status made = perfscope::bench::ensure_synthetic_recording(file("long.psrec"), 1800, 5, true);
    ASSERT_TRUE(made) << made.error().describe();
    const std::vector<std::string> before = leftovers();
    const pid_t pid = spawn({"relog", file("long.psrec"), "-o", file("long.csv")});
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    kill(pid, SIGINT);
    const CliRun r = finish(pid);
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("interrupted"), std::string::npos) << r.err;
    EXPECT_EQ(leftovers(), before);
}

// The instances of `object` in one block whose ID Process is `pid`, and how many instances it has.
struct ProcessInstances {
    std::size_t count = 0;
    std::vector<std::pair<std::string, std::vector<std::byte>>> with_pid;  // name, definition + counter block
};

ProcessInstances process_instances(const wpo::ObjectView& object, std::uint32_t id_process, std::uint64_t pid)
{
    ProcessInstances out;
    std::optional<wpo::CounterDefinition> id;
    for (const wpo::CounterDefinition& d : object.counters())
        if (d.name_index == id_process)
            id = d;
    EXPECT_TRUE(id);
    for (const wpo::InstanceView& instance : object.instances()) {
        ++out.count;
        if (!id || instance.counters().value(*id) != pid)
            continue;
        std::vector<std::byte> bytes(instance.definition_bytes().begin(), instance.definition_bytes().end());
        bytes.insert(bytes.end(), instance.counters().bytes().begin(), instance.counters().bytes().end());
        out.with_pid.emplace_back(instance.name(), std::move(bytes));
    }
    return out;
}

// A `sleep 60` child, killed at the end of the test.
class Sleeper : public wpo::test::ChildProcess {
public:
    Sleeper()
    {
        const pid_t pid = fork();
        if (pid == 0) {
            execlp("sleep", "sleep", "60", static_cast<char*>(nullptr));
            _exit(127);
        }
        adopt(pid);
    }
};

// -f bin -c naming one process: the output's blocks hold the Process object with that one instance, as recorded.
TEST_F(CliRelog, BinWithAnInstanceKeepsOnlyThatInstance)
{
    Sleeper sleeper;
    const pid_t child = sleeper.pid();
    ASSERT_GT(child, 0);
    const fs::path recording = dir / "process.psrec";
    const CliRun record = run({"record", "-o", recording.string(), "-si", "0.2", "-sc", "4", "Process"});
    ASSERT_EQ(record.exit_code, 0) << record.err;
    const std::string path = "\\Process(sleep:" + std::to_string(child) + ")\\% Processor Time";
    const CliRun relog = run({"relog", recording.string(), "-o", file("sleep.psrec"), "-f", "bin", "-c", path});
    ASSERT_EQ(relog.exit_code, 0) << relog.err;

    auto reader = wpo::recording::RecordingReader::open(recording.string());
    ASSERT_TRUE(reader);
    const std::uint32_t process = *reader->info().names.find_object("Process");
    const std::uint32_t id_process = wpo::well_known::kIdProcess;
    const auto original = perfscope::tests::recorded_blocks(recording);
    const auto kept = perfscope::tests::recorded_blocks(file("sleep.psrec"));
    ASSERT_EQ(original.size(), 4u);
    ASSERT_EQ(kept.size(), original.size());
    for (std::size_t i = 0; i < kept.size(); ++i) {
        auto before = wpo::BlockView::parse(original[i].bytes);
        auto after = wpo::BlockView::parse(kept[i].bytes);
        ASSERT_TRUE(before && after);
        EXPECT_TRUE(after->left_out().empty());
        ASSERT_EQ(after->object_count(), 1u);
        const auto object = after->find_object(process);
        ASSERT_TRUE(object);
        EXPECT_TRUE(wpo::same_definitions(*object, *before->find_object(process)));
        const ProcessInstances was = process_instances(*before->find_object(process), id_process, child);
        const ProcessInstances is = process_instances(*object, id_process, child);
        ASSERT_EQ(was.with_pid.size(), 1u) << i;
        EXPECT_GT(was.count, 1u);
        EXPECT_EQ(is.count, 1u) << i;
        EXPECT_EQ(is.with_pid, was.with_pid) << i;
        EXPECT_EQ(is.with_pid[0].first, "sleep");
        EXPECT_EQ(after->system_name(), before->system_name());
        EXPECT_EQ(after->header().perf_time_100ns, before->header().perf_time_100ns);
    }
    // The path replays from the output as from the input.
    const CliRun a = run({"query", "--input", file("sleep.psrec"), path});
    const CliRun b = run({"query", "--input", recording.string(), path});
    ASSERT_EQ(a.exit_code, 0) << a.err;
    ASSERT_EQ(b.exit_code, 0) << b.err;
    EXPECT_EQ(a.out, b.out);
    EXPECT_EQ(std::count(a.out.begin(), a.out.end(), '\n'), 4) << a.out;  // the header and three rates
}

}  // namespace
