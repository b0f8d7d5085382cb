// SPDX-License-Identifier: Apache-2.0
// One copy of one object inside PerfObjectCache: the current copy of a cache
// item, an outdated copy still referenced or locked, or an item's spare.
// Private to engine/cache.
//
// Entities hold and lock copies by their data pointer, so a buffer is heap
// allocated on its own: its address, its bytes and its lock never move while
// it lives, whichever list it is on.
#pragma once

#include "cache/perf_object_cache.h"
#include "format/block_view.h"
#include "sync/rw_lock.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace wpo::cache_detail {

struct CacheItem;

struct CacheBuffer {
    // Room for this many referencing and locking entities before the lists
    // grow; they keep their capacity while the buffer is recycled.
    static constexpr std::size_t kInitialEntities = 8;

    CacheBuffer(CacheItem* item, std::size_t bytes)
        : data(std::make_unique_for_overwrite<std::byte[]>(bytes)), capacity(bytes), owner(item)
    {
        references.reserve(kInitialEntities);
        lockers.reserve(kInitialEntities);
    }

    std::unique_ptr<std::byte[]> data;
    std::size_t capacity = 0;
    // Written only with `bytes_lock` exclusive and the owner's item lock held.
    std::size_t size = 0;
    BlockHeader block;
    // What the copy was collected for (ObjectQuery::spec(); empty: the whole
    // object), written with `size`. See PerfObjectCache::find().
    std::string collected_for;
    CacheItem* const owner;  // the item of this object index: lives as long as the cache

    // Guarded by the registry lock. `references`: the entity of every
    // outstanding find() of this copy, one entry per find (find() adds to
    // the current copy only, holding the item lock as well), so release()
    // and lock() can refuse an entity that holds none. `lockers`: one entry
    // per lock() that holds bytes_lock, so unlock() can refuse an entity
    // that holds no lock. Order is irrelevant, so an entry is removed by
    // moving the last into its place; both lists keep their capacity, so
    // steady state does not allocate.
    // `pins`: threads inside lock() (waiting or holding) — a pinned buffer
    // is neither freed nor recycled, so its lock outlives every locker.
    std::vector<EntityId> references;
    std::vector<EntityId> lockers;
    std::uint32_t pins = 0;
    // Shared by entities' lock(); exclusive while the cache writes `data`.
    RwLock bytes_lock;

    // The outdated list is intrusive so that retiring a copy never allocates.
    std::unique_ptr<CacheBuffer> next_outdated;
};

}  // namespace wpo::cache_detail
