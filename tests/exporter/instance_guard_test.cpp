// SPDX-License-Identifier: Apache-2.0
// The cardinality guard by table: include and exclude patterns on the process's name, the limit, the ranking
// counter, for Process and for Thread (judged by its process). Each row's expected instances are worked out
// here from the test's own process table (filter, sort by the ranking value, take the first N), and every
// row also names its processes outright.
#include "exporter/block_exporter.h"
#include "exporter/exposition_writer.h"
#include "exporter/instance_guard.h"

#include "exposition_checker.h"
#include "format/counter_type.h"
#include "test_source.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace {

using namespace perfscope::exporter;
using perfscope::exporter::testing::check_exposition;
namespace ct = wpo::counter_type;

constexpr std::uint32_t kProcess = 230, kThread = 232;
constexpr std::uint32_t kProcessorTime = 6, kWorkingSet = 180, kIdProcess = 784, kIdThread = 804;

struct Proc {
    const char* name;
    std::uint64_t cpu;
    std::uint64_t working_set;
    std::uint64_t pid;
};

// Two processes share a name; CPU and memory rank them differently.
constexpr Proc kProcs[] = {{"postgres", 30, 500, 11},
                           {"nginx", 50, 100, 12},
                           {"bash", 10, 900, 13},
                           {"sshd", 40, 300, 14},
                           {"postgres", 20, 700, 15}};

wpo::NameTable names()
{
    wpo::NameTable table;
    table.set_name(kProcess, "Process");
    table.set_name(kThread, "Thread");
    table.set_name(kProcessorTime, "% Processor Time");
    table.set_name(kWorkingSet, "Working Set");
    table.set_name(kIdProcess, "ID Process");
    table.set_name(kIdThread, "ID Thread");
    return table;
}

// Process: one instance per row of kProcs, then _Total. Thread: two threads per process, the first with
// the process's CPU time plus 1, the second with 1; thread ids pid*10 and pid*10+1.
std::vector<wpo::TestObject> objects()
{
    wpo::TestObject process{kProcess, kProcess + 1};
    process.has_instances = true;
    process.counters = {{kProcessorTime, kProcessorTime + 1, ct::PERF_100NSEC_TIMER, 0},
                        {kWorkingSet, kWorkingSet + 1, ct::PERF_COUNTER_LARGE_RAWCOUNT, 0},
                        {kIdProcess, kIdProcess + 1, ct::PERF_COUNTER_RAWCOUNT, 0}};
    wpo::TestObject thread{kThread, kThread + 1};
    thread.has_instances = true;
    thread.counters = {{kProcessorTime, kProcessorTime + 1, ct::PERF_100NSEC_TIMER, 0},
                       {kIdThread, kIdThread + 1, ct::PERF_COUNTER_RAWCOUNT, 0}};
    std::uint64_t total = 0;
    std::uint32_t position = 0;
    for (const Proc& p : kProcs) {
        process.instances.push_back({p.name, {p.cpu, p.working_set, p.pid}});
        thread.instances.push_back({"worker", {p.cpu + 1, p.pid * 10}, kProcess, position});
        thread.instances.push_back({"worker", {1, p.pid * 10 + 1}, kProcess, position});
        total += p.cpu;
        ++position;
    }
    process.instances.push_back({"_Total", {total, 0, 0}});
    return {process, thread};
}

struct Row {
    const char* name;
    const char* include;  // null: none
    const char* exclude;
    std::size_t limit;
    const char* top_by;                     // null: the default
    std::vector<std::uint64_t> named_pids;  // the same, named outright
};

std::vector<Row> rows()
{
    return {
        {"no_patterns_no_limit", nullptr, nullptr, 0, nullptr, {11, 12, 13, 14, 15}},
        {"limit_by_cpu", nullptr, nullptr, 2, nullptr, {12, 14}},
        {"limit_by_working_set", nullptr, nullptr, 2, "Working Set", {13, 15}},
        {"include_one_name", "postgres", nullptr, 0, nullptr, {11, 15}},
        {"include_is_whole_name", "post", nullptr, 0, nullptr, {}},
        {"include_alternatives", "postgres|nginx", nullptr, 0, nullptr, {11, 12, 15}},
        {"exclude", nullptr, "postgres|bash", 0, nullptr, {12, 14}},
        {"include_and_exclude", "[a-z]+", "ssh.*", 0, nullptr, {11, 12, 13, 15}},
        {"include_then_limit", "postgres|bash", nullptr, 2, nullptr, {11, 15}},
        {"include_then_limit_by_memory", "postgres|nginx", nullptr, 1, "Working Set", {15}},
        {"limit_above_count", nullptr, nullptr, 10, nullptr, {11, 12, 13, 14, 15}},
        {"unknown_ranking_counter", nullptr, nullptr, 1, "No Such Counter", {11, 12, 13, 14, 15}},
        {"exclude_everything", nullptr, ".*", 3, nullptr, {}},
    };
}

std::optional<std::regex> pattern(const char* text)
{
    if (!text)
        return std::nullopt;
    auto compiled = compile_instance_pattern(text, "--test");
    EXPECT_TRUE(compiled) << text;
    return compiled ? std::optional<std::regex>(*compiled) : std::nullopt;
}

// The pids a row keeps, worked out from kProcs: names that pass, ranked by the counter, the first `limit`.
std::set<std::uint64_t> expected_pids(const Row& row)
{
    std::vector<Proc> passing;
    for (const Proc& p : kProcs) {
        const std::string name = p.name;
        if (row.include && !std::regex_match(name, std::regex(row.include)))
            continue;
        if (row.exclude && std::regex_match(name, std::regex(row.exclude)))
            continue;
        passing.push_back(p);
    }
    const std::string top_by = row.top_by ? row.top_by : "% Processor Time";
    const bool ranked = top_by == "% Processor Time" || top_by == "Working Set";
    if (row.limit != 0 && ranked && passing.size() > row.limit) {
        std::stable_sort(passing.begin(), passing.end(), [&](const Proc& a, const Proc& b) {
            return top_by == "Working Set" ? a.working_set > b.working_set : a.cpu > b.cpu;
        });
        passing.resize(row.limit);
    }
    std::set<std::uint64_t> pids;
    for (const Proc& p : passing)
        pids.insert(p.pid);
    return pids;
}

class InstanceGuardTable : public ::testing::TestWithParam<Row> {};

TEST_P(InstanceGuardTable, KeepsWhatTheRowSays)
{
    const Row& row = GetParam();
    const wpo::NameTable table = names();
    wpo::TestSource source(objects(), names());
    std::vector<std::byte> buffer;
    ASSERT_TRUE(source.collect("Global", buffer));
    auto block = wpo::BlockView::parse(buffer);
    ASSERT_TRUE(block);

    InstanceGuard guard;
    guard.max_instances = row.limit;
    if (row.top_by)
        guard.rank_counter = row.top_by;
    guard.include = pattern(row.include);
    guard.exclude = pattern(row.exclude);
    BlockExporter exporter(guard);
    // Twice: the second scrape reuses the first one's labels and must choose the same.
    for (int scrape = 0; scrape < 2; ++scrape) {
        std::string out;
        write_exposition(exporter.export_block(table, *block, {}), ExpositionFormat::text, out);
        const auto checked = check_exposition(out, false);
        ASSERT_EQ(checked.error, "");

        const std::set<std::uint64_t> expected = expected_pids(row);
        // Every row names its processes outright too (an empty list: none pass).
        EXPECT_EQ(expected, std::set<std::uint64_t>(row.named_pids.begin(), row.named_pids.end())) << row.name;
        std::set<std::uint64_t> processes;
        std::set<std::uint64_t> thread_owners;
        bool process_total = false;
        for (const auto& [series, value] : checked.series) {
            if (series.starts_with("perfscope_process_id_process{")) {
                if (series == "perfscope_process_id_process{process=\"_Total\"}")
                    process_total = true;
                else
                    processes.insert(static_cast<std::uint64_t>(value));
            }
            if (series.starts_with("perfscope_thread_id_thread{"))
                thread_owners.insert(static_cast<std::uint64_t>(value) / 10);
        }
        EXPECT_TRUE(process_total);
        EXPECT_EQ(processes, expected) << row.name;
        // Threads are judged by their process's name, and ranked among themselves.
        std::set<std::uint64_t> threads_expected;
        {
            std::vector<std::pair<std::uint64_t, std::uint64_t>> threads;  // cpu, tid
            for (const Proc& p : kProcs) {
                const std::string name = p.name;
                if (row.include && !std::regex_match(name, std::regex(row.include)))
                    continue;
                if (row.exclude && std::regex_match(name, std::regex(row.exclude)))
                    continue;
                threads.emplace_back(p.cpu + 1, p.pid * 10);
                threads.emplace_back(1, p.pid * 10 + 1);
            }
            // Thread has no Working Set: ranked by CPU only under the default counter.
            const bool ranked = !row.top_by || std::string(row.top_by) == "% Processor Time";
            if (row.limit != 0 && ranked && threads.size() > row.limit) {
                std::stable_sort(threads.begin(), threads.end(),
                                 [](const auto& a, const auto& b) { return a.first > b.first; });
                threads.resize(row.limit);
            }
            for (const auto& [cpu, tid] : threads)
                threads_expected.insert(tid / 10);
        }
        EXPECT_EQ(thread_owners, threads_expected) << row.name;
    }
}

INSTANTIATE_TEST_SUITE_P(Rows, InstanceGuardTable, ::testing::ValuesIn(rows()),
                         [](const ::testing::TestParamInfo<Row>& row_info) {
                             return std::string(row_info.param.name);
                         });

TEST(InstanceGuard, PatternErrors)
{
    EXPECT_TRUE(compile_instance_pattern("post(gres|master)", "--include-process"));
    const auto broken = compile_instance_pattern("post(gres", "--include-process");
    ASSERT_FALSE(broken);
    EXPECT_EQ(broken.error().code(), wpo::Errc::invalid_argument);
    EXPECT_NE(broken.error().message().find("--include-process"), std::string::npos);
    const auto long_pattern = compile_instance_pattern(std::string(kMaxPatternLength + 1, 'a'), "--exclude-process");
    ASSERT_FALSE(long_pattern);
    EXPECT_NE(long_pattern.error().message().find("--exclude-process"), std::string::npos);
    EXPECT_TRUE(compile_instance_pattern(std::string(kMaxPatternLength, 'a'), "--exclude-process"));
}

// std::regex would read these numbers into a long without an overflow check, build an automaton as large as
// the product of the counts, or take exponential time over a repetition of a repetition: they are refused
// with a message, while the same characters elsewhere stay literal.
TEST(InstanceGuard, BackReferencesHugeCountsAndRepeatedRepetitionsAreRefused)
{
    for (const char* pattern : {R"(as\\\5555555555555555555555)", R"((a)\1)", "a{1001}", "a{2,99999999999999999999}",
                                "a{1,}{1001,}", "(a{100}){11}", "x***F", "a+*", "a{2}{2}", "a*??"}) {
        const auto compiled = compile_instance_pattern(pattern, "--include-process");
        ASSERT_FALSE(compiled) << pattern;
        EXPECT_EQ(compiled.error().code(), wpo::Errc::invalid_argument);
        EXPECT_NE(compiled.error().message().find("not support"), std::string::npos) << compiled.error().message();
    }
    for (const char* pattern : {"a{1000}", "a{2,1000}", R"(java\d{2})", "kworker/[0-9]+", "[{]5555555555555555555",
                                R"(\0)", R"(a\\5)", "(a{10}){100}", "post.*?gres", "a{2}?", "[*+?]{3}", R"(a\*\*)"})
        EXPECT_TRUE(compile_instance_pattern(pattern, "--include-process")) << pattern;
}

// Matching takes time polynomial in the name: a backtracking matcher takes 2^40 steps for this one.
TEST(InstanceGuard, NestedRepetitionMatchesInPolynomialTime)
{
    auto compiled = compile_instance_pattern("(a*)*b", "--include-process");
    ASSERT_TRUE(compiled);
    InstanceGuard guard;
    guard.include = std::move(*compiled);
    EXPECT_FALSE(guard.passes(std::string(40, 'a')));
    EXPECT_TRUE(guard.passes(std::string(40, 'a') + "b"));
}

TEST(InstanceGuard, PassesIsAWholeMatch)
{
    InstanceGuard guard;
    EXPECT_TRUE(guard.passes("anything"));
    guard.include = std::regex("ba.*");
    guard.exclude = std::regex("bash");
    EXPECT_TRUE(guard.passes("bar"));
    EXPECT_FALSE(guard.passes("bash"));
    EXPECT_FALSE(guard.passes("abar"));
}

// A process that starts between scrapes is labelled, and judged, on the next one.
TEST(InstanceGuard, NewProcessBetweenScrapes)
{
    const wpo::NameTable table = names();
    auto objs = objects();
    wpo::TestSource source(objs, names());
    InstanceGuard guard;
    guard.exclude = std::regex("bash");
    BlockExporter exporter(guard);
    for (const bool added : {false, true}) {
        if (added) {
            auto& instances = source.objects()[0].instances;
            instances.insert(instances.end() - 1, wpo::TestInstance{"redis", {5, 5, 16}});
            instances.insert(instances.end() - 1, wpo::TestInstance{"bash", {5, 5, 17}});
        }
        std::vector<std::byte> buffer;
        ASSERT_TRUE(source.collect("Global", buffer));
        auto block = wpo::BlockView::parse(buffer);
        ASSERT_TRUE(block);
        std::string out;
        const std::vector<std::uint32_t> process_only{kProcess};
        write_exposition(exporter.export_block(table, *block, process_only), ExpositionFormat::text, out);
        const auto checked = check_exposition(out, false);
        ASSERT_EQ(checked.error, "");
        EXPECT_EQ(checked.series.contains("perfscope_process_id_process{process=\"redis\",pid=\"16\"}"), added);
        EXPECT_FALSE(checked.series.contains("perfscope_process_id_process{process=\"bash\",pid=\"17\"}"));
        EXPECT_FALSE(checked.series.contains("perfscope_process_id_process{process=\"bash\",pid=\"13\"}"));
    }
}

}  // namespace
