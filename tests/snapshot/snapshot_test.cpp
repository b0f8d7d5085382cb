// SPDX-License-Identifier: Apache-2.0
// Snapshot entities measuring a TestMachine: values, requests, instances
// coming and going, browsing, errors, and sharing through the cache.
#include "snapshot/snapshot.h"
#include "test_machine.h"

#include "format/counter_type.h"

#include <gtest/gtest.h>

#include <map>

namespace wpo {
namespace {

using namespace test;

struct Cycle {
    Anomalies sampled;
    Anomalies decoded;
};

Cycle cycle(Snapshot& snapshot)
{
    EXPECT_TRUE(snapshot.prepare().ok());
    auto sampled = snapshot.sample();
    EXPECT_TRUE(sampled.ok()) << sampled.error().describe();
    auto decoded = snapshot.decode();
    EXPECT_TRUE(decoded.ok()) << decoded.error().describe();
    return {sampled.ok() ? *sampled : Anomalies{}, decoded.ok() ? *decoded : Anomalies{}};
}

// Values of one counter of one object by the instance's PID (identity id).
std::map<std::uint64_t, Value> by_pid(const Snapshot& snapshot, std::uint32_t object, std::uint32_t counter)
{
    std::vector<InstanceIdentity> ids;
    EXPECT_TRUE(snapshot.identities(object, ids).ok());
    std::map<std::uint64_t, Value> out;
    const auto values = snapshot.values();  // kept: the loop must not outlive the Result
    for (const CalculatedValue& v : values.value())
        if (v.object_index == object && v.counter_index == counter && v.instance >= 0)
            out[ids.at(static_cast<std::size_t>(v.instance)).id] = v.value;
    return out;
}

struct SnapshotTest : ::testing::Test {
    TestMachine machine;
    SharedSource shared{machine.source()};
    PerfObjectCache cache;

    std::unique_ptr<Snapshot> make(SnapshotType type, std::vector<CounterRequest> requests = {}, bool use_cache = true)
    {
        SnapshotOptions options;
        options.cache = &cache;
        options.use_cache = use_cache;
        auto created = Snapshot::create(shared, type, requests, options);
        EXPECT_TRUE(created.ok()) << created.error().describe();
        return created.ok() ? std::move(*created) : nullptr;
    }

    // With SnapshotOptions::collect_only_requested.
    std::unique_ptr<Snapshot> narrowed_snapshot(std::vector<CounterRequest> requests)
    {
        SnapshotOptions options;
        options.cache = &cache;
        options.collect_only_requested = true;
        auto created = Snapshot::create(shared, SnapshotType::custom, requests, options);
        EXPECT_TRUE(created.ok()) << created.error().describe();
        return created.ok() ? std::move(*created) : nullptr;
    }
};

TEST_F(SnapshotTest, FirstDecodeAlreadyHasTwoSampleValues)
{
    machine.start_process("bash", 100, 0.25);
    auto snapshot = make(SnapshotType::custom, {{kProcess, kProcessorTime}});
    ASSERT_TRUE(snapshot);
    EXPECT_EQ(snapshot->state(), SnapshotState::initialized);
    machine.advance(1.0);
    cycle(*snapshot);
    auto values = by_pid(*snapshot, kProcess, kProcessorTime);
    ASSERT_EQ(values.count(100), 1u);
    ASSERT_TRUE(values[100].valid()) << to_string(values[100].status);
    EXPECT_NEAR(values[100].as_double(), 25.0, 1e-9);
}

TEST_F(SnapshotTest, ComputesOnlyRequestedCounters)
{
    machine.start_process("bash", 100, 0.25);
    machine.start_process("vim", 200, 0.5);
    auto snapshot = make(SnapshotType::custom, {{kProcess, kIdProcess}, {kSystem, kProcesses}});
    machine.advance(1.0);
    cycle(*snapshot);
    std::vector<CalculatedValue> values;
    ASSERT_TRUE(snapshot->copy_values(values).ok());
    ASSERT_EQ(values.size(), 3u);  // System: 1; Process: 2 instances x 1 counter
    EXPECT_EQ(values[0].object_index, kSystem);
    EXPECT_EQ(values[0].instance, -1);
    EXPECT_EQ(values[0].value.i32, 2);
    for (std::size_t i = 1; i < values.size(); ++i) {
        EXPECT_EQ(values[i].object_index, kProcess);
        EXPECT_EQ(values[i].counter_index, kIdProcess);
    }
    EXPECT_EQ(values[1].value.i32, 100);
    EXPECT_EQ(values[2].value.i32, 200);
}

TEST_F(SnapshotTest, WholeObjectMeasuresInstancesThatAppearLater)
{
    machine.start_process("bash", 100, 0.25);
    auto snapshot = make(SnapshotType::custom, {{kProcess, 0}});
    machine.start_process("late", 300, 0.5);
    machine.advance(1.0);
    Cycle first = cycle(*snapshot);
    EXPECT_TRUE(first.sampled.instances_changed);
    EXPECT_TRUE(first.decoded.instances_changed);
    auto values = by_pid(*snapshot, kProcess, kProcessorTime);
    ASSERT_EQ(values.count(300), 1u);
    EXPECT_EQ(values[300].status, ValueStatus::first_sample);
    EXPECT_NEAR(values[100].as_double(), 25.0, 1e-9);

    machine.advance(1.0);
    Cycle second = cycle(*snapshot);
    EXPECT_FALSE(second.decoded.any());
    values = by_pid(*snapshot, kProcess, kProcessorTime);
    EXPECT_NEAR(values[300].as_double(), 50.0, 1e-9);
}

TEST_F(SnapshotTest, ValuesFollowInstancesByIdentityNotPosition)
{
    const double loads[] = {0.1, 0.2, 0.3, 0.4};
    for (std::uint64_t i = 0; i < 4; ++i)
        machine.start_process("svchost", 100 * (i + 1), loads[i]);
    auto snapshot = make(SnapshotType::custom, {{kProcess, 0}});
    machine.advance(1.0);
    cycle(*snapshot);
    // The second instance exits: by position every later one would shift.
    machine.end_process(200);
    machine.set_load(300, 0.9);
    machine.advance(1.0);
    Cycle c = cycle(*snapshot);
    EXPECT_TRUE(c.decoded.instances_changed);
    auto values = by_pid(*snapshot, kProcess, kProcessorTime);
    ASSERT_EQ(values.size(), 3u);
    EXPECT_NEAR(values[100].as_double(), 10.0, 1e-9);
    EXPECT_NEAR(values[300].as_double(), 90.0, 1e-9);
    EXPECT_NEAR(values[400].as_double(), 40.0, 1e-9);
}

TEST_F(SnapshotTest, ReusedPidIsANewInstance)
{
    machine.start_process("old", 100, 0.5);
    auto snapshot = make(SnapshotType::custom, {{kProcess, kProcessorTime}});
    machine.advance(1.0);
    machine.end_process(100);
    machine.start_process("new", 100, 0.1);  // same PID, later start time
    machine.advance(1.0);
    Cycle c = cycle(*snapshot);
    EXPECT_TRUE(c.decoded.instances_changed);
    auto values = by_pid(*snapshot, kProcess, kProcessorTime);
    EXPECT_EQ(values[100].status, ValueStatus::first_sample);  // not a rate across two processes
}

TEST_F(SnapshotTest, BrowsesObjectsCountersAndInstances)
{
    machine.start_process("bash", 100);
    auto snapshot = make(SnapshotType::custom, {{kThread, 0}, {kSystem, kProcesses}});
    std::vector<std::uint32_t> objects;
    ASSERT_TRUE(snapshot->objects(objects).ok());
    EXPECT_EQ(objects, (std::vector<std::uint32_t>{kSystem, kThread}));  // Process is kept for names only

    std::vector<CounterRecord> counters;
    ASSERT_TRUE(snapshot->counters(kSystem, counters).ok());
    ASSERT_EQ(counters.size(), 2u);
    EXPECT_EQ(counters[0].name_index, kProcesses);
    EXPECT_EQ(counters[0].help_index, kProcesses + 1);
    EXPECT_EQ(counters[0].kind, CounterKind::gauge);
    EXPECT_EQ(counters[0].value_type, ValueType::int32);
    EXPECT_EQ(counters[1].type, counter_type::PERF_COUNTER_COUNTER);
    EXPECT_EQ(counters[1].kind, CounterKind::counter);
    EXPECT_EQ(counters[1].value_type, ValueType::float64);

    std::vector<InstanceInfo> instances;
    ASSERT_TRUE(snapshot->instances(kThread, instances).ok());
    ASSERT_EQ(instances.size(), 1u);
    EXPECT_EQ(instances[0].parent, "bash:100");
    EXPECT_EQ(instances[0].parent_object, kProcess);
    EXPECT_EQ(instances[0].display, "bash:100/101");
    EXPECT_EQ(instances[0].identity.kind, InstanceIdentity::Kind::thread);
    EXPECT_EQ(instances[0].identity.id, 101u);

    EXPECT_EQ(snapshot->counters(kProcess, counters).error().code(), Errc::not_found);
    EXPECT_EQ(snapshot->instances(999, instances).error().code(), Errc::not_found);
}

TEST_F(SnapshotTest, GlobalAndCostlyTakeWholeCategories)
{
    auto global = make(SnapshotType::global);
    auto costly = make(SnapshotType::costly);
    std::vector<std::uint32_t> objects;
    ASSERT_TRUE(global->objects(objects).ok());
    EXPECT_EQ(objects, (std::vector<std::uint32_t>{kSystem, kProcess, kThread, kProcessor}));
    ASSERT_TRUE(costly->objects(objects).ok());
    EXPECT_EQ(objects, (std::vector<std::uint32_t>{kCostly}));
    machine.advance(1.0);
    cycle(*costly);
    auto values = costly->values();
    ASSERT_TRUE(values.ok());
    ASSERT_EQ(values->size(), 1u);
    EXPECT_EQ((*values)[0].value.i32, 7);
}

struct BadRequest {
    const char* name;
    SnapshotType type;
    std::vector<CounterRequest> requests;
    Errc code;
};

class SnapshotRejects : public ::testing::TestWithParam<BadRequest> {};

TEST_P(SnapshotRejects, Request)
{
    TestMachine machine;
    SharedSource shared(machine.source());
    PerfObjectCache cache;
    SnapshotOptions options;
    options.cache = &cache;
    auto created = Snapshot::create(shared, GetParam().type, GetParam().requests, options);
    ASSERT_FALSE(created.ok());
    EXPECT_EQ(created.error().code(), GetParam().code) << created.error().describe();
    EXPECT_EQ(cache.outstanding_references(), 0u);
}

INSTANTIATE_TEST_SUITE_P(
    Snapshot, SnapshotRejects,
    ::testing::Values(BadRequest{"ObjectZero", SnapshotType::custom, {{0, 6}}, Errc::invalid_argument},
                      BadRequest{"EmptyCustom", SnapshotType::custom, {}, Errc::invalid_argument},
                      BadRequest{"RequestsOnGlobal", SnapshotType::global, {{kSystem, 0}}, Errc::invalid_argument},
                      BadRequest{"RequestsOnCostly", SnapshotType::costly, {{kCostly, 0}}, Errc::invalid_argument},
                      BadRequest{"UnknownObject", SnapshotType::custom, {{999, 0}}, Errc::not_found},
                      BadRequest{"UnknownCounter", SnapshotType::custom, {{kSystem, 9999}}, Errc::not_found},
                      BadRequest{
                          "OneBadAmongGood", SnapshotType::custom, {{kSystem, 0}, {kProcess, 7}}, Errc::not_found}),
    [](const auto& row) { return std::string(row.param.name); });

TEST_F(SnapshotTest, FailedSampleReturnsToInitializedAndRecovers)
{
    machine.start_process("bash", 100, 0.5);
    auto snapshot = make(SnapshotType::custom, {{kProcess, kProcessorTime}});
    machine.advance(1.0);
    ASSERT_TRUE(snapshot->prepare().ok());
    machine.source().fail_next(Error(Errc::busy, "provider busy"));
    auto failed = snapshot->sample();
    ASSERT_FALSE(failed.ok());
    EXPECT_EQ(failed.error().code(), Errc::busy);
    EXPECT_EQ(snapshot->state(), SnapshotState::initialized);
    EXPECT_EQ(cache.outstanding_references(), 0u);
    cycle(*snapshot);
    EXPECT_NEAR(by_pid(*snapshot, kProcess, kProcessorTime)[100].as_double(), 50.0, 1e-9);
}

TEST_F(SnapshotTest, EntitiesShareOneQueryThroughTheCache)
{
    machine.start_process("bash", 100, 0.25);
    auto a = make(SnapshotType::custom, {{kProcess, 0}});
    auto b = make(SnapshotType::custom, {{kProcess, 0}});
    for (int round = 0; round < 5; ++round) {
        machine.advance(1.0);
        const std::size_t before = machine.source().collect_count();
        cycle(*a);
        cycle(*b);
        EXPECT_EQ(machine.source().collect_count(), before + 1) << "round " << round;
        EXPECT_NEAR(by_pid(*a, kProcess, kProcessorTime)[100].as_double(), 25.0, 1e-9);
        EXPECT_NEAR(by_pid(*b, kProcess, kProcessorTime)[100].as_double(), 25.0, 1e-9);
    }
    EXPECT_EQ(cache.outstanding_references(), 0u);
    const CacheStats stats = cache.stats();
    EXPECT_GE(stats.hits, 5u);
}

// SnapshotOptions::collect_only_requested: the query names the counters, and
// copies go only to entities that asked for the same ones (another layout
// would cost the receiver an interval), whole copies only to whole askers.
TEST_F(SnapshotTest, NarrowedEntitiesShareOnlyWithTheSameCounters)
{
    machine.start_process("bash", 100, 0.25);
    auto narrowed = [&](std::vector<CounterRequest> requests) { return narrowed_snapshot(requests); };
    auto a = narrowed({{kProcess, kProcessorTime}, {kProcess, kWorkingSet}});
    EXPECT_EQ(machine.source().last_query(), "230:6,180");
    auto b = narrowed({{kProcess, kWorkingSet}, {kProcess, kProcessorTime}});
    auto c = narrowed({{kProcess, kProcessorTime}});
    auto whole = make(SnapshotType::custom, {{kProcess, 0}});
    for (int round = 0; round < 3; ++round) {
        machine.advance(1.0);
        std::size_t before = machine.source().collect_count();
        cycle(*a);
        EXPECT_EQ(machine.source().last_query(), "230:6,180");
        cycle(*b);
        EXPECT_EQ(machine.source().collect_count(), before + 1) << "b takes a's copy, round " << round;
        cycle(*c);
        EXPECT_EQ(machine.source().last_query(), "230:6");
        cycle(*whole);
        EXPECT_EQ(machine.source().last_query(), "230");
        EXPECT_EQ(machine.source().collect_count(), before + 3) << "round " << round;
        for (Snapshot* s : {a.get(), b.get(), c.get(), whole.get()})
            EXPECT_NEAR(by_pid(*s, kProcess, kProcessorTime)[100].as_double(), 25.0, 1e-9);
    }
    EXPECT_EQ(cache.outstanding_references(), 0u);
}

TEST_F(SnapshotTest, AProcessRequestNamesItsProcessInTheQuery)
{
    machine.start_process("bash", 100, 0.25);
    machine.start_process("yes", 200, 1.0);
    SnapshotOptions options;
    options.cache = &cache;
    options.collect_only_requested = true;
    const std::vector<CounterRequest> own = {{kProcess, kProcessorTime, 100}};
    auto a = Snapshot::create(shared, SnapshotType::custom, own, options);
    ASSERT_TRUE(a.ok()) << a.error().describe();
    EXPECT_EQ(machine.source().last_query(), "230/100:6");
    auto b = Snapshot::create(shared, SnapshotType::custom, own, options);
    ASSERT_TRUE(b.ok());
    // The same counter of every process: another collection, not a's copy.
    auto every = narrowed_snapshot({{kProcess, kProcessorTime}});
    for (int round = 0; round < 2; ++round) {
        machine.advance(1.0);
        const std::size_t before = machine.source().collect_count();
        cycle(**a);
        cycle(**b);
        cycle(*every);
        EXPECT_EQ(machine.source().collect_count(), before + 2) << "round " << round;
        EXPECT_NEAR(by_pid(**a, kProcess, kProcessorTime)[100].as_double(), 25.0, 1e-9);
        EXPECT_NEAR(by_pid(*every, kProcess, kProcessorTime)[200].as_double(), 100.0, 1e-9);
    }
    EXPECT_EQ(cache.outstanding_references(), 0u);
}

TEST_F(SnapshotTest, EntityNeverGetsItsOwnOrTheSameDataTwice)
{
    machine.start_process("bash", 100, 0.25);
    auto a = make(SnapshotType::custom, {{kProcess, 0}});
    // Without time passing and without other entities, every cycle must query:
    // a rate over a copy of the same data would be 0/0.
    for (int round = 0; round < 3; ++round) {
        machine.advance(1.0);
        const std::size_t before = machine.source().collect_count();
        cycle(*a);
        EXPECT_EQ(machine.source().collect_count(), before + 1);
        EXPECT_TRUE(by_pid(*a, kProcess, kProcessorTime)[100].valid());
    }
}

TEST_F(SnapshotTest, WithoutCacheEverySampleQueries)
{
    auto a = make(SnapshotType::custom, {{kSystem, 0}}, false);
    auto b = make(SnapshotType::custom, {{kSystem, 0}}, false);
    machine.advance(1.0);
    const std::size_t before = machine.source().collect_count();
    cycle(*a);
    cycle(*b);
    EXPECT_EQ(machine.source().collect_count(), before + 2);
    EXPECT_EQ(cache.stats().inserts, 0u);
}

TEST_F(SnapshotTest, PreparingAgainReleasesAnUndecodedSample)
{
    machine.start_process("bash", 100, 0.25);
    auto a = make(SnapshotType::custom, {{kProcess, 0}});
    auto b = make(SnapshotType::custom, {{kProcess, 0}});
    machine.advance(1.0);
    cycle(*a);
    ASSERT_TRUE(b->prepare().ok());
    ASSERT_TRUE(b->sample().ok());  // found a's data in the cache
    EXPECT_GT(cache.outstanding_references(), 0u);
    ASSERT_TRUE(b->prepare().ok());
    EXPECT_EQ(cache.outstanding_references(), 0u);
}

TEST_F(SnapshotTest, DestroyingASampledSnapshotReleasesItsReferences)
{
    auto a = make(SnapshotType::custom, {{kSystem, 0}});
    auto b = make(SnapshotType::custom, {{kSystem, 0}});
    machine.advance(1.0);
    cycle(*a);
    ASSERT_TRUE(b->prepare().ok());
    ASSERT_TRUE(b->sample().ok());
    b.reset();
    EXPECT_EQ(cache.outstanding_references(), 0u);
}

TEST_F(SnapshotTest, GrowingDataIsAnAnomalyAndStillDecodes)
{
    machine.start_process("bash", 100, 0.25);
    auto snapshot = make(SnapshotType::custom, {{kProcess, 0}});
    for (std::uint64_t pid = 1000; pid < 1400; ++pid)
        machine.start_process("worker", pid, 0.001);
    machine.advance(1.0);
    Cycle c = cycle(*snapshot);
    EXPECT_TRUE(c.sampled.buffer_grown || c.decoded.buffer_grown);
    EXPECT_TRUE(c.sampled.instances_changed);
    EXPECT_EQ(by_pid(*snapshot, kProcess, kIdProcess).size(), 401u);
    machine.advance(1.0);
    c = cycle(*snapshot);
    EXPECT_FALSE(c.sampled.any());
    EXPECT_FALSE(c.decoded.any());
}

TEST_F(SnapshotTest, ChangedDefinitionsDecodeAsFirstSample)
{
    machine.start_process("bash", 100, 0.25);
    auto snapshot = make(SnapshotType::custom, {{kProcess, kProcessorTime}});
    machine.source().find(kProcess)->counters[0].type = counter_type::PERF_100NSEC_TIMER_INV;
    machine.advance(1.0);
    Cycle c = cycle(*snapshot);
    EXPECT_TRUE(c.decoded.definitions_changed);
    EXPECT_EQ(by_pid(*snapshot, kProcess, kProcessorTime)[100].status, ValueStatus::first_sample);
}

TEST_F(SnapshotTest, MissingObjectIsAnAnomaly)
{
    auto snapshot = make(SnapshotType::custom, {{kSystem, 0}, {kCostly, 0}});
    auto& objects = machine.source().objects();
    std::erase_if(objects, [](const TestObject& o) { return o.name_index == kCostly; });
    machine.advance(1.0);
    Cycle c = cycle(*snapshot);
    EXPECT_TRUE(c.sampled.object_missing);
    const auto values = snapshot->values();
    for (const CalculatedValue& v : values.value())
        EXPECT_EQ(v.object_index, kSystem);
}

TEST_F(SnapshotTest, ChildAndParentObjectsComeFromOneCollection)
{
    // Thread instances name their Process by position; positions are valid
    // only within one collection.
    machine.start_process("first", 100);
    machine.start_process("second", 200);
    machine.start_process("third", 300);
    auto threads_a = make(SnapshotType::custom, {{kThread, 0}});
    auto processes = make(SnapshotType::custom, {{kProcess, 0}});
    auto threads_b = make(SnapshotType::custom, {{kThread, 0}});
    machine.advance(1.0);
    cycle(*threads_a);         // caches Thread and Process of this moment
    cycle(*processes);         // takes that Process copy
    machine.end_process(100);  // every later Process instance moves up one position
    machine.advance(1.0);
    cycle(*processes);  // banned from the old copy: caches a newer Process alone
    const std::size_t before = machine.source().collect_count();
    cycle(*threads_b);  // Thread copy is older than the Process copy: must collect both
    EXPECT_EQ(machine.source().collect_count(), before + 1);
    std::vector<InstanceInfo> instances;
    ASSERT_TRUE(threads_b->instances(kThread, instances).ok());
    ASSERT_EQ(instances.size(), 2u);
    EXPECT_EQ(instances[0].display, "second:200/201");
    EXPECT_EQ(instances[1].display, "third:300/301");
}

TEST(SnapshotParents, AParentTheSourceDoesNotBringIsCollectedToo)
{
    // A provider whose child object does not bring its parent (unlike Thread
    // and Process): the entity asks for the parent itself, so its instances
    // are named (and identified) after their parents as in any other block.
    using namespace counter_type;
    TestObject parent{.name_index = 50201, .has_instances = true, .counters = {{50203, 0, PERF_COUNTER_RAWCOUNT}}};
    parent.instances = {{"disk0", {1}}, {"disk1", {2}}};
    TestObject child{.name_index = 50200, .has_instances = true, .counters = {{50203, 0, PERF_COUNTER_RAWCOUNT}}};
    child.instances = {{"part", {5}, 50201, 0}, {"part", {6}, 50201, 1}};
    TestSource source({parent, child});
    SharedSource shared(source);
    PerfObjectCache cache;
    SnapshotOptions options;
    options.cache = &cache;
    auto snapshot = Snapshot::create(shared, SnapshotType::custom, std::vector<CounterRequest>{{50200, 0}}, options);
    ASSERT_TRUE(snapshot.ok()) << snapshot.error().describe();
    EXPECT_EQ(source.last_query(), "50200 50201");
    std::vector<std::uint32_t> objects;
    ASSERT_TRUE((*snapshot)->objects(objects).ok());
    EXPECT_EQ(objects, (std::vector<std::uint32_t>{50200}));
    std::vector<InstanceInfo> instances;
    ASSERT_TRUE((*snapshot)->instances(50200, instances).ok());
    ASSERT_EQ(instances.size(), 2u);
    EXPECT_EQ(instances[0].display, "disk0/part");
    EXPECT_EQ(instances[1].display, "disk1/part");
}

TEST(SnapshotSources, ASourceCreatedWhereAnotherWasNeverGetsItsData)
{
    PerfObjectCache cache;
    SnapshotOptions options;
    options.cache = &cache;
    TestMachine a;
    TestMachine b;
    a.start_process("a_proc", 100);
    b.start_process("b_proc", 100);
    auto cycle_of = [&](TestMachine& machine) {
        SharedSource shared(machine.source());  // the same stack slot each time
        auto snapshot =
            Snapshot::create(shared, SnapshotType::custom, std::vector<CounterRequest>{{kProcess, 0}}, options);
        EXPECT_TRUE(snapshot.ok()) << snapshot.error().describe();
        machine.advance(1.0);
        cycle(**snapshot);
        std::vector<InstanceInfo> instances;
        EXPECT_TRUE((*snapshot)->instances(kProcess, instances).ok());
        return instances.empty() ? std::string() : instances[0].name;
    };
    EXPECT_EQ(cycle_of(a), "a_proc");
    EXPECT_EQ(cycle_of(b), "b_proc");
    EXPECT_EQ(cycle_of(a), "a_proc");
}

TEST(SnapshotSources, TwoSourcesCannotShareACacheAtOnce)
{
    PerfObjectCache cache;
    SnapshotOptions options;
    options.cache = &cache;
    TestMachine a;
    TestMachine b;
    SharedSource shared_a(a.source());
    SharedSource shared_b(b.source());
    auto first = Snapshot::create(shared_a, SnapshotType::custom, std::vector<CounterRequest>{{kSystem, 0}}, options);
    ASSERT_TRUE(first.ok());
    auto second = Snapshot::create(shared_b, SnapshotType::custom, std::vector<CounterRequest>{{kSystem, 0}}, options);
    ASSERT_FALSE(second.ok());
    EXPECT_EQ(second.error().code(), Errc::invalid_argument);
    first->reset();
    EXPECT_TRUE(
        Snapshot::create(shared_b, SnapshotType::custom, std::vector<CounterRequest>{{kSystem, 0}}, options).ok());
}

TEST_F(SnapshotTest, LockVariantsWork)
{
    machine.start_process("bash", 100, 0.25);
    auto snapshot = make(SnapshotType::custom, {{kProcess, 0}});
    machine.advance(1.0);
    ASSERT_TRUE(snapshot->prepare_lock().ok());
    ASSERT_TRUE(snapshot->sample_lock().ok());
    ASSERT_TRUE(snapshot->decode_lock().ok());
    std::vector<CalculatedValue> values;
    ASSERT_TRUE(snapshot->copy_values_lock(values).ok());
    EXPECT_EQ(values.size(), 4u);
    std::vector<InstanceInfo> instances;
    ASSERT_TRUE(snapshot->instances_lock(kProcess, instances).ok());
    EXPECT_EQ(instances.at(0).display, "bash:100");
    EXPECT_EQ(snapshot->state_lock(), SnapshotState::initialized);
}

}  // namespace
}  // namespace wpo
