// SPDX-License-Identifier: Apache-2.0
// Writers and readers on threads at once over one real segment (TSan runs
// this: scripts/test.sh; one reader reads the publisher's own mapping so that
// TSan sees the very words the writers store to). The writers keep invariants a torn read would
// break; the readers check them in every block they read:
//   - "Pairs": a fraction and its base always set equal in one update();
//   - "Pairs": a counter several threads add() to only grows;
//   - "Churn": instances added and removed all the time, each instance's
//     two values equal to the number in its name (or both 0 just after add).
#include "format/block_builder.h"
#include "format/block_view.h"
#include "format/counter_type.h"
#include "published_reader.h"
#include "publisher.h"

#include <gtest/gtest.h>

#include <atomic>
#include <charconv>
#include <thread>

namespace wpo {
namespace {

using namespace counter_type;

published::Definition definition(const std::string& name)
{
    published::Definition d;
    d.publisher = name;
    d.objects.push_back({.name = "Pairs",
                         .counters = {{.name = "Part", .type = PERF_RAW_FRACTION},
                                      {.name = "Whole", .type = PERF_RAW_BASE},
                                      {.name = "Hits", .type = PERF_COUNTER_LARGE_RAWCOUNT},
                                      {.name = "Big", .type = PERF_AVERAGE_BULK},
                                      {.name = "Big base", .type = PERF_AVERAGE_BASE}}});
    d.objects.push_back({.name = "Churn",
                         .max_instances = 8,
                         .counters = {{.name = "P", .type = PERF_COUNTER_LARGE_RAWCOUNT},
                                      {.name = "Q", .type = PERF_COUNTER_LARGE_RAWCOUNT}}});
    return d;
}

TEST(PublishConcurrency, ReadersNeverSeeATornValue)
{
    const std::string dir = test::segment_directory();
    const std::string name = test::unique_publisher("Concurrency");
    auto pub = publish::Publisher::start(definition(name), {.directory = dir.empty() ? "/dev/shm" : dir});
    ASSERT_TRUE(pub.ok()) << pub.error().describe();
    publish::Publisher& p = **pub;

    std::atomic<bool> stop{false};
    const auto pairs = p.values(0);
    std::vector<std::thread> threads;
    // The pair writer: Part == Whole (32-bit) and Big == Big base * 3 in every update.
    threads.emplace_back([&] {
        for (std::uint64_t i = 1; !stop.load(std::memory_order_relaxed); ++i) {
            pairs.update([&] {
                pairs.counter(0).set(i & 0xFFFFFFFF);
                pairs.counter(1).set(i & 0xFFFFFFFF);
                pairs.counter(3).set(3 * i);
                pairs.counter(4).set(i & 0xFFFFFFFF);
            });
        }
    });
    // Two threads adding to one counter.
    for (int t = 0; t < 2; ++t) {
        threads.emplace_back([&] {
            while (!stop.load(std::memory_order_relaxed))
                pairs.counter(2).add(1);
        });
    }
    // The churn writer.
    threads.emplace_back([&] {
        for (std::uint64_t k = 1; !stop.load(std::memory_order_relaxed); ++k) {
            auto inst = p.add_instance(1, "i" + std::to_string(k));
            if (!inst)
                continue;
            inst->update([&] {
                inst->counter(0).set(k);
                inst->counter(1).set(k);
            });
            auto keep = p.add_instance(1, "i" + std::to_string(k + 1000000));
            if (keep)
                keep->update([&] {
                    keep->counter(0).set(k + 1000000);
                    keep->counter(1).set(k + 1000000);
                });
            p.remove_instance(*inst);
            if (keep)
                p.remove_instance(*keep);
        }
    });

    std::atomic<int> blocks{0}, failures{0};
    std::vector<std::thread> readers;
    // Reader 0 maps the segment as another process would (the platform's
    // way); reader 1 reads the publisher's own mapping, the same addresses
    // the writers store to, so that ThreadSanitizer checks every access.
    auto own = published::SegmentView::parse(p.segment());
    ASSERT_TRUE(own.ok()) << own.error().describe();
    for (int r = 0; r < 2; ++r) {
        readers.emplace_back([&, r] {
            test::PublishedReader reader(dir, name);
            const std::uint32_t base = r == 0 ? reader.base() : 1000;
            published::ReadScratch scratch;
            ObjectQuery global;
            (void)global.parse("Global");
            std::uint64_t last_hits = 0;
            for (int n = 0; n < 3000; ++n) {
                published::AppendResult result;
                std::optional<std::vector<std::byte>> block;
                if (r == 0) {
                    block = reader.read("Global", &result);
                } else {
                    block.emplace();
                    BlockBuilder b(*block);
                    b.begin({}, "HOST");
                    result = own->append(b, global, base, scratch);
                    b.finish();
                }
                if (!block) {
                    ++failures;
                    continue;
                }
                auto view = BlockView::parse(*block);
                if (!view) {
                    ++failures;
                    continue;
                }
                if (auto o = view->find_object(base)) {
                    const auto& values = o->counter_block();
                    const auto part = values.value(o->counter(0));
                    const auto whole = values.value(o->counter(1));
                    const auto hits = values.value(o->counter(2));
                    const auto big = values.value(o->counter(3));
                    const auto big_base = values.value(o->counter(4));
                    if (part != whole || big % 3 != 0 || (big / 3 & 0xFFFFFFFF) != big_base || hits < last_hits)
                        ++failures;
                    last_hits = hits;
                }
                if (auto o = view->find_object(base + 2 * 4)) {
                    for (const auto& inst : o->instances()) {
                        const auto a = inst.counters().value(o->counter(0));
                        const auto b = inst.counters().value(o->counter(1));
                        const std::string label = inst.name();
                        std::uint64_t k = 0;
                        std::from_chars(label.data() + 1, label.data() + label.size(), k);
                        if (a != b || (a != 0 && a != k))
                            ++failures;
                    }
                }
                ++blocks;
            }
        });
    }
    for (auto& t : readers)
        t.join();
    stop = true;
    for (auto& t : threads)
        t.join();
    EXPECT_EQ(failures.load(), 0);
    EXPECT_EQ(blocks.load(), 6000);
    pub->reset();
    if (!dir.empty())
        std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace wpo
