// SPDX-License-Identifier: Apache-2.0
// A raw data block cut down to some of its objects and, within an object, to
// some of its instances: what `relog -f bin -c` writes. Kept objects and
// instances are the original bytes (definitions, names, counter blocks), so
// they decode exactly as before; only the lengths and counts that frame them
// change. The block is assembled with BlockBuilder, so it is one that
// BlockView::parse accepts.
//
// Dropping instances leaves the others' ParentObjectInstance positions as
// they were: an object whose instances are the parents of another kept
// object's instances (Process under Thread) must be kept whole.
#pragma once

#include "format/block_view.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace wpo::recording {

// What a cut block keeps of one object.
struct ObjectCut {
    std::uint32_t name_index = 0;
    // Every instance (and the single counter block of an object without
    // instances); otherwise only the instances at `positions`.
    bool whole = true;
    // Positions in the object's instance list, ascending, each below its
    // instance count (others are ignored).
    std::vector<std::uint32_t> positions;
};

// `out` = `block` with only the objects `cuts` names (in block order; the
// first cut naming an object applies), each cut as its ObjectCut says.
// Objects the block's parse left out are dropped.
void cut_block(const BlockView& block, std::span<const ObjectCut> cuts, std::vector<std::byte>& out);

}  // namespace wpo::recording
