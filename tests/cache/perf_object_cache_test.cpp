// SPDX-License-Identifier: Apache-2.0
// One test per rule of PerfObjectCache (perf_object_cache.h): cache table,
// outdated list, bans, freshness, newest-wins inserts, release / lock /
// unlock, stats and attaching to one source.
#include "cache/perf_object_cache.h"
#include "format/object_query.h"

#include "cache_samples.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <future>
#include <limits>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace wpo {
namespace {

using namespace std::chrono_literals;
using test::CacheSample;
using test::first_value;

constexpr std::uint32_t kProcess = 230;
constexpr std::int64_t kAnyTime = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kT0 = 133716612800000000;  // a FILETIME in 2024

std::chrono::nanoseconds manual_clock(void* context)
{
    return *static_cast<std::chrono::nanoseconds*>(context);
}

// Waits for `done` without hanging the suite when the cache deadlocks: a
// test that times out reports and ends the process, since the stuck thread
// still uses the cache.
void expect_finishes(std::atomic<bool>& done, std::thread& thread, const char* what)
{
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (!done.load() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(1ms);
    if (!done.load()) {
        ADD_FAILURE() << what << " did not finish within 10 s";
        std::fflush(stdout);
        thread.detach();
        std::_Exit(1);
    }
    thread.join();
}

// An insert on another thread, for tests of what it waits for. Started once
// the constructor returns. A flag, not std::latch: MinGW's libstdc++ 12 loses
// latch wake-ups (its atomic wait without futexes), which hangs under Wine.
class BackgroundInsert {
public:
    BackgroundInsert(PerfObjectCache& cache, EntityId entity, const CacheSample& sample)
        : m_thread([this, &cache, entity, &sample] {
              m_started.store(true);
              const Result<bool> stored = cache.insert(entity, sample.block, sample.object);
              m_stored.store(stored.ok() && *stored);
              m_done.store(true);
          })
    {
        while (!m_started.load())
            std::this_thread::yield();
    }
    bool done() const { return m_done.load(); }
    // Whether it stored; waits as expect_finishes does.
    bool finish(const char* what)
    {
        expect_finishes(m_done, m_thread, what);
        return m_stored.load();
    }

private:
    std::atomic<bool> m_started{false};
    std::atomic<bool> m_done{false};
    std::atomic<bool> m_stored{false};
    std::thread m_thread;  // last: starts after the flags exist
};

class PerfObjectCacheTest : public ::testing::Test {
protected:
    // Inserts and expects it to be stored.
    void put(EntityId entity, const CacheSample& sample)
    {
        const Result<bool> stored = m_cache.insert(entity, sample.block, sample.object);
        ASSERT_TRUE(stored.ok()) << stored.error().describe();
        EXPECT_TRUE(*stored);
    }

    std::chrono::nanoseconds m_now = 100s;
    PerfObjectCache m_cache{CacheOptions{.clock = &manual_clock, .clock_context = &m_now}};
    const EntityId m_a = m_cache.register_entity();
    const EntityId m_b = m_cache.register_entity();
    const EntityId m_c = m_cache.register_entity();
};

TEST_F(PerfObjectCacheTest, FindMissesWhenEmpty)
{
    EXPECT_FALSE(m_cache.find(kProcess, m_a, kAnyTime));
    EXPECT_EQ(m_cache.stats().items, 0u);
}

TEST_F(PerfObjectCacheTest, FindHitsFreshItemInsertedByOther)
{
    CacheSample s;
    s.build(kProcess, kT0, 7, 3);
    put(m_a, s);

    const auto found = m_cache.find(kProcess, m_b, kAnyTime);
    ASSERT_TRUE(found);
    ASSERT_EQ(found->bytes.size(), s.object.bytes().size());
    EXPECT_EQ(std::memcmp(found->bytes.data(), s.object.bytes().data(), found->bytes.size()), 0);
    EXPECT_EQ(found->block.perf_time_100ns, kT0);
    EXPECT_EQ(found->block.perf_freq, s.block.header().perf_freq);
    EXPECT_EQ(ObjectView::from_validated(found->bytes).instance_count(), 3u);
    EXPECT_TRUE(m_cache.release(m_b, found->bytes.data()));
}

// A copy collected for some counters (or processes) only goes to entities
// asking for exactly those; a whole copy only to those asking for the whole object.
TEST_F(PerfObjectCacheTest, CopiesAreSharedOnlyForTheSameCounters)
{
    CacheSample narrowed;
    narrowed.build(kProcess, kT0, 7, 3);
    const std::string six_180 = ObjectQuery::spec({}, std::vector<std::uint32_t>{6, 180});
    ASSERT_TRUE(*m_cache.insert(m_a, narrowed.block, narrowed.object, six_180));

    const std::string six = ObjectQuery::spec({}, std::vector<std::uint32_t>{6});
    const std::string six_180_of_1234 =
        ObjectQuery::spec(std::vector<std::uint32_t>{1234}, std::vector<std::uint32_t>{6, 180});
    EXPECT_FALSE(m_cache.find(kProcess, m_b, kAnyTime)) << "whole object asked, a narrowed copy held";
    EXPECT_FALSE(m_cache.find(kProcess, m_b, kAnyTime, {}, six)) << "a subset is still another layout";
    EXPECT_FALSE(m_cache.find(kProcess, m_b, kAnyTime, {}, six_180_of_1234)) << "other instances";
    const auto found = m_cache.find(kProcess, m_b, kAnyTime, {}, six_180);
    ASSERT_TRUE(found);
    EXPECT_TRUE(m_cache.release(m_b, found->bytes.data()));

    // A newer whole copy replaces it, and then only whole askers get it.
    m_now += 1ms;
    CacheSample whole;
    whole.build(kProcess, kT0 + 1, 7, 3);
    put(m_a, whole);
    EXPECT_FALSE(m_cache.find(kProcess, m_c, kAnyTime, {}, six_180));
    const auto whole_found = m_cache.find(kProcess, m_c, kAnyTime);
    ASSERT_TRUE(whole_found);
    EXPECT_TRUE(m_cache.release(m_c, whole_found->bytes.data()));
}

TEST_F(PerfObjectCacheTest, InserterDoesNotGetItsOwnData)
{
    CacheSample s;
    s.build(kProcess, kT0, 7);
    put(m_a, s);
    EXPECT_FALSE(m_cache.find(kProcess, m_a, kAnyTime));
}

TEST_F(PerfObjectCacheTest, EntityNeverGetsSameCopyTwice)
{
    CacheSample s;
    s.build(kProcess, kT0, 7);
    put(m_a, s);

    const auto first = m_cache.find(kProcess, m_b, kAnyTime);
    ASSERT_TRUE(first);
    EXPECT_TRUE(m_cache.release(m_b, first->bytes.data()));
    EXPECT_FALSE(m_cache.find(kProcess, m_b, kAnyTime)) << "banned after its find, even once released";

    const auto other = m_cache.find(kProcess, m_c, kAnyTime);
    ASSERT_TRUE(other) << "the ban is per entity";
    EXPECT_TRUE(m_cache.release(m_c, other->bytes.data()));
}

TEST_F(PerfObjectCacheTest, FreshInsertUnbansAllButInserter)
{
    CacheSample v1, v2;
    v1.build(kProcess, kT0, 1);
    v2.build(kProcess, kT0 + 10'000'000, 2);
    put(m_a, v1);
    for (EntityId e : {m_b, m_c}) {
        const auto found = m_cache.find(kProcess, e, kAnyTime);
        ASSERT_TRUE(found);
        EXPECT_TRUE(m_cache.release(e, found->bytes.data()));
    }

    put(m_b, v2);
    EXPECT_FALSE(m_cache.find(kProcess, m_b, kAnyTime)) << "the inserter has the data already";
    for (EntityId e : {m_a, m_c}) {
        const auto found = m_cache.find(kProcess, e, kAnyTime);
        ASSERT_TRUE(found) << "entity " << e;
        EXPECT_EQ(first_value(found->bytes), 2u);
        EXPECT_TRUE(m_cache.release(e, found->bytes.data()));
    }
}

TEST_F(PerfObjectCacheTest, StaleByAgeIsMiss)
{
    CacheSample s;
    s.build(kProcess, kT0, 7);
    put(m_a, s);

    m_now += 499ms;
    const auto young = m_cache.find(kProcess, m_b, kAnyTime);
    ASSERT_TRUE(young);
    EXPECT_TRUE(m_cache.release(m_b, young->bytes.data()));

    m_now += 2ms;  // 501 ms old
    EXPECT_FALSE(m_cache.find(kProcess, m_c, kAnyTime));
}

TEST_F(PerfObjectCacheTest, FreshnessIsConfigurable)
{
    std::chrono::nanoseconds now = 5s;
    PerfObjectCache cache(CacheOptions{.freshness = 2s, .clock = &manual_clock, .clock_context = &now});
    const EntityId a = cache.register_entity();
    const EntityId b = cache.register_entity();
    const EntityId c = cache.register_entity();
    CacheSample s;
    s.build(kProcess, kT0, 7);
    ASSERT_TRUE(cache.insert(a, s.block, s.object).ok());

    now += 1900ms;
    const auto found = cache.find(kProcess, b, kAnyTime);
    ASSERT_TRUE(found) << "younger than the configured 2 s, though older than the default 500 ms";
    EXPECT_TRUE(cache.release(b, found->bytes.data()));
    now += 200ms;
    EXPECT_FALSE(cache.find(kProcess, c, kAnyTime));
}

TEST_F(PerfObjectCacheTest, NotNewerThanCallerIsMiss)
{
    CacheSample s;
    s.build(kProcess, kT0, 7);
    put(m_a, s);

    EXPECT_FALSE(m_cache.find(kProcess, m_b, kT0)) << "same time stamp: a rate over zero time";
    EXPECT_FALSE(m_cache.find(kProcess, m_b, kT0 + 1)) << "older than what the entity has";
    const auto found = m_cache.find(kProcess, m_b, kT0 - 1);
    ASSERT_TRUE(found) << "a miss because of newer_than does not ban";
    EXPECT_TRUE(m_cache.release(m_b, found->bytes.data()));
}

TEST_F(PerfObjectCacheTest, OlderInsertIsRefused)
{
    CacheSample newer, older, same;
    newer.build(kProcess, kT0, 1);
    older.build(kProcess, kT0 - 1, 2);
    same.build(kProcess, kT0, 3);
    put(m_a, newer);

    for (const CacheSample* s : {&older, &same}) {
        const Result<bool> stored = m_cache.insert(m_b, s->block, s->object);
        ASSERT_TRUE(stored.ok());
        EXPECT_FALSE(*stored);
    }
    EXPECT_EQ(m_cache.stats().stale_inserts, 2u);
    EXPECT_EQ(m_cache.stats().inserts, 1u);

    // Nothing changed, bans included: B's refused insert did not ban it.
    const auto found = m_cache.find(kProcess, m_b, kAnyTime);
    ASSERT_TRUE(found);
    EXPECT_EQ(first_value(found->bytes), 1u);
    EXPECT_TRUE(m_cache.release(m_b, found->bytes.data()));
}

TEST_F(PerfObjectCacheTest, InsertCopiesDataNotPointer)
{
    CacheSample s;
    s.build(kProcess, kT0, 7);
    put(m_a, s);
    const std::byte* source = s.bytes.data();
    s.build(kProcess, kT0, 99);  // same size: rewritten in the same buffer
    ASSERT_EQ(s.bytes.data(), source);

    const auto found = m_cache.find(kProcess, m_b, kAnyTime);
    ASSERT_TRUE(found);
    EXPECT_EQ(first_value(found->bytes), 7u);
    EXPECT_TRUE(found->bytes.data() < s.bytes.data() || found->bytes.data() >= s.bytes.data() + s.bytes.size());
    EXPECT_TRUE(m_cache.release(m_b, found->bytes.data()));
}

TEST_F(PerfObjectCacheTest, InPlaceCopyWhenUnreferencedAndFits)
{
    CacheSample big, small;
    big.build(kProcess, kT0, 1, 3);
    small.build(kProcess, kT0 + 1, 2, 1);
    put(m_a, big);
    const auto first = m_cache.find(kProcess, m_b, kAnyTime);
    ASSERT_TRUE(first);
    EXPECT_TRUE(m_cache.release(m_b, first->bytes.data()));
    const std::uint64_t allocations = m_cache.stats().allocations;
    EXPECT_EQ(allocations, 1u);

    put(m_a, small);
    EXPECT_EQ(m_cache.stats().allocations, allocations) << "the smaller object fits the unreferenced buffer";
    const auto second = m_cache.find(kProcess, m_b, kAnyTime);
    ASSERT_TRUE(second);
    EXPECT_EQ(second->bytes.data(), first->bytes.data());
    EXPECT_EQ(second->bytes.size(), small.object.bytes().size());
    EXPECT_EQ(first_value(second->bytes), 2u);
    EXPECT_TRUE(m_cache.release(m_b, second->bytes.data()));
}

TEST_F(PerfObjectCacheTest, GrowingObjectGetsNewBuffer)
{
    CacheSample small, big;
    small.build(kProcess, kT0, 1, 1);
    big.build(kProcess, kT0 + 1, 2, 4);
    put(m_a, small);
    put(m_a, big);
    EXPECT_EQ(m_cache.stats().allocations, 2u);
    EXPECT_EQ(m_cache.stats().outdated, 0u) << "the unreferenced small buffer is not kept as outdated";

    const auto found = m_cache.find(kProcess, m_b, kAnyTime);
    ASSERT_TRUE(found);
    EXPECT_EQ(found->bytes.size(), big.object.bytes().size());
    EXPECT_EQ(ObjectView::from_validated(found->bytes).instance_count(), 4u);
    EXPECT_TRUE(m_cache.release(m_b, found->bytes.data()));
}

TEST_F(PerfObjectCacheTest, ReferencedItemMovesToOutdatedOnInsert)
{
    CacheSample v1, v2;
    v1.build(kProcess, kT0, 1);
    v2.build(kProcess, kT0 + 1, 2);
    put(m_a, v1);
    const auto old = m_cache.find(kProcess, m_b, kAnyTime);
    ASSERT_TRUE(old);
    const std::vector<std::byte> before(old->bytes.begin(), old->bytes.end());

    put(m_a, v2);
    EXPECT_EQ(m_cache.stats().outdated, 1u);
    EXPECT_EQ(m_cache.stats().allocations, 2u);
    EXPECT_TRUE(std::equal(before.begin(), before.end(), old->bytes.begin(), old->bytes.end()))
        << "a referenced object never changes";

    const auto current = m_cache.find(kProcess, m_c, kAnyTime);
    ASSERT_TRUE(current);
    EXPECT_NE(current->bytes.data(), old->bytes.data());
    EXPECT_EQ(first_value(current->bytes), 2u);
    EXPECT_EQ(m_cache.outstanding_references(), 2u);
    EXPECT_TRUE(m_cache.release(m_c, current->bytes.data()));
    EXPECT_TRUE(m_cache.release(m_b, old->bytes.data()));
}

TEST_F(PerfObjectCacheTest, OutdatedFreedOnLastRelease)
{
    CacheSample v1, v2;
    v1.build(kProcess, kT0, 1);
    v2.build(kProcess, kT0 + 1, 2);
    put(m_a, v1);
    const auto for_b = m_cache.find(kProcess, m_b, kAnyTime);
    const auto for_c = m_cache.find(kProcess, m_c, kAnyTime);
    ASSERT_TRUE(for_b && for_c);
    ASSERT_EQ(for_b->bytes.data(), for_c->bytes.data());
    put(m_a, v2);
    ASSERT_EQ(m_cache.stats().outdated, 1u);

    EXPECT_TRUE(m_cache.release(m_b, for_b->bytes.data()));
    EXPECT_EQ(m_cache.stats().outdated, 1u) << "C still holds it";
    EXPECT_TRUE(m_cache.release(m_c, for_c->bytes.data()));
    EXPECT_EQ(m_cache.stats().outdated, 0u);
    EXPECT_EQ(m_cache.outstanding_references(), 0u);
    const Status again = m_cache.release(m_c, for_c->bytes.data());
    ASSERT_FALSE(again);
    EXPECT_EQ(again.error().code(), Errc::not_found);
}

TEST_F(PerfObjectCacheTest, ReferencedSteadyStateRecyclesBuffers)
{
    // An entity always holds the previous copy while the next is inserted:
    // the freed outdated buffer is recycled, so only the first two allocate.
    std::vector<CacheSample> samples(6);
    std::optional<CachedObject> held;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        samples[i].build(kProcess, kT0 + std::int64_t(i), i);
        put(m_a, samples[i]);
        const auto next = m_cache.find(kProcess, m_b, kAnyTime);
        ASSERT_TRUE(next);
        EXPECT_EQ(first_value(next->bytes), i);
        if (held) {
            EXPECT_TRUE(m_cache.release(m_b, held->bytes.data()));
        }
        held = next;
    }
    EXPECT_TRUE(m_cache.release(m_b, held->bytes.data()));
    EXPECT_EQ(m_cache.stats().allocations, 2u);
    EXPECT_EQ(m_cache.stats().outdated, 0u);
}

TEST_F(PerfObjectCacheTest, ReleaseUnknownPointerIsError)
{
    CacheSample s;
    s.build(kProcess, kT0, 7);
    put(m_a, s);
    for (const std::byte* p : {s.object.bytes().data(), static_cast<const std::byte*>(nullptr)}) {
        const Status released = m_cache.release(m_a, p);
        ASSERT_FALSE(released);
        EXPECT_EQ(released.error().code(), Errc::not_found);
    }
}

TEST_F(PerfObjectCacheTest, ReleaseWithoutReferenceIsError)
{
    CacheSample s;
    s.build(kProcess, kT0, 7);
    put(m_a, s);
    const auto found = m_cache.find(kProcess, m_b, kAnyTime);
    ASSERT_TRUE(found);
    EXPECT_TRUE(m_cache.release(m_b, found->bytes.data()));
    const Status twice = m_cache.release(m_b, found->bytes.data());
    ASSERT_FALSE(twice);
    EXPECT_EQ(twice.error().code(), Errc::invalid_state) << "the cache holds the copy; B holds no reference";
    EXPECT_EQ(m_cache.outstanding_references(), 0u);
}

TEST_F(PerfObjectCacheTest, ReleaseByEntityWithoutReferenceIsError)
{
    CacheSample v1, v2;
    v1.build(kProcess, kT0, 1);
    v2.build(kProcess, kT0 + 1, 2);  // same size: would be copied in place if nobody held v1
    put(m_c, v1);
    const auto held = m_cache.find(kProcess, m_a, kAnyTime);
    ASSERT_TRUE(held);
    const std::vector<std::byte> before(held->bytes.begin(), held->bytes.end());

    const Status stolen = m_cache.release(m_b, held->bytes.data());
    ASSERT_FALSE(stolen);
    EXPECT_EQ(stolen.error().code(), Errc::invalid_state);
    EXPECT_NE(stolen.error().describe().find("holds no reference"), std::string::npos) << stolen.error().describe();
    EXPECT_EQ(m_cache.outstanding_references(), 1u) << "A's reference is intact";

    const std::uint64_t allocations = m_cache.stats().allocations;
    put(m_c, v2);
    EXPECT_EQ(m_cache.stats().outdated, 1u) << "A still holds the copy: moved aside, not overwritten";
    EXPECT_EQ(m_cache.stats().allocations, allocations + 1);
    EXPECT_TRUE(std::equal(before.begin(), before.end(), held->bytes.begin(), held->bytes.end()));
    EXPECT_EQ(first_value(held->bytes), 1u);

    EXPECT_TRUE(m_cache.release(m_a, held->bytes.data()));
    EXPECT_EQ(m_cache.stats().outdated, 0u);
    EXPECT_EQ(m_cache.outstanding_references(), 0u);
}

TEST_F(PerfObjectCacheTest, DoubleReleaseDoesNotStealAnotherEntitysReference)
{
    CacheSample v1, v2;
    v1.build(kProcess, kT0, 1);
    v2.build(kProcess, kT0 + 1, 2);
    put(m_c, v1);
    const auto for_a = m_cache.find(kProcess, m_a, kAnyTime);
    const auto for_b = m_cache.find(kProcess, m_b, kAnyTime);
    ASSERT_TRUE(for_a && for_b);
    ASSERT_EQ(for_a->bytes.data(), for_b->bytes.data());

    EXPECT_TRUE(m_cache.release(m_a, for_a->bytes.data()));
    const Status twice = m_cache.release(m_a, for_a->bytes.data());
    ASSERT_FALSE(twice);
    EXPECT_EQ(twice.error().code(), Errc::invalid_state);
    EXPECT_EQ(m_cache.outstanding_references(), 1u) << "B's reference was not consumed";

    put(m_c, v2);
    EXPECT_EQ(m_cache.stats().outdated, 1u) << "B still holds the copy";
    EXPECT_EQ(first_value(for_b->bytes), 1u) << "bytes changed under B";
    EXPECT_TRUE(m_cache.release(m_b, for_b->bytes.data()));
    EXPECT_EQ(m_cache.stats().outdated, 0u);
    EXPECT_EQ(m_cache.outstanding_references(), 0u);
}

TEST_F(PerfObjectCacheTest, LockUnlockUnknownIsError)
{
    CacheSample s;
    s.build(kProcess, kT0, 7);
    put(m_a, s);
    for (const std::byte* p : {s.object.bytes().data(), static_cast<const std::byte*>(nullptr)}) {
        const Status locked = m_cache.lock(m_a, p);
        ASSERT_FALSE(locked);
        EXPECT_EQ(locked.error().code(), Errc::not_found);
        const Status unlocked = m_cache.unlock(m_a, p);
        ASSERT_FALSE(unlocked);
        EXPECT_EQ(unlocked.error().code(), Errc::not_found);
    }
}

TEST_F(PerfObjectCacheTest, LockWithoutReferenceIsError)
{
    CacheSample v1, v2;
    v1.build(kProcess, kT0, 1);
    v2.build(kProcess, kT0 + 1, 2);
    put(m_c, v1);
    const auto found = m_cache.find(kProcess, m_a, kAnyTime);
    ASSERT_TRUE(found);
    const std::byte* object = found->bytes.data();

    const Status other = m_cache.lock(m_b, object);
    ASSERT_FALSE(other);
    EXPECT_EQ(other.error().code(), Errc::invalid_state) << "B never found this copy";
    EXPECT_NE(other.error().describe().find("holds no reference"), std::string::npos) << other.error().describe();

    ASSERT_TRUE(m_cache.release(m_a, object));
    const Status released = m_cache.lock(m_a, object);
    ASSERT_FALSE(released);
    EXPECT_EQ(released.error().code(), Errc::invalid_state) << "A gave its reference back";

    // The refused locks left nothing held: an in-place insert does not wait.
    const std::uint64_t allocations = m_cache.stats().allocations;
    BackgroundInsert insert(m_cache, m_c, v2);
    EXPECT_TRUE(insert.finish("in-place insert after refused locks"));
    EXPECT_EQ(m_cache.stats().allocations, allocations);
    EXPECT_EQ(first_value(found->bytes), 2u) << "unreferenced and unlocked: copied in place";
}

TEST_F(PerfObjectCacheTest, UnlockWithoutLockIsError)
{
    CacheSample s;
    s.build(kProcess, kT0, 7);
    put(m_a, s);
    const auto for_b = m_cache.find(kProcess, m_b, kAnyTime);
    const auto for_c = m_cache.find(kProcess, m_c, kAnyTime);
    ASSERT_TRUE(for_b && for_c);
    const std::byte* object = for_b->bytes.data();
    const Status unlocked = m_cache.unlock(m_b, object);
    ASSERT_FALSE(unlocked);
    EXPECT_EQ(unlocked.error().code(), Errc::invalid_state);

    EXPECT_TRUE(m_cache.lock(m_b, object));
    const Status by_c = m_cache.unlock(m_c, object);
    ASSERT_FALSE(by_c);
    EXPECT_EQ(by_c.error().code(), Errc::invalid_state) << "C holds a reference, but no lock";
    EXPECT_TRUE(m_cache.unlock(m_b, object));
    const Status again = m_cache.unlock(m_b, object);
    ASSERT_FALSE(again);
    EXPECT_EQ(again.error().code(), Errc::invalid_state) << "B's one lock was given back already";
    EXPECT_TRUE(m_cache.release(m_b, object));
    EXPECT_TRUE(m_cache.release(m_c, object));
}

TEST_F(PerfObjectCacheTest, LockedByOneEntityUnlockedByAnotherIsError)
{
    CacheSample v1, v2;
    v1.build(kProcess, kT0, 1);
    v2.build(kProcess, kT0 + 1, 2);
    put(m_c, v1);
    const auto for_a = m_cache.find(kProcess, m_a, kAnyTime);
    const auto for_b = m_cache.find(kProcess, m_b, kAnyTime);
    ASSERT_TRUE(for_a && for_b);
    const std::byte* object = for_a->bytes.data();
    ASSERT_EQ(for_b->bytes.data(), object);

    ASSERT_TRUE(m_cache.lock(m_a, object));
    const Status by_b = m_cache.unlock(m_b, object);
    ASSERT_FALSE(by_b);
    EXPECT_EQ(by_b.error().code(), Errc::invalid_state);
    EXPECT_NE(by_b.error().describe().find("holds no lock"), std::string::npos) << by_b.error().describe();
    EXPECT_TRUE(m_cache.lock(m_b, object)) << "B may lock the copy it holds";
    EXPECT_TRUE(m_cache.unlock(m_b, object)) << "and give back its own lock";

    // A's lock is still held: with both references given back, an in-place
    // insert waits for A.
    ASSERT_TRUE(m_cache.release(m_a, object));
    ASSERT_TRUE(m_cache.release(m_b, object));
    BackgroundInsert insert(m_cache, m_c, v2);
    std::this_thread::sleep_for(200ms);
    EXPECT_FALSE(insert.done()) << "B's unlock released A's lock";
    EXPECT_EQ(first_value(for_a->bytes), 1u) << "bytes changed under A's lock";
    ASSERT_TRUE(m_cache.unlock(m_a, object));
    EXPECT_TRUE(insert.finish("insert after A's unlock"));
    EXPECT_EQ(m_cache.outstanding_references(), 0u);
}

TEST_F(PerfObjectCacheTest, LockBlocksInPlaceCopy)
{
    CacheSample v1, v2;
    v1.build(kProcess, kT0, 1);
    v2.build(kProcess, kT0 + 1, 2);
    put(m_a, v1);
    const auto found = m_cache.find(kProcess, m_b, kAnyTime);
    ASSERT_TRUE(found);
    const std::byte* object = found->bytes.data();
    // Locked, then unreferenced: the next insert of the same size would copy
    // into this very buffer.
    ASSERT_TRUE(m_cache.lock(m_b, object));
    ASSERT_TRUE(m_cache.release(m_b, object));
    const std::uint64_t allocations = m_cache.stats().allocations;

    BackgroundInsert insert(m_cache, m_c, v2);
    std::this_thread::sleep_for(200ms);
    EXPECT_FALSE(insert.done()) << "the insert did not wait for the lock";
    EXPECT_EQ(first_value(found->bytes), 1u) << "bytes changed under a lock";

    ASSERT_TRUE(m_cache.unlock(m_b, object));
    EXPECT_TRUE(insert.finish("insert after unlock"));
    EXPECT_EQ(m_cache.stats().allocations, allocations) << "it copied in place once the lock was free";
    const auto fresh = m_cache.find(kProcess, m_b, kAnyTime);
    ASSERT_TRUE(fresh);
    EXPECT_EQ(fresh->bytes.data(), object);
    EXPECT_EQ(first_value(fresh->bytes), 2u);
    EXPECT_TRUE(m_cache.release(m_b, fresh->bytes.data()));
}

TEST_F(PerfObjectCacheTest, LockWorksOnOutdated)
{
    CacheSample v1, v2;
    v1.build(kProcess, kT0, 1);
    v2.build(kProcess, kT0 + 1, 2);
    put(m_a, v1);
    const auto found = m_cache.find(kProcess, m_b, kAnyTime);
    ASSERT_TRUE(found);
    const std::byte* object = found->bytes.data();
    ASSERT_TRUE(m_cache.lock(m_b, object));

    // Locked and referenced: the insert moves the copy aside without waiting.
    BackgroundInsert insert(m_cache, m_a, v2);
    EXPECT_TRUE(insert.finish("insert while a referenced copy is locked"));
    EXPECT_EQ(m_cache.stats().outdated, 1u);
    EXPECT_EQ(first_value(found->bytes), 1u);

    EXPECT_TRUE(m_cache.unlock(m_b, object)) << "the lock followed the copy to the outdated list";
    EXPECT_TRUE(m_cache.lock(m_b, object));
    EXPECT_TRUE(m_cache.unlock(m_b, object));
    EXPECT_TRUE(m_cache.release(m_b, object));
    EXPECT_EQ(m_cache.stats().outdated, 0u);
    const Status gone = m_cache.lock(m_b, object);
    ASSERT_FALSE(gone);
    EXPECT_EQ(gone.error().code(), Errc::not_found);
}

TEST_F(PerfObjectCacheTest, LockedCopyOutlivesItsLastReference)
{
    // Released but still locked while a bigger object replaces it: the copy
    // waits on the outdated list until unlock, and is freed then.
    CacheSample small, big;
    small.build(kProcess, kT0, 1, 1);
    big.build(kProcess, kT0 + 1, 2, 4);
    put(m_a, small);
    const auto found = m_cache.find(kProcess, m_b, kAnyTime);
    ASSERT_TRUE(found);
    const std::byte* object = found->bytes.data();
    ASSERT_TRUE(m_cache.lock(m_b, object));
    ASSERT_TRUE(m_cache.release(m_b, object));

    put(m_a, big);
    EXPECT_EQ(m_cache.stats().outdated, 1u);
    EXPECT_EQ(first_value(found->bytes), 1u);
    EXPECT_TRUE(m_cache.unlock(m_b, object));
    EXPECT_EQ(m_cache.stats().outdated, 0u);
    EXPECT_EQ(m_cache.outstanding_references(), 0u);
}

TEST_F(PerfObjectCacheTest, StatsCountFindsHitsInsertsBytes)
{
    CacheSample process, system;
    process.build(kProcess, kT0, 1, 2);
    system.build(2, kT0, 1);
    put(m_a, process);
    put(m_a, system);
    const auto hit = m_cache.find(kProcess, m_b, kAnyTime);
    ASSERT_TRUE(hit);
    EXPECT_FALSE(m_cache.find(kProcess, m_b, kAnyTime));
    EXPECT_FALSE(m_cache.find(238, m_b, kAnyTime));
    EXPECT_TRUE(m_cache.release(m_b, hit->bytes.data()));

    const CacheStats s = m_cache.stats();
    EXPECT_EQ(s.finds, 3u);
    EXPECT_EQ(s.hits, 1u);
    EXPECT_EQ(s.inserts, 2u);
    EXPECT_EQ(s.stale_inserts, 0u);
    EXPECT_EQ(s.bytes_copied, process.object.bytes().size() + system.object.bytes().size());
    EXPECT_EQ(s.allocations, 2u);
    EXPECT_EQ(s.items, 2u);
    EXPECT_EQ(s.outdated, 0u);
    EXPECT_EQ(s.source_queries, 0u);
}

TEST_F(PerfObjectCacheTest, SourceQueriesCounted)
{
    m_cache.count_source_query();
    m_cache.count_source_query();
    EXPECT_EQ(m_cache.stats().source_queries, 2u);
}

TEST_F(PerfObjectCacheTest, AttachServesOneSourceAtATime)
{
    ASSERT_TRUE(m_cache.attach(1));
    ASSERT_TRUE(m_cache.attach(1));
    const Status other = m_cache.attach(2);
    ASSERT_FALSE(other);
    EXPECT_EQ(other.error().code(), Errc::invalid_argument);
    EXPECT_EQ(m_cache.attach(0).error().code(), Errc::invalid_argument);
    m_cache.detach();
    EXPECT_FALSE(m_cache.attach(2)) << "one snapshot of source 1 is still attached";
    m_cache.detach();
    EXPECT_TRUE(m_cache.attach(2)) << "nobody uses source 1 any more";
    m_cache.detach();
}

TEST_F(PerfObjectCacheTest, ANewSourceNeverGetsTheOldSourcesData)
{
    // A SharedSource for another machine, created after the first one is
    // gone: what the first collected must not be handed out.
    ASSERT_TRUE(m_cache.attach(1));
    CacheSample machine_one;
    machine_one.build(kProcess, kT0 + 100, 1);
    put(m_a, machine_one);
    m_cache.detach();

    ASSERT_TRUE(m_cache.attach(2));
    EXPECT_FALSE(m_cache.find(kProcess, m_b, INT64_MIN)) << "a fresh copy, but of the old source";
    CacheSample machine_two;
    machine_two.build(kProcess, kT0, 2);  // older clock than machine one's: not stale, another source
    EXPECT_TRUE(m_cache.insert(m_a, machine_two.block, machine_two.object).value());
    auto found = m_cache.find(kProcess, m_b, INT64_MIN);
    ASSERT_TRUE(found);
    EXPECT_EQ(first_value(found->bytes), 2u);
    EXPECT_TRUE(m_cache.release(m_b, found->bytes.data()));
    m_cache.detach();
}

TEST_F(PerfObjectCacheTest, RegisterEntityIsUnique)
{
    constexpr int kThreads = 4, kEach = 500;
    std::vector<std::vector<EntityId>> ids(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            for (int i = 0; i < kEach; ++i)
                ids[t].push_back(m_cache.register_entity());
        });
    }
    for (auto& thread : threads)
        thread.join();
    std::set<EntityId> unique{m_a, m_b, m_c};
    for (const auto& list : ids)
        unique.insert(list.begin(), list.end());
    EXPECT_EQ(unique.size(), std::size_t(kThreads * kEach + 3));
}

TEST_F(PerfObjectCacheTest, ProcessDefaultIsOneInstance)
{
    PerfObjectCache* here = &PerfObjectCache::process_default();
    PerfObjectCache* there = std::async(std::launch::async, [] { return &PerfObjectCache::process_default(); }).get();
    EXPECT_EQ(here, there);
    EXPECT_EQ(here, &PerfObjectCache::process_default());
    EXPECT_NE(here, &m_cache);
}

TEST_F(PerfObjectCacheTest, ObjectOutsideBlockIsRejected)
{
    CacheSample one, other;
    one.build(kProcess, kT0, 1);
    other.build(kProcess, kT0 + 1, 2);
    const Result<bool> mixed = m_cache.insert(m_a, one.block, other.object);
    ASSERT_FALSE(mixed.ok());
    EXPECT_EQ(mixed.error().code(), Errc::invalid_argument);
    const Result<bool> empty = m_cache.insert(m_a, one.block, ObjectView{});
    ASSERT_FALSE(empty.ok());
    EXPECT_EQ(empty.error().code(), Errc::invalid_argument);
    EXPECT_EQ(m_cache.stats().inserts, 0u);
    EXPECT_EQ(m_cache.stats().items, 0u);
}

TEST(PerfObjectCacheLifetime, DestructionWithOutstandingReferencesFreesEverything)
{
    // A caller bug, but no crash and (under LeakSanitizer) no leak.
    CacheSample v1, v2;
    v1.build(kProcess, kT0, 1);
    v2.build(kProcess, kT0 + 1, 2);
    std::chrono::nanoseconds now = 1s;
    auto cache = std::make_unique<PerfObjectCache>(CacheOptions{.clock = &manual_clock, .clock_context = &now});
    const EntityId a = cache->register_entity();
    const EntityId b = cache->register_entity();
    ASSERT_TRUE(cache->insert(a, v1.block, v1.object).ok());
    ASSERT_TRUE(cache->find(kProcess, b, kAnyTime));
    ASSERT_TRUE(cache->insert(a, v2.block, v2.object).ok());
    ASSERT_TRUE(cache->find(kProcess, b, kAnyTime));
    EXPECT_EQ(cache->stats().outdated, 1u);
    EXPECT_EQ(cache->outstanding_references(), 2u);
    cache.reset();
}

}  // namespace
}  // namespace wpo
