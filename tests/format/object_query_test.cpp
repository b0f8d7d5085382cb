// SPDX-License-Identifier: Apache-2.0
// The query strings of HKEY_PERFORMANCE_DATA: one parser, one builder.
#include "format/object_query.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace wpo {
namespace {

struct ParseRow {
    const char* name;
    const char* text;
    ObjectQuery::Kind kind;
    std::vector<std::uint32_t> indices;  // sorted, unique
};

class ObjectQueryParse : public testing::TestWithParam<ParseRow> {};

TEST_P(ObjectQueryParse, GivesKindAndIndices)
{
    ObjectQuery q;
    ASSERT_TRUE(q.parse(GetParam().text));
    EXPECT_EQ(q.kind(), GetParam().kind);
    if (GetParam().kind == ObjectQuery::Kind::list) {
        EXPECT_EQ(q.indices(), GetParam().indices);
    }
}

INSTANTIATE_TEST_SUITE_P(Rows, ObjectQueryParse,
                         testing::Values(ParseRow{"Empty", "", ObjectQuery::Kind::global, {}},
                                         ParseRow{"Global", "Global", ObjectQuery::Kind::global, {}},
                                         ParseRow{"GlobalAnyCase", "  gLoBaL ", ObjectQuery::Kind::global, {}},
                                         ParseRow{"Costly", "Costly", ObjectQuery::Kind::costly, {}},
                                         ParseRow{"One", "230", ObjectQuery::Kind::list, {230}},
                                         ParseRow{
                                             "SortedUnique", "232 230  232 2", ObjectQuery::Kind::list, {2, 230, 232}},
                                         ParseRow{"Largest", "4294967295", ObjectQuery::Kind::list, {4294967295u}}),
                         [](const testing::TestParamInfo<ParseRow>& row) { return std::string(row.param.name); });

TEST(ObjectQuery, RefusesWhatIsNoQuery)
{
    ObjectQuery q;
    EXPECT_EQ(q.parse("4294967296").error().code(), Errc::invalid_argument);
    EXPECT_EQ(q.parse("230,232").error().code(), Errc::invalid_argument);
    EXPECT_EQ(q.parse("Foreign 230").error().code(), Errc::invalid_argument);
}

TEST(ObjectQuery, ListAndAppendBuildWhatParseReads)
{
    const std::vector<std::uint32_t> indices = {238, 2, 4294967295u, 230};
    const std::string text = ObjectQuery::list(indices);
    EXPECT_EQ(text, "238 2 4294967295 230");
    ObjectQuery q;
    ASSERT_TRUE(q.parse(text));
    EXPECT_EQ(q.indices(), (std::vector<std::uint32_t>{2, 230, 238, 4294967295u}));

    std::string built;
    for (std::uint32_t index : indices)
        ObjectQuery::append(built, index);
    EXPECT_EQ(built, text);
    EXPECT_EQ(ObjectQuery::list({}), "");
}

TEST(ObjectQuery, CounterListsNarrowAnObject)
{
    ObjectQuery q;
    ASSERT_TRUE(q.parse(" 238 230:180,6  232:6 232 "));
    EXPECT_EQ(q.indices(), (std::vector<std::uint32_t>{230, 232, 238}));
    EXPECT_TRUE(q.restricted(230));
    EXPECT_TRUE(q.wants(230, 6));
    EXPECT_TRUE(q.wants(230, 180));
    EXPECT_FALSE(q.wants(230, 952));
    EXPECT_FALSE(q.restricted(232));  // listed bare as well: whole
    EXPECT_TRUE(q.wants(232, 50028));
    EXPECT_FALSE(q.restricted(238));
    EXPECT_TRUE(q.wants(238, 1));
    EXPECT_FALSE(q.wants(2, 1));  // not asked for
    EXPECT_FALSE(q.restricted(2));

    // Global and Costly want everything and narrow nothing.
    ASSERT_TRUE(q.parse("Global"));
    EXPECT_TRUE(q.wants(230, 952));
    EXPECT_FALSE(q.restricted(230));
}

TEST(ObjectQuery, ProcessListsNarrowAnObjectToSomeProcesses)
{
    ObjectQuery q;
    ASSERT_TRUE(q.parse("230/1234,99:6 232/1234 238/5 238"));
    EXPECT_EQ(q.indices(), (std::vector<std::uint32_t>{230, 232, 238}));
    EXPECT_TRUE(q.process_filtered(230));
    EXPECT_TRUE(q.restricted(230));
    EXPECT_TRUE(q.process_filtered(232));
    EXPECT_FALSE(q.restricted(232));
    EXPECT_FALSE(q.process_filtered(238));  // listed bare as well: every process
    EXPECT_FALSE(q.process_filtered(2));    // not asked for
    std::vector<std::uint32_t> pids;
    q.append_processes(230, pids);
    EXPECT_EQ(pids, (std::vector<std::uint32_t>{99, 1234}));
    q.append_processes(232, pids);
    EXPECT_EQ(pids, (std::vector<std::uint32_t>{99, 1234, 1234}));
    ASSERT_TRUE(q.parse("Costly"));
    EXPECT_FALSE(q.process_filtered(230));
}

TEST(ObjectQuery, RefusesMalformedProcessLists)
{
    ObjectQuery q;
    for (const char* text : {"230/", "230/x", "230/0", "230:6/12", "230/12:", "230/12,", "230//12", "230/4294967296"}) {
        const Status status = q.parse(text);
        ASSERT_FALSE(status.ok()) << text;
        EXPECT_EQ(status.error().code(), Errc::invalid_argument) << text;
    }
}

TEST(ObjectQuery, RefusesMalformedCounterLists)
{
    ObjectQuery q;
    for (const char* text : {"230:", "230:x", ":6", "230:6,", "230:,6", "230:0", "230:6,,7", "230::6", "230:4294967296",
                             "230:6 :7", "230:6;7", "230 :6"}) {
        const Status status = q.parse(text);
        ASSERT_FALSE(status.ok()) << text;
        EXPECT_EQ(status.error().code(), Errc::invalid_argument) << text;
        EXPECT_NE(status.error().message().find(text), std::string::npos) << text;
    }
}

TEST(ObjectQuery, AppendWithCountersBuildsWhatParseReads)
{
    std::string query;
    const std::uint32_t process_counters[] = {6, 180};
    ObjectQuery::append(query, 230, ObjectQuery::spec({}, process_counters));
    ObjectQuery::append(query, 238, ObjectQuery::spec({}, {}));
    EXPECT_EQ(query, "230:6,180 238");
    const std::uint32_t pids[] = {1234, 5678};
    EXPECT_EQ(ObjectQuery::spec(pids, process_counters), "/1234,5678:6,180");
    EXPECT_EQ(ObjectQuery::spec(pids, {}), "/1234,5678");
    ObjectQuery q;
    ASSERT_TRUE(q.parse(query));
    EXPECT_TRUE(q.restricted(230));
    EXPECT_FALSE(q.restricted(238));
}

}  // namespace
}  // namespace wpo
