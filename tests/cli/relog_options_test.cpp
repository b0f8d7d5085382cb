// SPDX-License-Identifier: Apache-2.0
// relog's command line, counter file and column matching.
#include "cli/cli_options.h"
#include "cli/relog_options.h"
#include "files/pdh_csv_time.h"

#include <gtest/gtest.h>

namespace {

using perfscope::cli::Command;
using perfscope::cli::OutputFormat;
using perfscope::cli::parse_options;

TEST(RelogOptions, TakesRelogsOptions)
{
    auto o = parse_options({"relog", "a.psrec", "b.psrec", "-o", "out.psrec", "-f", "BIN", "-t", "10", "-b",
                            "11/26/2026 12:00:00", "-e", "11/26/2026 13:00:00", "-c", "\\Memory\\Available Bytes",
                            "\\Processor(*)\\% Processor Time", "-y"});
    ASSERT_TRUE(o) << o.error().message();
    EXPECT_EQ(o->command, Command::relog);
    EXPECT_EQ(o->inputs, (std::vector<std::string>{"a.psrec", "b.psrec"}));
    EXPECT_EQ(o->output_file, "out.psrec");
    EXPECT_EQ(o->format, OutputFormat::bin);
    EXPECT_EQ(o->keep_every, 10u);
    EXPECT_EQ(o->paths.size(), 2u);
    EXPECT_TRUE(o->overwrite);
    const auto noon = perfscope::files::parse_pdh_time("11/26/2026 12:00:00");
    ASSERT_TRUE(noon);
    EXPECT_EQ(o->begin_ms, perfscope::files::local_wall_to_utc_ms(*noon));
    EXPECT_EQ(*o->end_ms - *o->begin_ms, 3'600'000);

    auto defaults = parse_options({"relog", "log.csv", "-o", "out.csv"});
    ASSERT_TRUE(defaults);
    EXPECT_EQ(defaults->format, OutputFormat::csv);
    EXPECT_EQ(defaults->keep_every, 1u);
    EXPECT_FALSE(defaults->overwrite);
}

struct BadRelogLine {
    const char* name;
    std::vector<std::string> args;
    const char* message;
};

class RelogOptionsRefuse : public ::testing::TestWithParam<BadRelogLine> {};

TEST_P(RelogOptionsRefuse, NamesTheArgument)
{
    auto o = parse_options(GetParam().args);
    ASSERT_FALSE(o);
    EXPECT_EQ(o.error().code(), wpo::Errc::invalid_argument);
    EXPECT_NE(o.error().message().find(GetParam().message), std::string::npos) << o.error().message();
}

const BadRelogLine kBadLines[] = {
    {"no_input", {"relog", "-o", "x.csv"}, "at least one input"},
    {"no_output", {"relog", "a.psrec"}, "needs -o FILE"},
    {"bad_format", {"relog", "a.psrec", "-o", "x", "-f", "blg"}, "-f supports csv, tsv and bin"},
    {"zero_every", {"relog", "a.psrec", "-o", "x", "-t", "0"}, "-t needs a whole number of at least 1"},
    {"every_not_a_number", {"relog", "a.psrec", "-o", "x", "-t", "3x"}, "-t needs"},
    {"bad_time", {"relog", "a.psrec", "-o", "x", "-b", "noon"}, "-b needs a local time"},
    {"end_before_begin",
     {"relog", "a.psrec", "-o", "x", "-b", "11/26/2026 12:00:00", "-e", "11/26/2026 11:00:00"},
     "-e is before -b"},
    {"c_without_paths", {"relog", "a.psrec", "-o", "x", "-c", "-y"}, "-c needs counter paths"},
    {"c_and_cf", {"relog", "a.psrec", "-o", "x", "-c", "\\Memory\\*", "-cf", "list.txt"}, "-c or -cf, not both"},
    {"value_missing", {"relog", "a.psrec", "-o"}, "-o needs a value"},
    {"unknown_option", {"relog", "a.psrec", "-o", "x", "-si", "1"}, "unknown option \"-si\" for relog"},
    {"output_twice", {"relog", "a.psrec", "-o", "x", "-o", "y"}, "-o given twice"},
};

INSTANTIATE_TEST_SUITE_P(Rows, RelogOptionsRefuse, ::testing::ValuesIn(kBadLines),
                         [](const ::testing::TestParamInfo<BadRelogLine>& row) { return std::string(row.param.name); });

TEST(RelogOptions, HelpAndUsage)
{
    auto help = parse_options({"relog", "-o", "-h"});  // -o's value, not a help request
    ASSERT_FALSE(help);
    auto asked = parse_options({"relog", "a.psrec", "--help"});
    ASSERT_TRUE(asked);
    EXPECT_EQ(asked->command, Command::help);
    EXPECT_EQ(asked->help_topic, Command::relog);
    EXPECT_NE(perfscope::cli::usage(Command::relog).find("-cf FILE"), std::string::npos);
    EXPECT_NE(perfscope::cli::usage().find("relog INPUT..."), std::string::npos);
}

TEST(RelogOptions, CounterList)
{
    auto paths = perfscope::cli::parse_counter_list("\xEF\xBB\xBF# comment\r\n  \\Memory\\Available Bytes \r\n\n"
                                                    "\t\\Processor(*)\\% Processor Time");
    ASSERT_TRUE(paths) << paths.error().message();
    EXPECT_EQ(*paths, (std::vector<std::string>{"\\Memory\\Available Bytes", "\\Processor(*)\\% Processor Time"}));
    auto bad = perfscope::cli::parse_counter_list("\\Memory\\*\n\nMemory\n");
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message().find("line 3"), std::string::npos) << bad.error().message();
    auto empty = perfscope::cli::parse_counter_list("");
    ASSERT_TRUE(empty);
    EXPECT_TRUE(empty->empty());
}

struct Match {
    const char* name;
    const char* column;
    const char* path;
    bool matches;
};

class RelogColumnMatch : public ::testing::TestWithParam<Match> {};

TEST_P(RelogColumnMatch, AsRelogMatchesCounters)
{
    EXPECT_EQ(perfscope::cli::column_matches(GetParam().column, GetParam().path), GetParam().matches);
}

const Match kMatches[] = {
    {"exact_without_host", "\\\\vm\\Memory\\Available Bytes", "\\Memory\\Available Bytes", true},
    {"any_case", "\\\\vm\\Memory\\Available Bytes", "\\MEMORY\\available bytes", true},
    {"with_host", "\\\\vm\\Memory\\Available Bytes", "\\\\VM\\Memory\\Available Bytes", true},
    {"other_host", "\\\\vm\\Memory\\Available Bytes", "\\\\db\\Memory\\Available Bytes", false},
    {"instance_wildcard", "\\\\vm\\Processor(1)\\% Processor Time", "\\Processor(*)\\% Processor Time", true},
    {"counter_wildcard", "\\\\vm\\Processor(1)\\% Processor Time", "\\Processor(_Total)\\*", false},
    {"prefix_wildcard", "\\\\vm\\Memory\\Available Bytes", "\\Memory\\Avail*", true},
    {"other_counter", "\\\\vm\\Memory\\Available Bytes", "\\Memory\\Cache Bytes", false},
    {"longer_path", "\\\\vm\\Memory\\Available Bytes", "\\Memory\\Available Bytes2", false},
    {"stars_only", "\\\\vm\\Memory\\Available Bytes", "**", true},
};

INSTANTIATE_TEST_SUITE_P(Rows, RelogColumnMatch, ::testing::ValuesIn(kMatches),
                         [](const ::testing::TestParamInfo<Match>& row) { return std::string(row.param.name); });

}  // namespace
