// SPDX-License-Identifier: Apache-2.0
// Many entities sharing a few objects at once: find / insert / release /
// lock / unlock from 16 threads, every copy checked for tearing, and every
// reference and outdated copy accounted for at the end. Meant for TSan too.
#include "cache/perf_object_cache.h"

#include "cache_samples.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <thread>
#include <vector>

namespace wpo {
namespace {

using test::CacheSample;
using test::first_value;

constexpr std::uint32_t kIndices[] = {2, 230, 238};
constexpr int kThreads = 16;
constexpr int kIterations = 1500;

// A copy is intact when its counter holds its block's time stamp (every
// insert writes them equal) and its length matches its header.
void check_intact(const CachedObject& found, std::uint32_t index)
{
    const ObjectView object = ObjectView::from_validated(found.bytes);
    ASSERT_EQ(object.name_index(), index);
    ASSERT_EQ(object.header().total_byte_length, found.bytes.size());
    ASSERT_EQ(first_value(found.bytes), std::uint64_t(found.block.perf_time_100ns));
}

TEST(CacheConcurrency, SharedObjectsUnderContention)
{
    PerfObjectCache cache;
    std::atomic<std::int64_t> clock{1'000'000};
    std::atomic<std::uint64_t> hits{0}, stored{0};

    auto entity_loop = [&](int t) {
        const EntityId self = cache.register_entity();
        CacheSample sample;
        std::int64_t newest[std::size(kIndices)];
        for (auto& n : newest)
            n = std::numeric_limits<std::int64_t>::min();
        // Held across one iteration, so inserts meet referenced copies and
        // the outdated list is used.
        std::optional<CachedObject> held;

        for (int i = 0; i < kIterations; ++i) {
            const std::size_t slot = std::size_t(i + t) % std::size(kIndices);
            const std::uint32_t index = kIndices[slot];
            if (auto found = cache.find(index, self, newest[slot])) {
                hits.fetch_add(1, std::memory_order_relaxed);
                ASSERT_GT(found->block.perf_time_100ns, newest[slot]);
                newest[slot] = found->block.perf_time_100ns;
                const std::byte* object = found->bytes.data();
                ASSERT_TRUE(cache.lock(self, object));
                check_intact(*found, index);
                if (held) {
                    ASSERT_TRUE(cache.release(self, held->bytes.data()));
                    held.reset();
                }
                if (i % 2 == 0) {
                    ASSERT_TRUE(cache.unlock(self, object));
                    held = found;
                } else {
                    // Still locked, no longer referenced: an in-place
                    // insert must wait, or the copy must wait on the
                    // outdated list.
                    ASSERT_TRUE(cache.release(self, object));
                    check_intact(*found, index);
                    ASSERT_TRUE(cache.unlock(self, object));
                }
            } else {
                const std::int64_t now = clock.fetch_add(1) + 1;
                // Sizes vary so both in-place copies and new buffers happen.
                sample.build(index, now, std::uint64_t(now), 1 + std::uint32_t(now % 3));
                const Result<bool> inserted = cache.insert(self, sample.block, sample.object);
                ASSERT_TRUE(inserted.ok());
                if (*inserted)
                    stored.fetch_add(1, std::memory_order_relaxed);
                newest[slot] = now;
            }
            // Interleaves the entities even on few cores, so they share copies.
            std::this_thread::yield();
        }
        if (held) {
            ASSERT_TRUE(cache.release(self, held->bytes.data()));
        }
    };

    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back(entity_loop, t);
    for (auto& thread : threads)
        thread.join();

    EXPECT_EQ(cache.outstanding_references(), 0u);
    const CacheStats s = cache.stats();
    EXPECT_EQ(s.outdated, 0u);
    EXPECT_EQ(s.items, std::size(kIndices));
    EXPECT_EQ(s.hits, hits.load());
    EXPECT_EQ(s.inserts, stored.load());
    EXPECT_EQ(s.finds, std::uint64_t(kThreads) * kIterations);
    EXPECT_GT(s.hits, 0u);
    EXPECT_GT(s.inserts, 0u);
    std::printf("finds %llu hits %llu inserts %llu stale %llu allocations %llu\n",
                static_cast<unsigned long long>(s.finds), static_cast<unsigned long long>(s.hits),
                static_cast<unsigned long long>(s.inserts), static_cast<unsigned long long>(s.stale_inserts),
                static_cast<unsigned long long>(s.allocations));
}

}  // namespace
}  // namespace wpo
