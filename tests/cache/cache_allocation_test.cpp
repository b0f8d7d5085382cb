// SPDX-License-Identifier: Apache-2.0
// The cache's steady state does not allocate: find(), lock(), unlock() and
// release() once ban lists and copies' entity lists have grown, and insert()
// when it copies in place or recycles the buffer of a released outdated copy.
// Counts every global operator new of this executable
// (perfscope_allocation_counter), which is why these tests live alone.
#include "cache/perf_object_cache.h"

#include "allocation_counter.h"
#include "cache_samples.h"

#include <gtest/gtest.h>

#include <limits>
#include <memory>
#include <optional>
#include <vector>

namespace wpo {
namespace {

using test::allocations_in;
using test::CacheSample;

constexpr std::uint32_t kProcess = 230;
constexpr std::int64_t kAnyTime = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kT0 = 133716612800000000;
constexpr int kEntities = 12;  // more than a ban list's initial capacity
constexpr int kRounds = 8;

std::vector<std::unique_ptr<CacheSample>> samples(int count, std::int64_t first_time)
{
    std::vector<std::unique_ptr<CacheSample>> out;
    for (int i = 0; i < count; ++i) {
        out.push_back(std::make_unique<CacheSample>());
        out.back()->build(kProcess, first_time + i, std::uint64_t(i), 2);
    }
    return out;
}

TEST(CacheAllocation, CountingWorks)
{
    // Called as functions: a new-expression pair may be elided by the compiler.
    const std::uint64_t n = allocations_in([] { ::operator delete(::operator new(16)); });
    EXPECT_EQ(n, 1u);
}

TEST(CacheAllocation, FindAllocatesNothingInSteadyState)
{
    PerfObjectCache cache;
    const EntityId inserter = cache.register_entity();
    std::vector<EntityId> readers;
    for (int i = 0; i < kEntities; ++i)
        readers.push_back(cache.register_entity());
    const auto warm = samples(2, kT0);
    const auto steady = samples(kRounds, kT0 + 100);

    // One round: a new copy, every reader takes it, locks and unlocks it,
    // gives it back, and asks again (a banned miss).
    auto round = [&](const CacheSample& s) {
        ASSERT_TRUE(cache.insert(inserter, s.block, s.object).ok());
        for (EntityId reader : readers) {
            const auto found = cache.find(kProcess, reader, kAnyTime);
            ASSERT_TRUE(found);
            ASSERT_TRUE(cache.lock(reader, found->bytes.data()));
            ASSERT_TRUE(cache.unlock(reader, found->bytes.data()));
            ASSERT_TRUE(cache.release(reader, found->bytes.data()));
            ASSERT_FALSE(cache.find(kProcess, reader, kAnyTime));
        }
        ASSERT_FALSE(cache.find(kProcess + 1, readers[0], kAnyTime));
    };
    for (const auto& s : warm)
        round(*s);  // the item, its buffer and its ban list's capacity

    const std::uint64_t n = allocations_in([&] {
        for (const auto& s : steady)
            round(*s);
    });
    EXPECT_EQ(n, 0u);
    EXPECT_EQ(cache.stats().hits, std::uint64_t(kEntities) * (2 + kRounds));
}

TEST(CacheAllocation, InsertWithReferencesOutstandingRecyclesBuffers)
{
    // A reader holds each copy until the next one is in the cache: the
    // insert moves it to the outdated list, the release recycles its buffer.
    PerfObjectCache cache;
    const EntityId inserter = cache.register_entity();
    const EntityId reader = cache.register_entity();
    const auto warm = samples(3, kT0);
    const auto steady = samples(kRounds, kT0 + 100);

    std::optional<CachedObject> held;
    auto round = [&](const CacheSample& s) {
        ASSERT_TRUE(cache.insert(inserter, s.block, s.object).ok());
        const auto found = cache.find(kProcess, reader, kAnyTime);
        ASSERT_TRUE(found);
        if (held) {
            ASSERT_TRUE(cache.release(reader, held->bytes.data()));
        }
        held = found;
    };
    for (const auto& s : warm)
        round(*s);
    const std::uint64_t before = cache.stats().allocations;

    const std::uint64_t n = allocations_in([&] {
        for (const auto& s : steady)
            round(*s);
    });
    EXPECT_EQ(n, 0u);
    EXPECT_EQ(cache.stats().allocations, before);
    ASSERT_TRUE(cache.release(reader, held->bytes.data()));
    EXPECT_EQ(cache.stats().outdated, 0u);
}

TEST(CacheAllocation, ManyHoldersOfOneCopyAllocateNothingInSteadyState)
{
    // More entities than a copy's entity lists start with hold and lock
    // each copy at once, and keep it while the next is inserted: the lists
    // grow while warming up and keep their capacity through recycling.
    PerfObjectCache cache;
    const EntityId inserter = cache.register_entity();
    std::vector<EntityId> readers;
    for (int i = 0; i < kEntities; ++i)
        readers.push_back(cache.register_entity());
    const auto warm = samples(4, kT0);
    const auto steady = samples(kRounds, kT0 + 100);

    std::vector<const std::byte*> held(readers.size(), nullptr);
    auto round = [&](const CacheSample& s) {
        ASSERT_TRUE(cache.insert(inserter, s.block, s.object).ok());
        for (std::size_t r = 0; r < readers.size(); ++r) {
            const auto found = cache.find(kProcess, readers[r], kAnyTime);
            ASSERT_TRUE(found);
            ASSERT_TRUE(cache.lock(readers[r], found->bytes.data()));
            if (held[r] != nullptr) {
                ASSERT_TRUE(cache.release(readers[r], held[r]));
            }
            held[r] = found->bytes.data();
        }
        for (std::size_t r = 0; r < readers.size(); ++r) {
            ASSERT_TRUE(cache.unlock(readers[r], held[r]));
        }
    };
    for (const auto& s : warm)
        round(*s);
    const std::uint64_t before = cache.stats().allocations;

    const std::uint64_t n = allocations_in([&] {
        for (const auto& s : steady)
            round(*s);
    });
    EXPECT_EQ(n, 0u);
    EXPECT_EQ(cache.stats().allocations, before);
    EXPECT_EQ(cache.outstanding_references(), readers.size());
    for (std::size_t r = 0; r < readers.size(); ++r) {
        ASSERT_TRUE(cache.release(readers[r], held[r]));
    }
    EXPECT_EQ(cache.outstanding_references(), 0u);
    EXPECT_EQ(cache.stats().outdated, 0u);
}

}  // namespace
}  // namespace wpo
