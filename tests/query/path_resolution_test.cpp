// SPDX-License-Identifier: Apache-2.0
// resolve_paths: many paths, one collection, a result per path.
#include "query/path_resolution.h"
#include "query/query_sampler.h"

#include "format/counter_type.h"
#include "test_source.h"

#include <gtest/gtest.h>

namespace wpo::query {
namespace {

using namespace wpo::counter_type;

NameTable names()
{
    NameTable t;
    t.set_name(4, "Memory");
    t.set_name(24, "Available Bytes");
    t.set_name(230, "Process");
    t.set_name(784, "ID Process");
    t.set_name(180, "Working Set");
    return t;
}

TestSource machine()
{
    TestObject p{.name_index = 230, .has_instances = true};
    p.counters = {{784, 785, PERF_COUNTER_RAWCOUNT}, {180, 181, PERF_COUNTER_LARGE_RAWCOUNT}};
    p.instances = {{"a", {1, 100}}, {"b", {2, 200}}};
    TestObject m{.name_index = 4};
    m.counters = {{24, 25, PERF_COUNTER_LARGE_RAWCOUNT}};
    m.values = {4096};
    return TestSource({p, m}, names());
}

TEST(ResolvePaths, EachPathGetsItsOwnResultFromOneCollection)
{
    TestSource source = machine();
    SharedSource shared(source);
    const NameTable table = names();
    const std::vector<std::string> texts = {
        "\\Memory\\Available Bytes",    // 0: resolves, one column
        "\\Nonsense\\Available Bytes",  // 1: unknown object
        "\\Process(c)\\Working Set",    // 2: no such instance (a process that has exited)
        "\\Process(*)\\Working Set",    // 3: two columns, one per instance
        "Process",                      // 4: malformed
        "\\Memory\\No Such Counter",    // 5: unknown counter
    };
    auto result = resolve_paths(texts, shared, table);
    ASSERT_TRUE(result) << result.error().message();
    ASSERT_EQ(result->status.size(), texts.size());
    ASSERT_EQ(result->paths.size(), texts.size());
    // The paths' objects come in one collection, the last one (the unknown
    // object's hint looked at what the source serves before it).
    EXPECT_EQ(source.last_query(), "4 230");

    EXPECT_TRUE(result->status[0]);
    EXPECT_EQ(result->status[1].error().code(), Errc::not_found);
    EXPECT_NE(result->status[1].error().message().find("Nonsense"), std::string::npos);
    EXPECT_FALSE(result->status[2]);
    EXPECT_NE(result->status[2].error().message().find("(c)"), std::string::npos)
        << result->status[2].error().message();
    EXPECT_TRUE(result->status[3]);
    EXPECT_EQ(result->status[4].error().code(), Errc::invalid_argument);
    EXPECT_EQ(result->status[5].error().code(), Errc::not_found);
    EXPECT_FALSE(result->all_resolved());
    EXPECT_EQ(result->first_error().error().message(), result->status[1].error().message());

    // Columns: Available Bytes, then Working Set of a and of b, each naming its path.
    ASSERT_EQ(result->columns.size(), 3u);
    EXPECT_EQ(result->columns[0].entity, 0u);
    EXPECT_EQ(result->columns[0].counter, 24u);
    EXPECT_EQ(result->columns[1].entity, 3u);
    EXPECT_EQ(result->columns[2].entity, 3u);
    EXPECT_EQ(result->columns[1].counter, 180u);
    EXPECT_EQ(result->paths[3].text, texts[3]);
    EXPECT_EQ(result->paths[3].object, 230u);
}

TEST(ResolvePaths, OnlyBadPathsCollectNothing)
{
    TestSource source = machine();
    SharedSource shared(source);
    const NameTable table = names();
    const std::vector<std::string> texts = {"Process", "\\Nonsense\\X"};
    auto result = resolve_paths(texts, shared, table);
    ASSERT_TRUE(result);
    EXPECT_FALSE(result->status[0]);
    EXPECT_FALSE(result->status[1]);
    EXPECT_TRUE(result->columns.empty());
    // Only the unknown object's hint collected: Global and Costly, to suggest a name.
    EXPECT_EQ(source.collect_count(), 2u);
}

TEST(ResolvePaths, ResolvablePathsCostOneCollection)
{
    TestSource source = machine();
    SharedSource shared(source);
    const NameTable table = names();
    const std::vector<std::string> texts = {"\\Process(a)\\Working Set", "\\Memory\\Available Bytes",
                                            "\\Process(gone)\\ID Process", "\\Process(*)\\ID Process"};
    auto result = resolve_paths(texts, shared, table);
    ASSERT_TRUE(result);
    EXPECT_EQ(source.collect_count(), 1u);
    EXPECT_TRUE(result->status[0]);
    EXPECT_TRUE(result->status[1]);
    EXPECT_EQ(result->status[2].error().code(), Errc::not_found);
    EXPECT_TRUE(result->status[3]);
    EXPECT_EQ(result->columns.size(), 1u + 1u + 2u);
}

TEST(ResolvePaths, AFailingCollectionFailsTheWhole)
{
    TestSource source = machine();
    SharedSource shared(source);
    const NameTable table = names();
    source.fail_next(Error(Errc::io_error, "the machine went away"));
    const std::vector<std::string> texts = {"\\Memory\\Available Bytes"};
    auto result = resolve_paths(texts, shared, table);
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().message(), "the machine went away");
}

// A path naming one process's instance asks its entity for that process only
// (procfs then reads that process's files, not every process's); a wildcard
// or a single-instance object asks for the whole object.
TEST(ResolvePaths, OneNamedProcessNarrowsItsEntity)
{
    TestSource source = machine();
    SharedSource shared(source);
    const NameTable table = names();
    const std::vector<std::string> texts = {"\\Process(b)\\Working Set", "\\Process(*)\\Working Set",
                                            "\\Memory\\Available Bytes"};
    auto result = resolve_paths(texts, shared, table);
    ASSERT_TRUE(result) << result.error().message();
    ASSERT_TRUE(result->all_resolved());
    EXPECT_EQ(result->paths[0].request.process_id, 2u);  // b's ID Process
    EXPECT_EQ(result->paths[1].request.process_id, 0u);
    EXPECT_EQ(result->paths[2].request.process_id, 0u);

    PerfObjectCache cache;
    SnapshotOptions options;
    options.cache = &cache;
    const std::vector<QueryPath> only_b(result->paths.begin(), result->paths.begin() + 1);
    std::vector<QueryColumn> columns;
    for (const QueryColumn& c : result->columns)
        if (c.entity == 0)
            columns.push_back(c);
    auto sampler = QuerySampler::create(shared, only_b, columns, options, nullptr);
    ASSERT_TRUE(sampler) << sampler.error().message();
    EXPECT_EQ(source.last_query(), "230/2:180");
}

}  // namespace
}  // namespace wpo::query
