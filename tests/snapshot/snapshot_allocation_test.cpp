// SPDX-License-Identifier: Apache-2.0
// Steady-state sample() performs no heap allocation (issue: "prove it with an
// allocation-counting test"), and neither does decode() once buffers have
// grown to the data. The counting allocator (perfscope_allocation_counter)
// replaces global operator new in this executable only.
//
// The source's own work is excluded: collect() runs with counting paused
// (procfs reads files and may allocate; that is the source's cost, not the
// snapshot's), but everything the snapshot and the cache do around it counts.
#include "snapshot/snapshot.h"

#include "allocation_counter.h"
#include "damaging_source.h"
#include "test_machine.h"

#include <gtest/gtest.h>


namespace wpo {
namespace {

using namespace test;

// Pauses counting while the real source works.
class UncountedSource : public Source {
public:
    explicit UncountedSource(Source& inner) : m_inner(inner) {}
    Status collect(std::string_view query, std::vector<std::byte>& buffer) override
    {
        test::UncountedScope uncounted;
        return m_inner.collect(query, buffer);
    }
    Result<NameTable> load_names() override { return m_inner.load_names(); }

private:
    Source& m_inner;
};

struct Counted {
    std::size_t sample = 0;
    std::size_t decode = 0;
};

Counted measured_cycle(Snapshot& snapshot)
{
    Counted c;
    EXPECT_TRUE(snapshot.prepare().ok());
    Result<Anomalies> sampled = Error(Errc::invalid_state, "not sampled");
    c.sample = test::allocations_in([&] { sampled = snapshot.sample(); });
    EXPECT_TRUE(sampled.ok());
    Result<Anomalies> decoded = Error(Errc::invalid_state, "not decoded");
    c.decode = test::allocations_in([&] { decoded = snapshot.decode(); });
    EXPECT_TRUE(decoded.ok());
    return c;
}

TEST(SnapshotAllocation, SteadyStateSampleAndDecodeAllocateNothing)
{
    TestMachine machine;
    for (std::uint64_t pid = 100; pid < 150; ++pid)
        machine.start_process("proc", pid, 0.01);
    UncountedSource uncounted(machine.source());
    SharedSource shared(uncounted);
    PerfObjectCache cache;
    SnapshotOptions options;
    options.cache = &cache;
    // Two entities on one cache: samples take both paths, source and cache.
    std::vector<CounterRequest> requests{{kProcess, 0}, {kSystem, kContextSwitches}, {kThread, kIdThread}};
    auto a = Snapshot::create(shared, SnapshotType::custom, requests, options);
    auto b = Snapshot::create(shared, SnapshotType::custom, requests, options);
    ASSERT_TRUE(a.ok() && b.ok());

    for (int warm = 0; warm < 3; ++warm) {
        machine.advance(1.0);
        measured_cycle(**a);
        measured_cycle(**b);
    }
    const std::size_t queries = cache.stats().source_queries;
    const std::size_t hits = cache.stats().hits;
    for (int round = 0; round < 20; ++round) {
        machine.advance(1.0);
        const Counted ca = measured_cycle(**a);
        const Counted cb = measured_cycle(**b);
        EXPECT_EQ(ca.sample, 0u) << "round " << round;
        EXPECT_EQ(cb.sample, 0u) << "round " << round;
        EXPECT_EQ(ca.decode, 0u) << "round " << round;
        EXPECT_EQ(cb.decode, 0u) << "round " << round;
    }
    // Both paths were exercised: one query and one cache hit per round.
    EXPECT_EQ(cache.stats().source_queries - queries, 20u);
    EXPECT_GE(cache.stats().hits - hits, 20u);
}

TEST(SnapshotAllocation, ALeftOutObjectCostsNoAllocation)
{
    // Processor turns unsound after creation: parse leaves it out of every
    // block and the snapshot reports it each cycle, still without allocating.
    TestMachine machine;
    machine.start_process("proc", 100, 0.01);
    DamagingSource damaging(machine.source());
    UncountedSource uncounted(damaging);
    SharedSource shared(uncounted);
    PerfObjectCache cache;
    SnapshotOptions options;
    options.cache = &cache;
    auto snapshot = Snapshot::create(shared, SnapshotType::global, {}, options);
    ASSERT_TRUE(snapshot.ok()) << snapshot.error().describe();
    damaging.damage(kProcessor);
    for (int warm = 0; warm < 3; ++warm) {
        machine.advance(1.0);
        measured_cycle(**snapshot);
    }
    for (int round = 0; round < 10; ++round) {
        machine.advance(1.0);
        const Counted c = measured_cycle(**snapshot);
        EXPECT_EQ(c.sample, 0u) << "round " << round;
        EXPECT_EQ(c.decode, 0u) << "round " << round;
        EXPECT_EQ((*snapshot)->left_out().count(), 1u);
    }
}

TEST(SnapshotAllocation, CounterSeesAllocations)
{
    // The counting itself works (a test that cannot fail is no test).
    EXPECT_EQ(test::allocations_in([] { ::operator delete(::operator new(16)); }), 1u);
}

}  // namespace
}  // namespace wpo
