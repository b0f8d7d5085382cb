// SPDX-License-Identifier: Apache-2.0
#include "cli/cli_options.h"

#include <gtest/gtest.h>

namespace perfscope::cli {
namespace {

using Args = std::vector<std::string>;

TEST(CliOptions, Query)
{
    auto o = parse_options({"query", "-si", "0.5", "-sc", "3", "-o", "out.csv", "-f", "tsv", "-y", "--cap100",
                            "--stats", "\\Memory\\Available Bytes", "\\Processor(*)\\% Processor Time"});
    ASSERT_TRUE(o.ok()) << o.error().message();
    EXPECT_EQ(o->command, Command::query);
    EXPECT_DOUBLE_EQ(o->interval_s, 0.5);
    EXPECT_EQ(o->samples, 3u);
    EXPECT_EQ(o->output_file, "out.csv");
    EXPECT_EQ(o->format, OutputFormat::tsv);
    EXPECT_TRUE(o->overwrite);
    EXPECT_TRUE(o->cap_percent);
    EXPECT_TRUE(o->stats);
    EXPECT_EQ(o->paths.size(), 2u);
    EXPECT_FALSE(parse_options({"query", "\\A\\B"})->stats);
}

TEST(CliOptions, ListAndDump)
{
    auto list = parse_options({"--proc-root", "/tmp/p", "list", "Process", "--help-text"});
    ASSERT_TRUE(list.ok());
    EXPECT_EQ(list->proc_root, "/tmp/p");
    EXPECT_EQ(*list->object, "Process");
    EXPECT_TRUE(list->help_text);
    auto dump = parse_options({"dump", "Memory", "230", "--once"});
    ASSERT_TRUE(dump.ok());
    EXPECT_EQ(dump->objects, (Args{"Memory", "230"}));
    EXPECT_TRUE(dump->single_sample);
}

// -si's syntax itself: tests/query/interval_test.cpp (wpo::query::parse_interval).
TEST(CliOptions, Intervals)
{
    EXPECT_DOUBLE_EQ(parse_options({"query", "-si", "01:30", "\\A\\B"})->interval_s, 90.0);
    EXPECT_DOUBLE_EQ(parse_options({"dump", "Memory", "-si", "0.1"})->interval_s, 0.1);
}

struct BadRow {
    std::string name;
    Args args;
    std::string mentions;  // the message names the bad part
};
void PrintTo(const BadRow& row, std::ostream* os)
{
    *os << row.name;
}

class CliOptionsReject : public ::testing::TestWithParam<BadRow> {};

TEST_P(CliOptionsReject, NamesTheBadPart)
{
    auto o = parse_options(GetParam().args);
    ASSERT_FALSE(o.ok());
    EXPECT_EQ(o.error().code(), wpo::Errc::invalid_argument);
    EXPECT_NE(o.error().message().find(GetParam().mentions), std::string::npos) << o.error().message();
}

const BadRow kBad[] = {
    {"no_command", {}, "no command"},
    {"unknown_command", {"frobnicate"}, "frobnicate"},
    {"unknown_global", {"--bogus", "list"}, "--bogus"},
    {"query_without_paths", {"query"}, "counter path"},
    {"si_missing_value", {"query", "-si"}, "-si"},
    {"si_not_a_number", {"query", "-si", "fast", "\\A\\B"}, "fast"},
    {"si_too_small", {"query", "-si", "0.05", "\\A\\B"}, "0.1"},
    {"si_negative", {"query", "-si", "-1", "\\A\\B"}, "-1"},
    {"si_nan", {"query", "-si", "nan", "\\A\\B"}, "nan"},
    {"si_too_many_fields", {"query", "-si", "1:1:1:1", "\\A\\B"}, "1:1:1:1"},
    {"sc_zero", {"query", "-sc", "0", "\\A\\B"}, "-sc"},
    {"sc_not_a_number", {"query", "-sc", "3x", "\\A\\B"}, "3x"},
    {"sc_negative", {"query", "-sc", "-3", "\\A\\B"}, "-3"},
    {"format_unknown", {"query", "-f", "bin", "\\A\\B"}, "bin"},
    {"output_empty", {"query", "-o", "", "\\A\\B"}, "-o"},
    {"unknown_query_flag", {"query", "--frob", "\\A\\B"}, "--frob"},
    {"list_two_objects", {"list", "A", "B"}, "\"B\""},
    {"help_text_on_query", {"query", "--help-text", "\\A\\B"}, "--help-text"},
    {"stats_on_dump", {"dump", "--stats"}, "--stats"},
    {"proc_root_without_value", {"--proc-root"}, "--proc-root"},
};

INSTANTIATE_TEST_SUITE_P(Rows, CliOptionsReject, ::testing::ValuesIn(kBad),
                         [](const auto& row) { return row.param.name; });

}  // namespace
}  // namespace perfscope::cli

namespace perfscope::cli {
namespace {

// Every way a newcomer asks for help gives the usage they asked about.
struct HelpRow {
    std::string name;
    Args args;
    std::optional<Command> topic;  // none = the overview
};
void PrintTo(const HelpRow& row, std::ostream* os)
{
    *os << row.name;
}

class CliOptionsHelp : public ::testing::TestWithParam<HelpRow> {};

TEST_P(CliOptionsHelp, GivesTheCommandsUsage)
{
    auto o = parse_options(GetParam().args);
    ASSERT_TRUE(o.ok()) << o.error().message();
    EXPECT_EQ(o->command, Command::help);
    EXPECT_EQ(o->help_topic, GetParam().topic);
}

const HelpRow kHelp[] = {
    {"help_alone", {"help"}, std::nullopt},
    {"long_alone", {"--help"}, std::nullopt},
    {"short_alone", {"-h"}, std::nullopt},
    {"question_alone", {"-?"}, std::nullopt},
    {"help_help", {"help", "help"}, std::nullopt},
    {"help_list", {"help", "list"}, Command::list},
    {"help_query", {"help", "query"}, Command::query},
    {"help_dump", {"help", "dump"}, Command::dump},
    {"list_long", {"list", "--help"}, Command::list},
    {"query_long", {"query", "--help"}, Command::query},
    {"query_short", {"query", "-h"}, Command::query},
    {"dump_long", {"dump", "--help"}, Command::dump},
    {"dump_short_after_objects", {"dump", "Memory", "-h"}, Command::dump},
    {"list_with_object", {"list", "Process", "--help"}, Command::list},
    {"after_proc_root", {"--proc-root", "/x", "query", "--help"}, Command::query},
    // Help wins over arguments that would be errors.
    {"after_bad_interval", {"query", "-si", "0", "--help"}, Command::query},
    {"before_unknown_flag", {"query", "--help", "--frob"}, Command::query},
};

INSTANTIATE_TEST_SUITE_P(Rows, CliOptionsHelp, ::testing::ValuesIn(kHelp),
                         [](const auto& row) { return row.param.name; });

TEST(CliOptions, AFlagsValueIsNotAHelpRequest)
{
    auto o = parse_options({"query", "-o", "-h", "\\A\\B"});
    ASSERT_TRUE(o.ok()) << o.error().message();
    EXPECT_EQ(o->command, Command::query);
    EXPECT_EQ(o->output_file, "-h");
}

TEST(CliOptions, EachCommandHasItsOwnUsage)
{
    const std::string overview = usage();
    EXPECT_TRUE(overview.starts_with("Usage: perfscope-cli [--proc-root DIR] COMMAND")) << overview;
    const std::pair<Command, std::string> commands[] = {{Command::list, "list [OBJECT] [--help-text]"},
                                                        {Command::query, "query [-si S]"},
                                                        {Command::dump, "dump [OBJECT...]"}};
    for (const auto& [command, synopsis] : commands) {
        const std::string text = usage(command);
        EXPECT_TRUE(text.starts_with("Usage: perfscope-cli [--proc-root DIR] " + synopsis)) << text;
        EXPECT_NE(text, overview);
        EXPECT_NE(text.find("Example: perfscope-cli "), std::string::npos) << text;
    }
    // Every query option the parser knows is explained.
    for (const char* flag : {"-si", "-sc", "-o FILE", "-f csv|tsv", "-y", "--cap100", "--stats"})
        EXPECT_NE(usage(Command::query).find(flag), std::string::npos) << flag;
}

const BadRow kBadHelp[] = {
    {"help_unknown_command", {"help", "bogus"}, "bogus"},
    {"help_two_commands", {"help", "list", "query"}, "\"query\""},
};

INSTANTIATE_TEST_SUITE_P(Help, CliOptionsReject, ::testing::ValuesIn(kBadHelp),
                         [](const auto& row) { return row.param.name; });

}  // namespace
}  // namespace perfscope::cli

namespace perfscope::cli {
namespace {

TEST(CliOptions, QueryWithACounterSet)
{
    auto o = parse_options({"query", "--set", "cpu.json"});
    ASSERT_TRUE(o.ok()) << o.error().message();
    EXPECT_EQ(o->set_file, "cpu.json");
    EXPECT_TRUE(o->paths.empty()) << "--set alone is enough";
    EXPECT_FALSE(o->interval_given);
    o = parse_options({"query", "-si", "2", "--set", "cpu.json", "\\A\\B"});
    ASSERT_TRUE(o.ok()) << o.error().message();
    EXPECT_TRUE(o->interval_given);
    EXPECT_EQ(o->paths, (Args{"\\A\\B"}));
    // --set's value is a file name, never a help request.
    o = parse_options({"query", "--set", "-h"});
    ASSERT_TRUE(o.ok());
    EXPECT_EQ(o->command, Command::query);
}

const BadRow kBadSet[] = {
    {"set_without_value", {"query", "--set"}, "--set"},
    {"set_empty", {"query", "--set", ""}, "--set needs a file name"},
    {"set_twice", {"query", "--set", "a.json", "--set", "b.json"}, "\"b.json\""},
    {"set_on_list", {"list", "--set", "a.json"}, "--set"},
};

INSTANTIATE_TEST_SUITE_P(Set, CliOptionsReject, ::testing::ValuesIn(kBadSet),
                         [](const auto& row) { return row.param.name; });

}  // namespace
}  // namespace perfscope::cli

namespace perfscope::cli {
namespace {

TEST(CliOptions, Counters)
{
    auto install = parse_options({"counters", "install", "demo.counters", "--library", "C:\\p\\x.dll"});
    ASSERT_TRUE(install.ok()) << install.error().message();
    EXPECT_EQ(install->command, Command::counters);
    EXPECT_EQ(install->counters_action, "install");
    EXPECT_EQ(install->counters_target, "demo.counters");
    EXPECT_EQ(install->library, "C:\\p\\x.dll");
    auto uninstall = parse_options({"counters", "uninstall", "PerfscopeDemo"});
    ASSERT_TRUE(uninstall.ok());
    EXPECT_EQ(uninstall->counters_action, "uninstall");
    EXPECT_EQ(uninstall->counters_target, "PerfscopeDemo");
    EXPECT_EQ(uninstall->library, "");
    // --library's value is a path, never a help request.
    auto library_h = parse_options({"counters", "install", "d.counters", "--library", "-h"});
    ASSERT_TRUE(library_h.ok());
    EXPECT_EQ(library_h->library, "-h");
    auto help = parse_options({"counters", "--help"});
    ASSERT_TRUE(help.ok());
    EXPECT_EQ(help->command, Command::help);
    EXPECT_EQ(help->help_topic, Command::counters);
}

const BadRow kBadCounters[] = {
    {"counters_without_action", {"counters"}, "install DEFINITION or uninstall NAME"},
    {"counters_unknown_action", {"counters", "frob", "x"}, "\"frob\""},
    {"install_without_file", {"counters", "install"}, "definition file"},
    {"uninstall_without_name", {"counters", "uninstall"}, "publisher name"},
    {"counters_extra_argument", {"counters", "uninstall", "A", "B"}, "\"B\""},
    {"library_without_value", {"counters", "install", "d.counters", "--library"}, "--library"},
    {"library_on_uninstall", {"counters", "uninstall", "A", "--library", "x.dll"}, "--library is for counters install"},
    {"library_on_query", {"query", "--library", "x.dll", "\\A\\B"}, "--library"},
};

INSTANTIATE_TEST_SUITE_P(Counters, CliOptionsReject, ::testing::ValuesIn(kBadCounters),
                         [](const auto& row) { return row.param.name; });

}  // namespace
}  // namespace perfscope::cli
