// SPDX-License-Identifier: Apache-2.0
// A handle of one instance slot (or the one set of values of an object
// without instances): its counters, and grouped updates under the slot's
// sequence counter, which readers see all or none of. Grouped updates of
// one instance come from one thread at a time. Valid while its Publisher
// lives and, for an instance, until it is removed.
#pragma once

#include "counter.h"
#include "published/segment_layout.h"
#include "slot_sequence.h"

#include <cstddef>
#include <cstdint>

namespace wpo::publish {

class Instance {
public:
    Instance() = default;
    Instance(std::byte* slot, std::uint32_t counters, std::uint32_t name_capacity, std::uint32_t object,
             std::uint32_t position)
        : m_slot(slot), m_counters(counters), m_name_capacity(name_capacity), m_object(object), m_position(position)
    {}

    // The counter at `position` (definition order); an invalid Counter
    // when out of range.
    Counter counter(std::size_t position) const
    {
        if (!m_slot || position >= m_counters)
            return Counter();
        return Counter(m_slot + published::layout::slot::kName + m_name_capacity + 8 * position);
    }
    void begin_update() const { seq_begin(m_slot); }
    void end_update() const { seq_end(m_slot); }
    template <class F>
    void update(F&& f) const
    {
        begin_update();
        f();
        end_update();
    }

    bool valid() const { return m_slot != nullptr; }
    std::uint32_t object() const { return m_object; }
    std::uint32_t position() const { return m_position; }  // slot number
    std::byte* slot() const { return m_slot; }
    std::uint32_t name_capacity() const { return m_name_capacity; }
    std::uint32_t counters() const { return m_counters; }

private:
    std::byte* m_slot = nullptr;
    std::uint32_t m_counters = 0;
    std::uint32_t m_name_capacity = 0;
    std::uint32_t m_object = 0;
    std::uint32_t m_position = 0;
};

}  // namespace wpo::publish
