// SPDX-License-Identifier: Apache-2.0
#include "format/wine_shifted_objects.h"

#include "core/byte_io.h"
#include "format/block_view.h"
#include "format/layout.h"
#include "format/object_view.h"

namespace wpo {

bool has_wine_shifted_objects(std::span<const std::byte> area)
{
    auto block = BlockView::parse(area);
    if (!block)
        return false;
    const BlockHeader& h = block->header();
    if (h.num_object_types == 0)
        return false;
    const std::uint32_t header = h.header_length;
    const std::uint32_t total = h.total_byte_length;
    if (!ObjectView::check(area.subspan(header, total - header)))
        return false;  // a sound object where Windows puts it
    const std::uint64_t start = std::uint64_t(header) + kWineObjectShift;
    const std::uint64_t end = std::uint64_t(total) + kWineObjectShift;
    if (end > area.size())
        return false;
    std::span<const std::byte> rest = area.subspan(start, end - start);
    for (std::uint32_t i = 0; i < h.num_object_types; ++i) {
        const auto fault = ObjectView::check(rest);
        // The first object is the evidence and must be sound; a later one may
        // be left out later for a defect of its own, as long as its length
        // leads on to the next.
        if (fault && (i == 0 || fault->ends_walk()))
            return false;
        rest = rest.subspan(load_u32(rest.data()));
    }
    return rest.empty();
}

bool unshift_wine_objects(std::span<const std::byte> area, std::vector<std::byte>& out)
{
    if (!has_wine_shifted_objects(area))
        return false;
    const std::uint32_t header = load_u32(area.data() + layout::block::kHeaderLength);
    const std::uint32_t total = load_u32(area.data() + layout::block::kTotalByteLength);
    out.assign(area.begin(), area.begin() + header);
    out.insert(out.end(), area.begin() + header + kWineObjectShift, area.begin() + total + kWineObjectShift);
    return true;
}

}  // namespace wpo
