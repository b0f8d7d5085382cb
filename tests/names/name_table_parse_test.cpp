// SPDX-License-Identifier: Apache-2.0
// NameTable::from_multi_sz on every shape of table, one named row each: what
// is an error (and where its message points), what is tolerated, and how
// duplicates resolve. Tables are written "1|1847|2|System||" with '|' = NUL.
#include "multi_sz.h"
#include "names/name_table.h"

#include <gtest/gtest.h>

#include <optional>
#include <ostream>
#include <string>

namespace wpo {
namespace {

using test::Bytes;
using test::piped;

struct Row {
    std::string name;
    Bytes counter;
    Bytes help;
    // Set: the parse fails with bad_name_table and the message contains it.
    std::optional<std::string> error;
    NameTable::Entries names = {};
    NameTable::Entries helps = {};
    std::size_t duplicates = 0;
};

void PrintTo(const Row& row, std::ostream* os)
{
    *os << row.name;
}

Bytes plus_byte(Bytes b)
{
    b.push_back(std::byte{0});
    return b;
}

Bytes units(std::initializer_list<std::uint16_t> list)
{
    Bytes out;
    for (std::uint16_t u : list) {
        out.push_back(std::byte(u & 0xFF));
        out.push_back(std::byte(u >> 8));
    }
    return out;
}

const Bytes kHelp = piped("3|The System object.||");

// clang-format off
const Row kRows[] = {
    // Well-formed and tolerated shapes.
    {"normal", piped("1|1847|2|System|4|Memory||"), kHelp, {}, {{1, "1847"}, {2, "System"}, {4, "Memory"}},
     {{3, "The System object."}}},
    {"empty_bytes", {}, {}, {}},
    {"only_terminators", piped("||||"), piped("|"), {}},
    {"no_list_terminator", piped("1|1847|2|System|"), kHelp, {}, {{1, "1847"}, {2, "System"}},
     {{3, "The System object."}}},
    {"no_terminator", piped("1|1847|2|System"), piped("3|The System object."), {},
     {{1, "1847"}, {2, "System"}}, {{3, "The System object."}}},
    {"extra_padding", piped("2|System||||||"), kHelp, {}, {{2, "System"}}, {{3, "The System object."}}},
    {"out_of_order", piped("4|Memory|2|System|1|1847||"), kHelp, {}, {{1, "1847"}, {2, "System"}, {4, "Memory"}},
     {{3, "The System object."}}},
    {"leading_zeros", piped("0002|System||"), kHelp, {}, {{2, "System"}}, {{3, "The System object."}}},
    {"index_zero", piped("0|Zero||"), kHelp, {}, {{0, "Zero"}}, {{3, "The System object."}}},
    {"index_max", piped("4294967295|Max||"), kHelp, {}, {{4294967295u, "Max"}}, {{3, "The System object."}}},
    {"text_with_spaces_and_digits", piped("2|  1847  |4|-5||"), kHelp, {}, {{2, "  1847  "}, {4, "-5"}},
     {{3, "The System object."}}},
    {"garbage_text_lone_surrogate", units({'2', 0, 0xD800, 'x', 0xFFFF, 0, 0}), {}, {},
     {{2, "\xEF\xBF\xBDx\xEF\xBF\xBF"}}},
    {"wine_fake_table", piped("1|1847|1846|End Marker||"), piped("1847|End Marker||"), {},
     {{1, "1847"}, {1846, "End Marker"}}, {{1847, "End Marker"}}},

    // Duplicates: the first text of an index wins.
    {"duplicates", piped("2|System|2|Other|4|Memory||"), kHelp, {}, {{2, "System"}, {4, "Memory"}},
     {{3, "The System object."}}, 1},
    {"duplicates_out_of_order", piped("4|Memory|2|System|4|Later|4|Latest||"), kHelp, {},
     {{2, "System"}, {4, "Memory"}}, {{3, "The System object."}}, 2},
    {"duplicates_in_both_tables", piped("2|System|2|Again||"), piped("3|First|3|Second||"), {}, {{2, "System"}},
     {{3, "First"}}, 2},

    // Errors.
    {"odd_strings", piped("1|1847|2||"), kHelp, "Counter table, string 2 at byte 14: index 2 has no text"},
    {"odd_strings_no_terminator", piped("1|1847|2"), kHelp, "index 2 has no text (odd number of strings)"},
    {"odd_strings_in_help", piped("2|System||"), piped("3|Help|5||"), "Help table, string 2 at byte 14"},
    {"non_numeric", piped("1|1847|abc|System||"), kHelp,
     "Counter table, string 2 at byte 14: index \"abc\" is not a decimal number"},
    {"negative", piped("-2|System||"), kHelp, "string 0 at byte 0: index \"-2\" is not a decimal number"},
    {"leading_space", piped(" 2|System||"), kHelp, "index \" 2\" is not a decimal number"},
    {"hex_index", piped("0x10|System||"), kHelp, "index \"0x10\" is not a decimal number"},
    {"plus_sign", piped("+2|System||"), kHelp, "index \"+2\" is not a decimal number"},
    {"fullwidth_digit", piped("\xEF\xBC\x92|System||"), kHelp, "is not a decimal number"},
    {"overflow", piped("4294967296|Big||"), kHelp, "index \"4294967296\" exceeds 4294967295"},
    {"overflow_long", piped("99999999999999999999999999999999|Big||"), kHelp,
     "index \"999999999999999999999999...\" exceeds 4294967295"},
    {"empty_index", piped("1|1847||2|System||"), kHelp,
     "Counter table, string 2 at byte 14: empty index (two NULs inside the list"},
    {"empty_text", piped("2||4|Memory||"), kHelp, "string 1 at byte 4: empty text for index 2"},
    {"leading_nul", piped("|2|System||"), kHelp, "string 0 at byte 0: empty index"},
    {"garbage_after_list_end", piped("2|System||\x01garbage"), kHelp, "string 2 at byte 18: empty index"},
    {"odd_byte_count", plus_byte(piped("2|System||")), kHelp, "Counter table has 21 bytes, an odd count"},
    {"odd_byte_count_help", piped("2|System||"), plus_byte(kHelp), "Help table has"},
    {"single_byte", Bytes{std::byte{0}}, {}, "an odd count"},
};
// clang-format on

class NameTableParse : public ::testing::TestWithParam<Row> {};

TEST_P(NameTableParse, Row)
{
    const Row& row = GetParam();
    auto table = NameTable::from_multi_sz(row.counter, row.help);
    if (row.error) {
        ASSERT_FALSE(table.ok()) << "accepted a malformed table";
        EXPECT_EQ(table.error().code(), Errc::bad_name_table);
        EXPECT_NE(table.error().message().find(*row.error), std::string::npos) << table.error().message();
        return;
    }
    ASSERT_TRUE(table.ok()) << table.error().describe();
    EXPECT_EQ(table->names(), row.names);
    EXPECT_EQ(table->helps(), row.helps);
    EXPECT_EQ(table->duplicates(), row.duplicates);

    // Whatever was accepted writes back to a table that reads the same.
    auto again = NameTable::from_multi_sz(table->counter_multi_sz(), table->help_multi_sz());
    ASSERT_TRUE(again.ok()) << again.error().describe();
    EXPECT_EQ(again->names(), row.names);
    EXPECT_EQ(again->helps(), row.helps);
    EXPECT_EQ(again->duplicates(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Rows, NameTableParse, ::testing::ValuesIn(kRows),
                         [](const auto& row) { return row.param.name; });

// No input may read out of bounds: every prefix of a table parses or fails
// cleanly (ASan/UBSan builds make this a memory-safety check).
TEST(NameTableParse, EveryPrefixIsAValueOrAnError)
{
    const Bytes full = piped("1|1847|2|System|4|Memory|230|Process||");
    std::size_t accepted = 0;
    for (std::size_t n = 0; n <= full.size(); ++n) {
        const Bytes cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
        auto table = NameTable::from_multi_sz(cut, {});
        if (table.ok()) {
            ++accepted;
            EXPECT_LE(table->names().size(), 4u);
        } else {
            EXPECT_EQ(table.error().code(), Errc::bad_name_table);
        }
    }
    EXPECT_GT(accepted, 0u);
}

}  // namespace
}  // namespace wpo
