// SPDX-License-Identifier: Apache-2.0
// The shared performance-object cache (docs/snapshots-and-cache.md §4).
//
// The Windows interface only hands out whole objects, and every query costs
// the monitored system time. Entities (snapshots) that sample the same
// objects at about the same time share one collection through this cache:
//
// * Cache table: per object index, the newest collected copy (a cache item).
// * Outdated list: older items still referenced by some entity; an outdated
//   item is freed when its last reference is released.
// * Banned entities: per object index, the entities that must not receive the
//   cached copy — the one that inserted it (it has the data already) and
//   every one that found it (so nobody gets the same copy twice and computes
//   a rate over a zero interval). An insert of newer data unbans everyone but
//   the inserter.
// * Freshness: find() only hands out items inserted less than
//   `freshness` ago (500 ms by default).
// * References and locks: each copy records which entities hold references
//   to it (one per find()) and which hold its lock, so each entity can give
//   back only what it took.
//
// Where we differ from the thesis (docs/snapshots-and-cache.md §1), and why:
// * The thesis copies new data into an item's buffer whenever it fits, even
//   while entities hold references to it, so a reader could see data change
//   under it. We copy in place only when nobody references the item; else the
//   old buffer moves to the outdated list and the item gets a new (or
//   recycled) buffer. A referenced object never changes.
// * Insert keeps the newest data: data whose block PerfTime (the monotonic
//   clock, not the wall clock, which can step back) is not newer than the
//   cached copy's is refused (stale_inserts), so a slow entity cannot
//   replace fresher data with older.
// * find() takes the caller's newest time stamp for the object and never
//   returns data that is not newer (a rate needs time to advance).
// * Release / lock / unlock of an object the cache does not hold is an Error
//   (Errc::not_found), not undefined behaviour.
// * References are per entity, not a bare count per object: release() by an
//   entity that holds no reference to the copy, lock() by one that holds no
//   reference, and unlock() by one that holds no lock are Errc::invalid_state.
//   With a bare count, an entity releasing twice would silently consume
//   another entity's reference, and an in-place insert could then overwrite
//   bytes that entity still reads; and a lock without a reference could
//   deadlock against an in-place insert (the lock is not recursive).
// * Entities are numbered tokens (register_entity), not addresses, so a new
//   entity allocated where an old one was does not inherit its bans.
//
// Steady state is allocation-free for find(), release(), lock() and unlock():
// ban lists and each copy's reference and lock lists keep their capacity.
// insert() allocates only when an item's buffer is too small or referenced and
// no recycled buffer fits.
//
// One cache serves one source at a time (a cache mixing /proc data with a
// recording would hand out the wrong machine's data): snapshots attach() with
// their source's id, which is unique per SharedSource, not an address that a
// later source could reuse. Thread-safe; every operation may be called from
// any thread.
#pragma once

#include "cache/cache_stats.h"
#include "cache/cached_object.h"
#include "core/result.h"
#include "format/block_view.h"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

namespace wpo {

using EntityId = std::uint64_t;

struct CacheOptions {
    // find() hands out only items younger than this.
    std::chrono::nanoseconds freshness = std::chrono::milliseconds(500);
    // Time source for insertion times and ages; null = steady_clock. Tests
    // inject one to step time.
    std::chrono::nanoseconds (*clock)(void* context) = nullptr;
    void* clock_context = nullptr;
};

class PerfObjectCache {
public:
    explicit PerfObjectCache(CacheOptions options = {});
    ~PerfObjectCache();
    PerfObjectCache(const PerfObjectCache&) = delete;
    PerfObjectCache& operator=(const PerfObjectCache&) = delete;

    // The process's cache, used by snapshots created without one.
    static PerfObjectCache& process_default();

    // A token no other entity of this cache has or will get.
    EntityId register_entity();

    // A snapshot of the source `source_id` (SharedSource::id()) starts using
    // the cache; detach() when it stops. While any snapshot is attached the
    // cache serves only that source (another gives Errc::invalid_argument);
    // once none is, the next attach may switch sources, and nothing collected
    // from the old one is handed out again.
    Status attach(std::uint64_t source_id);
    void detach();
    // Snapshots attached now (a snapshot alone with its cache need not insert).
    std::uint64_t attached() const;

    // The newest copy of `object_index` if it is fresh, `entity` is not
    // banned from it, it comes from the attached source, and its block's
    // PerfTime is greater than
    // `newer_than` (pass the block PerfTime of the entity's previous
    // sample of this object, or INT64_MIN). On success the entity is banned
    // from this copy and holds one reference, to give back with release().
    // `max_age` (> 0) tightens the freshness for this call: an entity that
    // samples every 200 ms wants no copy older than about half of that, or
    // it would keep reading the previous interval's data.
    // `collected_for` (ObjectQuery::spec(): the processes and counters asked
    // for; empty: the whole object) must equal what the copy was inserted
    // for: a source may collect only those (object_query.h), and a copy with
    // other definitions than the entity's previous sample would cost it an
    // interval (the decoder cannot pair them), so entities share copies
    // collected for the same only.
    std::optional<CachedObject> find(std::uint32_t object_index, EntityId entity, std::int64_t newer_than,
                                     std::chrono::nanoseconds max_age = {}, std::string_view collected_for = {});

    // Stores a copy of `object` (a view into `block`) as the newest for its
    // index, unless the cached copy is at least as new. On storing, the
    // object's bans are replaced by `entity` alone. Returns whether it stored.
    // `collected_for`: what the object was collected for, see find().
    // Errc::invalid_argument if `object` does not lie inside `block`.
    Result<bool> insert(EntityId entity, const BlockView& block, const ObjectView& object,
                        std::string_view collected_for = {});

    // Gives back one reference `entity` took with find(); `object` is the
    // bytes.data() it returned. Errc::not_found if the cache holds no such
    // object; Errc::invalid_state if `entity` holds no reference to that
    // copy (another entity's references are never consumed).
    Status release(EntityId entity, const std::byte* object);

    // Shared lock on the copy holding `object` (the thesis's Lock/Unlock): while
    // held, the cache does not change the copy's bytes. `entity` must hold a
    // reference to that copy (from find(), not yet released) when it locks;
    // it may release before it unlocks, but then must not call find() or
    // insert() for that object until it unlocks. unlock() gives back one
    // lock `entity` took. Errc::not_found for an object the cache does not
    // hold; Errc::invalid_state for a lock without a reference or an unlock
    // by an entity that holds no lock on that copy.
    Status lock(EntityId entity, const std::byte* object);
    Status unlock(EntityId entity, const std::byte* object);

    // For the snapshots' query counting (CacheStats::source_queries).
    void count_source_query() { m_source_queries.fetch_add(1, std::memory_order_relaxed); }

    CacheStats stats() const;
    // Sum of outstanding references over all items (0 when every find() was
    // released): for leak checks in tests.
    std::uint64_t outstanding_references() const;

    const CacheOptions& options() const { return m_options; }

private:
    struct State;
    CacheOptions m_options;
    std::unique_ptr<State> m_state;
    std::atomic<std::uint64_t> m_source_queries{0};
};

}  // namespace wpo
