// SPDX-License-Identifier: Apache-2.0
// A block as metric families: values computed from the raw values the test puts in (TestSource), the
// labels and the counter_info table; then a real block of this machine, read back by the strict checker
// and by `promtool check metrics`.
#include "exporter/block_exporter.h"

#include "exporter/exposition_writer.h"
#include "exposition_checker.h"
#include "format/counter_type.h"
#include "query/platform_source.h"
#include "test_source.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace perfscope::exporter;
using perfscope::exporter::testing::check_exposition;
namespace ct = wpo::counter_type;

constexpr std::uint32_t kProcessor = 238, kMemory = 4, kProcess = 230, kDisk = 234;
constexpr std::uint32_t kProcessorTime = 6, kUserTime = 142, kInterrupts = 148;
constexpr std::uint32_t kAvailable = 50010, kCommitted = 50018, kCommittedBase = 50020;
constexpr std::uint32_t kIdProcess = 784, kElapsed = 684, kAvgRead = 50044, kAvgReadBase = 50046;
constexpr std::int64_t kTicksPerSecond = 1000;
constexpr std::int64_t kObjectTime = 5'000'000, kObjectFreq = 10'000;

wpo::NameTable names()
{
    wpo::NameTable table;
    const std::pair<std::uint32_t, const char*> entries[] = {{kProcessor, "Processor"},
                                                             {kMemory, "Memory"},
                                                             {kProcess, "Process"},
                                                             {kDisk, "PhysicalDisk"},
                                                             {kProcessorTime, "% Processor Time"},
                                                             {kUserTime, "% User Time"},
                                                             {kInterrupts, "Interrupts/sec"},
                                                             {kAvailable, "Available Bytes"},
                                                             {kCommitted, "% Committed Bytes In Use"},
                                                             {kCommittedBase, "Committed base"},
                                                             {kIdProcess, "ID Process"},
                                                             {kElapsed, "Elapsed Time"},
                                                             {kAvgRead, "Avg. Disk sec/Read"},
                                                             {kAvgReadBase, "Avg. Disk sec/Read base"}};
    for (const auto& [index, name] : entries) {
        table.set_name(index, name);
        table.set_help(index + 1, std::string("Help of ") + name + ".");
    }
    return table;
}

wpo::TestCounter counter(std::uint32_t index, std::uint32_t type)
{
    return {index, index + 1, type, 0};
}

std::vector<wpo::TestObject> objects()
{
    wpo::TestObject processor{kProcessor, kProcessor + 1};
    processor.has_instances = true;
    processor.counters = {counter(kProcessorTime, ct::PERF_100NSEC_TIMER_INV),
                          counter(kUserTime, ct::PERF_100NSEC_TIMER),
                          counter(kInterrupts, ct::PERF_COUNTER_BULK_COUNT)};
    processor.instances = {{"0", {40'000'000, 15'000'000, 1234}},
                           {"1", {30'000'000, 25'000'000, 4321}},
                           {"_Total", {70'000'000, 40'000'000, 5555}}};

    wpo::TestObject memory{kMemory, kMemory + 1};
    memory.counters = {counter(kAvailable, ct::PERF_COUNTER_LARGE_RAWCOUNT), counter(kCommitted, ct::PERF_RAW_FRACTION),
                       counter(kCommittedBase, ct::PERF_RAW_BASE)};
    memory.values = {8'589'934'592ULL, 300, 1200};

    wpo::TestObject process{kProcess, kProcess + 1};
    process.has_instances = true;
    process.perf_time = kObjectTime;
    process.perf_freq = kObjectFreq;
    process.counters = {counter(kIdProcess, ct::PERF_COUNTER_RAWCOUNT), counter(kElapsed, ct::PERF_ELAPSED_TIME)};
    // The last one's name and identity repeat the one before: its labels would too.
    process.instances = {
        {"bash", {100, 4'000'000}}, {"bash", {200, 4'500'000}}, {"_Total", {0, 0}}, {"sh", {300, 1}}, {"sh", {300, 2}}};

    wpo::TestObject disk{kDisk, kDisk + 1};
    disk.has_instances = true;
    disk.counters = {counter(kAvgRead, ct::PERF_AVERAGE_TIMER), counter(kAvgReadBase, ct::PERF_AVERAGE_BASE)};
    disk.instances = {{"0 \"C:\"", {2500, 10}}, {"0 \"C:\"", {7, 1}}};  // the second is told apart by #1
    return {processor, memory, process, disk};
}

class BlockExporterTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_source.times().perf_freq = kTicksPerSecond;
        m_source.times().perf_time = 77 * kTicksPerSecond;
        ASSERT_TRUE(m_source.collect("Global", m_buffer));
        auto block = wpo::BlockView::parse(m_buffer);
        ASSERT_TRUE(block);
        m_block = *block;
    }

    std::string exposition(ExpositionFormat format, std::vector<std::uint32_t> selected = {})
    {
        BlockExporter exporter;
        const auto families = exporter.export_block(m_names, m_block, selected);
        std::string out;
        write_exposition(families, format, out);
        return out;
    }

    wpo::NameTable m_names = names();
    wpo::TestSource m_source{objects(), names()};
    std::vector<std::byte> m_buffer;
    wpo::BlockView m_block;
};

TEST_F(BlockExporterTest, ValuesFollowTheRules)
{
    const auto checked = check_exposition(exposition(ExpositionFormat::text), false);
    ASSERT_EQ(checked.error, "");
    const auto& s = checked.series;
    EXPECT_DOUBLE_EQ(s.at("perfscope_processor_percent_user_time_seconds_total{cpu=\"0\"}"), 15'000'000 * 1e-7);
    EXPECT_DOUBLE_EQ(s.at("perfscope_processor_percent_user_time_seconds_total{cpu=\"_Total\"}"), 40'000'000 * 1e-7);
    EXPECT_DOUBLE_EQ(s.at("perfscope_processor_percent_processor_time_inverse_seconds_total{cpu=\"1\"}"),
                     30'000'000 * 1e-7);
    EXPECT_EQ(s.at("perfscope_processor_interrupts_total{cpu=\"1\"}"), 4321);
    EXPECT_EQ(s.at("perfscope_memory_available_bytes"), 8'589'934'592.0);
    EXPECT_EQ(s.at("perfscope_memory_percent_committed_bytes_in_use"), 300);
    EXPECT_EQ(s.at("perfscope_memory_percent_committed_bytes_in_use_base"), 1200);
    EXPECT_EQ(s.at("perfscope_process_id_process{process=\"bash\",pid=\"100\"}"), 100);
    EXPECT_EQ(s.at("perfscope_process_id_process{process=\"bash\",pid=\"200\"}"), 200);
    EXPECT_DOUBLE_EQ(s.at("perfscope_process_elapsed_time_seconds{process=\"bash\",pid=\"200\"}"),
                     static_cast<double>(kObjectTime - 4'500'000) / kObjectFreq);
    EXPECT_DOUBLE_EQ(s.at("perfscope_physicaldisk_avg_disk_read_seconds_total{disk=\"0 \\\"C:\\\"\"}"),
                     2500.0 / kTicksPerSecond);
    EXPECT_EQ(s.at("perfscope_physicaldisk_avg_disk_read_seconds_base_total{disk=\"0 \\\"C:\\\"\"}"), 10);
    EXPECT_EQ(checked.helps.at("perfscope_memory_available_bytes"), "Help of Available Bytes.");
    EXPECT_EQ(checked.types.at("perfscope_processor_interrupts_total"), "counter");
    EXPECT_EQ(checked.types.at("perfscope_memory_percent_committed_bytes_in_use_base"), "gauge");
    EXPECT_DOUBLE_EQ(s.at("perfscope_physicaldisk_avg_disk_read_seconds_total{disk=\"0 \\\"C:\\\"#1\"}"),
                     7.0 / kTicksPerSecond);
    EXPECT_EQ(s.at("perfscope_process_elapsed_time_seconds{process=\"_Total\"}"),
              static_cast<double>(kObjectTime) / kObjectFreq);
    // The second "sh" with pid 300 has the first one's labels: left out, not a duplicate series.
    EXPECT_DOUBLE_EQ(s.at("perfscope_process_elapsed_time_seconds{process=\"sh\",pid=\"300\"}"),
                     static_cast<double>(kObjectTime - 1) / kObjectFreq);
    std::size_t process_series = 0;
    for (const auto& [series, value] : s) {
        process_series += series.starts_with("perfscope_process_id_process{") ? 1 : 0;
        // Never an `instance` label, never a `#N` on a process.
        EXPECT_EQ(series.find("instance="), std::string::npos) << series;
        if (series.starts_with("perfscope_process_")) {
            EXPECT_EQ(series.find('#'), std::string::npos) << series;
        }
    }
    EXPECT_EQ(process_series, 4u);
}

TEST_F(BlockExporterTest, CounterInfoMapsEveryVisibleCounter)
{
    const auto checked = check_exposition(exposition(ExpositionFormat::openmetrics), true);
    ASSERT_EQ(checked.error, "");
    EXPECT_EQ(checked.types.at("perfscope_perfmon_name"), "info");
    EXPECT_EQ(checked.series.at("perfscope_perfmon_name_info{object=\"Processor\",counter=\"% Processor Time\","
                                "type=\"PERF_100NSEC_TIMER_INV\","
                                "metric=\"perfscope_processor_percent_processor_time_inverse_seconds\"}"),
              1);
    EXPECT_EQ(checked.series.at("perfscope_perfmon_name_info{object=\"PhysicalDisk\",counter=\"Avg. Disk sec/Read\","
                                "type=\"PERF_AVERAGE_TIMER\",metric=\"perfscope_physicaldisk_avg_disk_read_seconds\"}"),
              1);
    std::size_t infos = 0;
    for (const auto& [series, value] : checked.series)
        infos += series.starts_with("perfscope_perfmon_name_info{") ? 1 : 0;
    EXPECT_EQ(infos, 3u + 2u + 2u + 1u);  // the visible counters: bases are folded into their counters
    EXPECT_EQ(checked.units.at("perfscope_processor_percent_user_time_seconds"), "seconds");
}

TEST_F(BlockExporterTest, SelectsObjects)
{
    const auto checked = check_exposition(exposition(ExpositionFormat::text, {kMemory, 9999}), false);
    ASSERT_EQ(checked.error, "");
    for (const auto& [series, value] : checked.series)
        EXPECT_TRUE(series.starts_with("perfscope_memory_") || series.starts_with("perfscope_perfmon_name_info"))
            << series;
    EXPECT_EQ(checked.series.count("perfscope_memory_available_bytes"), 1u);
}

TEST(BlockExporter, SameNameExportedOnce)
{
    wpo::NameTable table;
    table.set_name(2, "System");
    table.set_name(10, "Reads/sec");
    table.set_name(12, "Reads");
    wpo::TestObject system{2, 3};
    system.counters = {{10, 11, ct::PERF_COUNTER_BULK_COUNT, 0}, {12, 13, ct::PERF_COUNTER_BULK_COUNT, 0}};
    system.values = {5, 6};
    wpo::TestSource source({system}, table);
    std::vector<std::byte> buffer;
    ASSERT_TRUE(source.collect("Global", buffer));
    auto block = wpo::BlockView::parse(buffer);
    ASSERT_TRUE(block);
    BlockExporter exporter;
    const auto families = exporter.export_block(table, *block, {});
    std::string out;
    write_exposition(families, ExpositionFormat::text, out);
    const auto checked = check_exposition(out, false);
    ASSERT_EQ(checked.error, "");
    EXPECT_EQ(checked.series.at("perfscope_system_reads_total"), 5);
    EXPECT_EQ(
        checked.series.at("perfscope_perfmon_name_info{object=\"System\",counter=\"Reads\",type=\"PERF_COUNTER_BULK_"
                          "COUNT\",metric=\"\"}"),
        1);
}

// An object and counters the name table lacks (a provider's, before the machine's table knows them) are
// named by their title indices; a counter with a name keeps it.
TEST(BlockExporter, UnnamedAreNamedByIndex)
{
    wpo::NameTable table;
    table.set_name(5004, "Demo Ticks/sec");
    wpo::TestObject demo{5000, 5001};
    demo.counters = {{5002, 5003, ct::PERF_COUNTER_RAWCOUNT, 0}, {5004, 5005, ct::PERF_COUNTER_COUNTER, 0}};
    demo.values = {4242, 777};
    wpo::TestSource source({demo}, table);
    std::vector<std::byte> buffer;
    ASSERT_TRUE(source.collect("Global", buffer));
    auto block = wpo::BlockView::parse(buffer);
    ASSERT_TRUE(block);
    BlockExporter exporter;
    std::string out;
    write_exposition(exporter.export_block(table, *block, {}), ExpositionFormat::text, out);
    const auto checked = check_exposition(out, false);
    ASSERT_EQ(checked.error, "");
    EXPECT_EQ(checked.series.at("perfscope_5000_5002"), 4242);
    EXPECT_EQ(checked.helps.at("perfscope_5000_5002"), "5002");
    EXPECT_EQ(checked.series.at("perfscope_5000_demo_ticks_total"), 777);
    EXPECT_EQ(checked.series.at("perfscope_perfmon_name_info{object=\"5000\",counter=\"5002\",type=\"PERF_COUNTER_"
                                "RAWCOUNT\",metric=\"perfscope_5000_5002\"}"),
              1);
}

#if defined(__linux__)
// This machine's block, every object the source serves: valid in both formats, and promtool agrees.
TEST(BlockExporter, RealBlockIsValid)
{
    auto source = wpo::query::make_platform_source();
    ASSERT_TRUE(source);
    auto table = (*source)->load_names();
    ASSERT_TRUE(table);
    std::vector<std::byte> buffer;
    ASSERT_TRUE((*source)->collect("Global", buffer));
    auto block = wpo::BlockView::parse(buffer);
    ASSERT_TRUE(block);
    BlockExporter exporter;
    const auto families = exporter.export_block(*table, *block, {});
    for (const ExpositionFormat format : {ExpositionFormat::text, ExpositionFormat::openmetrics}) {
        std::string out;
        write_exposition(families, format, out);
        const bool openmetrics = format == ExpositionFormat::openmetrics;
        const auto checked = check_exposition(out, openmetrics);
        ASSERT_EQ(checked.error, "") << (openmetrics ? "OpenMetrics" : "text");
        EXPECT_GT(checked.series.size(), 100u);
        EXPECT_TRUE(checked.series.contains(
            openmetrics ? "perfscope_processor_percent_user_time_seconds_total{cpu=\"_Total\"}"
                        : "perfscope_processor_percent_user_time_seconds_total{cpu=\"_Total\"}"));
#if defined(PERFSCOPE_PROMTOOL)
        // promtool 2.42 reads (and lints) the text format only.
        if (openmetrics)
            continue;
        const std::filesystem::path dir = std::filesystem::temp_directory_path();
        const std::string stem =
            "perfscope_promtool_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed());
        const auto input = dir / (stem + (openmetrics ? ".om" : ".txt"));
        const auto report = dir / (stem + ".report");
        std::ofstream(input, std::ios::binary) << out;
        const std::string command = std::string(PERFSCOPE_PROMTOOL) + " check metrics < '" + input.string() + "' > '" +
                                    report.string() + "' 2>&1";
        const int status = std::system(command.c_str());
        std::stringstream text;
        text << std::ifstream(report).rdbuf();
        EXPECT_EQ(status, 0) << (openmetrics ? "OpenMetrics: " : "text: ") << text.str();
        std::filesystem::remove(input);
        std::filesystem::remove(report);
#endif
    }
#if !defined(PERFSCOPE_PROMTOOL)
    GTEST_SKIP() << "promtool is not installed (scripts/setup.sh --all installs Debian's prometheus)";
#endif
}
#endif

}  // namespace

namespace {

// The cardinality guard keeps the processes with the most CPU time, and _Total, whatever their order.
TEST(BlockExporter, GuardKeepsTheBusiestProcesses)
{
    wpo::NameTable table;
    table.set_name(kProcess, "Process");
    table.set_name(kProcessorTime, "% Processor Time");
    table.set_name(kIdProcess, "ID Process");
    wpo::TestObject process{kProcess, kProcess + 1};
    process.has_instances = true;
    process.counters = {{kProcessorTime, kProcessorTime + 1, ct::PERF_100NSEC_TIMER, 0},
                        {kIdProcess, kIdProcess + 1, ct::PERF_COUNTER_RAWCOUNT, 0}};
    process.instances = {{"a", {30, 1}}, {"_Total", {100, 0}}, {"b", {50, 2}},
                         {"c", {10, 3}}, {"d", {40, 4}},       {"e", {20, 5}}};
    wpo::TestSource source({process}, table);
    std::vector<std::byte> buffer;
    ASSERT_TRUE(source.collect("Global", buffer));
    auto block = wpo::BlockView::parse(buffer);
    ASSERT_TRUE(block);

    for (const std::size_t limit : {std::size_t{2}, std::size_t{0}, std::size_t{5}}) {
        InstanceGuard guard;
        guard.max_instances = limit;
        BlockExporter exporter(guard);
        const auto families = exporter.export_block(table, *block, {});
        std::string out;
        write_exposition(families, ExpositionFormat::text, out);
        const auto checked = check_exposition(out, false);
        ASSERT_EQ(checked.error, "");
        std::set<std::string> kept;
        for (const auto& [series, value] : checked.series)
            if (series.starts_with("perfscope_process_id_process{"))
                kept.insert(series);
        const std::string total = "perfscope_process_id_process{process=\"_Total\"}";
        if (limit == 2) {
            // b (50) and d (40) are the busiest; _Total is kept besides them.
            EXPECT_EQ(kept, (std::set<std::string>{total, "perfscope_process_id_process{process=\"b\",pid=\"2\"}",
                                                   "perfscope_process_id_process{process=\"d\",pid=\"4\"}"}));
        } else {
            EXPECT_EQ(kept.size(), 6u) << "limit " << limit;  // 0 is no limit; 5 lets all five through
        }
    }
}

}  // namespace
