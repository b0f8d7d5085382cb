// Reads RawValues and TimeStamps out of validated blocks: pairs each visible
// counter with its base (the definition right after it, spec §6) once per
// object, so the per-instance loop only loads bytes.
#pragma once

#include "decode/decoder.h"
#include "format/block_view.h"

#include <cstdint>
#include <vector>

namespace wpo {

struct CounterLayout {
    CounterDefinition definition;
    std::uint32_t position = 0;   // index among all of the object's definitions
    bool has_base = false;
    CounterDefinition base;       // valid when has_base
};

// The visible counters of an object (bases and NODATA are folded into the
// counter they serve or skipped), in definition order.
std::vector<CounterLayout> counter_layouts(const ObjectView& object);

RawValue read_raw(const CounterLayout& counter, const CounterBlock& block);

TimeStamps time_stamps(const BlockHeader& block, const ObjectHeader& object);

}  // namespace wpo
