// SPDX-License-Identifier: Apache-2.0
// Published counters (docs/publishing.md), both ends:
//
//   RESULT publish_ns_per_update <v> ns          Counter::add on a real segment (target <= 5 ns)
//   RESULT publish_set_ns_per_update <v> ns      Counter::set
//   RESULT publish_grouped_update_ns <v> ns      update() of a value pair under the slot's sequence counter
//   RESULT baseline_relaxed_store_ns <v> ns      a plain std::atomic relaxed store (the leanest update)
//   RESULT baseline_relaxed_add_ns <v> ns        a plain std::atomic relaxed fetch_add
//   RESULT published_collect_us_100x20 <v> us    100 objects x 20 counters read into a data block
//                                                (Global, BlockBuilder; target <= 50 us)
//
// Each figure is the median of kRuns runs, with _min and _max lines beside
// it. The update loops run 20M updates per run; the collect loop 500
// collects per run. Never fails on timing (HACKING.md). That an update
// makes no system call is a test, not a figure: publisher_test's
// NoSystemCallPerUpdate runs the updates under seccomp strict mode.
//
// `publish_bench collect` runs only the collect part (for callgrind:
// valgrind --tool=callgrind build/release/tests/bench/publish_bench collect).
#include "format/block_builder.h"
#include "format/block_view.h"
#include "format/counter_type.h"
#include "published/segment_view.h"
#include "publisher.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#ifndef _WIN32
#include <cstdlib>
#endif

namespace {

using clock_type = std::chrono::steady_clock;
constexpr int kRuns = 11;

struct Figure {
    double median, min, max;
};

template <class F>
Figure measure(F&& run)
{
    std::vector<double> v;
    for (int i = 0; i < kRuns; ++i)
        v.push_back(run());
    std::sort(v.begin(), v.end());
    return {v[v.size() / 2], v.front(), v.back()};
}

void report(const char* name, const Figure& f, const char* unit)
{
    std::printf("RESULT %s %.3f %s\n", name, f.median, unit);
    std::printf("RESULT %s_min %.3f %s\n", name, f.min, unit);
    std::printf("RESULT %s_max %.3f %s\n", name, f.max, unit);
}

constexpr std::uint64_t kUpdates = 20'000'000;

template <class F>
double ns_per(F&& body)
{
    const auto t0 = clock_type::now();
    for (std::uint64_t i = 0; i < kUpdates; ++i)
        body(i);
    const auto t1 = clock_type::now();
    return std::chrono::duration<double, std::nano>(t1 - t0).count() / kUpdates;
}

// The value of counter `counter` of single-instance object `object`, read
// back through the block's own definitions.
std::optional<std::uint64_t> counter_value(const wpo::BlockView& block, std::uint32_t object, std::uint32_t counter)
{
    const auto o = block.find_object(object);
    if (!o || o->has_instances())
        return std::nullopt;
    for (const auto def : o->counters())
        if (def.name_index == counter)
            return o->counter_block().value(def);
    return std::nullopt;
}

}  // namespace

int main(int argc, char** argv)
{
    using namespace wpo;
    using namespace wpo::counter_type;
    std::string dir = (std::filesystem::temp_directory_path() / "perfscope-publish-bench-XXXXXX").string();
#ifndef _WIN32
    if (!mkdtemp(dir.data())) {
        std::fprintf(stderr, "publish_bench: no temporary directory\n");
        return 1;
    }
#endif

    const bool collect_only = argc > 1 && std::string(argv[1]) == "collect";
    if (!collect_only) {
        // --- updates ---
        published::Definition small;
        small.publisher = "PublishBench";
        small.objects.push_back({.name = "Bench",
                                 .counters = {{.name = "Adds", .type = PERF_COUNTER_BULK_COUNT},
                                              {.name = "Part", .type = PERF_RAW_FRACTION},
                                              {.name = "Whole", .type = PERF_RAW_BASE}}});
        auto pub = publish::Publisher::start(small, {.directory = dir});
        if (!pub) {
            std::fprintf(stderr, "publish_bench: %s\n", pub.error().describe().c_str());
            return 1;
        }
        const auto values = (*pub)->values(0);
        const auto adds = values.counter(0);
        const auto part = values.counter(1);
        const auto whole = values.counter(2);
        alignas(64) std::atomic<std::uint64_t> plain{0};

        const Figure add = measure([&] { return ns_per([&](std::uint64_t) { adds.add(1); }); });
        const Figure set = measure([&] { return ns_per([&](std::uint64_t i) { adds.set(i); }); });
        const Figure grouped = measure([&] {
            return ns_per([&](std::uint64_t i) {
                values.update([&] {
                    part.set(i);
                    whole.set(i);
                });
            });
        });
        const Figure store =
            measure([&] { return ns_per([&](std::uint64_t i) { plain.store(i, std::memory_order_relaxed); }); });
        const Figure fetch_add =
            measure([&] { return ns_per([&](std::uint64_t) { plain.fetch_add(1, std::memory_order_relaxed); }); });
        if (adds.get() == 0 || plain.load() == 0)
            return 1;  // keeps the loops observable
        report("publish_ns_per_update", add, "ns");
        report("publish_set_ns_per_update", set, "ns");
        report("publish_grouped_update_ns", grouped, "ns");
        report("baseline_relaxed_store_ns", store, "ns");
        report("baseline_relaxed_add_ns", fetch_add, "ns");
        pub->reset();
    }

    // --- collect: 100 objects x 20 counters ---
    published::Definition big;
    big.publisher = "PublishBench100x20";
    for (int o = 0; o < 100; ++o) {
        published::ObjectDef obj{.name = "Object " + std::to_string(o), .help = "help"};
        for (int c = 0; c < 20; ++c) {
            const std::uint32_t type = c % 3 == 0   ? PERF_COUNTER_RAWCOUNT
                                       : c % 3 == 1 ? PERF_COUNTER_LARGE_RAWCOUNT
                                                    : PERF_COUNTER_BULK_COUNT;
            obj.counters.push_back({.name = "Counter " + std::to_string(c), .help = "help", .type = type});
        }
        big.objects.push_back(std::move(obj));
    }
    auto big_pub = publish::Publisher::start(big, {.directory = dir});
    if (!big_pub) {
        std::fprintf(stderr, "publish_bench: %s\n", big_pub.error().describe().c_str());
        return 1;
    }
    for (std::size_t o = 0; o < 100; ++o)
        for (std::size_t c = 0; c < 20; ++c)
            (*big_pub)->values(o).counter(c).set(o * 100 + c);
    published::SharedMapping mapping;
    {
        auto opened = published::SharedMapping::open((*big_pub)->segment_name());
        if (!opened) {
            std::fprintf(stderr, "publish_bench: %s\n", opened.error().describe().c_str());
            return 1;
        }
        mapping = std::move(*opened);
    }
    auto view = published::SegmentView::parse(mapping.bytes());
    if (!view) {
        std::fprintf(stderr, "publish_bench: %s\n", view.error().describe().c_str());
        return 1;
    }
    ObjectQuery global;
    (void)global.parse("Global");
    std::vector<std::byte> buffer;
    published::ReadScratch scratch;
    std::uint32_t objects = 0;
    const Figure collect = measure([&] {
        constexpr int kCollects = 500;
        const auto t0 = clock_type::now();
        for (int i = 0; i < kCollects; ++i) {
            BlockBuilder b(buffer);
            b.begin({}, "HOST");
            objects = view->append(b, global, 60000, scratch).objects;
            b.finish();
        }
        const auto t1 = clock_type::now();
        return std::chrono::duration<double, std::micro>(t1 - t0).count() / kCollects;
    });
    auto block = BlockView::parse(buffer);
    if (!block || block->object_count() != 100 || objects != 100) {
        std::fprintf(stderr, "publish_bench: the collected block is wrong\n");
        return 1;
    }
    // A few values against what the publisher set (o * 100 + c), through
    // the block's own definitions: object o is "Object o" at index
    // 60000 + 2 * 21 * o, counter c follows it at + 2 * (c + 1).
    for (const std::uint32_t o : {0u, 1u, 57u, 99u}) {
        for (const std::uint32_t c : {0u, 1u, 2u, 10u, 19u}) {
            const std::uint32_t object_index = 60000 + 2 * 21 * o;
            const auto got = counter_value(*block, object_index, object_index + 2 * (c + 1));
            if (!got || *got != o * 100 + c) {
                std::fprintf(stderr, "publish_bench: object %u counter %u reads %lld, expected %u\n", o, c,
                             got ? static_cast<long long>(*got) : -1LL, o * 100 + c);
                return 1;
            }
        }
    }
    std::printf("collect: %u objects, %zu-byte block\n", objects, buffer.size());
    report("published_collect_us_100x20", collect, "us");
    big_pub->reset();
    std::filesystem::remove_all(dir);
    return 0;
}
