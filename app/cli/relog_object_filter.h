// SPDX-License-Identifier: Apache-2.0
// relog -f bin -c: a raw data block cut down to the objects the counter
// paths need. Objects are self-contained (every offset inside one is from its
// own start), so keeping some is copying the block header and those objects
// and setting the header's TotalByteLength and NumObjectTypes. Instances are
// kept whole: dropping some would mean rebuilding the object.
#pragma once

#include "core/result.h"
#include "format/block_view.h"

#include <cstddef>
#include <cstdint>
#include <set>
#include <vector>

namespace perfscope::cli {

// `wanted` plus the parent objects their instances name (Thread's Process),
// as found in `block`, so instance names still resolve.
std::set<std::uint32_t> with_parent_objects(const wpo::BlockView& block, std::set<std::uint32_t> wanted);

// The block with only the objects in `wanted`, in block order (objects the
// block's parse left out are dropped too).
void keep_objects(const wpo::BlockView& block, const std::set<std::uint32_t>& wanted, std::vector<std::byte>& out);

}  // namespace perfscope::cli
