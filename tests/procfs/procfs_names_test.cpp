// SPDX-License-Identifier: Apache-2.0
// The Linux name table: complete for every index constant and for every
// definition the source writes, and strict about its own format.
#include "procfs_test_util.h"

#include "sources/procfs/linux_indices.h"
#include "sources/procfs/linux_name_table.h"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace wpo {
namespace {

namespace ix = procfs_index;

NameTable load()
{
    ProcfsSource source;
    auto table = source.load_names();
    EXPECT_TRUE(table.ok()) << (table.ok() ? "" : table.error().describe());
    return table.ok() ? *table : NameTable();
}

// Every `kName = <number>;` in linux_indices.h, read from the header itself so
// that a constant added there without a table entry fails here.
std::map<std::string, std::uint32_t> header_constants()
{
    std::ifstream in(PERFSCOPE_LINUX_INDICES_H);
    EXPECT_TRUE(in) << PERFSCOPE_LINUX_INDICES_H;
    std::stringstream text;
    text << in.rdbuf();
    const std::string s = text.str();
    std::map<std::string, std::uint32_t> out;
    const std::regex constant(R"(inline constexpr std::uint32_t (k\w+) = (\d+);)");
    for (auto it = std::sregex_iterator(s.begin(), s.end(), constant); it != std::sregex_iterator(); ++it)
        out[(*it)[1]] = static_cast<std::uint32_t>(std::stoul((*it)[2]));
    return out;
}

TEST(LinuxNames, EveryIndexConstantHasNameAndHelp)
{
    const NameTable table = load();
    const auto constants = header_constants();
    ASSERT_GT(constants.size(), 70u);  // the regex still matches the header
    for (const auto& [name, index] : constants) {
        if (name == "kPrivateRangeFirst" || name == "kPrivateRangeLast")
            continue;
        EXPECT_EQ(index % 2, 0u) << name;
        EXPECT_FALSE(table.name(index).empty()) << name << " = " << index << " has no name";
        EXPECT_FALSE(table.help(index + 1).empty()) << name << " = " << index << " has no help";
        EXPECT_TRUE(index < 2000 || (index >= ix::kPrivateRangeFirst && index <= ix::kPrivateRangeLast)) << name;
    }
    for (const std::uint32_t object : ix::kObjects)
        EXPECT_TRUE(table.find_object(table.name(object)) == object) << object;
}

TEST(LinuxNames, EveryEntryIsAConstant)
{
    const NameTable table = load();
    std::set<std::uint32_t> indices;
    for (const auto& [name, index] : header_constants())
        indices.insert(index);
    for (const auto& [index, text] : table.names())
        EXPECT_TRUE(indices.count(index)) << index << " " << text << " has no constant in linux_indices.h";
    EXPECT_EQ(table.names().size(), table.helps().size());
}

TEST(LinuxNames, StandardIndicesHaveTheirWindowsNames)
{
    const NameTable table = load();
    const std::pair<std::uint32_t, const char*> expected[] = {
        {2, "System"},           {4, "Memory"},
        {6, "% Processor Time"}, {230, "Process"},
        {232, "Thread"},         {238, "Processor"},
        {784, "ID Process"},     {804, "ID Thread"},
        {684, "Elapsed Time"},   {1410, "Creating Process ID"},
        {180, "Working Set"},    {186, "Private Bytes"},
        {674, "System Up Time"}, {1400, "Avg. Disk Queue Length"},
    };
    for (const auto& [index, name] : expected)
        EXPECT_EQ(table.name(index), name);
}

// Every definition of every object the source can write has a name and a
// help text, and the object header points at them.
TEST(LinuxNames, EveryDefinitionTheSourceWritesIsNamed)
{
    const NameTable table = load();
    test::FixedClock clock(1, 1);
    ProcfsSource source(test::fixture_options("proc-small", clock));
    std::vector<std::byte> buffer;
    for (const char* query : {"Global", "Costly"}) {
        const BlockView block = test::collect_block(source, query, buffer);
        for (const ObjectView& o : block.objects()) {
            EXPECT_FALSE(table.name(o.name_index()).empty()) << o.name_index();
            EXPECT_FALSE(table.help(o.header().help_index).empty()) << o.name_index();
            EXPECT_EQ(o.header().help_index, o.name_index() + 1);
            for (const CounterDefinition& d : o.counters()) {
                EXPECT_FALSE(table.name(d.name_index).empty()) << o.name_index() << "/" << d.name_index;
                EXPECT_FALSE(table.help(d.help_index).empty()) << o.name_index() << "/" << d.name_index;
                EXPECT_EQ(d.help_index, d.name_index + 1);
            }
        }
    }
}

TEST(LinuxNames, CompiledInTextIsTheResourceFile)
{
    std::ifstream in(PERFSCOPE_LINUX_NAMES_TXT, std::ios::binary);
    ASSERT_TRUE(in);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(linux_names_text(), text.str()) << "rebuild: the embedded table is stale";
}

TEST(LinuxNames, MultiLineHelpIsJoined)
{
    auto table = parse_linux_names("# comment\n\n10 Ten Things\n    first half\n\tsecond half\n12 Twelve\n  x\n");
    ASSERT_TRUE(table.ok()) << table.error().describe();
    EXPECT_EQ(table->name(10), "Ten Things");
    EXPECT_EQ(table->help(11), "first half second half");
    EXPECT_EQ(table->help(13), "x");
}

struct BadTable {
    const char* label;
    std::string_view text;
    const char* message;
};

class LinuxNamesBad : public ::testing::TestWithParam<BadTable> {};

TEST_P(LinuxNamesBad, IsRejectedWithItsLine)
{
    auto table = parse_linux_names(GetParam().text);
    ASSERT_FALSE(table.ok());
    EXPECT_EQ(table.error().code(), Errc::bad_name_table);
    EXPECT_NE(table.error().message().find(GetParam().message), std::string::npos) << table.error().message();
}

INSTANTIATE_TEST_SUITE_P(Format, LinuxNamesBad,
                         ::testing::Values(BadTable{"NoHelp", "10 Ten\n12 Twelve\n  help\n",
                                                    "line 1: \"Ten\" has no help"},
                                           BadTable{"NoHelpAtEnd", "10 Ten\n  help\n12 Twelve\n", "line 3"},
                                           BadTable{"OddIndex", "11 Eleven\n  help\n", "not an even number"},
                                           BadTable{"Zero", "0 Zero\n  help\n", "not an even number"},
                                           BadTable{"Repeated", "10 Ten\n  help\n10 Again\n  help\n", "appears twice"},
                                           BadTable{"NoName", "10\n  help\n", "expected"},
                                           BadTable{"NotANumber", "ten Ten\n  help\n", "expected"},
                                           BadTable{"HelpFirst", "  help\n10 Ten\n", "help text before any entry"},
                                           BadTable{"NulInHelp", std::string_view("10 Ten\n  \0help\n", 15), "NUL"}),
                         [](const ::testing::TestParamInfo<BadTable>& row) { return std::string(row.param.label); });

}  // namespace
}  // namespace wpo
