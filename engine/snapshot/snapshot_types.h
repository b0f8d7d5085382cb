// SPDX-License-Identifier: Apache-2.0
// The vocabulary of snapshot entities (docs/snapshots-and-cache.md §2): what is requested,
// the seven states, what browsing returns and what decode produces.
#pragma once

#include "decode/value.h"
#include "naming/instance_identity.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace wpo {

// EWPOSnapshotType.
enum class SnapshotType : std::uint8_t {
    global,  // every object of the "Global" query, whole
    costly,  // every object of the "Costly" query, whole
    custom,  // the objects and counters of a request list
};

// WPOSNAPSHOT_INPUT_INFO: one counter of one object, or the whole object
// when counter_index is 0.
struct CounterRequest {
    std::uint32_t object_index = 0;
    std::uint32_t counter_index = 0;  // 0: every counter of the object
    // Not 0: only the instances of this process are needed (Process, Thread
    // and other objects of per-process instances). A hint for
    // SnapshotOptions::collect_only_requested; the snapshot may still hold more.
    std::uint32_t process_id = 0;
};

// The thesis's EWPOSnapshotState (docs/snapshots-and-cache.md §1). Transitions (docs/snapshots-and-cache.md §2.2):
//   initializing -> initialized                   (creation)
//   initialized | prepared | sampled -> preparing  (prepare)
//   preparing -> prepared                          (always: prepare cannot fail)
//   prepared -> sampling -> sampled | initialized  (sample: success | failure)
//   sampled -> decoding -> initialized             (decode, success or not)
// An operation in any other state returns Errc::invalid_state and changes
// nothing. Structure browsing is allowed in initialized and prepared (the
// storage then holds the last decoded sample); values in initialized after a
// successful decode.
enum class SnapshotState : std::uint8_t {
    initializing,
    initialized,
    preparing,
    prepared,
    sampling,
    sampled,
    decoding,
};

std::string_view to_string(SnapshotState state);

// JPMF's classification of a counter: a counter accumulates (its value is a
// rate or difference over two samples), a gauge is read as is.
enum class CounterKind : std::uint8_t { counter, gauge };

// The thesis's COUNTER_RECORD (docs/snapshots-and-cache.md §1) and a little more.
struct CounterRecord {
    std::uint32_t name_index = 0;
    std::uint32_t help_index = 0;
    std::uint32_t type = 0;  // raw CounterType
    CounterKind kind = CounterKind::gauge;
    ValueType value_type = ValueType::float64;
    std::uint32_t detail_level = 0;
    std::int32_t default_scale = 0;
};

// One instance of an object, in the order decode reports positions in.
struct InstanceInfo {
    std::uint32_t position = 0;
    std::string name;                   // as in the block
    std::string display;                // unique within the object (instance_names.h)
    std::string parent;                 // the parent's display name, empty without parent
    std::uint32_t parent_object = 0;    // ParentObjectTitleIndex
    std::uint32_t parent_instance = 0;  // ParentObjectInstance
    std::int32_t unique_id = -1;
    std::string key;            // identity across samples as text ("pid:42:1234")
    InstanceIdentity identity;  // the same identity as numbers
};

// COUNTER_CALC_VALUE: one decoded value of one counter of one instance.
struct CalculatedValue {
    std::uint32_t object_index = 0;
    std::uint32_t counter_index = 0;
    std::int32_t instance = -1;  // position among instances(); -1: the object has none
    Value value;                 // status, type (Table 4.1) and number
};

// What a measurement cycle noticed besides its values (the thesis's -6,
// "measurement anomaly", docs/snapshots-and-cache.md §2.3). Values stay correct: they are matched by instance
// identity, and the next cycle resynchronises by itself.
struct Anomalies {
    bool buffer_grown = false;         // a buffer had to grow (the data grew)
    bool instances_changed = false;    // instances appeared or disappeared
    bool definitions_changed = false;  // an object's counter definitions changed: decoded as a first sample
    bool object_missing = false;       // a requested object was not in the data this time
    bool object_left_out = false;      // the source's block had unsound objects, left out (Snapshot::left_out)

    bool any() const
    {
        return buffer_grown || instances_changed || definitions_changed || object_missing || object_left_out;
    }
    Anomalies& operator|=(const Anomalies& o)
    {
        buffer_grown |= o.buffer_grown;
        instances_changed |= o.instances_changed;
        definitions_changed |= o.definitions_changed;
        object_missing |= o.object_missing;
        object_left_out |= o.object_left_out;
        return *this;
    }
};

}  // namespace wpo
