// SPDX-License-Identifier: Apache-2.0
// perfscope-cli top, the real binary on the real /proc: a busy child this
// test starts burns CPU inside a chosen range of a recording and is ranked
// first over that range, with the CPU time its recorded raw values give; over
// a range before it started it is not there at all. Live top ranks a busy
// child first too.
#include "files/pdh_csv_time.h"
#include "format/block_view.h"
#include "recording/recording_reader.h"

#include "child_process.h"
#include "cli_process_test.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::system_clock;
using CliTop = perfscope::tests::CliProcessTest;

constexpr std::int64_t kUnixEpochMs = 11'644'473'600'000LL;

// A child of this test that spins on kSpinners threads until killed, so that
// it is the busiest process even while the machine runs other work. Linux
// with autogroup scheduling shares the cores between sessions first, then
// between threads: the child starts a session of its own and, where it may
// (root), lowers that session's nice value; elsewhere it has one session's
// share, which on a machine not loaded by other sessions is all it needs.
class BusyChild : public wpo::test::ChildProcess {
public:
    static constexpr int kSpinners = 4;

    BusyChild()
    {
        const pid_t pid = fork();
        if (pid == 0) {
            setsid();
            if (std::FILE* group = std::fopen("/proc/self/autogroup", "w")) {
                std::fputs("-5", group);
                std::fclose(group);  // refused without the privilege: the default share
            }
            std::vector<std::thread> spinners;
            for (int i = 1; i < kSpinners; ++i)
                spinners.emplace_back(spin);
            spin();
        }
        adopt(pid);
    }

private:
    [[noreturn]] static void spin()
    {
        volatile std::uint64_t n = 0;
        for (;;)
            n = n + 1;
    }
};

std::string local(Clock::time_point when)
{
    return perfscope::files::format_pdh_time(perfscope::files::utc_to_local_wall_ms(when));
}

// The FILETIME of the millisecond -b/-e name for `when` (they are read back to the millisecond).
std::int64_t filetime_ms(Clock::time_point when)
{
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(when.time_since_epoch()).count();
    return (ms + kUnixEpochMs) * 10'000;
}

struct CsvRow {
    std::string name;
    std::uint32_t pid = 0;
    double cpu_seconds = 0;
    double share_percent = 0;
};

// top -f csv: "Rank","Process","PID","CPU Seconds",...,"Share Percent",... (names without commas here).
std::vector<CsvRow> parse_top_csv(const std::string& text)
{
    std::vector<CsvRow> rows;
    std::istringstream lines(text);
    std::string line;
    std::getline(lines, line);  // header
    while (std::getline(lines, line)) {
        std::vector<std::string> cells;
        std::istringstream fields(line);
        for (std::string cell; std::getline(fields, cell, ',');)
            cells.push_back(cell);
        if (cells.size() != 10)
            return {};
        CsvRow row;
        row.name = cells[1].substr(1, cells[1].size() - 2);
        row.pid = static_cast<std::uint32_t>(std::stoul(cells[2]));
        row.cpu_seconds = std::stod(cells[3]);
        row.share_percent = std::stod(cells[7]);
        rows.push_back(row);
    }
    return rows;
}

// % Processor Time's raw 100 ns ticks of process `pid` in each recorded block
// from `begin` to `end` (FILETIME), read here with the block views.
std::vector<std::optional<std::uint64_t>> recorded_cpu(const fs::path& file, std::uint32_t pid, std::int64_t begin,
                                                       std::int64_t end)
{
    std::vector<std::optional<std::uint64_t>> out;
    auto reader = wpo::recording::RecordingReader::open(file.string());
    EXPECT_TRUE(reader) << reader.error().describe();
    if (!reader)
        return out;
    std::vector<wpo::recording::RecordedBlock> chunk;
    for (std::size_t c = 0; c < reader->chunks().size(); ++c) {
        EXPECT_TRUE(reader->read_chunk(c, chunk));
        for (const auto& recorded : chunk) {
            auto block = wpo::BlockView::parse(recorded.bytes);
            EXPECT_TRUE(block);
            if (!block || block->header().perf_time_100ns < begin || block->header().perf_time_100ns > end)
                continue;
            const auto process = block->find_object(230);
            EXPECT_TRUE(process);
            if (!process)
                continue;
            std::optional<wpo::CounterDefinition> cpu, id;
            for (const wpo::CounterDefinition& def : process->counters()) {
                if (def.name_index == 6 && !cpu)
                    cpu = def;
                if (def.name_index == 784 && !id)
                    id = def;
            }
            std::optional<std::uint64_t> value;
            for (const wpo::InstanceView& instance : process->instances())
                if (cpu && id && instance.counters().value(*id) == pid)
                    value = instance.counters().value(*cpu);
            out.push_back(value);
        }
    }
    return out;
}

TEST_F(CliTop, BusyChildIsFirstOverItsRangeAndAbsentBefore)
{
    const fs::path file = dir / "spike.psrec";
    const pid_t recorder = spawn({"record", "-o", file.string(), "-si", "0.2", "--duration", "4.5", "Process"});
    std::this_thread::sleep_for(std::chrono::milliseconds(1200));
    const Clock::time_point quiet_end = Clock::now();
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    BusyChild busy;
    const auto busy_pid = static_cast<std::uint32_t>(busy.pid());
    ASSERT_GT(busy.pid(), 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    const Clock::time_point busy_begin = Clock::now();
    std::this_thread::sleep_for(std::chrono::milliseconds(1800));
    const Clock::time_point busy_end = Clock::now();
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    busy.stop();
    const perfscope::tests::CliRun recorded = finish(recorder);
    ASSERT_EQ(recorded.exit_code, 0) << recorded.err;

    // Over the busy range: first, with the CPU time of its recorded raw
    // values (it ran through the whole range: last sample less first).
    const perfscope::tests::CliRun top =
        run({"top", "--input", file.string(), "-b", local(busy_begin), "-e", local(busy_end), "-f", "csv", "-n", "0"});
    ASSERT_EQ(top.exit_code, 0) << top.err;
    const std::vector<CsvRow> rows = parse_top_csv(top.out);
    ASSERT_FALSE(rows.empty()) << top.out;
    EXPECT_EQ(rows[0].pid, busy_pid) << top.out;
    const auto raw = recorded_cpu(file, busy_pid, filetime_ms(busy_begin), filetime_ms(busy_end));
    ASSERT_GE(raw.size(), 2u);
    ASSERT_TRUE(raw.front() && raw.back()) << "the child is in every sample of the range";
    EXPECT_NEAR(rows[0].cpu_seconds, static_cast<double>(*raw.back() - *raw.front()) / 1e7, 1e-6) << top.out;
    double shares = 0;
    for (const CsvRow& row : rows)
        shares += row.share_percent;
    EXPECT_NEAR(shares, 100.0, 0.01 * static_cast<double>(rows.size())) << top.out;

    // Before it started it is nowhere in the ranking.
    const perfscope::tests::CliRun before =
        run({"top", "--input", file.string(), "-e", local(quiet_end), "-f", "csv", "-n", "0"});
    ASSERT_EQ(before.exit_code, 0) << before.err;
    const std::vector<CsvRow> quiet = parse_top_csv(before.out);
    ASSERT_FALSE(quiet.empty()) << before.out;
    for (const CsvRow& row : quiet)
        EXPECT_NE(row.pid, busy_pid) << before.out;

    // The table names it too, with its share.
    const perfscope::tests::CliRun table =
        run({"top", "--input", file.string(), "-b", local(busy_begin), "-e", local(busy_end), "-n", "1"});
    ASSERT_EQ(table.exit_code, 0) << table.err;
    EXPECT_NE(table.out.find("Top 1 processes by CPU time"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find(std::to_string(busy_pid)), std::string::npos) << table.out;
    EXPECT_NE(table.out.find(" %"), std::string::npos) << table.out;
}

TEST_F(CliTop, RecordingWithoutProcessSaysSo)
{
    const fs::path file = dir / "memory.psrec";
    ASSERT_EQ(run({"record", "-o", file.string(), "-si", "0.1", "-sc", "3", "Memory"}).exit_code, 0);
    const perfscope::tests::CliRun top = run({"top", "--input", file.string()});
    EXPECT_EQ(top.exit_code, 2) << top.err;
    EXPECT_NE(top.err.find("Process"), std::string::npos) << top.err;
    EXPECT_TRUE(top.out.empty()) << top.out;
}

TEST_F(CliTop, LiveTopRanksABusyChildFirst)
{
    BusyChild busy;
    ASSERT_GT(busy.pid(), 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    const perfscope::tests::CliRun top = run({"top", "--last", "1", "-f", "csv", "-n", "3"});
    ASSERT_EQ(top.exit_code, 0) << top.err;
    const std::vector<CsvRow> rows = parse_top_csv(top.out);
    ASSERT_FALSE(rows.empty()) << top.out;
    EXPECT_EQ(rows[0].pid, static_cast<std::uint32_t>(busy.pid())) << top.out;
    EXPECT_GT(rows[0].cpu_seconds, 0.0) << top.out;
}

}  // namespace
