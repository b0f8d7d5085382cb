// SPDX-License-Identifier: Apache-2.0
// `dump` output for known blocks, diffed against tests/cli/golden/*.txt.
// To regenerate after an intended change: PERFSCOPE_UPDATE_GOLDEN=1 and
// review the diff by hand (every decoded number there was checked against
// the formulas of docs/performance-data-format.md §10.2 when it was written; golden_formula_test.cpp
// recomputes the key ones, so a regenerated shift fails there).
#include "cli/dump_formatter.h"
#include "format/counter_type.h"
#include "test_source.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace perfscope::cli {
namespace {

using namespace wpo::counter_type;

std::string read_file(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void expect_golden(const std::string& name, const std::string& actual)
{
    const std::string path = std::string(PERFSCOPE_GOLDEN_DIR) + "/" + name;
    if (std::getenv("PERFSCOPE_UPDATE_GOLDEN")) {
        std::ofstream(path, std::ios::binary) << actual;
        GTEST_SKIP() << "updated " << path;
    }
    const std::string expected = read_file(path);
    ASSERT_FALSE(expected.empty()) << "missing golden file " << path;
    EXPECT_EQ(actual, expected) << "dump output differs from " << path;
}

wpo::NameTable names()
{
    wpo::NameTable t;
    const std::pair<std::uint32_t, const char*> pairs[] = {
        {2, "System"},           {230, "Process"},        {784, "ID Process"},
        {6, "% Processor Time"}, {180, "Working Set"},    {146, "Context Switches/sec"},
        {674, "System Up Time"}, {50000, "% Quota Used"}, {248, "Processes"}};
    for (auto [index, text] : pairs)
        t.set_name(index, text);
    return t;
}

wpo::TestSource source()
{
    wpo::TestObject system{.name_index = 2, .perf_time = 134'116'128'000'000'000, .perf_freq = 10'000'000};
    system.counters = {
        {248, 249, PERF_COUNTER_RAWCOUNT}, {146, 147, PERF_COUNTER_COUNTER}, {674, 675, PERF_ELAPSED_TIME}};
    // Booted one day before the object time.
    system.values = {123, 1000, 134'116'128'000'000'000 - 864'000'000'000};
    wpo::TestObject process{.name_index = 230, .has_instances = true};
    process.counters = {{784, 785, PERF_COUNTER_RAWCOUNT},
                        {6, 7, PERF_100NSEC_TIMER},
                        {180, 181, PERF_COUNTER_LARGE_RAWCOUNT},
                        {50000, 50001, PERF_RAW_FRACTION},
                        {50000, 50001, PERF_RAW_BASE}};
    process.instances = {{"_Total", {0, 3'000'000, 3'000'000'000, 50, 200}},
                         {"bash", {100, 1'000'000, 1'000'000'000, 25, 100}},
                         {"gone", {200, 2'000'000, 2'000'000'000, 25, 100}}};
    return wpo::TestSource({system, process});
}

TEST(DumpGolden, TwoSamples)
{
    auto s = source();
    std::vector<std::byte> first, second;
    ASSERT_TRUE(s.collect("Global", first).ok());
    s.advance_seconds(1.0);
    auto& process = s.find(230)->instances;
    process[0].values = {0, 13'000'000, 3'100'000'000, 60, 200};   // 10,000,000 x 100 ns = 1 s busy in 1 s: 100 %
    process[1].values = {100, 6'000'000, 1'100'000'000, 50, 100};  // 5,000,000 x 100 ns in 1 s: 50 %
    process.erase(process.begin() + 2);                            // "gone" exited
    process.push_back({"new", {300, 500, 4096, 0, 0}});            // started: first sample, base 0
    s.find(2)->values[1] = 1500;                                   // 500 switches in 1 s
    ASSERT_TRUE(s.collect("Global", second).ok());

    const auto before = wpo::BlockView::parse(first).value();
    const auto after = wpo::BlockView::parse(second).value();
    expect_golden("two_samples.txt", format_dump(names(), after, &before, {}, {.cap_percent = false}));
}

TEST(DumpGolden, OneSampleSelectedObject)
{
    auto s = source();
    std::vector<std::byte> bytes;
    ASSERT_TRUE(s.collect("Global", bytes).ok());
    const auto block = wpo::BlockView::parse(bytes).value();
    expect_golden("one_sample_process.txt", format_dump(names(), block, nullptr, {230}, {}));
}

}  // namespace
}  // namespace perfscope::cli
