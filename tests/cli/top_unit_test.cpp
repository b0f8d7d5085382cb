// SPDX-License-Identifier: Apache-2.0
// perfscope-cli top without a process: its options, and its table and CSV
// over a ProcessRanking of test-source blocks whose raw values are known.
#include "cli/cli_options.h"
#include "cli/top_report.h"
#include "format/block_view.h"
#include "format/counter_type.h"
#include "test_source.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace perfscope::cli {
namespace {

using namespace wpo::counter_type;
using wpo::query::ProcessRanking;
using wpo::query::RankBy;

TEST(TopOptions, ParsesEveryFlag)
{
    auto o = parse_options({"top", "--input", "day.psrec", "-b", "11/26/2026 02:29:00", "-e", "11/26/2026 02:32:00",
                            "--by", "io", "-n", "3", "-f", "csv"});
    ASSERT_TRUE(o.ok()) << o.error().message();
    EXPECT_EQ(o->command, Command::top);
    EXPECT_EQ(o->input_file, "day.psrec");
    ASSERT_TRUE(o->begin_ms && o->end_ms);
    EXPECT_EQ(*o->end_ms - *o->begin_ms, 3 * 60 * 1000);
    EXPECT_EQ(o->top.by, RankBy::io);
    EXPECT_EQ(o->top.count, 3u);
    EXPECT_TRUE(o->top.csv);

    auto live = parse_options({"top", "--last", "2", "--by", "ws"});
    ASSERT_TRUE(live.ok()) << live.error().message();
    EXPECT_TRUE(live->input_file.empty());
    EXPECT_DOUBLE_EQ(live->top.last_s, 2.0);
    EXPECT_EQ(live->top.by, RankBy::working_set);
    EXPECT_FALSE(live->top.csv);

    auto plain = parse_options({"top"});
    ASSERT_TRUE(plain.ok());
    EXPECT_DOUBLE_EQ(plain->top.last_s, 5.0);
    EXPECT_EQ(plain->top.count, 10u);
    EXPECT_EQ(plain->top.by, RankBy::cpu);
}

struct BadTop {
    const char* name;
    std::vector<std::string> args;
    const char* message;
};

class TopOptionsRejects : public ::testing::TestWithParam<BadTop> {};

TEST_P(TopOptionsRejects, WithAMessageNamingTheArgument)
{
    auto o = parse_options(GetParam().args);
    ASSERT_FALSE(o.ok());
    EXPECT_EQ(o.error().code(), wpo::Errc::invalid_argument);
    EXPECT_NE(o.error().message().find(GetParam().message), std::string::npos) << o.error().message();
}

INSTANTIATE_TEST_SUITE_P(
    Cases, TopOptionsRejects,
    ::testing::Values(BadTop{"UnknownMeasure", {"top", "--by", "memory"}, "--by takes cpu, io, faults or ws"},
                      BadTop{"CountNotANumber", {"top", "-n", "ten"}, "-n needs a whole number"},
                      BadTop{"NegativeCount", {"top", "-n", "-1"}, "-n needs a whole number"},
                      BadTop{"UnknownFormat", {"top", "-f", "tsv"}, "-f takes csv or table"},
                      BadTop{"LastWithInput", {"top", "--input", "a.psrec", "--last", "3"}, "--last is for this"},
                      BadTop{"BeginWithoutInput", {"top", "-b", "11/26/2026 02:29:00"}, "need --input"},
                      BadTop{"BadTime", {"top", "--input", "a", "-b", "yesterday"}, "-b needs a local time"},
                      BadTop{"MissingValue", {"top", "--by"}, "--by needs a value"},
                      BadTop{"StrayArgument", {"top", "firefox"}, "unexpected argument"}),
    [](const auto& row) { return std::string(row.param.name); });

TEST(TopOptions, HelpAfterAFlagValue)
{
    auto o = parse_options({"top", "-n", "-h"});
    ASSERT_FALSE(o.ok());  // -h is -n's value here
    auto help = parse_options({"top", "--by", "io", "--help"});
    ASSERT_TRUE(help.ok());
    EXPECT_EQ(help->command, Command::help);
    EXPECT_EQ(*help->help_topic, Command::top);
    EXPECT_NE(usage(Command::top).find("--by cpu|io|faults|ws"), std::string::npos);
}

// Two samples 10 s apart of three processes (Windows' Process layout).
ProcessRanking ranking_of_three()
{
    wpo::TestObject o;
    o.name_index = 230;
    o.has_instances = true;
    o.perf_freq = 10'000'000;
    o.counters = {{6, 7, PERF_100NSEC_TIMER},
                  {28, 29, PERF_COUNTER_COUNTER},
                  {180, 181, PERF_COUNTER_LARGE_RAWCOUNT},
                  {684, 685, PERF_ELAPSED_TIME},
                  {784, 785, PERF_COUNTER_RAWCOUNT},
                  {1420, 1421, PERF_COUNTER_BULK_COUNT},
                  {1422, 1423, PERF_COUNTER_BULK_COUNT}};
    ProcessRanking ranking;
    std::vector<std::byte> buffer;
    const std::int64_t t0 = 5'000'000'000;
    for (int step = 0; step < 2; ++step) {
        const std::uint64_t k = static_cast<std::uint64_t>(step);
        o.perf_time = t0 + step * 100'000'000;  // 10 s later
        // CPU: "busy, a" 98'700'000 ticks (9.87 s); "idle" 1'000'000; "writer" 300'000.
        o.instances = {{"busy, a", {k * 98'700'000, 0, 1'048'576, 1, 11, 0, 0}},
                       {"idle", {k * 1'000'000, k * 7, 2'048, 1, 22, 0, 0}},
                       {"writer", {k * 300'000, 0, 4'096 + k * 12'897'485, 1, 33, 0, k * 12'897'485}}};
        wpo::TestSource source({o});
        EXPECT_TRUE(source.collect("230", buffer).ok());
        auto block = wpo::BlockView::parse(buffer);
        EXPECT_TRUE(block.ok());
        if (block)
            ranking.add(*block);
    }
    return ranking;
}

TEST(TopReport, TableShowsValueWithUnitAndShare)
{
    const ProcessRanking ranking = ranking_of_three();
    const std::string table = format_top_table(ranking, {RankBy::cpu, 2});
    std::istringstream lines(table);
    std::string title, header, first, second, rest;
    std::getline(lines, title);
    std::getline(lines, header);
    std::getline(lines, first);
    std::getline(lines, second);
    EXPECT_FALSE(std::getline(lines, rest)) << table;  // -n 2
    EXPECT_NE(title.find("Top 2 processes by CPU time"), std::string::npos) << title;
    EXPECT_NE(title.find("(10.0 s, 2 samples)"), std::string::npos) << title;
    // 98'700'000 of 98'700'000 + 1'000'000 + 300'000 ticks.
    const double share = 100.0 * 98'700'000 / (98'700'000 + 1'000'000 + 300'000);
    char expected_share[16];
    std::snprintf(expected_share, sizeof expected_share, "%.1f %%", share);
    EXPECT_NE(first.find("busy, a"), std::string::npos) << first;
    EXPECT_NE(first.find("11"), std::string::npos) << first;
    EXPECT_NE(first.find("9.87 s"), std::string::npos) << first;
    EXPECT_NE(first.find(expected_share), std::string::npos) << first;
    EXPECT_NE(second.find("idle"), std::string::npos) << second;
    EXPECT_NE(second.find("0.10 s"), std::string::npos) << second;
}

TEST(TopReport, CsvHasEveryMeasureRankedByTheChosenOne)
{
    const ProcessRanking ranking = ranking_of_three();
    const std::string csv = format_top_csv(ranking, {RankBy::io, 0});
    std::istringstream lines(csv);
    std::string header, row;
    std::getline(lines, header);
    EXPECT_EQ(header, "\"Rank\",\"Process\",\"PID\",\"CPU Seconds\",\"IO Bytes\",\"Page Faults\","
                      "\"Working Set Growth Bytes\",\"Share Percent\",\"Started Inside\",\"Ended Inside\"");
    std::getline(lines, row);
    EXPECT_EQ(row, "1,\"writer\",33,0.0300000,12897485,0,12897485,100.000,0,0");
    std::getline(lines, row);  // no I/O: ties by pid
    EXPECT_EQ(row, "2,\"busy, a\",11,9.8700000,0,0,0,0.000,0,0");
    std::getline(lines, row);
    EXPECT_EQ(row, "3,\"idle\",22,0.1000000,0,7,0,0.000,0,0");
}

TEST(TopReport, ValuesCarryTheirUnits)
{
    EXPECT_EQ(format_ranked_value(RankBy::cpu, 98'700'000), "9.87 s");
    EXPECT_EQ(format_ranked_value(RankBy::io, 512), "512 B");
    EXPECT_EQ(format_ranked_value(RankBy::io, 12.3 * 1024 * 1024), "12.3 MiB");
    EXPECT_EQ(format_ranked_value(RankBy::faults, 1234), "1234 faults");
    EXPECT_EQ(format_ranked_value(RankBy::working_set, 4096), "+4.0 KiB");
    EXPECT_EQ(format_ranked_value(RankBy::working_set, -2.5 * 1024 * 1024 * 1024), "-2.5 GiB");
    EXPECT_EQ(format_ranked_value(RankBy::working_set, 0), "0 B");
}

}  // namespace
}  // namespace perfscope::cli
