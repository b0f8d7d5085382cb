// SPDX-License-Identifier: Apache-2.0
// One PERF_COUNTER_DEFINITION, copied out of the block (40 bytes of fields).
#pragma once

#include "core/byte_io.h"
#include "format/layout.h"

#include <cstdint>

namespace wpo {

struct CounterDefinition {
    std::uint32_t byte_length = layout::counter::kSize;
    std::uint32_t name_index = 0;
    std::uint32_t help_index = 0;
    std::int32_t default_scale = 0;
    std::uint32_t detail_level = layout::kDetailNovice;
    std::uint32_t type = 0;
    std::uint32_t size = 0;    // bytes of raw data in each counter block
    std::uint32_t offset = 0;  // from the start of the PERF_COUNTER_BLOCK

    // Caller guarantees 40 readable bytes at p.
    static CounterDefinition read(const std::byte* p)
    {
        namespace c = layout::counter;
        CounterDefinition d;
        d.byte_length = load_u32(p + c::kByteLength);
        d.name_index = load_u32(p + c::kNameTitleIndex);
        d.help_index = load_u32(p + c::kHelpTitleIndex);
        d.default_scale = load_i32(p + c::kDefaultScale);
        d.detail_level = load_u32(p + c::kDetailLevel);
        d.type = load_u32(p + c::kCounterType);
        d.size = load_u32(p + c::kCounterSize);
        d.offset = load_u32(p + c::kCounterOffset);
        return d;
    }
};

}  // namespace wpo
