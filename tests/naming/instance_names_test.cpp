// SPDX-License-Identifier: Apache-2.0
// Unique instance names and path resolution over blocks from the test source.
#include "format/counter_type.h"
#include "naming/instance_names.h"
#include "test_source.h"

#include <gtest/gtest.h>

namespace wpo {
namespace {

using namespace counter_type;
using namespace well_known;

TestSource process_and_threads()
{
    TestObject process{.name_index = kProcessObject, .has_instances = true};
    process.counters = {{kIdProcess, 785, PERF_COUNTER_RAWCOUNT}, {kElapsedTime, 685, PERF_ELAPSED_TIME}};
    process.instances = {{"_Total", {0, 0}}, {"svchost", {400, 11}}, {"bash", {100, 12}}, {"svchost", {500, 13}}};
    TestObject thread{.name_index = kThreadObject, .has_instances = true, .brings = {kProcessObject}};
    thread.counters = {{kIdThread, 805, PERF_COUNTER_RAWCOUNT}, {kIdProcess, 785, PERF_COUNTER_RAWCOUNT}};
    thread.instances = {{"0", {401, 400}, kProcessObject, 1},
                        {"1", {402, 400}, kProcessObject, 1},
                        {"0", {101, 100}, kProcessObject, 2}};
    TestObject disk{.name_index = 234, .has_instances = true};
    disk.counters = {{200, 201, PERF_COUNTER_RAWCOUNT}};
    disk.instances = {{"sda", {1}}, {"sdb", {2}}, {"sda", {3}}};
    TestObject volume{.name_index = 236, .has_instances = true};
    volume.counters = {{410, 411, PERF_COUNTER_RAWCOUNT}};
    volume.instances = {{"/", {1}}, {"/boot", {2}}, {"kworker/0:1", {3}}};
    return TestSource({process, thread, disk, volume});
}

struct Fixture : ::testing::Test {
    TestSource source = process_and_threads();
    std::vector<std::byte> buffer;
    BlockView block;
    void SetUp() override
    {
        ASSERT_TRUE(source.collect("Global", buffer).ok());
        block = BlockView::parse(buffer).value();
    }
    std::vector<InstanceName> names(std::uint32_t object) { return instance_names(block, *block.find_object(object)); }
    std::vector<std::uint32_t> match(std::uint32_t object, const char* path)
    {
        return match_instances(names(object), CounterPath::parse(path).value());
    }
};

TEST_F(Fixture, ProcessesAreNamedByPid)
{
    const auto n = names(kProcessObject);
    ASSERT_EQ(n.size(), 4u);
    EXPECT_EQ(n[0].display, "_Total");
    EXPECT_EQ(n[1].display, "svchost:400");
    EXPECT_EQ(n[2].display, "bash:100");
    EXPECT_EQ(n[3].display, "svchost:500");
    EXPECT_EQ(n[3].occurrence, 1u);
    EXPECT_EQ(n[1].key, "pid:400:11");
}

TEST_F(Fixture, ThreadsAreNamedByProcessAndTid)
{
    const auto n = names(kThreadObject);
    ASSERT_EQ(n.size(), 3u);
    EXPECT_EQ(n[0].display, "svchost:400/401");
    EXPECT_EQ(n[0].parent, "svchost:400");
    EXPECT_EQ(n[0].parent_name, "svchost");
    EXPECT_EQ(n[2].display, "bash:100/101");
    EXPECT_EQ(n[2].key, "tid:101");
}

TEST_F(Fixture, OtherObjectsGetPerfmonDuplicateNumbers)
{
    const auto n = names(234);
    EXPECT_EQ(n[0].display, "sda");
    EXPECT_EQ(n[1].display, "sdb");
    EXPECT_EQ(n[2].display, "sda#1");
}

TEST_F(Fixture, PathsResolveLikePdh)
{
    using V = std::vector<std::uint32_t>;
    EXPECT_EQ(match(kProcessObject, R"(\Process(*)\ID Process)"), (V{0, 1, 2, 3}));
    EXPECT_EQ(match(kProcessObject, R"(\Process(svchost:500)\ID Process)"), (V{3}));
    EXPECT_EQ(match(kProcessObject, R"(\Process(SVCHOST)\ID Process)"), (V{1}));
    EXPECT_EQ(match(kProcessObject, R"(\Process(svchost#1)\ID Process)"), (V{3}));
    EXPECT_EQ(match(kProcessObject, R"(\Process(svchost#2)\ID Process)"), V{});
    EXPECT_EQ(match(kProcessObject, R"(\Process(nope)\ID Process)"), V{});
    EXPECT_EQ(match(234, R"(\PhysicalDisk(sda#1)\X)"), (V{2}));
    EXPECT_EQ(match(kThreadObject, R"(\Thread(bash:100/101)\ID Thread)"), (V{2}));
    EXPECT_EQ(match(kThreadObject, R"(\Thread(svchost/0)\ID Thread)"), (V{0}));
    EXPECT_EQ(match(kThreadObject, R"(\Thread(svchost/*)\ID Thread)"), (V{0, 1}));
    EXPECT_EQ(match(236, R"(\LogicalDisk(/)\X)"), (V{0}));
    EXPECT_EQ(match(236, R"(\LogicalDisk(/boot)\X)"), (V{1}));
    EXPECT_EQ(match(236, R"(\LogicalDisk(kworker/0:1)\X)"), (V{2}));
}

TEST_F(Fixture, PidReuseIsANewInstance)
{
    source.find(kProcessObject)->instances[2].values = {100, 99};  // same PID, new start time
    ASSERT_TRUE(source.collect("Global", buffer).ok());
    auto again = BlockView::parse(buffer).value();
    const auto n = instance_names(again, *again.find_object(kProcessObject));
    EXPECT_EQ(n[2].display, "bash:100");
    EXPECT_EQ(n[2].key, "pid:100:99");
}

}  // namespace
}  // namespace wpo
