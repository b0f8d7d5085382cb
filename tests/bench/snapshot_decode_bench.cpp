// Snapshot cycle benchmark: what one prepare -> sample -> decode cycle of a
// snapshot entity costs per value it produces, the source's own work left
// out. 30 blocks are captured from the real /proc first ("Global", and the
// objects of a small custom request), then replayed by a source that only
// copies the next captured block into the snapshot's buffer and shifts its
// time stamps past the previous one (so the replay can loop); that copy is
// timed on its own and subtracted from each cycle. Reported: the median
// cycle, per value.
//
//   RESULT sample_decode_ns_per_value <v> ns               Global snapshot; target <= 20 ns
//   RESULT sample_decode_values_per_cycle <v> values        values one Global cycle produces
//   RESULT sample_decode_ns_per_value_nocache <v> ns       the same without the cache (no insert copies)
//   RESULT sample_decode_ns_per_value_custom <v> ns        Custom: a few counters of Processor, Memory,
//                                                            System and Process
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
constexpr int kGlobalCycles = 20 * kCapturedBlocks;
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

struct Measured {
    bool ok = false;
    double ns_per_value = 0;  // median over cycles
    double values = 0;        // median values per cycle
    double source_share = 0;  // source's share of the whole cycle time
};

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
    return v[v.size() / 2];
}

Measured measure(const std::vector<Block>& blocks, SnapshotType type, std::span<const CounterRequest> requests,
                 bool use_cache, int cycles)
{
    Measured result;
    ReplaySource replay(blocks);
    SharedSource shared(replay);
    PerfObjectCache cache;
    SnapshotOptions options;
    options.cache = &cache;
    options.use_cache = use_cache;
    auto created = Snapshot::create(shared, type, requests, options);
    if (!created) {
        std::fprintf(stderr, "snapshot_decode_bench: %s\n", created.error().describe().c_str());
        return result;
    }
    Snapshot& snapshot = **created;

    std::vector<double> per_value;
    std::vector<double> values;
    per_value.reserve(static_cast<std::size_t>(cycles));
    values.reserve(static_cast<std::size_t>(cycles));
    Clock::duration total{}, source_total{};
    for (int i = 0; i < kWarmupCycles + cycles; ++i) {
        const Clock::duration source_before = replay.spent();
        const auto start = Clock::now();
        const bool ok = snapshot.prepare() && snapshot.sample() && snapshot.decode();
        const auto elapsed = Clock::now() - start;
        if (!ok) {
            std::fprintf(stderr, "snapshot_decode_bench: a cycle failed\n");
            return result;
        }
        if (i < kWarmupCycles)
            continue;
        const Clock::duration source = replay.spent() - source_before;
        const std::size_t count = snapshot.values()->size();
        total += elapsed;
        source_total += source;
        values.push_back(static_cast<double>(count));
        per_value.push_back(std::chrono::duration<double, std::nano>(elapsed - source).count() /
                            static_cast<double>(std::max<std::size_t>(count, 1)));
    }
    result.ok = true;
    result.ns_per_value = median(per_value);
    result.values = median(values);
    result.source_share = std::chrono::duration<double>(source_total).count() /
                          std::chrono::duration<double>(total).count();
    return result;
}

}  // namespace

int main()
{
    ProcfsSource source;
    const CounterRequest custom[] = {
        {ix::kProcessor, ix::kPercentProcessorTime}, {ix::kMemory, ix::kAvailableBytes},
        {ix::kSystem, ix::kContextSwitchesPerSec},   {ix::kProcess, ix::kPercentProcessorTime},
        {ix::kProcess, ix::kIdProcess},              {ix::kProcess, ix::kWorkingSet},
    };
    // The query the custom snapshot makes: its objects, ascending.
    const std::string custom_query = std::to_string(ix::kSystem) + " " + std::to_string(ix::kMemory) + " " +
                                     std::to_string(ix::kProcess) + " " + std::to_string(ix::kProcessor);
    std::vector<Block> global_blocks, custom_blocks;
    if (!capture(source, "Global", global_blocks) || !capture(source, custom_query, custom_blocks))
        return 1;

    const Measured global = measure(global_blocks, SnapshotType::global, {}, true, kGlobalCycles);
    const Measured nocache = measure(global_blocks, SnapshotType::global, {}, false, kGlobalCycles);
    const Measured small = measure(custom_blocks, SnapshotType::custom, custom, true, kCustomCycles);
    if (!global.ok || !nocache.ok || !small.ok)
        return 1;

    std::printf("snapshot_decode_bench: Global block %zu bytes, %.0f values per cycle, replay copy %.1f %% of the "
                "cycle; custom block %zu bytes, %.0f values, replay copy %.1f %%\n",
                global_blocks.front().size(), global.values, 100 * global.source_share, custom_blocks.front().size(),
                small.values, 100 * small.source_share);
    std::printf("RESULT sample_decode_ns_per_value %.2f ns\n", global.ns_per_value);
    std::printf("RESULT sample_decode_values_per_cycle %.0f values\n", global.values);
    std::printf("RESULT sample_decode_ns_per_value_nocache %.2f ns\n", nocache.ns_per_value);
    std::printf("RESULT sample_decode_ns_per_value_custom %.2f ns\n", small.ns_per_value);
    std::printf("RESULT sample_decode_values_per_cycle_custom %.0f values\n", small.values);
    return 0;
}
