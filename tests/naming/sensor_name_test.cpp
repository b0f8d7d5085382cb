// SPDX-License-Identifier: Apache-2.0
// JPMF sensor names: escaping, strict parsing, and the instance part taken
// from instance_names (Process by PID).
#include "format/counter_type.h"
#include "naming/instance_names.h"
#include "naming/sensor_name.h"
#include "test_source.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

namespace wpo {
namespace {

using namespace counter_type;
using namespace well_known;

struct FormatRow {
    std::string name;
    SensorName sensor;
    std::string text;
};
void PrintTo(const FormatRow& row, std::ostream* os)
{
    *os << row.name;
}

class SensorNameFormat : public ::testing::TestWithParam<FormatRow> {};

TEST_P(SensorNameFormat, FormatsAndParsesBack)
{
    const FormatRow& row = GetParam();
    EXPECT_EQ(format_sensor_name(row.sensor), row.text);
    auto parsed = parse_sensor_name(row.text);
    ASSERT_TRUE(parsed.ok()) << parsed.error().describe();
    EXPECT_EQ(*parsed, row.sensor);
}

const FormatRow kFormats[] = {
    {"no_instance", {"System", "Processes", {}}, "win32.winperf/System/Processes"},
    {"instance", {"Processor", "% Processor Time", "_Total"}, "win32.winperf/Processor/% Processor Time#_Total"},
    {"process_pid", {"Process", "% Processor Time", "1234"}, "win32.winperf/Process/% Processor Time#1234"},
    {"slash_in_counter",
     {"PhysicalDisk", "Avg. Disk sec/Read", "0 C:"},
     "win32.winperf/PhysicalDisk/Avg. Disk sec/Read#0 C:"},
    {"slash_in_instance",
     {"Thread", "ID Thread", "kworker/0:1:12/13"},
     "win32.winperf/Thread/ID Thread#kworker/0:1:12/13"},
    {"hash_in_instance", {"Process", "Handle Count", "svchost#1"}, "win32.winperf/Process/Handle Count#svchost#1"},
    {"hash_in_counter", {"Process", "Jobs #", "1"}, "win32.winperf/Process/Jobs %23#1"},
    {"all_in_object", {"a/b#c%d", "x", {}}, "win32.winperf/a%2Fb%23c%d/x"},
    {"escape_lookalike", {"%2F", "%23", "%25"}, "win32.winperf/%252F/%2523#%2525"},
    {"percent_before_separator", {"a%", "b%", "c%"}, "win32.winperf/a%/b%#c%"},
    {"percent_then_hex_and_slash", {"%a/", "%2#", "%"}, "win32.winperf/%a%2F/%2%23#%"},
    {"root_file_system", {"LogicalDisk", "Free Megabytes", "/"}, "win32.winperf/LogicalDisk/Free Megabytes#/"},
    {"non_ascii", {"Prozess", "E/A-Bytes/s", "caf\xC3\xA9"}, "win32.winperf/Prozess/E/A-Bytes/s#caf\xC3\xA9"},
    {"spaces_and_dots", {" . ", "..", " "}, "win32.winperf/ . /..# "},
};
INSTANTIATE_TEST_SUITE_P(Rows, SensorNameFormat, ::testing::ValuesIn(kFormats),
                         [](const auto& row) { return row.param.name; });

struct DecodeRow {
    std::string name;
    std::string text;
    SensorName sensor;
    std::string canonical;
};
void PrintTo(const DecodeRow& row, std::ostream* os)
{
    *os << row.name;
}

class SensorNameDecode : public ::testing::TestWithParam<DecodeRow> {};

// Escapes format would not write are still read (Java callers may escape
// more, or in lower case, as earlier releases did), and formatting writes
// them canonically.
TEST_P(SensorNameDecode, AcceptsAnyHexEscape)
{
    const DecodeRow& row = GetParam();
    auto parsed = parse_sensor_name(row.text);
    ASSERT_TRUE(parsed.ok()) << parsed.error().describe();
    EXPECT_EQ(*parsed, row.sensor);
    EXPECT_EQ(format_sensor_name(*parsed), row.canonical);
}

const DecodeRow kDecodes[] = {
    {"lower_case_hex", "win32.winperf/a%2fb/c%2f#d%2f", {"a/b", "c/", "d/"}, "win32.winperf/a%2Fb/c/#d/"},
    {"escaped_letter", "win32.winperf/%41/%62#%7e", {"A", "b", "~"}, "win32.winperf/A/b#~"},
    {"escaped_nul", "win32.winperf/a%00/b", {std::string("a\0", 2), "b", {}}, std::string("win32.winperf/a\0/b", 18)},
    {"escaped_high_byte", "win32.winperf/%C3%A9/b", {"\xC3\xA9", "b", {}}, "win32.winperf/\xC3\xA9/b"},
    // The fully escaped form of earlier releases reads to the same names.
    {"escaped_percent",
     "win32.winperf/Process/%25 Processor Time#1234",
     {"Process", "% Processor Time", "1234"},
     "win32.winperf/Process/% Processor Time#1234"},
    {"escaped_separators",
     "win32.winperf/Thread/ID Thread#kworker%2F0:1%231",
     {"Thread", "ID Thread", "kworker/0:1#1"},
     "win32.winperf/Thread/ID Thread#kworker/0:1#1"},
    {"percent_not_escape",
     "win32.winperf/Sys%zztem/%2G#a%",
     {"Sys%zztem", "%2G", "a%"},
     "win32.winperf/Sys%zztem/%2G#a%"},
};
INSTANTIATE_TEST_SUITE_P(Rows, SensorNameDecode, ::testing::ValuesIn(kDecodes),
                         [](const auto& row) { return row.param.name; });

struct RejectRow {
    std::string name;
    std::string text;
    std::string message;  // a part of the error message
};
void PrintTo(const RejectRow& row, std::ostream* os)
{
    *os << row.name;
}

class SensorNameReject : public ::testing::TestWithParam<RejectRow> {};

TEST_P(SensorNameReject, NamesTheProblem)
{
    const RejectRow& row = GetParam();
    auto parsed = parse_sensor_name(row.text);
    ASSERT_FALSE(parsed.ok()) << "accepted " << row.text;
    EXPECT_EQ(parsed.error().code(), Errc::invalid_argument);
    EXPECT_NE(parsed.error().message().find(row.message), std::string::npos) << parsed.error().message();
}

const RejectRow kRejects[] = {
    {"empty", "", "does not start with \"win32.winperf/\""},
    {"no_prefix", "System/Processes", "does not start with"},
    {"prefix_case", "Win32.WinPerf/System/Processes", "does not start with"},
    {"other_namespace", "linux.procfs/System/Processes", "does not start with"},
    {"namespace_without_slash", "win32.winperf", "does not start with"},
    {"prefix_only", "win32.winperf/", "no '/' between object and counter after offset 14"},
    {"no_counter", "win32.winperf/System", "no '/' between object and counter"},
    {"empty_object", "win32.winperf//Processes", "empty object name at offset 14"},
    {"empty_counter", "win32.winperf/System/", "empty counter name at offset 21"},
    {"empty_counter_with_instance", "win32.winperf/Process/#1234", "empty counter name at offset 22"},
    {"empty_instance", "win32.winperf/Process/ID Process#", "empty instance name at offset 33"},
    {"leading_slash", "/win32.winperf/System/Processes", "does not start with"},
    {"hash_in_object", "win32.winperf/Sys#tem/Processes", "'#' at offset 17 in the object name"},
    {"hash_without_counter", "win32.winperf/System#1", "'#' at offset 20 in the object name"},
};
INSTANTIATE_TEST_SUITE_P(Rows, SensorNameReject, ::testing::ValuesIn(kRejects),
                         [](const auto& row) { return row.param.name; });

TEST(SensorName, LongTextIsShortenedInErrors)
{
    const std::string text = "win32.winperf/" + std::string(1000, 'x');
    auto parsed = parse_sensor_name(text);
    ASSERT_FALSE(parsed.ok());
    EXPECT_LT(parsed.error().message().size(), 250u);
    EXPECT_NE(parsed.error().message().find("..."), std::string::npos);
}

// parse(format(x)) == x for names of any bytes, and format(parse(s)) == s.
TEST(SensorName, RandomNamesRoundTrip)
{
    static constexpr char kAlphabet[] = {'a', 'Z', '0',  ' ', '%', '/', '#',  '2',    'F',    'f',
                                         '3', '5', '\\', '(', ')', ':', '\0', '\xC3', '\xA9', '*'};
    std::mt19937 random(7);
    const auto text = [&] {
        std::string s(1 + random() % 12, ' ');
        for (char& c : s)
            c = kAlphabet[random() % sizeof kAlphabet];
        return s;
    };
    for (int i = 0; i < 5000; ++i) {
        SensorName name{text(), text(), {}};
        if (random() % 2)
            name.instance = text();
        const std::string formatted = format_sensor_name(name);
        auto parsed = parse_sensor_name(formatted);
        ASSERT_TRUE(parsed.ok()) << parsed.error().describe();
        ASSERT_EQ(*parsed, name) << formatted;
        ASSERT_EQ(format_sensor_name(*parsed), formatted);
    }
}

TestSource objects()
{
    TestObject system{.name_index = 2};
    system.counters = {{248, 249, PERF_COUNTER_RAWCOUNT}};
    system.values = {42};
    TestObject process{.name_index = kProcessObject, .has_instances = true};
    process.counters = {{kIdProcess, 785, PERF_COUNTER_RAWCOUNT}, {kElapsedTime, 685, PERF_ELAPSED_TIME}};
    process.instances = {{"_Total", {0, 0}}, {"svchost", {400, 11}}, {"bash", {100, 12}}, {"svchost", {500, 13}}};
    TestObject thread{.name_index = kThreadObject, .has_instances = true, .brings = {kProcessObject}};
    thread.counters = {{kIdThread, 805, PERF_COUNTER_RAWCOUNT}, {kIdProcess, 785, PERF_COUNTER_RAWCOUNT}};
    thread.instances = {{"_Total", {0, 0}, kProcessObject, 0},
                        {"0", {401, 400}, kProcessObject, 1},
                        {"1", {402, 400}, kProcessObject, 1}};
    TestObject disk{.name_index = 234, .has_instances = true};
    disk.counters = {{200, 201, PERF_COUNTER_RAWCOUNT}};
    disk.instances = {{"sda", {1}}, {"sda", {3}}, {"kworker/0:1", {3}}};
    return TestSource({system, process, thread, disk});
}

struct FromBlock : ::testing::Test {
    TestSource source = objects();
    std::vector<std::byte> buffer;
    BlockView block;
    void SetUp() override
    {
        ASSERT_TRUE(source.collect("Global", buffer).ok());
        block = BlockView::parse(buffer).value();
    }
    std::vector<std::string> sensors(std::uint32_t object, std::string_view object_name, std::string_view counter)
    {
        std::vector<std::string> out;
        for (const InstanceName& n : instance_names(block, *block.find_object(object)))
            out.push_back(
                format_sensor_name({std::string(object_name), std::string(counter), sensor_instance_name(object, n)}));
        return out;
    }
};

TEST_F(FromBlock, ProcessesAreNamedByPid)
{
    const auto names = instance_names(block, *block.find_object(kProcessObject));
    ASSERT_EQ(names.size(), 4u);
    EXPECT_EQ(names[1].id, 400u);
    EXPECT_EQ(sensor_instance_name(kProcessObject, names[1]), "400");
    EXPECT_EQ(sensor_instance_name(kProcessObject, names[3]), "500");
    EXPECT_EQ(
        sensors(kProcessObject, "Process", "ID Process"),
        (std::vector<std::string>{"win32.winperf/Process/ID Process#_Total", "win32.winperf/Process/ID Process#400",
                                  "win32.winperf/Process/ID Process#100", "win32.winperf/Process/ID Process#500"}));
}

TEST_F(FromBlock, TotalKeepsItsName)
{
    const auto names = instance_names(block, *block.find_object(kProcessObject));
    EXPECT_FALSE(names[0].id.has_value());
    EXPECT_EQ(sensor_instance_name(kProcessObject, names[0]), "_Total");
    const auto threads = instance_names(block, *block.find_object(kThreadObject));
    EXPECT_FALSE(threads[0].id.has_value());
    EXPECT_EQ(sensor_instance_name(kThreadObject, threads[0]), "_Total/_Total");
}

TEST_F(FromBlock, ThreadsUseTheirDisplayName)
{
    const auto threads = instance_names(block, *block.find_object(kThreadObject));
    EXPECT_EQ(threads[1].id, 401u);
    EXPECT_EQ(sensor_instance_name(kThreadObject, threads[1]), "svchost:400/401");
    EXPECT_EQ(sensors(kThreadObject, "Thread", "ID Thread")[2], "win32.winperf/Thread/ID Thread#svchost:400/402");
}

TEST_F(FromBlock, OtherObjectsUseTheirDisplayName)
{
    EXPECT_EQ(sensors(234, "PhysicalDisk", "Disk Reads/sec"),
              (std::vector<std::string>{"win32.winperf/PhysicalDisk/Disk Reads/sec#sda",
                                        "win32.winperf/PhysicalDisk/Disk Reads/sec#sda#1",
                                        "win32.winperf/PhysicalDisk/Disk Reads/sec#kworker/0:1"}));
}

TEST_F(FromBlock, ObjectWithoutInstancesHasNoInstancePart)
{
    const ObjectView system = *block.find_object(2);
    ASSERT_FALSE(system.has_instances());
    EXPECT_TRUE(instance_names(block, system).empty());
    const std::string text = format_sensor_name({"System", "Processes", {}});
    EXPECT_EQ(text, "win32.winperf/System/Processes");
    EXPECT_FALSE(parse_sensor_name(text)->instance.has_value());
}

TEST_F(FromBlock, EverySensorNameIsUniqueAndParsesBack)
{
    for (const auto& [object, object_name] :
         {std::pair{kProcessObject, "Process"}, std::pair{kThreadObject, "Thread"}, std::pair{234u, "PhysicalDisk"}}) {
        const auto all = sensors(object, object_name, "% Processor Time");
        EXPECT_EQ(std::set<std::string>(all.begin(), all.end()).size(), all.size()) << object_name;
        for (const std::string& text : all) {
            auto parsed = parse_sensor_name(text);
            ASSERT_TRUE(parsed.ok()) << parsed.error().describe();
            EXPECT_EQ(format_sensor_name(*parsed), text);
        }
    }
}

}  // namespace
}  // namespace wpo
