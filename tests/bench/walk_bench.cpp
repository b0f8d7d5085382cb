// SPDX-License-Identifier: Apache-2.0
// Walk benchmark: how fast a consumer gets from raw bytes to every counter
// value. One large block (1,000 processes x 28 counters, 10,000 threads x 12
// counters, the shape of a busy Windows machine) is parsed with
// BlockView::parse and walked completely, again and again for about 1.5 s:
// every object, every instance with its name length, every counter value.
//
//   RESULT walk_bytes_per_s <v> bytes/s        parse + walk (the headline; target >= 1e9 in Release)
//   RESULT parse_bytes_per_s <v> bytes/s       BlockView::parse alone (validation)
//   RESULT walk_only_bytes_per_s <v> bytes/s   the walk of an already parsed block
//   RESULT walk_names_bytes_per_s <v> bytes/s  parse + walk + InstanceView::name() (UTF-8 decode)
//
// It reports figures and never fails on timing (HACKING.md).
#include "format/block_builder.h"
#include "format/block_view.h"
#include "format/counter_type.h"
#include "windows_counters.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using namespace wpo;
using namespace wpo::counter_type;
using Clock = std::chrono::steady_clock;

constexpr int kProcesses = 1000;
constexpr int kThreads = 10000;

constexpr const auto& kProcessCounters = test::kWindowsProcessCounters;
constexpr const auto& kThreadCounters = test::kWindowsThreadCounters;

constexpr const char* kImages[] = {
    "svchost",
    "chrome",
    "RuntimeBroker",
    "explorer",
    "MsMpEng",
    "SearchIndexer",
    "conhost",
    "dllhost",
    "msedgewebview2",
    "Code",
    "WmiPrvSE",
    "sihost",
    "taskhostw",
    "ShellExperienceHost",
    "StartMenuExperienceHost",
    "System",
    "Registry",
    "smss",
    "csrss",
    "wininit",
};

std::uint64_t g_rng = 0x9E3779B97F4A7C15ULL;
std::uint64_t next_random()
{
    g_rng ^= g_rng << 13;
    g_rng ^= g_rng >> 7;
    g_rng ^= g_rng << 17;
    return g_rng;
}

std::vector<std::byte> build_block()
{
    std::vector<std::byte> out;
    BlockBuilder b(out);
    BlockTimes times;
    times.system_time = {2024, 9, 2, 24, 14, 21, 20, 21};
    times.perf_time = 9'242'655'165'203;
    times.perf_freq = 10'000'000;
    times.perf_time_100ns = 133716612800215149;
    b.begin(times, "DESKTOP-BENCH01", 238);

    b.begin_object({.name_index = 230,
                    .help_index = 231,
                    .has_instances = true,
                    .perf_time = times.perf_time_100ns,
                    .perf_freq = 10'000'000});
    std::vector<std::uint32_t> ids;
    for (const auto& c : kProcessCounters)
        ids.push_back(b.add_counter({.name_index = c.index, .help_index = c.index + 1, .type = c.type}));
    for (int p = 0; p < kProcesses; ++p) {
        b.begin_instance(kImages[p % std::size(kImages)], 0, 0, p == 0 ? layout::kNoUniqueId : p);
        for (std::uint32_t id : ids)
            b.set(id, next_random() >> (id % 40));
    }
    b.end_object();

    b.begin_object({.name_index = 232,
                    .help_index = 233,
                    .has_instances = true,
                    .perf_time = times.perf_time_100ns,
                    .perf_freq = 10'000'000});
    ids.clear();
    for (const auto& c : kThreadCounters)
        ids.push_back(b.add_counter({.name_index = c.index, .help_index = c.index + 1, .type = c.type}));
    for (int t = 0; t < kThreads; ++t) {
        const auto process = static_cast<std::uint32_t>(t % kProcesses);
        // Thread instances are named by their number within the process.
        b.begin_instance(std::to_string(t / kProcesses), 230, process);
        for (std::uint32_t id : ids)
            b.set(id, next_random() >> (id % 40));
    }
    b.end_object();
    b.finish();
    return out;
}

struct Walker {
    std::vector<CounterDefinition> defs;  // capacity kept between walks, as a collector would

    std::uint64_t walk(const BlockView& block, bool decode_names)
    {
        std::uint64_t sum = block.header().perf_time;
        for (const ObjectView& object : block.objects()) {
            sum += object.name_index() + object.counter_count();
            defs.assign(object.counters().begin(), object.counters().end());
            auto add_values = [&](const CounterBlock& values) {
                for (const CounterDefinition& def : defs)
                    sum += values.value(def);
            };
            if (!object.has_instances()) {
                add_values(object.counter_block());
                continue;
            }
            for (const InstanceView& instance : object.instances()) {
                const std::byte* d = instance.definition_bytes().data();
                sum += load_u32(d + layout::instance::kNameLength) + instance.parent_instance();
                if (decode_names)
                    sum += instance.name().size();
                add_values(instance.counters());
            }
        }
        return sum;
    }
};

BlockView parse_or_die(std::span<const std::byte> bytes)
{
    auto block = BlockView::parse(bytes);
    if (!block) {
        std::fprintf(stderr, "walk_bench: the benchmark block does not parse: %s\n", block.error().describe().c_str());
        std::exit(1);
    }
    return *block;
}

// Runs `body` (one pass over the block) for about `seconds`; bytes/s.
template <class Body>
double rate(std::size_t bytes, double seconds, Body body)
{
    for (int i = 0; i < 3; ++i)  // warm caches and the allocator
        body();
    std::uint64_t passes = 0;
    const auto start = Clock::now();
    std::chrono::duration<double> elapsed{};
    do {
        for (int i = 0; i < 16; ++i)
            body();
        passes += 16;
        elapsed = Clock::now() - start;
    } while (elapsed.count() < seconds);
    return static_cast<double>(bytes) * static_cast<double>(passes) / elapsed.count();
}

volatile std::uint64_t g_sink;

}  // namespace

int main()
{
    const std::vector<std::byte> bytes = build_block();
    Walker walker;
    const BlockView parsed = parse_or_die(bytes);
    std::printf("block: %zu bytes, %d processes x %zu counters, %d threads x %zu counters\n", bytes.size(), kProcesses,
                std::size(kProcessCounters), kThreads, std::size(kThreadCounters));

    const double walk = rate(bytes.size(), 1.5, [&] { g_sink = g_sink + walker.walk(parse_or_die(bytes), false); });
    const double parse = rate(bytes.size(), 0.5, [&] { g_sink = g_sink + parse_or_die(bytes).object_count(); });
    const double walk_only = rate(bytes.size(), 0.5, [&] { g_sink = g_sink + walker.walk(parsed, false); });
    const double names = rate(bytes.size(), 0.5, [&] { g_sink = g_sink + walker.walk(parse_or_die(bytes), true); });

    std::printf("RESULT walk_bytes_per_s %.4g bytes/s\n", walk);
    std::printf("RESULT parse_bytes_per_s %.4g bytes/s\n", parse);
    std::printf("RESULT walk_only_bytes_per_s %.4g bytes/s\n", walk_only);
    std::printf("RESULT walk_names_bytes_per_s %.4g bytes/s\n", names);
    std::printf("RESULT walk_target_ratio %.3g ratio\n", walk / 1e9);  // against 1e9 bytes/s
    return 0;
}
