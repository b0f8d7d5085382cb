// SPDX-License-Identifier: Apache-2.0
// Blocks for the cache tests: one object per block whose size, index, time
// stamp and counter value the test chooses, so a test can tell copies apart.
#pragma once

#include "format/block_builder.h"
#include "format/block_view.h"
#include "format/counter_type.h"
#include "test_blocks.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

namespace wpo::test {

// A collected block and the one object in it. Not copyable: the views point
// into `bytes`.
struct CacheSample {
    CacheSample() = default;
    CacheSample(const CacheSample&) = delete;
    CacheSample& operator=(const CacheSample&) = delete;

    // Rebuilds in place (the buffer keeps its capacity). Object `index` has
    // `instances` instances whose first counter holds `value`; the block's
    // PerfTime (what the cache orders by) and PerfTime100nSec are both
    // `time_100ns`.
    void build(std::uint32_t index, std::int64_t time_100ns, std::uint64_t value, std::uint32_t instances = 1)
    {
        BlockBuilder b(bytes);
        BlockTimes times = fixed_times();
        times.perf_time_100ns = time_100ns;
        times.perf_time = time_100ns;
        b.begin(times, "CACHEHOST");
        b.begin_object({.name_index = index, .help_index = index + 1, .has_instances = true});
        const auto counter =
            b.add_counter({.name_index = 6, .help_index = 7, .type = counter_type::PERF_COUNTER_LARGE_RAWCOUNT});
        for (std::uint32_t i = 0; i < instances; ++i) {
            b.begin_instance("instance");
            b.set(counter, value);
        }
        b.end_object();
        b.finish();
        auto parsed = BlockView::parse(bytes);
        if (!parsed.ok())
            std::abort();  // BlockBuilder writes only valid blocks
        block = *parsed;
        object = *block.objects().begin();
    }

    std::vector<std::byte> bytes;
    BlockView block;
    ObjectView object;
};

// The first instance's first counter of a cached (or collected) object.
inline std::uint64_t first_value(std::span<const std::byte> object_bytes)
{
    const ObjectView object = ObjectView::from_validated(object_bytes);
    return (*object.instances().begin()).counters().value(object.counter(0));
}

}  // namespace wpo::test
