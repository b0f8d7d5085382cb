// SPDX-License-Identifier: Apache-2.0
// A snapshot entity (the thesis's WPOSnapshot, docs/snapshots-and-cache.md §1-§2): measures a
// fixed set of objects and counters in cycles of prepare -> sample -> decode,
// sharing collected objects with other entities through a PerfObjectCache.
//
//   SharedSource shared(source);
//   CounterRequest wanted[] = {{238, 6}, {230, 0}};   // % Processor Time; all of Process
//   auto snapshot = Snapshot::create(shared, SnapshotType::custom, wanted);
//   for (;;) {
//       snapshot->prepare();
//       auto anomalies = snapshot->sample();   // from the cache or one source query
//       auto decoded = snapshot->decode();      // merge, compute
//       auto values = snapshot->values();       // a named Result: a loop over *snapshot->values()
//       for (const CalculatedValue& v : *values) ...   // would outlive the temporary
//   }
//
// Creation takes a first sample, so the first decode already has values for
// counters that need two samples. Instances are matched between samples by
// identity (instance_identity.h), never by position: an instance that appears
// later is measured when the request covers it (a whole object), and a value
// never lands on another instance when instances come and go (the thesis's
// shortcoming, docs/snapshots-and-cache.md §3).
//
// The plain methods are not synchronised: one thread at a time. The `_lock`
// variants (the thesis's ...Lock methods) take the snapshot's RwLock, shared
// for browsing and reading values, exclusive for measuring; browsing then
// copies into the caller's vectors, since references would outlive the lock.
//
// Steady-state sample() performs no heap allocation (proved by
// tests/snapshot/snapshot_allocation_test); decode() allocates only when the
// data grew (reported as Anomalies::buffer_grown) or the cache must.
#pragma once

#include "cache/perf_object_cache.h"
#include "core/result.h"
#include "decode/decoder.h"
#include "decode/object_decoder.h"
#include "snapshot/object_storage.h"
#include "snapshot/shared_source.h"
#include "snapshot/snapshot_types.h"
#include "sync/rw_lock.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <span>
#include <string>
#include <vector>

namespace wpo {

class Snapshot;

struct SnapshotOptions {
    // The cache shared with other entities; null = PerfObjectCache::process_default().
    PerfObjectCache* cache = nullptr;
    // false: never find in or insert into the cache (every sample queries).
    bool use_cache = true;
    // Oldest cached copy this entity accepts (0 = the cache's freshness);
    // about half the sampling interval, so that an entity sampling faster
    // than the freshness does not keep reading the previous interval's copy.
    std::chrono::nanoseconds max_age{0};
    DecodeOptions decode;
    // true: an object of which only some counters, or only some processes'
    // instances, are requested is collected for those only (a hint sources
    // may follow, object_query.h; procfs then skips the files no requested
    // counter needs, and the processes nobody asked for). The snapshot's
    // browsing then shows what the source returned, and cached copies are
    // shared only with entities that ask for the same (PerfObjectCache::find()).
    // false: whole objects, as Windows and the thesis have them.
    bool collect_only_requested = false;
    // Called after every state change, on the thread that made it (for
    // tracing, and for tests that act in the transient states).
    void (*on_state)(void* context, Snapshot& snapshot, SnapshotState state) = nullptr;
    void* on_state_context = nullptr;
};

class Snapshot {
public:
    // Errc::invalid_argument for a malformed request (object index 0, a
    // counter of Global/Costly), Errc::not_found for an object the source does
    // not serve or a counter the object does not have, and any error of the
    // first collection.
    static Result<std::unique_ptr<Snapshot>> create(SharedSource& source, SnapshotType type,
                                                    std::span<const CounterRequest> requests = {},
                                                    SnapshotOptions options = {});
    ~Snapshot();
    Snapshot(const Snapshot&) = delete;
    Snapshot& operator=(const Snapshot&) = delete;

    SnapshotState state() const { return m_state; }
    SnapshotType type() const { return m_type; }
    EntityId entity() const { return m_entity; }

    // --- structure browsing (initialized, prepared) --------------------------
    // Indices of the objects this snapshot measures, ascending.
    Status objects(std::vector<std::uint32_t>& out) const;
    // Visible counters of an object (bases folded into their counters), in
    // definition order. Errc::not_found for an object it does not measure.
    Status counters(std::uint32_t object_index, std::vector<CounterRecord>& out) const;
    // Instances in block order (empty for an object without instances).
    Status instances(std::uint32_t object_index, std::vector<InstanceInfo>& out) const;
    // Just the identities, in the same order (no strings: cheap per cycle).
    Status identities(std::uint32_t object_index, std::vector<InstanceIdentity>& out) const;
    // The header of the block the object's current data came from (times).
    Result<BlockHeader> object_time(std::uint32_t object_index) const;
    // The objects left out of the last block this snapshot collected from its
    // source (creation's, then each sample() that queried the source), and
    // what is wrong with each: one unsound object never costs the others, it
    // is reported here and by Anomalies::object_left_out. Empty when the last
    // sample came whole from the cache. Any state; no allocation.
    const LeftOutObjects& left_out() const { return m_left_out; }

    // --- measuring -----------------------------------------------------------
    Status prepare();
    // Takes what it can from the cache and makes one source query for the
    // rest, inserting what it collected into the cache at once (before the
    // next entity waiting for the source looks). Failure returns to
    // initialized.
    Result<Anomalies> sample();
    // Merges cached and fresh objects, computes the requested counters,
    // keeps this sample for the next cycle.
    // Always ends in initialized.
    Result<Anomalies> decode();

    // --- values (initialized, after a successful decode) ---------------------
    // Object-major, then instance, then counter in definition order.
    Result<std::span<const CalculatedValue>> values() const;
    Status copy_values(std::vector<CalculatedValue>& out) const;

    // --- thread-safe variants ------------------------------------------------
    Status objects_lock(std::vector<std::uint32_t>& out) const;
    Status counters_lock(std::uint32_t object_index, std::vector<CounterRecord>& out) const;
    Status instances_lock(std::uint32_t object_index, std::vector<InstanceInfo>& out) const;
    Status identities_lock(std::uint32_t object_index, std::vector<InstanceIdentity>& out) const;
    Status prepare_lock();
    Result<Anomalies> sample_lock();
    Result<Anomalies> decode_lock();
    Status copy_values_lock(std::vector<CalculatedValue>& out) const;
    // Calls read(std::span<const CalculatedValue>) under the shared lock, so a
    // reader converts values where they lie instead of copying them first
    // (the JNI library writes them straight into a Java array's buffer).
    // `read` must not call back into this snapshot.
    template <class Read>
    Status read_values_lock(Read&& read) const
    {
        std::shared_lock lock(m_lock);
        auto current = values();
        if (!current)
            return current.error();
        read(*current);
        return {};
    }
    SnapshotState state_lock() const;
    LeftOutObjects left_out_lock() const;
    Result<BlockHeader> object_time_lock(std::uint32_t object_index) const;

    // Replaces SnapshotOptions::max_age for the samples that follow, for a
    // caller whose freshness moves from call to call (the Java library's
    // "nothing collected before my previous call").
    void set_max_age(std::chrono::nanoseconds max_age) { m_options.max_age = max_age; }
    void set_max_age_lock(std::chrono::nanoseconds max_age);

private:
    struct Slot;

    Snapshot(SharedSource& source, SnapshotType type, const SnapshotOptions& options);
    Status initialize(std::span<const CounterRequest> requests);
    void set_state(SnapshotState state);
    Status require(bool allowed, const char* operation) const;
    bool browsable() const;
    const Slot* find_slot(std::uint32_t object_index) const;
    Result<const Slot*> browse_slot(std::uint32_t object_index, const char* operation) const;
    void release_cached();
    void keep_families_together();
    bool take_from_cache();
    Status fill_storage(ObjectStorage& storage, Anomalies& anomalies);
    void insert_fresh();
    void remember_times(const ObjectStorage& storage);
    Status compute(Anomalies& anomalies);

    SharedSource& m_source;
    PerfObjectCache& m_cache;
    SnapshotOptions m_options;
    SnapshotType m_type;
    EntityId m_entity = 0;
    bool m_attached = false;  // to m_cache, for this source
    SnapshotState m_state = SnapshotState::initializing;
    bool m_has_values = false;
    mutable RwLock m_lock;

    std::vector<std::unique_ptr<Slot>> m_slots;  // ascending object index
    std::string m_query;                         // preallocated request string
    std::vector<std::byte> m_block_bytes;        // the source's last block
    std::optional<BlockView> m_fresh;            // m_block_bytes parsed, during sampled
    LeftOutObjects m_left_out;                   // of the last block parsed
    ObjectStorage m_storage[2];                  // current and next sample
    int m_current = 0;
    InstanceIdentifier m_identifier;
    std::vector<Value> m_scratch;
    std::vector<CalculatedValue> m_values;
};

}  // namespace wpo
