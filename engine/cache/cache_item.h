// SPDX-License-Identifier: Apache-2.0
// One entry of PerfObjectCache's table: the newest copy of one object index
// and who must not receive it. Private to engine/cache.
#pragma once

#include "cache/cache_buffer.h"
#include "cache/perf_object_cache.h"
#include "sync/rw_lock.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace wpo::cache_detail {

struct CacheItem {
    explicit CacheItem(std::uint32_t object_index) : index(object_index) {}

    const std::uint32_t index;
    // Exclusive in find() and insert() of this index; everything below
    // except `spare` is guarded by it.
    RwLock lock;
    // Also changed only with the registry lock held, so release(), lock()
    // and unlock() can match pointers under the registry lock alone, without
    // item locks (which an in-place insert holds while it waits for lockers).
    std::unique_ptr<CacheBuffer> current;
    std::int64_t inserted_ns = 0;  // by the cache's clock
    std::uint64_t source = 0;      // the cache's source when `current` was inserted
    // Entities banned from `current`; clear() keeps the capacity, so bans
    // are allocation-free once the list has grown to the number of entities.
    std::vector<EntityId> banned;
    // Guarded by the registry lock: a freed outdated copy kept for the next
    // insert that needs a new buffer, so an object whose copies are always
    // referenced alternates between two buffers instead of allocating.
    std::unique_ptr<CacheBuffer> spare;
};

}  // namespace wpo::cache_detail
