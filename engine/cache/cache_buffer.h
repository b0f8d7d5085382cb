// One copy of one object inside PerfObjectCache: the current copy of a cache
// item, an outdated copy still referenced or locked, or an item's spare.
// Private to engine/cache.
//
// Entities hold and lock copies by their data pointer, so a buffer is heap
// allocated on its own: its address, its bytes and its lock never move while
// it lives, whichever list it is on.
#pragma once

#include "format/block_view.h"
#include "sync/rw_lock.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace wpo::cache_detail {

struct CacheItem;

struct CacheBuffer {
    CacheBuffer(CacheItem* item, std::size_t bytes)
        : data(std::make_unique_for_overwrite<std::byte[]>(bytes)), capacity(bytes), owner(item)
    {
    }

    std::unique_ptr<std::byte[]> data;
    std::size_t capacity = 0;
    // Written only with `bytes_lock` exclusive and the owner's item lock held.
    std::size_t size = 0;
    BlockHeader block;
    CacheItem* const owner;  // the item of this object index: lives as long as the cache

    // find() adds (current copy only, under the item lock) while release()
    // subtracts (under the registry lock): atomic because both run at once.
    // Tested against zero only under the registry lock.
    std::atomic<std::uint64_t> references{0};
    // Guarded by the registry lock. `pins`: threads inside lock() (waiting
    // or holding) — a pinned buffer is neither freed nor recycled, so its
    // lock outlives every locker. `holders`: threads that hold bytes_lock,
    // so unlock() can refuse an unlock without a lock.
    std::uint32_t pins = 0;
    std::uint32_t holders = 0;
    // Shared by entities' lock(); exclusive while the cache writes `data`.
    RwLock bytes_lock;

    // The outdated list is intrusive so that retiring a copy never allocates.
    std::unique_ptr<CacheBuffer> next_outdated;
};

}  // namespace wpo::cache_detail
