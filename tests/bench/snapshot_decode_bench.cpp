// SPDX-License-Identifier: Apache-2.0
// Snapshot cycle benchmark: what one prepare -> sample -> decode cycle of a
// snapshot entity costs per value it produces, the source's own work left
// out. 30 blocks are captured from the real /proc first ("Global", and the
// objects of a small custom request), then replayed by a source that only
// copies the next captured block into the snapshot's buffer and shifts its
// time stamps past the previous one (so the replay can loop); that copy is
// timed on its own and subtracted from each cycle.
//
// The cache's cost: an entity alone with its cache never copies into it
// (Snapshot::insert_fresh: nobody could use the copies), so one entity is
// compared with two sharing a cache over one source. Each round, the first
// queries the source and copies every object of the block into the cache,
// the second takes them from the cache; the two cycles together against
// twice the lone entity's is what the cache's copies cost, or save. The lone
// entity and the pair take turns (which goes first alternates), so load from
// elsewhere falls on both alike. Every figure is the median over the cycles (or rounds), with
// the fastest and slowest beside it (_min, _max), per value produced:
//
//   RESULT sample_decode_ns_per_value <v> ns                  Global, one entity; target <= 20 ns
//   RESULT sample_decode_values_per_cycle <v> values          values one Global cycle produces
//   RESULT sample_decode_ns_per_value_shared_2_entities <v> ns   Global, both entities' cycles of a round
//                                                             over the values both produce
//   RESULT sample_decode_ns_per_value_inserting <v> ns        ... the one that queried and inserted
//   RESULT sample_decode_ns_per_value_from_cache <v> ns       ... the one the cache served
//   RESULT sample_decode_shared_vs_single_ratio <r> x         shared_2_entities / one entity (medians;
//                                                             _min/_max over the rounds' own ratios)
//   RESULT sample_decode_ns_per_value_custom <v> ns           Custom, one entity: a few counters of
//                                                             Processor, Memory, System and Process
//   RESULT sample_decode_values_per_cycle_custom <v> values
//
// Reports figures and never fails on timing (HACKING.md); exits non-zero only
// when an engine operation fails. Built on Linux only (ProcfsSource).
#include "core/byte_io.h"
#include "format/layout.h"
#include "snapshot/snapshot.h"
#include "sources/procfs/linux_indices.h"
#include "sources/procfs/procfs_source.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace wpo;
namespace ix = procfs_index;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

constexpr int kCapturedBlocks = 30;
constexpr auto kCaptureInterval = 30ms;
constexpr int kWarmupCycles = 2 * kCapturedBlocks;
constexpr int kGlobalRounds = 20 * kCapturedBlocks;
constexpr int kCustomCycles = 100 * kCapturedBlocks;

using Block = std::vector<std::byte>;

bool capture(ProcfsSource& source, const std::string& query, std::vector<Block>& out)
{
    for (int i = 0; i < kCapturedBlocks; ++i) {
        Block block;
        if (Status s = source.collect(query, block); !s) {
            std::fprintf(stderr, "snapshot_decode_bench: collecting \"%s\": %s\n", query.c_str(),
                         s.error().describe().c_str());
            return false;
        }
        out.push_back(std::move(block));
        std::this_thread::sleep_for(kCaptureInterval);
    }
    return true;
}

// Plays the captured blocks in a loop. Each pass shifts the block clocks by
// the span of the capture (plus one interval), so time only moves forward:
// the cache accepts every insert and rates have a positive interval. The
// counters themselves restart with each pass (one cycle in 30 then decodes
// negative deltas; the median does not see it).
class ReplaySource final : public Source {
public:
    explicit ReplaySource(const std::vector<Block>& blocks) : m_blocks(blocks)
    {
        const std::int64_t first = perf_time_100ns(m_blocks.front());
        const std::int64_t last = perf_time_100ns(m_blocks.back());
        const std::int64_t first_ticks = load_i64(m_blocks.front().data() + layout::block::kPerfTime);
        const std::int64_t last_ticks = load_i64(m_blocks.back().data() + layout::block::kPerfTime);
        const auto gaps = static_cast<std::int64_t>(m_blocks.size() - 1);
        m_span_100ns = (last - first) + (last - first) / gaps;
        m_span_ticks = (last_ticks - first_ticks) + (last_ticks - first_ticks) / gaps;
    }

    Status collect(std::string_view, std::vector<std::byte>& buffer) override
    {
        const auto start = Clock::now();
        const Block& block = m_blocks[m_next % m_blocks.size()];
        const auto pass = static_cast<std::int64_t>(m_next / m_blocks.size());
        buffer.resize(block.size());
        std::memcpy(buffer.data(), block.data(), block.size());
        std::byte* header = buffer.data();
        store<std::int64_t>(header + layout::block::kPerfTime,
                            load_i64(header + layout::block::kPerfTime) + pass * m_span_ticks);
        store<std::int64_t>(header + layout::block::kPerfTime100nSec,
                            load_i64(header + layout::block::kPerfTime100nSec) + pass * m_span_100ns);
        ++m_next;
        m_spent += Clock::now() - start;
        return {};
    }

    Result<NameTable> load_names() override { return NameTable{}; }

    Clock::duration spent() const { return m_spent; }

private:
    static std::int64_t perf_time_100ns(const Block& block)
    {
        return load_i64(block.data() + layout::block::kPerfTime100nSec);
    }

    const std::vector<Block>& m_blocks;
    std::size_t m_next = 0;
    std::int64_t m_span_100ns = 0;
    std::int64_t m_span_ticks = 0;
    Clock::duration m_spent{};
};

struct Stats {
    double median = 0, min = 0, max = 0;
};

Stats stats(std::vector<double> v)
{
    if (v.empty())
        return {};
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return {n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2, v.front(), v.back()};
}

// `entities` snapshots of one type on one replayed source and one cache.
class Setup {
public:
    Setup(const std::vector<Block>& blocks, SnapshotType type, std::span<const CounterRequest> requests, int entities)
        : m_replay(blocks), m_shared(m_replay)
    {
        SnapshotOptions options;
        options.cache = &m_cache;
        for (int i = 0; i < entities; ++i) {
            auto created = Snapshot::create(m_shared, type, requests, options);
            if (!created) {
                std::fprintf(stderr, "snapshot_decode_bench: %s\n", created.error().describe().c_str());
                return;
            }
            m_entities.push_back(std::move(*created));
        }
        m_ok = true;
    }

    bool ok() const { return m_ok; }
    std::size_t entities() const { return m_entities.size(); }

    // One cycle of entity `i`: its time without the replay's copy, and the
    // values it produced.
    struct Cycle {
        double ns = 0;
        double values = 0;
        double source_ns = 0;
    };
    bool cycle(std::size_t i, Cycle& out)
    {
        Snapshot& snapshot = *m_entities[i];
        const Clock::duration source_before = m_replay.spent();
        const auto start = Clock::now();
        const bool ok = snapshot.prepare() && snapshot.sample() && snapshot.decode();
        const auto elapsed = Clock::now() - start;
        if (!ok) {
            std::fprintf(stderr, "snapshot_decode_bench: a cycle failed\n");
            return false;
        }
        const Clock::duration source = m_replay.spent() - source_before;
        out.ns = std::chrono::duration<double, std::nano>(elapsed - source).count();
        out.source_ns = std::chrono::duration<double, std::nano>(source).count();
        out.values = static_cast<double>(snapshot.values()->size());
        return true;
    }

    CacheStats cache_stats() const { return m_cache.stats(); }

private:
    ReplaySource m_replay;
    SharedSource m_shared;
    PerfObjectCache m_cache;
    std::vector<std::unique_ptr<Snapshot>> m_entities;
    bool m_ok = false;
};

double per_value(const Setup::Cycle& c)
{
    return c.ns / std::max(c.values, 1.0);
}

void print(const char* name, const Stats& s, const char* unit)
{
    std::printf("RESULT %s %.2f %s\n", name, s.median, unit);
    std::printf("RESULT %s_min %.2f %s\n", name, s.min, unit);
    std::printf("RESULT %s_max %.2f %s\n", name, s.max, unit);
}

}  // namespace

int main()
{
    ProcfsSource source;
    const CounterRequest custom[] = {
        {ix::kProcessor, ix::kPercentProcessorTime},
        {ix::kMemory, ix::kAvailableBytes},
        {ix::kSystem, ix::kContextSwitchesPerSec},
        {ix::kProcess, ix::kPercentProcessorTime},
        {ix::kProcess, ix::kIdProcess},
        {ix::kProcess, ix::kWorkingSet},
    };
    // The query the custom snapshot makes: its objects, ascending.
    const std::string custom_query = std::to_string(ix::kSystem) + " " + std::to_string(ix::kMemory) + " " +
                                     std::to_string(ix::kProcess) + " " + std::to_string(ix::kProcessor);
    std::vector<Block> global_blocks, custom_blocks;
    if (!capture(source, "Global", global_blocks) || !capture(source, custom_query, custom_blocks))
        return 1;

    // Global: one entity and two sharing a cache, in alternate rounds.
    Setup single(global_blocks, SnapshotType::global, {}, 1);
    Setup pair(global_blocks, SnapshotType::global, {}, 2);
    if (!single.ok() || !pair.ok())
        return 1;
    std::vector<double> single_ns, shared_ns, inserting_ns, from_cache_ns, ratio, values;
    double single_time = 0, single_source = 0;
    for (int round = 0; round < kWarmupCycles + kGlobalRounds; ++round) {
        // Which goes first alternates too: a cycle right after another one
        // finds the caches as that one left them.
        Setup::Cycle alone, first, second;
        const bool alone_first = round % 2 == 0;
        if ((alone_first && !single.cycle(0, alone)) || !pair.cycle(0, first) || !pair.cycle(1, second) ||
            (!alone_first && !single.cycle(0, alone)))
            return 1;
        if (round < kWarmupCycles)
            continue;
        single_ns.push_back(per_value(alone));
        inserting_ns.push_back(per_value(first));
        from_cache_ns.push_back(per_value(second));
        shared_ns.push_back((first.ns + second.ns) / std::max(first.values + second.values, 1.0));
        ratio.push_back(shared_ns.back() / single_ns.back());
        values.push_back(alone.values);
        single_time += alone.ns + alone.source_ns;
        single_source += alone.source_ns;
    }
    // The comparison means something only if the second entity was served
    // from the cache: one source query a round, not two.
    const CacheStats cached = pair.cache_stats();
    const int rounds = kWarmupCycles + kGlobalRounds;
    std::printf("# two entities, %d rounds (and one collection each at creation): %llu source queries, %llu inserts "
                "(%.0f bytes a round), %llu of %llu finds served\n",
                rounds, static_cast<unsigned long long>(cached.source_queries),
                static_cast<unsigned long long>(cached.inserts), double(cached.bytes_copied) / rounds,
                static_cast<unsigned long long>(cached.hits), static_cast<unsigned long long>(cached.finds));
    if (cached.hits == 0) {
        std::fprintf(stderr, "snapshot_decode_bench: the cache served the second entity nothing\n");
        return 1;
    }

    // Custom: one entity.
    Setup small(custom_blocks, SnapshotType::custom, custom, 1);
    if (!small.ok())
        return 1;
    std::vector<double> custom_ns, custom_values;
    double custom_time = 0, custom_source = 0;
    for (int i = 0; i < kWarmupCycles + kCustomCycles; ++i) {
        Setup::Cycle c;
        if (!small.cycle(0, c))
            return 1;
        if (i < kWarmupCycles)
            continue;
        custom_ns.push_back(per_value(c));
        custom_values.push_back(c.values);
        custom_time += c.ns + c.source_ns;
        custom_source += c.source_ns;
    }

    std::printf("snapshot_decode_bench: Global block %zu bytes, %.0f values per cycle, replay copy %.1f %% of the "
                "cycle; custom block %zu bytes, %.0f values, replay copy %.1f %%\n",
                global_blocks.front().size(), stats(values).median, 100 * single_source / single_time,
                custom_blocks.front().size(), stats(custom_values).median, 100 * custom_source / custom_time);
    print("sample_decode_ns_per_value", stats(single_ns), "ns");
    std::printf("RESULT sample_decode_values_per_cycle %.0f values\n", stats(values).median);
    print("sample_decode_ns_per_value_shared_2_entities", stats(shared_ns), "ns");
    print("sample_decode_ns_per_value_inserting", stats(inserting_ns), "ns");
    print("sample_decode_ns_per_value_from_cache", stats(from_cache_ns), "ns");
    const Stats r = stats(ratio);
    std::printf("RESULT sample_decode_shared_vs_single_ratio %.3f x\n",
                stats(shared_ns).median / stats(single_ns).median);
    std::printf("RESULT sample_decode_shared_vs_single_ratio_min %.3f x\n", r.min);
    std::printf("RESULT sample_decode_shared_vs_single_ratio_max %.3f x\n", r.max);
    print("sample_decode_ns_per_value_custom", stats(custom_ns), "ns");
    std::printf("RESULT sample_decode_values_per_cycle_custom %.0f values\n", stats(custom_values).median);
    return 0;
}
