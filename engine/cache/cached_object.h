// SPDX-License-Identifier: Apache-2.0
// What PerfObjectCache::find() hands out: a reference to a cached
// PERF_OBJECT_TYPE and the header of the block it came from (the thesis's
// DATA_BLOCK_TIMES, docs/snapshots-and-cache.md §1). The bytes stay valid and unchanged until the entity
// gives the reference back with PerfObjectCache::release().
#pragma once

#include "format/block_view.h"

#include <cstddef>
#include <span>

namespace wpo {

struct CachedObject {
    std::span<const std::byte> bytes;  // one validated PERF_OBJECT_TYPE (ObjectView::from_validated)
    BlockHeader block;                 // header of the block the object was collected in
};

}  // namespace wpo
