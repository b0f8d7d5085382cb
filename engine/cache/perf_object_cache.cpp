// SPDX-License-Identifier: Apache-2.0
#include "cache/perf_object_cache.h"

#include "cache/cache_buffer.h"
#include "cache/cache_item.h"
#include "sync/rw_lock.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

// Locks. Inside the cache they are taken in this order, never one earlier in
// the list while holding a later one:
//
//   1. State::table_lock   — the map index → item. Shared to look up, exclusive
//                            to add an item. Items are never removed before the
//                            destructor, so an item pointer stays valid after
//                            the lock is dropped, and no operation holds the
//                            table lock while it waits for an item or a copy.
//   2. CacheItem::lock     — one item's current copy, insertion time and bans.
//                            Exclusive in find() and insert() of that index.
//   3. CacheBuffer::bytes_lock — one copy's bytes. Entities hold it shared from
//                            lock() to unlock(); insert() takes it exclusively,
//                            holding its item lock and nothing else, to write.
//   4. State::registry_lock — a leaf: which copies exist (items' current
//                            copies, the outdated list, spares), each copy's
//                            referencing and locking entities, pins. Held
//                            briefly; nothing is acquired or waited for under
//                            it (a copy's entity list may grow under it, which
//                            takes only the allocator's own lock).
//
// release(), lock() and unlock() take 1 (shared) then 4, never 2, so an entity
// can always unlock while an insert that holds 2 waits for it on 3. find()
// takes 4 under its 2 to record the reference.
//
// The one exception to the order: between lock() and unlock() an entity holds
// a 3 and may call anything. Only an insert writing into that copy waits for
// it, and the cache writes only copies nobody references. lock() requires the
// calling entity to hold a reference to the copy, so no in-place insert can be
// waiting for the copy when lock() takes it, and an entity that locks what it
// found (and has not released) never blocks anyone. An entity that releases a
// copy while it holds its lock must not call find() or insert() for that
// object before it unlocks: the insert would wait for the entity, and the
// entity for the insert's item lock.
//
// No lock is held while allocating a buffer: insert() drops its item lock,
// allocates, and decides again.

namespace wpo {

using cache_detail::CacheBuffer;
using cache_detail::CacheItem;

namespace {

constexpr std::size_t kInitialBans = 8;

std::uint64_t relaxed(const std::atomic<std::uint64_t>& a)
{
    return a.load(std::memory_order_relaxed);
}

void bump(std::atomic<std::uint64_t>& a, std::uint64_t by = 1)
{
    a.fetch_add(by, std::memory_order_relaxed);
}

// Removes one `entity` entry from a copy's entity list; false if it has none.
// Moves the last entry into the gap: order is irrelevant, capacity is kept.
bool take_entry(std::vector<EntityId>& entities, EntityId entity)
{
    const auto it = std::find(entities.begin(), entities.end(), entity);
    if (it == entities.end())
        return false;
    *it = entities.back();
    entities.pop_back();
    return true;
}

Error no_reference(const char* operation, EntityId entity, const CacheBuffer& buffer)
{
    const std::string index = std::to_string(buffer.owner->index);
    return Error(Errc::invalid_state, std::string(operation) + " of object " + index + ": entity " +
                                          std::to_string(entity) + " holds no reference to object " + index);
}

std::int64_t now_ns(const CacheOptions& options)
{
    if (options.clock != nullptr)
        return options.clock(options.clock_context).count();
    const auto now = std::chrono::steady_clock::now().time_since_epoch();
    return std::chrono::duration_cast<std::chrono::nanoseconds>(now).count();
}

}  // namespace

struct PerfObjectCache::State {
    struct Holder {
        CacheBuffer* buffer = nullptr;
        bool outdated = false;
    };

    State() = default;
    State(const State&) = delete;
    State& operator=(const State&) = delete;
    ~State();

    CacheItem* lookup(std::uint32_t object_index) const;
    CacheItem* lookup_or_create(std::uint32_t object_index);

    // Under table_lock (shared) and registry_lock.
    Holder holder_of(const std::byte* object) const;
    // Under registry_lock: removes `buffer` from the outdated list.
    std::unique_ptr<CacheBuffer> unlink_outdated(CacheBuffer* buffer);
    // Under registry_lock: an outdated copy nobody references or locks any
    // more leaves the list (recycled as a spare, or returned to be freed
    // once the locks are dropped).
    std::unique_ptr<CacheBuffer> free_if_unused(const Holder& holder)
    {
        if (!holder.outdated || holder.buffer->pins != 0 || !holder.buffer->references.empty())
            return nullptr;
        return recycle(unlink_outdated(holder.buffer));
    }
    void push_outdated(std::unique_ptr<CacheBuffer> buffer);
    // Under registry_lock: keeps the larger of `buffer` and its item's spare;
    // returns the other, for the caller to free after unlocking.
    std::unique_ptr<CacheBuffer> recycle(std::unique_ptr<CacheBuffer> buffer);

    mutable RwLock table_lock;
    std::unordered_map<std::uint32_t, std::unique_ptr<CacheItem>> table;

    mutable RwLock registry_lock;
    std::unique_ptr<CacheBuffer> outdated;  // head of the intrusive list
    std::uint64_t outdated_count = 0;

    // The source the cache serves (attach/detach) and how many snapshots
    // use it; items collected from another source are never handed out.
    std::mutex attach_mutex;
    std::uint64_t attached = 0;
    std::atomic<std::uint64_t> source{0};
    std::atomic<EntityId> next_entity{1};

    std::atomic<std::uint64_t> finds{0};
    std::atomic<std::uint64_t> hits{0};
    std::atomic<std::uint64_t> inserts{0};
    std::atomic<std::uint64_t> stale_inserts{0};
    std::atomic<std::uint64_t> bytes_copied{0};
    std::atomic<std::uint64_t> allocations{0};
};

PerfObjectCache::State::~State()
{
    // References still out are the caller's bug and their pointers dangle
    // from here on. A buffer someone is inside lock() on is leaked instead:
    // destroying a lock that is held is undefined.
    auto discard = [](std::unique_ptr<CacheBuffer>& buffer) {
        if (buffer && buffer->pins > 0)
            static_cast<void>(buffer.release());
    };
    // Iteratively: the list's unique_ptr chain would otherwise recurse.
    while (outdated) {
        std::unique_ptr<CacheBuffer> head = std::move(outdated);
        outdated = std::move(head->next_outdated);
        discard(head);
    }
    for (auto& [index, item] : table) {
        discard(item->current);
        discard(item->spare);
    }
}

CacheItem* PerfObjectCache::State::lookup(std::uint32_t object_index) const
{
    std::shared_lock lock(table_lock);
    const auto it = table.find(object_index);
    return it == table.end() ? nullptr : it->second.get();
}

CacheItem* PerfObjectCache::State::lookup_or_create(std::uint32_t object_index)
{
    if (CacheItem* item = lookup(object_index))
        return item;
    auto created = std::make_unique<CacheItem>(object_index);
    created->banned.reserve(kInitialBans);
    std::unique_lock lock(table_lock);
    // Another inserter may have created it meanwhile; then `created` is
    // left untouched and freed on return.
    return table.try_emplace(object_index, std::move(created)).first->second.get();
}

PerfObjectCache::State::Holder PerfObjectCache::State::holder_of(const std::byte* object) const
{
    // A linear scan: a cache holds a few dozen objects, and a side map would
    // have to be kept in step with every insert.
    for (const auto& [index, item] : table) {
        if (item->current && item->current->data.get() == object)
            return {item->current.get(), false};
    }
    for (CacheBuffer* b = outdated.get(); b != nullptr; b = b->next_outdated.get()) {
        if (b->data.get() == object)
            return {b, true};
    }
    return {};
}

std::unique_ptr<CacheBuffer> PerfObjectCache::State::unlink_outdated(CacheBuffer* buffer)
{
    for (std::unique_ptr<CacheBuffer>* link = &outdated; *link; link = &(*link)->next_outdated) {
        if (link->get() == buffer) {
            std::unique_ptr<CacheBuffer> taken = std::move(*link);
            *link = std::move(taken->next_outdated);
            --outdated_count;
            return taken;
        }
    }
    return nullptr;
}

void PerfObjectCache::State::push_outdated(std::unique_ptr<CacheBuffer> buffer)
{
    buffer->next_outdated = std::move(outdated);
    outdated = std::move(buffer);
    ++outdated_count;
}

std::unique_ptr<CacheBuffer> PerfObjectCache::State::recycle(std::unique_ptr<CacheBuffer> buffer)
{
    CacheItem* item = buffer->owner;
    if (!item->spare || item->spare->capacity < buffer->capacity)
        std::swap(item->spare, buffer);
    return buffer;
}

PerfObjectCache::PerfObjectCache(CacheOptions options) : m_options(options), m_state(std::make_unique<State>())
{}

PerfObjectCache::~PerfObjectCache() = default;

PerfObjectCache& PerfObjectCache::process_default()
{
    static PerfObjectCache cache;
    return cache;
}

EntityId PerfObjectCache::register_entity()
{
    return m_state->next_entity.fetch_add(1, std::memory_order_relaxed);
}

Status PerfObjectCache::attach(std::uint64_t source_id)
{
    if (source_id == 0)
        return Error(Errc::invalid_argument, "a cache cannot serve source id 0");
    std::lock_guard guard(m_state->attach_mutex);
    const std::uint64_t bound = m_state->source.load(std::memory_order_relaxed);
    if (bound != source_id && m_state->attached != 0)
        return Error(Errc::invalid_argument, "the cache serves another source while " +
                                                 std::to_string(m_state->attached) +
                                                 " snapshot(s) use it; a cache serves one source at a time "
                                                 "(give snapshots of another source a cache of their own)");
    // A new source: what is cached came from the old one and is never
    // handed out again (find and insert compare each item's source).
    m_state->source.store(source_id, std::memory_order_release);
    ++m_state->attached;
    return {};
}

std::uint64_t PerfObjectCache::attached() const
{
    std::lock_guard guard(m_state->attach_mutex);
    return m_state->attached;
}

void PerfObjectCache::detach()
{
    std::lock_guard guard(m_state->attach_mutex);
    if (m_state->attached > 0)
        --m_state->attached;
}

std::optional<CachedObject> PerfObjectCache::find(std::uint32_t object_index, EntityId entity, std::int64_t newer_than,
                                                  std::chrono::nanoseconds max_age, std::string_view collected_for)
{
    const std::int64_t freshness =
        max_age.count() > 0 ? std::min(max_age, m_options.freshness).count() : m_options.freshness.count();
    bump(m_state->finds);
    CacheItem* item = m_state->lookup(object_index);
    if (item == nullptr)
        return std::nullopt;

    std::unique_lock lock(item->lock);
    CacheBuffer* copy = item->current.get();
    if (copy == nullptr || std::find(item->banned.begin(), item->banned.end(), entity) != item->banned.end())
        return std::nullopt;
    if (item->source != m_state->source.load(std::memory_order_acquire))
        return std::nullopt;
    if (now_ns(m_options) - item->inserted_ns >= freshness)
        return std::nullopt;
    if (copy->block.perf_time <= newer_than)
        return std::nullopt;
    if (copy->collected_for != collected_for)
        return std::nullopt;

    item->banned.push_back(entity);
    {
        std::unique_lock registry(m_state->registry_lock);
        copy->references.push_back(entity);
    }
    bump(m_state->hits);
    return CachedObject{{copy->data.get(), copy->size}, copy->block};
}

Result<bool> PerfObjectCache::insert(EntityId entity, const BlockView& block, const ObjectView& object,
                                     std::string_view collected_for)
{
    const std::span<const std::byte> source = object.bytes();
    const std::span<const std::byte> whole = block.bytes();
    // As integers: comparing pointers into different arrays is unspecified.
    const auto first = reinterpret_cast<std::uintptr_t>(source.data());
    const auto block_first = reinterpret_cast<std::uintptr_t>(whole.data());
    if (source.empty() || first < block_first || source.size() > whole.size() ||
        first - block_first > whole.size() - source.size())
        return Error(Errc::invalid_argument, "insert of object " + std::to_string(object.name_index()) +
                                                 ": the object does not lie inside the block given with it");

    const std::size_t size = source.size();
    const BlockHeader& header = block.header();
    CacheItem* item = m_state->lookup_or_create(object.name_index());
    const std::uint64_t source_id = m_state->source.load(std::memory_order_acquire);

    // Freed only after every lock is dropped.
    std::unique_ptr<CacheBuffer> fresh;
    std::unique_ptr<CacheBuffer> garbage;
    bool stored = false;
    for (;;) {
        std::unique_lock item_lock(item->lock);
        // PerfTime, not the wall clock PerfTime100nSec: a wall clock stepped
        // back (NTP, a resumed VM) would make every new copy look stale.
        if (item->current && item->source == source_id && item->current->block.perf_time >= header.perf_time)
            break;

        CacheBuffer* target = nullptr;
        {
            std::unique_lock registry(m_state->registry_lock);
            CacheBuffer* current = item->current.get();
            // References cannot rise while we hold the item lock (find needs
            // it), and release needs the registry lock: the count is settled.
            if (current != nullptr && current->references.empty() && current->capacity >= size) {
                target = current;
            } else {
                std::unique_ptr<CacheBuffer>* next = nullptr;
                if (fresh)
                    next = &fresh;
                else if (item->spare && item->spare->capacity >= size)
                    next = &item->spare;
                if (next == nullptr) {
                    registry.unlock();
                    item_lock.unlock();
                    fresh = std::make_unique<CacheBuffer>(item, size);
                    bump(m_state->allocations);
                    continue;
                }
                std::unique_ptr<CacheBuffer> previous = std::exchange(item->current, std::move(*next));
                if (previous) {
                    // Referenced or locked copies stay readable until let go.
                    if (!previous->references.empty() || previous->pins > 0)
                        m_state->push_outdated(std::move(previous));
                    else
                        garbage = m_state->recycle(std::move(previous));
                }
                target = item->current.get();
            }
        }

        {
            // Waits for entities that lock()ed an unreferenced current copy.
            std::unique_lock bytes(target->bytes_lock);
            std::memcpy(target->data.get(), source.data(), size);
            target->size = size;
            target->block = header;
            target->collected_for.assign(collected_for);
        }
        item->inserted_ns = now_ns(m_options);
        item->source = source_id;
        item->banned.clear();
        item->banned.push_back(entity);
        stored = true;
        break;
    }
    if (fresh) {
        // Allocated, then not needed (a release or a newer insert came in
        // meanwhile): keep it as the spare if it is the larger.
        std::unique_lock registry(m_state->registry_lock);
        fresh = m_state->recycle(std::move(fresh));
    }
    if (!stored) {
        bump(m_state->stale_inserts);
        return false;
    }
    bump(m_state->inserts);
    bump(m_state->bytes_copied, size);
    return true;
}

Status PerfObjectCache::release(EntityId entity, const std::byte* object)
{
    std::unique_ptr<CacheBuffer> freed;
    {
        std::shared_lock table(m_state->table_lock);
        std::unique_lock registry(m_state->registry_lock);
        const State::Holder holder = m_state->holder_of(object);
        if (holder.buffer == nullptr)
            return Error(Errc::not_found, "release of an object the cache does not hold");
        CacheBuffer* buffer = holder.buffer;
        // Taking another entity's reference would let the copy be rewritten
        // in place while that entity still reads it.
        if (!take_entry(buffer->references, entity))
            return no_reference("release", entity, *buffer);
        freed = m_state->free_if_unused(holder);
    }
    return {};
}

Status PerfObjectCache::lock(EntityId entity, const std::byte* object)
{
    CacheBuffer* buffer = nullptr;
    {
        std::shared_lock table(m_state->table_lock);
        std::unique_lock registry(m_state->registry_lock);
        buffer = m_state->holder_of(object).buffer;
        if (buffer == nullptr)
            return Error(Errc::not_found, "lock of an object the cache does not hold");
        // Referenced, the copy is no in-place insert's target, so the wait
        // below cannot be for an insert (which could be waiting for us).
        if (std::find(buffer->references.begin(), buffer->references.end(), entity) == buffer->references.end())
            return no_reference("lock", entity, *buffer);
        ++buffer->pins;
    }
    // Pinned: the buffer stays alive while we wait without any lock held.
    buffer->bytes_lock.lock_shared();
    std::unique_lock registry(m_state->registry_lock);
    buffer->lockers.push_back(entity);
    return {};
}

Status PerfObjectCache::unlock(EntityId entity, const std::byte* object)
{
    std::unique_ptr<CacheBuffer> freed;
    {
        std::shared_lock table(m_state->table_lock);
        std::unique_lock registry(m_state->registry_lock);
        const State::Holder holder = m_state->holder_of(object);
        if (holder.buffer == nullptr)
            return Error(Errc::not_found, "unlock of an object the cache does not hold");
        CacheBuffer* buffer = holder.buffer;
        // Unlocking for another entity would let an insert write the bytes
        // that entity reads under its lock.
        if (!take_entry(buffer->lockers, entity))
            return Error(Errc::invalid_state, "unlock of object " + std::to_string(buffer->owner->index) + ": entity " +
                                                  std::to_string(entity) + " holds no lock on it");
        buffer->bytes_lock.unlock_shared();
        --buffer->pins;
        freed = m_state->free_if_unused(holder);
    }
    return {};
}

CacheStats PerfObjectCache::stats() const
{
    CacheStats s;
    s.finds = relaxed(m_state->finds);
    s.hits = relaxed(m_state->hits);
    s.inserts = relaxed(m_state->inserts);
    s.stale_inserts = relaxed(m_state->stale_inserts);
    s.source_queries = m_source_queries.load(std::memory_order_relaxed);
    s.bytes_copied = relaxed(m_state->bytes_copied);
    s.allocations = relaxed(m_state->allocations);
    {
        std::shared_lock table(m_state->table_lock);
        s.items = m_state->table.size();
    }
    std::shared_lock registry(m_state->registry_lock);
    s.outdated = m_state->outdated_count;
    return s;
}

std::uint64_t PerfObjectCache::outstanding_references() const
{
    std::shared_lock table(m_state->table_lock);
    std::shared_lock registry(m_state->registry_lock);
    std::uint64_t sum = 0;
    for (const auto& [index, item] : m_state->table) {
        if (item->current)
            sum += item->current->references.size();
    }
    for (const CacheBuffer* b = m_state->outdated.get(); b != nullptr; b = b->next_outdated.get())
        sum += b->references.size();
    return sum;
}

}  // namespace wpo
