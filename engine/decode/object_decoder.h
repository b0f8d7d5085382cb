// SPDX-License-Identifier: Apache-2.0
// Decodes every visible counter of every instance of one object at once: the
// bulk path behind snapshots and the decode benchmark.
//
//   ObjectDecoder decoder;                       // one per thread, kept between samples
//   std::vector<Value> values(decoder.value_count(current));
//   Status s = decoder.decode(current, time_stamps(block, current.header()),
//                             &previous, &previous_times, previous_instance_of, {}, values);
//   // values[row * decoder.counter_count() + column] belongs to instance `row`
//   // and to decoder.counters()[column].
//
// The plan (which bytes to load and which formula to apply, per counter) is
// made once from the counter definitions and reused while they stay the
// same, so the inner loop only loads bytes and does arithmetic. Results are
// bit-identical to decode() of decoder.h / object_layout.h value by value.
#pragma once

#include "core/result.h"
#include "decode/decode_kernel.h"
#include "decode/object_layout.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace wpo {

class ObjectDecoder {
public:
    ObjectDecoder() = default;
    // Prepares the plan for `object`'s definitions.
    explicit ObjectDecoder(const ObjectView& object) { prepare(object); }

    // (Re)makes the plan if `object`'s counter definitions differ from the
    // current plan's; allocates only then. decode() calls it itself.
    void prepare(const ObjectView& object);

    // Decode only the visible counters whose name index is in `counters`
    // (a snapshot computes the requested counters only); empty = all. Kept
    // across re-plans; takes effect at the next prepare()/decode().
    void select(std::span<const std::uint32_t> counters);

    // The output columns: visible counters in definition order (as
    // counter_layouts()), only the selected ones if select() was given some.
    std::span<const CounterLayout> counters() const { return m_layouts; }
    std::size_t counter_count() const { return m_layouts.size(); }

    // Rows of `object`: its instances, or 1 for a single-instance object.
    static std::size_t row_count(const ObjectView& object)
    {
        return object.has_instances() ? object.instance_count() : 1;
    }
    // Values decode() writes for `object` (prepares the plan for it).
    std::size_t value_count(const ObjectView& object)
    {
        prepare(object);
        return row_count(object) * counter_count();
    }

    // Decodes `current` against `previous` (null = first sample: two-sample
    // counters give first_sample). Output is instance-major: out[row *
    // counter_count() + column]; a single-instance object is one row.
    //
    // previous_instance_of[i] is the row of current instance i in `previous`,
    // or -1 for an instance that is new (its two-sample counters give
    // first_sample); indices outside `previous`'s rows count as -1. An empty
    // span pairs rows by position (row i with row i where `previous` has it).
    //
    // A `previous` whose counter definitions or instance-ness differ from
    // `current`'s is not comparable and is treated as null.
    //
    // Errors (nothing written): `out` shorter than value_count(current), or a
    // non-empty previous_instance_of whose size is not current's row count.
    // Both objects must be views that ObjectView::parse / BlockView::parse
    // accepted. Allocation-free once the plan and the scratch space have
    // grown to the object's size; not thread-safe (one decoder per thread).
    Status decode(const ObjectView& current, const TimeStamps& current_time, const ObjectView* previous,
                  const TimeStamps* previous_time, std::span<const std::int32_t> previous_instance_of,
                  const DecodeOptions& options, std::span<Value> out);

private:
    enum class BaseSource : std::uint8_t { none, definition, after_value };
    // One visible counter, reduced to what the inner loop needs.
    struct Step {
        std::uint32_t offset = 0;       // of N in the counter block
        std::uint32_t base_offset = 0;  // of B
        std::uint32_t size = 0;         // CounterSize of N
        std::uint32_t base_size = 0;    // of B
        BaseSource base_source = BaseSource::none;
        decode_detail::Plan plan;
    };

    bool same_definitions(const ObjectView& object) const;
    template <bool kPrevious>
    void decode_rows(const ObjectView& current, const ObjectView* previous,
                     std::span<const std::int32_t> previous_instance_of, bool cap_percent,
                     const decode_detail::Clock* clocks, Value* out);
    void decode_raw(const ObjectView& current, Value* out) const;

    std::vector<std::byte> m_definitions;  // the definition bytes the plan was made from
    std::uint32_t m_num_counters = 0;
    bool m_prepared = false;
    std::vector<CounterLayout> m_layouts;
    std::vector<std::uint32_t> m_selection;  // sorted name indices; empty = every counter
    std::vector<Step> m_steps;
    std::vector<const std::byte*> m_previous_blocks;  // scratch: counter blocks of `previous` by row
};

// One-off convenience: makes a plan, decodes, drops the plan (allocates;
// loops should keep an ObjectDecoder).
Status decode_object(const ObjectView& current, const TimeStamps& current_time, const ObjectView* previous,
                     const TimeStamps* previous_time, std::span<const std::int32_t> previous_instance_of,
                     const DecodeOptions& options, std::span<Value> out);

}  // namespace wpo
