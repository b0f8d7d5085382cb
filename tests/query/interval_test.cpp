// SPDX-License-Identifier: Apache-2.0
#include "query/interval.h"

#include <gtest/gtest.h>

#include <string>

namespace wpo::query {
namespace {

struct GoodRow {
    std::string name;
    std::string text;
    double seconds;  // hh * 3600 + mm * 60 + ss, by hand
};
void PrintTo(const GoodRow& row, std::ostream* os)
{
    *os << row.name;
}

class IntervalAccepts : public ::testing::TestWithParam<GoodRow> {};

TEST_P(IntervalAccepts, GivesSeconds)
{
    auto s = parse_interval(GetParam().text);
    ASSERT_TRUE(s.ok()) << s.error().describe();
    EXPECT_DOUBLE_EQ(*s, GetParam().seconds);
}

const GoodRow kGood[] = {
    {"tenth_second", "0.1", 0.1},
    {"whole_seconds", "5", 5.0},
    {"minutes_seconds", "01:30", 90.0},
    {"hours_minutes_seconds", "1:00:00", 3600.0},
    {"fractional_seconds_field", "0:0.5", 0.5},
    {"one_year", "8760:00:00", 86400.0 * 365},
};
INSTANTIATE_TEST_SUITE_P(Rows, IntervalAccepts, ::testing::ValuesIn(kGood),
                         [](const auto& row) { return row.param.name; });

struct BadRow {
    std::string name;
    std::string text;
    std::string mentions;  // the message names the bad part
};
void PrintTo(const BadRow& row, std::ostream* os)
{
    *os << row.name;
}

class IntervalRejects : public ::testing::TestWithParam<BadRow> {};

TEST_P(IntervalRejects, NamesTheOptionAndTheText)
{
    auto s = parse_interval(GetParam().text, "--interval");
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().code(), wpo::Errc::invalid_argument);
    EXPECT_EQ(s.error().message().rfind("--interval ", 0), 0u) << s.error().message();
    EXPECT_NE(s.error().message().find(GetParam().mentions), std::string::npos) << s.error().message();
}

const BadRow kBad[] = {
    {"empty", "", "needs seconds"},
    {"word", "soon", "\"soon\""},
    {"negative", "-1", "\"-1\""},
    {"trailing_text", "5s", "\"5s\""},
    {"empty_field", "1::00", "\"1::00\""},
    {"four_fields", "1:0:0:0", "[[hh:]mm:]ss"},
    {"below_a_tenth", "0.05", "at least 0.1 seconds"},
    {"zero", "0", "at least 0.1 seconds"},
    {"over_a_year", "8760:00:01", "longer than a year"},
    {"infinite", "inf", "\"inf\""},
};
INSTANTIATE_TEST_SUITE_P(Rows, IntervalRejects, ::testing::ValuesIn(kBad),
                         [](const auto& row) { return row.param.name; });

TEST(Interval, DefaultOptionIsTypeperfs)
{
    auto s = parse_interval("x");
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().message().rfind("-si ", 0), 0u) << s.error().message();
}

// The dialog's time fields show format_interval's text and read it back with
// parse_interval: the text by hand for each form, and a round trip over a
// range of values (to the millisecond).
TEST(Interval, FormatGivesWhatParseReadsBack)
{
    EXPECT_EQ(format_interval(0.1), "0.1");
    EXPECT_EQ(format_interval(0.5), "0.5");
    EXPECT_EQ(format_interval(5), "5");
    EXPECT_EQ(format_interval(59.75), "59.75");
    EXPECT_EQ(format_interval(60), "1:00");
    EXPECT_EQ(format_interval(90), "1:30");
    EXPECT_EQ(format_interval(125.5), "2:05.5");
    EXPECT_EQ(format_interval(3600), "1:00:00");
    EXPECT_EQ(format_interval(86400), "24:00:00");
    EXPECT_EQ(format_interval(7 * 86400 + 61), "168:01:01");
    for (double seconds : {0.1, 0.25, 1.0, 9.999, 59.999, 60.001, 599.5, 3599.0, 3600.5, 36000.0, 604800.0}) {
        auto back = parse_interval(format_interval(seconds));
        ASSERT_TRUE(back.ok()) << format_interval(seconds);
        EXPECT_NEAR(*back, seconds, 5e-4) << format_interval(seconds);
    }
}

}  // namespace
}  // namespace wpo::query
