// SPDX-License-Identifier: Apache-2.0
// NameTable: writing back (byte-exact round trips), lookups, edits, and
// find_object's resolution rules.
#include "multi_sz.h"
#include "names/name_table.h"

#include <gtest/gtest.h>

#include <string>

namespace wpo {
namespace {

using test::Bytes;
using test::multi_sz;

NameTable parse(const Bytes& counter, const Bytes& help)
{
    auto table = NameTable::from_multi_sz(counter, help);
    EXPECT_TRUE(table.ok()) << table.error().describe();
    return table.ok() ? std::move(table).value() : NameTable{};
}

// A slice of a real English table (indices from docs/performance-data-format.md §13).
const Bytes kCounter = multi_sz({"1", "1847", "2", "System", "4", "Memory", "6", "% Processor Time", "230", "Process",
                                 "232", "Thread", "238", "Processor", "784", "ID Process", "1846", "End Marker"});
const Bytes kHelp = multi_sz({"3", "The System performance object.", "7", "% Processor Time is the percentage.", "231",
                              "The Process performance object.", "1847", "End Marker"});

TEST(NameTableRoundTrip, WindowsTableIsWrittenBackByteForByte)
{
    const NameTable table = parse(kCounter, kHelp);
    EXPECT_EQ(table.counter_multi_sz(), kCounter);
    EXPECT_EQ(table.help_multi_sz(), kHelp);
}

TEST(NameTableRoundTrip, WineFakeTableIsWrittenBackByteForByte)
{
    // Sizes as Wine reports them (docs/windows-under-wine.md §4.1): 48 and 34.
    const Bytes counter = multi_sz({"1", "1847", "1846", "End Marker"});
    const Bytes help = multi_sz({"1847", "End Marker"});
    ASSERT_EQ(counter.size(), 48u);
    ASSERT_EQ(help.size(), 34u);
    const NameTable table = parse(counter, help);
    EXPECT_EQ(table.name(1), "1847");
    EXPECT_EQ(table.name(1846), "End Marker");
    EXPECT_EQ(table.help(1847), "End Marker");
    EXPECT_EQ(table.name(230), "");
    EXPECT_EQ(table.counter_multi_sz(), counter);
    EXPECT_EQ(table.help_multi_sz(), help);
}

TEST(NameTableRoundTrip, NonAsciiTextSurvives)
{
    // German, Japanese and a character outside the BMP (a surrogate pair).
    const Bytes counter =
        multi_sz({"2", "System", "6", "Prozessorzeit (%)", "1000",
                  "\xC3\x9C"
                  "bertragungen/s",
                  "1002", "\xE3\x83\x97\xE3\x83\xAD\xE3\x82\xBB\xE3\x82\xB9", "1004", "\xF0\x9F\x93\x88 Graph"});
    const NameTable table = parse(counter, {});
    EXPECT_EQ(table.name(1000), "\xC3\x9C"
                                "bertragungen/s");
    EXPECT_EQ(table.name(1004), "\xF0\x9F\x93\x88 Graph");
    EXPECT_EQ(table.counter_multi_sz(), counter);
}

TEST(NameTableRoundTrip, UnsortedAndUnterminatedInputIsWrittenSortedAndTerminated)
{
    const NameTable table = parse(test::piped("4|Memory|2|System|4|Later"), {});
    EXPECT_EQ(table.counter_multi_sz(), multi_sz({"2", "System", "4", "Memory"}));
}

TEST(NameTableRoundTrip, EmptyTableIsOneNul)
{
    const NameTable table;
    EXPECT_EQ(table.counter_multi_sz(), Bytes(2));
    EXPECT_EQ(table.help_multi_sz(), Bytes(2));
    const NameTable again = parse(table.counter_multi_sz(), table.help_multi_sz());
    EXPECT_TRUE(again.names().empty());
    EXPECT_TRUE(again.helps().empty());
}

TEST(NameTableRoundTrip, BuiltTableParsesBack)
{
    NameTable table;
    for (std::uint32_t i = 4000; i >= 2; i -= 2) {
        table.set_name(i, "Counter " + std::to_string(i));
        table.set_help(i + 1, "Help for " + std::to_string(i));
    }
    const NameTable again = parse(table.counter_multi_sz(), table.help_multi_sz());
    EXPECT_EQ(again.names(), table.names());
    EXPECT_EQ(again.helps(), table.helps());
    EXPECT_EQ(again.names().size(), 2000u);
}

TEST(NameTableLookup, BinarySearchFindsEveryIndexAndNothingElse)
{
    NameTable table;
    for (std::uint32_t i = 2; i <= 20000; i += 2)
        table.set_name(i, std::to_string(i * 7));
    for (std::uint32_t i = 0; i <= 20002; ++i)
        EXPECT_EQ(table.name(i), i % 2 == 0 && i >= 2 && i <= 20000 ? std::to_string(i * 7) : "") << i;
    EXPECT_EQ(table.name(0xFFFFFFFFu), "");
}

TEST(NameTableLookup, NameAndHelpAreSeparateTables)
{
    const NameTable table = parse(kCounter, kHelp);
    EXPECT_EQ(table.name(230), "Process");
    EXPECT_EQ(table.help(231), "The Process performance object.");
    EXPECT_EQ(table.help(230), "");
    EXPECT_EQ(table.name(231), "");
    EXPECT_EQ(table.name(1), "1847");  // the header pair is kept
}

TEST(NameTableEdit, SetNameInsertsReplacesAndKeepsOrder)
{
    NameTable table = parse(kCounter, kHelp);
    table.set_name(5, "Inserted");
    table.set_name(230, "Renamed");
    table.set_name(100000, "Last");
    table.set_name(0, "First");
    EXPECT_EQ(table.name(5), "Inserted");
    EXPECT_EQ(table.name(230), "Renamed");
    EXPECT_EQ(table.names().front().first, 0u);
    EXPECT_EQ(table.names().back().first, 100000u);
    EXPECT_TRUE(std::is_sorted(table.names().begin(), table.names().end(),
                               [](const auto& a, const auto& b) { return a.first < b.first; }));
    EXPECT_EQ(table.names().size(), 12u);
}

TEST(NameTableEdit, EmptyTextRemovesAndNulCuts)
{
    NameTable table = parse(kCounter, kHelp);
    table.set_name(230, "");
    table.set_name(999, "");  // absent: nothing happens
    table.set_help(231, std::string("Cut\0here", 8));
    EXPECT_EQ(table.name(230), "");
    EXPECT_EQ(table.names().size(), 8u);
    EXPECT_EQ(table.help(231), "Cut");
    // Still a well-formed table.
    const NameTable again = parse(table.counter_multi_sz(), table.help_multi_sz());
    EXPECT_EQ(again.names(), table.names());
    EXPECT_EQ(again.helps(), table.helps());
}

TEST(NameTableFindObject, CaseInsensitive)
{
    const NameTable table = parse(kCounter, kHelp);
    EXPECT_EQ(table.find_object("Process"), 230u);
    EXPECT_EQ(table.find_object("PROCESS"), 230u);
    EXPECT_EQ(table.find_object("processor"), 238u);
    EXPECT_EQ(table.find_object("Process "), std::nullopt);
    EXPECT_EQ(table.find_object("Nonexistent"), std::nullopt);
    EXPECT_EQ(table.find_object(""), std::nullopt);
}

TEST(NameTableFindObject, LowestIndexWins)
{
    NameTable table = parse(kCounter, kHelp);
    table.set_name(5000, "Process");  // a provider reusing the name
    table.set_name(100, "process");
    EXPECT_EQ(table.find_object("Process"), 100u);
}

TEST(NameTableFindObject, HeaderPairIsNotAnObject)
{
    const NameTable table = parse(kCounter, kHelp);
    EXPECT_EQ(table.find_object("1847"), std::nullopt);
}

}  // namespace
}  // namespace wpo
