// SPDX-License-Identifier: Apache-2.0
#include "naming/counter_path.h"

#include <gtest/gtest.h>

namespace wpo {
namespace {

struct PathRow {
    std::string name;
    std::string text;
    std::string machine, object, parent, instance, counter;
    bool has_instance, wildcard_instance, wildcard_counter;
    std::optional<std::uint32_t> index;
};
void PrintTo(const PathRow& row, std::ostream* os)
{
    *os << row.name;
}

class CounterPathParse : public ::testing::TestWithParam<PathRow> {};

TEST_P(CounterPathParse, Fields)
{
    const PathRow& row = GetParam();
    auto path = CounterPath::parse(row.text);
    ASSERT_TRUE(path.ok()) << path.error().describe();
    EXPECT_EQ(path->machine, row.machine);
    EXPECT_EQ(path->object, row.object);
    EXPECT_EQ(path->parent, row.parent);
    EXPECT_EQ(path->instance, row.instance);
    EXPECT_EQ(path->counter, row.counter);
    EXPECT_EQ(path->has_instance, row.has_instance);
    EXPECT_EQ(path->wildcard_instance, row.wildcard_instance);
    EXPECT_EQ(path->wildcard_counter, row.wildcard_counter);
    EXPECT_EQ(path->index, row.index);
}

// clang-format off
const PathRow kPaths[] = {
    {"single", R"(\Memory\Available Bytes)", "", "Memory", "", "", "Available Bytes", false, false, false, {}},
    {"machine", R"(\\HOST\System\Processes)", "HOST", "System", "", "", "Processes", false, false, false, {}},
    {"instance", R"(\Processor(_Total)\% Processor Time)", "", "Processor", "", "_Total", "% Processor Time", true,
     false, false, {}},
    {"wildcard", R"(\Process(*)\Working Set)", "", "Process", "", "", "Working Set", true, true, false, {}},
    {"name_pid", R"(\Process(bash:1234)\ID Process)", "", "Process", "", "bash:1234", "ID Process", true, false,
     false, {}},
    {"duplicate_index", R"(\Process(svchost#2)\Handle Count)", "", "Process", "", "svchost", "Handle Count", true,
     false, false, 2u},
    {"parent", R"(\Thread(bash:12/34)\% Processor Time)", "", "Thread", "bash:12", "34", "% Processor Time", true,
     false, false, {}},
    {"parent_index", R"(\Thread(explorer/3#1)\ID Thread)", "", "Thread", "explorer", "3", "ID Thread", true, false,
     false, 1u},
    {"counter_with_slash", R"(\PhysicalDisk(_Total)\Avg. Disk sec/Read)", "", "PhysicalDisk", "", "_Total",
     "Avg. Disk sec/Read", true, false, false, {}},
    {"instance_with_parens", R"(\Process(a(b))\ID Process)", "", "Process", "", "a(b)", "ID Process", true, false,
     false, {}},
    {"wildcard_counter", R"(\Memory\*)", "", "Memory", "", "", "*", false, false, true, {}},
    {"root_file_system", R"(\LogicalDisk(/)\% Free Space)", "", "LogicalDisk", "", "/", "% Free Space", true, false,
     false, {}},
    {"mount_point", R"(\LogicalDisk(/boot/efi)\Free Megabytes)", "", "LogicalDisk", "", "/boot/efi",
     "Free Megabytes", true, false, false, {}},
    {"hash_not_index", R"(\Process(c#)\ID Process)", "", "Process", "", "c#", "ID Process", true, false, false, {}},
};
// clang-format on

INSTANTIATE_TEST_SUITE_P(Rows, CounterPathParse, ::testing::ValuesIn(kPaths),
                         [](const auto& row) { return row.param.name; });

class CounterPathReject : public ::testing::TestWithParam<std::pair<std::string, std::string>> {};

TEST_P(CounterPathReject, NamesTheProblem)
{
    auto path = CounterPath::parse(GetParam().second);
    ASSERT_FALSE(path.ok());
    EXPECT_EQ(path.error().code(), Errc::invalid_argument);
    EXPECT_NE(path.error().message().find(GetParam().second), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(
    Rows, CounterPathReject,
    ::testing::Values(std::pair<std::string, std::string>{"empty", ""},
                      std::pair<std::string, std::string>{"no_backslash", "Memory"},
                      std::pair<std::string, std::string>{"no_counter", R"(\Memory)"},
                      std::pair<std::string, std::string>{"empty_counter", R"(\Memory\)"},
                      std::pair<std::string, std::string>{"empty_object", R"(\\Bytes)"},
                      std::pair<std::string, std::string>{"machine_only", R"(\\HOST)"},
                      std::pair<std::string, std::string>{"empty_instance", R"(\Process()\X)"},
                      std::pair<std::string, std::string>{"unclosed", R"(\Process(x\X)"},
                      std::pair<std::string, std::string>{"close_only", R"(\Processx)\X)"},
                      std::pair<std::string, std::string>{"wildcard_with_index", R"(\Process(*#2)\X)"},
                      std::pair<std::string, std::string>{"backslash_in_object", R"(\\H\\\read(x)\X)"}),
    [](const auto& row) { return row.param.first; });

TEST(CounterPath, PrintsBack)
{
    EXPECT_EQ(CounterPath::parse(R"(\Thread(bash:1/2#3)\ID Thread)")->to_string(), R"(\Thread(bash:1/2#3)\ID Thread)");
    EXPECT_EQ(CounterPath::parse(R"(\\H\Memory\Available Bytes)")->to_string(), R"(\Memory\Available Bytes)");
    EXPECT_EQ(CounterPath::parse(R"(\Process(*)\ID Process)")->to_string(), R"(\Process(*)\ID Process)");
}

}  // namespace
}  // namespace wpo
