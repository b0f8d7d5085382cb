// SPDX-License-Identifier: Apache-2.0
#include "damaging_source.h"

#include "core/byte_io.h"
#include "format/layout.h"

namespace wpo::test {

Status DamagingSource::collect(std::string_view query, std::vector<std::byte>& buffer)
{
    if (Status collected = m_inner.collect(query, buffer); !collected)
        return collected;
    namespace B = layout::block;
    namespace O = layout::object;
    // The inner source's blocks are sound: walk them by their lengths.
    std::byte* p = buffer.data();
    std::size_t at = load_u32(p + B::kHeaderLength);
    const std::uint32_t objects = load_u32(p + B::kNumObjectTypes);
    for (std::uint32_t i = 0; i < objects; ++i) {
        std::byte* object = p + at;
        if (m_damaged.count(load_u32(object + O::kNameTitleIndex)) && load_u32(object + O::kNumCounters) > 0)
            store<std::uint32_t>(object + load_u32(object + O::kHeaderLength) + layout::counter::kCounterOffset,
                                 kBadOffset);
        at += load_u32(object + O::kTotalByteLength);
    }
    return {};
}

}  // namespace wpo::test
