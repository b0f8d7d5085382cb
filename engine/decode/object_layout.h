// SPDX-License-Identifier: Apache-2.0
// Reads RawValues and TimeStamps out of validated blocks: pairs each visible
// counter with its base (the definition right after it, docs/performance-data-format.md §10.3) once per
// object, so the per-instance loop only loads bytes.
#pragma once

#include "decode/decoder.h"
#include "format/block_view.h"

#include <cstdint>
#include <vector>

namespace wpo {

struct CounterLayout {
    CounterDefinition definition;
    std::uint32_t position = 0;  // index among all of the object's definitions
    // The counter type needs a base (counter_type::needs_base) and has one.
    // A base-needing counter without one decodes as ValueStatus::missing_base
    // through decode(const CounterLayout&, ...).
    bool has_base = false;
    // Only PERF_MULTI_COUNTER types: no PERF_COUNTER_MULTI_BASE definition
    // follows, so M is the 8 bytes right after the counter's value
    // (CounterOffset + 8, docs/performance-data-format.md §4), read bounds-checked; `base` then
    // describes that slot (type PERF_COUNTER_MULTI_BASE, size 8).
    bool base_follows_value = false;
    CounterDefinition base;  // valid when has_base
};

// The visible counters of an object (counter_type::is_visible: bases and
// NODATA are folded into the counter they serve or skipped), in definition
// order. A counter that needs a base takes the next definition if that is a
// base type (counter_type::is_base), whatever its name index; multi timers
// take it only if it is PERF_COUNTER_MULTI_BASE, else the slot at +8.
std::vector<CounterLayout> counter_layouts(const ObjectView& object);

// N zero-extended from CounterSize, and B (0 without a base). `block` is a
// counter block of the object the layout was made from (or of an object with
// identical definitions).
RawValue read_raw(const CounterLayout& counter, const CounterBlock& block);

TimeStamps time_stamps(const BlockHeader& block, const ObjectHeader& object);

// decode() that knows whether the base exists: ValueStatus::missing_base for
// a fraction/precision/multi counter without one, else decode(type, ...).
Value decode(const CounterLayout& counter, const RawValue& current, const TimeStamps& current_time,
             const RawValue* previous, const TimeStamps* previous_time, const DecodeOptions& options = {});

}  // namespace wpo
