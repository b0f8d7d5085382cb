// SPDX-License-Identifier: Apache-2.0
// The naming rules of docs/prometheus-naming.md, one row per rule or counter type. Expected names are
// written from the rules by hand.
#include "exporter/metric_naming.h"

#include "format/counter_type.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using namespace perfscope::exporter;
namespace ct = wpo::counter_type;

struct SanitizeRow {
    const char* name;
    const char* text;
    const char* expected;
};

class SanitizeName : public ::testing::TestWithParam<SanitizeRow> {};

TEST_P(SanitizeName, FollowsTheRules)
{
    EXPECT_EQ(sanitize_name(GetParam().text), GetParam().expected);
}

// clang-format off
INSTANTIATE_TEST_SUITE_P(Rows, SanitizeName, ::testing::Values(
    SanitizeRow{"Lowercase", "Processor", "processor"},
    SanitizeRow{"PercentIsAWord", "% Processor Time", "percent_processor_time"},
    SanitizeRow{"PercentInside", "Disk%Busy", "disk_percent_busy"},
    SanitizeRow{"RunsBecomeOneUnderscore", "Avg. Disk  Queue -- Length", "avg_disk_queue_length"},
    SanitizeRow{"NoUnderscoreAtTheEnds", "  (Total)  ", "total"},
    SanitizeRow{"SecDropped", "Interrupts/sec", "interrupts"},
    SanitizeRow{"SecOnlyAsAWord", "Second Seconds secs", "second_seconds_secs"},
    SanitizeRow{"NonAsciiIsASeparator", "Caf\xc3\xa9 Bytes", "caf_bytes"},
    SanitizeRow{"DigitsKept", "IPv4 2nd", "ipv4_2nd"},
    SanitizeRow{"NothingLeft", "/-/", ""}),
    [](const auto& row) { return std::string(row.param.name); });
// clang-format on

struct LabelRow {
    const char* name;
    const char* object;
    const char* label;
    const char* identity;
};

class InstanceLabel : public ::testing::TestWithParam<LabelRow> {};

TEST_P(InstanceLabel, IsNamedAfterTheObject)
{
    EXPECT_EQ(instance_label(GetParam().object), GetParam().label);
    EXPECT_EQ(identity_label(GetParam().object), GetParam().identity);
}

// clang-format off
INSTANTIATE_TEST_SUITE_P(Rows, InstanceLabel, ::testing::Values(
    LabelRow{"Processor", "Processor", "cpu", ""},
    LabelRow{"ProcessorInformation", "Processor Information", "cpu", ""},
    LabelRow{"Process", "Process", "process", "pid"},
    LabelRow{"Thread", "Thread", "thread", "tid"},
    LabelRow{"PhysicalDisk", "PhysicalDisk", "disk", ""},
    LabelRow{"LogicalDisk", "LogicalDisk", "disk", ""},
    LabelRow{"NetworkInterface", "Network Interface", "interface", ""},
    LabelRow{"OtherObject", "Paging File", "paging_file", ""},
    LabelRow{"NeverInstance", "Instance", "object_instance", ""},
    LabelRow{"NoLeadingDigit", "1394 Bus", "object_1394_bus", ""},
    LabelRow{"EmptyName", "--", "object_instance", ""}),
    [](const auto& row) { return std::string(row.param.name); });
// clang-format on

struct MappingRow {
    const char* name;
    const char* object;
    const char* counter;
    std::uint32_t type;
    bool exported;
    MetricType metric_type;
    const char* family;  // the sample name is this plus `_total` for counters
    const char* unit;
    ValueRule rule;
    double scale;
    bool has_base;
    MetricType base_type;
};

class MapCounter : public ::testing::TestWithParam<MappingRow> {};

TEST_P(MapCounter, FollowsTheRules)
{
    const MappingRow& row = GetParam();
    const MetricMapping m = map_counter(row.object, row.counter, row.type);
    ASSERT_EQ(m.exported, row.exported);
    if (!row.exported)
        return;
    EXPECT_EQ(m.type, row.metric_type);
    EXPECT_EQ(m.family, row.family);
    EXPECT_EQ(m.unit, row.unit);
    EXPECT_EQ(m.rule, row.rule);
    EXPECT_DOUBLE_EQ(m.scale, row.scale);
    EXPECT_EQ(m.has_base, row.has_base);
    if (row.has_base) {
        EXPECT_EQ(m.base_type, row.base_type);
    }
}

constexpr auto kC = MetricType::counter;
constexpr auto kG = MetricType::gauge;
constexpr auto kRaw = ValueRule::raw;

// clang-format off
INSTANTIATE_TEST_SUITE_P(Types, MapCounter, ::testing::Values(
    // Raw counts: gauges, as they are.
    MappingRow{"RawCount", "System", "Processes", ct::PERF_COUNTER_RAWCOUNT, true, kG,
               "perfscope_system_processes", "", kRaw, 1.0, false, kG},
    MappingRow{"LargeRawCountBytesAtTheEnd", "Memory", "Available Bytes", ct::PERF_COUNTER_LARGE_RAWCOUNT, true, kG,
               "perfscope_memory_available_bytes", "bytes", kRaw, 1.0, false, kG},
    MappingRow{"BytesMovedToTheEnd", "Process", "Virtual Bytes Peak", ct::PERF_COUNTER_LARGE_RAWCOUNT, true, kG,
               "perfscope_process_virtual_peak_bytes", "bytes", kRaw, 1.0, false, kG},
    MappingRow{"RawCountHex", "Thread", "ID Thread", ct::PERF_COUNTER_RAWCOUNT_HEX, true, kG,
               "perfscope_thread_id_thread", "", kRaw, 1.0, false, kG},
    MappingRow{"LargeRawCountHex", "X", "Y", ct::PERF_COUNTER_LARGE_RAWCOUNT_HEX, true, kG,
               "perfscope_x_y", "", kRaw, 1.0, false, kG},
    MappingRow{"DoubleRaw", "Sensor", "Temperature", ct::PERF_DOUBLE_RAW, true, kG,
               "perfscope_sensor_temperature", "", kRaw, 1.0, false, kG},
    MappingRow{"Dec1000", "X", "Y", ct::kSizeDword | ct::kTypeNumber | ct::kNumberDec1000, true, kG,
               "perfscope_x_y", "", kRaw, 1e-3, false, kG},
    MappingRow{"Megabytes", "LogicalDisk", "Free Megabytes", ct::PERF_COUNTER_RAWCOUNT, true, kG,
               "perfscope_logicaldisk_free_bytes", "bytes", kRaw, 1048576.0, false, kG},
    MappingRow{"KBytesMoved", "Memory", "Available KBytes", ct::PERF_COUNTER_LARGE_RAWCOUNT, true, kG,
               "perfscope_memory_available_bytes", "bytes", kRaw, 1024.0, false, kG},
    MappingRow{"GaugeEndingInCount", "Process", "Thread Count", ct::PERF_COUNTER_RAWCOUNT, true, kG,
               "perfscope_process_thread_count_current", "", kRaw, 1.0, false, kG},
    MappingRow{"GaugeEndingInTotal", "X", "Pages Total", ct::PERF_COUNTER_RAWCOUNT, true, kG,
               "perfscope_x_pages_total_current", "", kRaw, 1.0, false, kG},
    // Cumulative counters: `_total`, raw, `/sec` dropped.
    MappingRow{"CounterCounter", "System", "Context Switches/sec", ct::PERF_COUNTER_COUNTER, true, kC,
               "perfscope_system_context_switches", "", kRaw, 1.0, false, kG},
    MappingRow{"BulkCountBytes", "Network Interface", "Bytes Received/sec", ct::PERF_COUNTER_BULK_COUNT, true, kC,
               "perfscope_network_interface_received_bytes", "bytes", kRaw, 1.0, false, kG},
    MappingRow{"BulkCountTotalWord", "Network Interface", "Bytes Total/sec", ct::PERF_COUNTER_BULK_COUNT, true, kC,
               "perfscope_network_interface_total_bytes", "bytes", kRaw, 1.0, false, kG},
    MappingRow{"SampleCounter", "X", "Y/sec", ct::PERF_SAMPLE_COUNTER, true, kC,
               "perfscope_x_y", "", kRaw, 1.0, false, kG},
    MappingRow{"Delta", "X", "Y", ct::PERF_COUNTER_DELTA, true, kC, "perfscope_x_y", "", kRaw, 1.0, false, kG},
    MappingRow{"LargeDelta", "X", "Y", ct::PERF_COUNTER_LARGE_DELTA, true, kC,
               "perfscope_x_y", "", kRaw, 1.0, false, kG},
    // Timers: seconds, by their time base.
    MappingRow{"Timer100Ns", "Processor", "% User Time", ct::PERF_100NSEC_TIMER, true, kC,
               "perfscope_processor_percent_user_time_seconds", "seconds", kRaw, 1e-7, false, kG},
    MappingRow{"Timer100NsInverse", "Processor", "% Processor Time", ct::PERF_100NSEC_TIMER_INV, true, kC,
               "perfscope_processor_percent_processor_time_inverse_seconds", "seconds", kRaw, 1e-7, false, kG},
    MappingRow{"TickTimer", "X", "% Busy", ct::PERF_COUNTER_TIMER, true, kC,
               "perfscope_x_percent_busy_seconds", "seconds", ValueRule::ticks, 1.0, false, kG},
    MappingRow{"TickTimerInverse", "X", "% Busy", ct::PERF_COUNTER_TIMER_INV, true, kC,
               "perfscope_x_percent_busy_inverse_seconds", "seconds", ValueRule::ticks, 1.0, false, kG},
    MappingRow{"ObjectTimer", "X", "% Busy", ct::PERF_OBJ_TIME_TIMER, true, kC,
               "perfscope_x_percent_busy_seconds", "seconds", ValueRule::object_ticks, 1.0, false, kG},
    MappingRow{"MultiTimer100Ns", "X", "% Busy", ct::PERF_100NSEC_MULTI_TIMER, true, kC,
               "perfscope_x_percent_busy_seconds", "seconds", kRaw, 1e-7, true, kG},
    MappingRow{"MultiTimerTicks", "X", "% Busy", ct::PERF_COUNTER_MULTI_TIMER, true, kC,
               "perfscope_x_percent_busy_seconds", "seconds", ValueRule::ticks, 1.0, true, kG},
    MappingRow{"MultiTimerInverse", "X", "% Busy", ct::PERF_100NSEC_MULTI_TIMER_INV, true, kC,
               "perfscope_x_percent_busy_inverse_seconds", "seconds", kRaw, 1e-7, true, kG},
    MappingRow{"TickMultiTimerInverse", "X", "% Busy", ct::PERF_COUNTER_MULTI_TIMER_INV, true, kC,
               "perfscope_x_percent_busy_inverse_seconds", "seconds", ValueRule::ticks, 1.0, true, kG},
    // Precision timers: numerator and base count in one clock.
    MappingRow{"PrecisionSystemTimer", "X", "% Busy", ct::PERF_PRECISION_SYSTEM_TIMER, true, kC,
               "perfscope_x_percent_busy", "", kRaw, 1.0, true, kC},
    MappingRow{"Precision100NsTimer", "X", "% Busy", ct::PERF_PRECISION_100NS_TIMER, true, kC,
               "perfscope_x_percent_busy", "", kRaw, 1.0, true, kC},
    MappingRow{"PrecisionObjectTimer", "X", "% Busy", ct::PERF_PRECISION_OBJECT_TIMER, true, kC,
               "perfscope_x_percent_busy", "", kRaw, 1.0, true, kC},
    // Fractions: numerator plus `_base`.
    MappingRow{"RawFraction", "LogicalDisk", "% Free Space", ct::PERF_RAW_FRACTION, true, kG,
               "perfscope_logicaldisk_percent_free_space", "", kRaw, 1.0, true, kG},
    MappingRow{"LargeRawFractionOfBytes", "Memory", "% Committed Bytes In Use", ct::PERF_LARGE_RAW_FRACTION, true,
               kG, "perfscope_memory_percent_committed_bytes_in_use", "", kRaw, 1.0, true, kG},
    MappingRow{"SampleFraction", "X", "% Hits", ct::PERF_SAMPLE_FRACTION, true, kC,
               "perfscope_x_percent_hits", "", kRaw, 1.0, true, kC},
    MappingRow{"AverageTimer", "PhysicalDisk", "Avg. Disk sec/Read", ct::PERF_AVERAGE_TIMER, true, kC,
               "perfscope_physicaldisk_avg_disk_read_seconds", "seconds", ValueRule::ticks, 1.0, true, kC},
    MappingRow{"AverageBulk", "PhysicalDisk", "Avg. Disk Bytes/Read", ct::PERF_AVERAGE_BULK, true, kC,
               "perfscope_physicaldisk_avg_disk_read_bytes", "bytes", kRaw, 1.0, true, kC},
    // Queue lengths: the time integral in seconds, so rate() is the mean length.
    MappingRow{"QueueLenTicks", "X", "Queue Length", ct::PERF_COUNTER_QUEUELEN_TYPE, true, kC,
               "perfscope_x_queue_length", "", ValueRule::ticks, 1.0, false, kG},
    MappingRow{"LargeQueueLenTicks", "X", "Queue Length", ct::PERF_COUNTER_LARGE_QUEUELEN_TYPE, true, kC,
               "perfscope_x_queue_length", "", ValueRule::ticks, 1.0, false, kG},
    MappingRow{"QueueLen100Ns", "PhysicalDisk", "Avg. Disk Queue Length", ct::PERF_COUNTER_100NS_QUEUELEN_TYPE, true,
               kC, "perfscope_physicaldisk_avg_disk_queue_length", "", kRaw, 1e-7, false, kG},
    MappingRow{"QueueLenObject", "X", "Queue Length", ct::PERF_COUNTER_OBJ_TIME_QUEUELEN_TYPE, true, kC,
               "perfscope_x_queue_length", "", ValueRule::object_ticks, 1.0, false, kG},
    // Elapsed time: a gauge in seconds.
    MappingRow{"ElapsedTime", "Process", "Elapsed Time", ct::PERF_ELAPSED_TIME, true, kG,
               "perfscope_process_elapsed_time_seconds", "seconds", ValueRule::elapsed, 1.0, false, kG},
    // Nothing to export.
    MappingRow{"Text", "X", "Y", ct::PERF_COUNTER_TEXT, false, kG, "", "", kRaw, 1.0, false, kG},
    MappingRow{"NoData", "X", "Y", ct::PERF_COUNTER_NODATA, false, kG, "", "", kRaw, 1.0, false, kG},
    MappingRow{"SampleBase", "X", "Y", ct::PERF_SAMPLE_BASE, false, kG, "", "", kRaw, 1.0, false, kG},
    MappingRow{"AverageBase", "X", "Y", ct::PERF_AVERAGE_BASE, false, kG, "", "", kRaw, 1.0, false, kG},
    MappingRow{"RawBase", "X", "Y", ct::PERF_RAW_BASE, false, kG, "", "", kRaw, 1.0, false, kG},
    MappingRow{"LargeRawBase", "X", "Y", ct::PERF_LARGE_RAW_BASE, false, kG, "", "", kRaw, 1.0, false, kG},
    MappingRow{"MultiBase", "X", "Y", ct::PERF_COUNTER_MULTI_BASE, false, kG, "", "", kRaw, 1.0, false, kG},
    MappingRow{"Histogram", "X", "Y", ct::PERF_COUNTER_HISTOGRAM_TYPE, false, kG, "", "", kRaw, 1.0, false, kG},
    MappingRow{"ZeroType", "X", "Y", ct::kTypeZero, false, kG, "", "", kRaw, 1.0, false, kG},
    MappingRow{"NameOfNothing", "X", "/sec", ct::PERF_COUNTER_COUNTER, false, kG, "", "", kRaw, 1.0, false, kG}),
    [](const auto& row) { return std::string(row.param.name); });
// clang-format on

TEST(SampleName, CountersEndInTotal)
{
    EXPECT_EQ(sample_name("perfscope_x_y_seconds", MetricType::counter), "perfscope_x_y_seconds_total");
    EXPECT_EQ(sample_name("perfscope_x_y", MetricType::gauge), "perfscope_x_y");
}

// Every exported name is a legacy Prometheus name: [a-zA-Z_:][a-zA-Z0-9_:]*, here without `:`.
TEST(MapCounter, NamesAreLegacyPrometheusNames)
{
    for (const char* counter : {"% Processor Time", "1st/2nd %% ratio", "\xe2\x80\x94 dash \xe2\x80\x94", "a__b"}) {
        const MetricMapping m = map_counter("Some Object!", counter, ct::PERF_COUNTER_RAWCOUNT);
        ASSERT_TRUE(m.exported) << counter;
        ASSERT_FALSE(m.family.empty());
        EXPECT_FALSE(m.family.front() >= '0' && m.family.front() <= '9');
        for (const char c : m.family)
            EXPECT_TRUE((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_') << m.family;
        EXPECT_EQ(m.family.find("__"), std::string::npos) << m.family;
        EXPECT_NE(m.family.back(), '_') << m.family;
    }
}

}  // namespace
