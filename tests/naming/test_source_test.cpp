// SPDX-License-Identifier: Apache-2.0
// The test source answers queries the way HKEY_PERFORMANCE_DATA does.
#include "format/counter_type.h"
#include "test_source.h"

#include <gtest/gtest.h>

namespace wpo {
namespace {

using namespace counter_type;

TestSource three_objects()
{
    TestObject system{.name_index = 2, .counters = {{250, 251, PERF_COUNTER_RAWCOUNT}}, .values = {7}};
    TestObject process{.name_index = 230, .has_instances = true, .counters = {{784, 785, PERF_COUNTER_RAWCOUNT}}};
    process.instances = {{"a", {1}}};
    TestObject thread{
        .name_index = 232, .has_instances = true, .counters = {{804, 805, PERF_COUNTER_RAWCOUNT}}, .brings = {230}};
    TestObject costly{.name_index = 50000, .costly = true, .counters = {{50002, 50003, PERF_COUNTER_RAWCOUNT}}};
    return TestSource({system, process, thread, costly});
}

std::vector<std::uint32_t> objects_for(TestSource& source, std::string_view query)
{
    std::vector<std::byte> buffer;
    EXPECT_TRUE(source.collect(query, buffer).ok());
    std::vector<std::uint32_t> out;
    for (const ObjectView& o : BlockView::parse(buffer).value().objects())
        out.push_back(o.name_index());
    return out;
}

TEST(TestSource, AnswersQueries)
{
    auto source = three_objects();
    using V = std::vector<std::uint32_t>;
    EXPECT_EQ(objects_for(source, "Global"), (V{2, 230, 232}));
    EXPECT_EQ(objects_for(source, ""), (V{2, 230, 232}));
    EXPECT_EQ(objects_for(source, "Costly"), (V{50000}));
    EXPECT_EQ(objects_for(source, "2"), (V{2}));
    EXPECT_EQ(objects_for(source, "232"), (V{230, 232}));
    EXPECT_EQ(objects_for(source, "999 2"), (V{2}));
    EXPECT_EQ(source.collect_count(), 6u);
    EXPECT_EQ(source.last_query(), "999 2");
}

TEST(TestSource, RejectsBadQueriesAndInjectsFailures)
{
    auto source = three_objects();
    std::vector<std::byte> buffer;
    auto bad = source.collect("2 x", buffer);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code(), Errc::invalid_argument);
    source.fail_next(Error(Errc::busy, "simulated"));
    EXPECT_EQ(source.collect("2", buffer).error().code(), Errc::busy);
    EXPECT_TRUE(source.collect("2", buffer).ok());
}

TEST(TestSource, ClocksAdvance)
{
    auto source = three_objects();
    const auto before = source.times();
    source.advance_seconds(1.5);
    EXPECT_EQ(source.times().perf_time - before.perf_time, 15'000'000);
    EXPECT_EQ(source.times().perf_time_100ns - before.perf_time_100ns, 15'000'000);
}

}  // namespace
}  // namespace wpo
