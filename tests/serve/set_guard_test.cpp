// SPDX-License-Identifier: Apache-2.0
// A counter set's own Process and Thread guard (docs/counter-sets.md, "instance_guard"): read with its bounds,
// written back, and laid over serve's flags, by table.
#include "cli/set_instance_guard.h"
#include "files/counter_set.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

namespace perfscope::cli {
namespace {

using files::SetInstanceGuard;

std::string set_with_guard(const std::string& guard)
{
    return R"({"version": 2, "views": [], "instance_guard": )" + guard + "}";
}

struct ReadRow {
    const char* name;
    std::string guard;                     // the JSON value of "instance_guard"
    std::optional<SetInstanceGuard> read;  // none: refused
    const char* error = "";                // part of the message when refused
};

class SetGuardRead : public ::testing::TestWithParam<ReadRow> {};

TEST_P(SetGuardRead, Read)
{
    const ReadRow& row = GetParam();
    auto set = files::parse_counter_set(set_with_guard(row.guard));
    if (!row.read) {
        ASSERT_FALSE(set);
        EXPECT_EQ(set.error().code(), wpo::Errc::invalid_argument);
        EXPECT_NE(set.error().message().find(row.error), std::string::npos) << set.error().message();
        EXPECT_TRUE(set.error().message().starts_with("line 1, column ")) << set.error().message();
        return;
    }
    ASSERT_TRUE(set) << set.error().message();
    ASSERT_TRUE(set->instance_guard);
    EXPECT_EQ(*set->instance_guard, *row.read);
    auto again = files::parse_counter_set(files::format_counter_set(*set));
    ASSERT_TRUE(again) << again.error().message();
    EXPECT_EQ(*again, *set);
}

SetInstanceGuard guard(std::optional<std::size_t> max, std::optional<std::string> rank = {},
                       std::optional<std::string> include = {}, std::optional<std::string> exclude = {})
{
    return {max, std::move(rank), std::move(include), std::move(exclude)};
}

const std::string kLongest(files::kMaxGuardTextBytes, 'a');
const std::string kTooLong(files::kMaxGuardTextBytes + 1, 'a');

// clang-format off
INSTANTIATE_TEST_SUITE_P(Rows, SetGuardRead, ::testing::Values(
    ReadRow{"empty", "{}", guard({})},
    ReadRow{"max_only", R"({"max_instances": 20})", guard(20)},
    ReadRow{"no_limit", R"({"max_instances": 0})", guard(0)},
    ReadRow{"largest_limit", R"({"max_instances": 100000})", guard(100000)},
    ReadRow{"everything", R"({"max_instances": 5, "rank_counter": "Working Set", "include": "postgres.*",)"
                          R"( "exclude": "pg_dump"})", guard(5, "Working Set", "postgres.*", "pg_dump")},
    ReadRow{"unknown_key_ignored", R"({"max_instance": 5, "include": "a"})", guard({}, {}, "a")},
    ReadRow{"longest_pattern", R"({"include": ")" + kLongest + R"("})", guard({}, {}, kLongest)},
    ReadRow{"not_an_object", "5", std::nullopt, "instance_guard must be an object"},
    ReadRow{"negative", R"({"max_instances": -1})", std::nullopt,
            "instance_guard.max_instances is -1; it must be 0 to 100000"},
    ReadRow{"above_bound", R"({"max_instances": 100001})", std::nullopt,
            "instance_guard.max_instances is 100001; it must be 0 to 100000"},
    ReadRow{"fraction", R"({"max_instances": 1.5})", std::nullopt, "instance_guard.max_instances must be a whole"},
    ReadRow{"text_limit", R"({"max_instances": "10"})", std::nullopt, "instance_guard.max_instances must be a whole"},
    ReadRow{"empty_rank", R"({"rank_counter": ""})", std::nullopt, "instance_guard.rank_counter must be a non-empty"},
    ReadRow{"number_pattern", R"({"include": 5})", std::nullopt, "instance_guard.include must be a non-empty string"},
    ReadRow{"pattern_too_long", R"({"exclude": ")" + kTooLong + R"("})", std::nullopt,
            "instance_guard.exclude must be a non-empty string of at most 1024 bytes"}),
    [](const auto& row) { return std::string(row.param.name); });
// clang-format on

TEST(SetGuardRead, ASetWithoutAGuardHasNone)
{
    auto set = files::parse_counter_set(R"({"version": 2})");
    ASSERT_TRUE(set);
    EXPECT_FALSE(set->instance_guard);
    EXPECT_EQ(files::format_counter_set(*set).find("instance_guard"), std::string::npos);
}

struct MergeRow {
    const char* name;
    SetInstanceGuard own;
    std::size_t max_instances;
    const char* rank_counter;
    const char* passes;  // process names that pass, ',' between them
    const char* fails;
    const char* error = "";  // refused when not empty
};

class SetGuardMerge : public ::testing::TestWithParam<MergeRow> {};

std::vector<std::string> names_of(const char* list)
{
    std::vector<std::string> out;
    std::string current;
    for (const char* c = list; *c; ++c) {
        if (*c == ',') {
            out.push_back(current);
            current.clear();
        } else {
            current += *c;
        }
    }
    if (!current.empty())
        out.push_back(current);
    return out;
}

// serve's flags: --max-instances 100, --exclude-process 'kworker.*'.
exporter::InstanceGuard flags()
{
    exporter::InstanceGuard base;
    base.max_instances = 100;
    base.exclude = *exporter::compile_instance_pattern("kworker.*", "--exclude-process");
    return base;
}

TEST_P(SetGuardMerge, Merge)
{
    const MergeRow& row = GetParam();
    files::CounterSet set;
    set.instance_guard = row.own;
    auto merged = set_instance_guard(set, flags(), "sets/db.json");
    if (*row.error) {
        ASSERT_FALSE(merged);
        EXPECT_EQ(merged.error().code(), wpo::Errc::invalid_argument);
        EXPECT_NE(merged.error().message().find(row.error), std::string::npos) << merged.error().message();
        return;
    }
    ASSERT_TRUE(merged) << merged.error().message();
    EXPECT_EQ(merged->max_instances, row.max_instances);
    EXPECT_EQ(merged->rank_counter, row.rank_counter);
    for (const std::string& name : names_of(row.passes))
        EXPECT_TRUE(merged->passes(name)) << name;
    for (const std::string& name : names_of(row.fails))
        EXPECT_FALSE(merged->passes(name)) << name;
}

// clang-format off
INSTANTIATE_TEST_SUITE_P(Rows, SetGuardMerge, ::testing::Values(
    MergeRow{"nothing_keeps_the_flags", guard({}), 100, "% Processor Time", "postgres,bash", "kworker/0:1"},
    MergeRow{"limit_and_rank", guard(3, "Working Set"), 3, "Working Set", "bash", "kworker/1:0"},
    MergeRow{"include_with_the_flags_exclude", guard({}, {}, "postgres|kworker.*"), 100, "% Processor Time",
             "postgres", "bash,kworker/2:1"},
    MergeRow{"exclude_replaces_the_flags", guard(0, {}, {}, "bash"), 0, "% Processor Time", "kworker/0:1,postgres",
             "bash"},
    MergeRow{"bad_include", guard({}, {}, "post(gres"), 0, "", "", "",
             "sets/db.json: instance_guard.include: \"post(gres\" is not a regular expression"},
    MergeRow{"bad_exclude", guard({}, {}, {}, "[z-a]"), 0, "", "", "", "sets/db.json: instance_guard.exclude"}),
    [](const auto& row) { return std::string(row.param.name); });
// clang-format on

TEST(SetGuardMerge, ASetWithoutAGuardKeepsTheFlags)
{
    auto merged = set_instance_guard(files::CounterSet{}, flags(), "sets/db.json");
    ASSERT_TRUE(merged);
    EXPECT_EQ(merged->max_instances, 100u);
    EXPECT_FALSE(merged->passes("kworker/0:0"));
    EXPECT_TRUE(merged->passes("bash"));
}

}  // namespace
}  // namespace perfscope::cli
