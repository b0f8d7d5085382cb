// SPDX-License-Identifier: Apache-2.0
// Lays out a published-counters segment (engine/published/segment_layout.h)
// for a Definition and writes its fixed part: header, object and counter
// records, strings; the instance slots stay zero. The Publisher uses it on a
// fresh mapping; tests use it to build segments they then damage.
#pragma once

#include "published/definition.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace wpo::publish {

struct SlotGeometry {
    std::uint32_t slots_offset = 0;
    std::uint32_t slot_size = 0;
    std::uint32_t slot_count = 0;
    std::uint32_t name_capacity = 0;
    std::uint32_t counters = 0;
};

struct SegmentPlan {
    std::uint32_t objects_offset = 0;
    std::uint32_t counters_offset = 0;
    std::uint32_t strings_offset = 0;
    std::uint32_t strings_size = 0;
    std::uint32_t total_size = 0;
    std::vector<SlotGeometry> objects;
};

// `d` must be valid (published::validate).
SegmentPlan plan_segment(const published::Definition& d);

// Writes the fixed part into `out` (plan.total_size zero bytes, 8-aligned)
// with state kStateBuilding; mark_ready() publishes it.
void write_segment(const published::Definition& d, const SegmentPlan& plan, std::byte* out, std::uint32_t pid);

// Release stores of the state word: readers that see kStateReady see
// everything written before.
void mark_ready(std::byte* segment);
void mark_closed(std::byte* segment);

}  // namespace wpo::publish
