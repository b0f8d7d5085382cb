// SPDX-License-Identifier: Apache-2.0
#include "query/name_suggestion.h"

#include <gtest/gtest.h>

namespace wpo::query {
namespace {

struct DistanceRow {
    std::string name;
    std::string a, b;
    std::size_t distance;  // counted by hand
};
void PrintTo(const DistanceRow& row, std::ostream* os)
{
    *os << row.name;
}

class EditDistance : public ::testing::TestWithParam<DistanceRow> {};

TEST_P(EditDistance, CountsEdits)
{
    EXPECT_EQ(edit_distance(GetParam().a, GetParam().b), GetParam().distance);
    EXPECT_EQ(edit_distance(GetParam().b, GetParam().a), GetParam().distance) << "symmetric";
}

const DistanceRow kDistances[] = {
    {"equal", "Processor", "Processor", 0},
    {"case_only", "PROCESSOR", "processor", 0},
    {"one_deleted", "Procesor", "Processor", 1},
    {"one_inserted", "Memmory", "Memory", 1},
    {"one_replaced", "Memary", "Memory", 1},
    {"neighbours_swapped", "Porcessor", "Processor", 1},
    {"empty_and_word", "", "abc", 3},
    {"both_empty", "", "", 0},
    {"nothing_shared", "abc", "xyz", 3},
};

INSTANTIATE_TEST_SUITE_P(Rows, EditDistance, ::testing::ValuesIn(kDistances),
                         [](const auto& row) { return row.param.name; });

struct ClosestRow {
    std::string name;
    std::string typed;
    std::vector<std::string> candidates;
    std::optional<std::string> expected;
};
void PrintTo(const ClosestRow& row, std::ostream* os)
{
    *os << row.name;
}

class ClosestName : public ::testing::TestWithParam<ClosestRow> {};

TEST_P(ClosestName, SuggestsOnlyNearNames)
{
    EXPECT_EQ(closest_name(GetParam().typed, GetParam().candidates), GetParam().expected);
}

const std::vector<std::string> kObjects = {"Memory", "Processor", "Process", "PhysicalDisk", "System", "Thread"};

const ClosestRow kClosest[] = {
    {"typo_in_object", "Procesor", kObjects, "Processor"},
    {"lower_case_typo", "procesor", kObjects, "Processor"},
    {"nearest_of_two", "Processs", kObjects, "Process"},
    {"nothing_close", "NoSuchObject", kObjects, std::nullopt},
    {"short_word_one_edit", "Sytem", kObjects, "System"},
    {"short_word_two_edits", "Sysm", kObjects, std::nullopt},  // 4 letters allow 1 edit
    {"no_candidates", "Memory", {}, std::nullopt},
    {"counter", "% Procesor Time", {"% Idle Time", "% Processor Time", "% User Time"}, "% Processor Time"},
    {"instance", "_totl", {"0", "1", "_Total"}, "_Total"},
};

INSTANTIATE_TEST_SUITE_P(Rows, ClosestName, ::testing::ValuesIn(kClosest),
                         [](const auto& row) { return row.param.name; });

TEST(SuggestionHint, NamesTheSuggestionAndWhereToLook)
{
    EXPECT_EQ(suggestion_hint("Procesor", kObjects, "perfscope-cli list"),
              " (did you mean \"Processor\"? see perfscope-cli list)");
    EXPECT_EQ(suggestion_hint("Nothing", kObjects, "perfscope-cli list"), " (see perfscope-cli list)");
}

}  // namespace
}  // namespace wpo::query
