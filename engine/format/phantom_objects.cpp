// SPDX-License-Identifier: Apache-2.0
#include "format/phantom_objects.h"

#include "core/byte_io.h"
#include "format/layout.h"
#include "format/block_view.h"
#include "format/object_view.h"

namespace wpo {

bool drop_phantom_objects(std::span<std::byte> block)
{
    namespace B = layout::block;
    if (block.size() < B::kSize)
        return false;
    const std::uint32_t total = load_u32(block.data() + B::kTotalByteLength);
    const std::uint32_t header = load_u32(block.data() + B::kHeaderLength);
    const std::uint32_t claimed = load_u32(block.data() + B::kNumObjectTypes);
    if (total > block.size() || header < B::kSize || header > total)
        return false;
    std::span<const std::byte> rest(block.data() + header, total - header);
    std::uint32_t present = 0;
    // Objects BlockView::parse would leave out still count as present: their
    // TotalByteLength leads on to the next one, and they are reported anyway.
    while (!rest.empty() && present < claimed) {
        auto fault = ObjectView::check(rest);
        if (fault && fault->ends_walk())
            return false;
        rest = rest.subspan(load_u32(rest.data()));
        ++present;
    }
    if (!rest.empty() || present >= claimed)
        return false;
    // Only when the objects explain the block exactly: the header (signature,
    // version, system name, alignment) must hold as BlockView::parse checks it.
    store<std::uint32_t>(block.data() + B::kNumObjectTypes, present);
    if (BlockView::parse(block).ok())
        return true;
    store<std::uint32_t>(block.data() + B::kNumObjectTypes, claimed);
    return false;
}

}  // namespace wpo
