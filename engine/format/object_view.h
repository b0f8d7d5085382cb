// SPDX-License-Identifier: Apache-2.0
// A validated, zero-copy view of one PERF_OBJECT_TYPE: its header fields,
// counter definitions, and instances with their counter blocks.
//
// ObjectView::parse checks everything once (see docs/performance-data-format.md,
// "Validation"); after that, iterating definitions and instances cannot leave
// the bytes, so the iterators do no checks of their own.
#pragma once

#include "core/result.h"
#include "format/counter_definition.h"
#include "format/instance_view.h"
#include "format/object_fault.h"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <span>

namespace wpo {

struct ObjectHeader {
    std::uint32_t total_byte_length = 0;
    std::uint32_t definition_length = 0;
    std::uint32_t header_length = 0;
    std::uint32_t name_index = 0;
    std::uint32_t help_index = 0;
    std::uint32_t detail_level = 0;
    std::uint32_t num_counters = 0;
    std::int32_t default_counter = -1;
    std::int32_t num_instances = -1;  // -1 = single-instance object
    std::uint32_t code_page = 0;
    std::int64_t perf_time = 0;  // object time (PERF_OBJECT_TIMER counters)
    std::int64_t perf_freq = 0;
};

class ObjectView {
public:
    class CounterIterator;
    class InstanceIterator;
    template <class It>
    struct Range {
        It first, last;
        It begin() const { return first; }
        It end() const { return last; }
    };

    ObjectView() = default;

    // Validates one object at the start of `bytes`; the object may be
    // shorter than `bytes`.
    static Result<ObjectView> parse(std::span<const std::byte> bytes);
    // The same checks without allocating: nullopt when the object is sound,
    // else the first thing wrong with it.
    static std::optional<ObjectFault> check(std::span<const std::byte> bytes);
    // For bytes that parse() accepted before (the same object, or a copy of
    // it): reads the header only.
    static ObjectView from_validated(std::span<const std::byte> bytes);

    const ObjectHeader& header() const { return m_header; }
    std::uint32_t name_index() const { return m_header.name_index; }
    bool has_instances() const { return m_header.num_instances != layout::kNoInstances; }
    std::uint32_t instance_count() const
    {
        return has_instances() ? static_cast<std::uint32_t>(m_header.num_instances) : 0;
    }
    std::uint32_t counter_count() const { return m_header.num_counters; }

    Range<CounterIterator> counters() const;
    // The i-th definition (walks i definitions). Precondition: i < counter_count().
    CounterDefinition counter(std::uint32_t i) const;
    Range<InstanceIterator> instances() const;
    // The one counter block of a single-instance object.
    CounterBlock counter_block() const;

    // The whole object, TotalByteLength bytes: what a cache copies.
    std::span<const std::byte> bytes() const { return m_bytes; }
    // The counter definitions, [HeaderLength, DefinitionLength): two samples
    // whose definition bytes are equal can be decoded against each other.
    std::span<const std::byte> definition_bytes() const
    {
        return m_bytes.subspan(m_header.header_length, m_header.definition_length - m_header.header_length);
    }

private:
    std::span<const std::byte> m_bytes;
    ObjectHeader m_header;
};

// Whether two samples of an object have the same counter layout (the same
// definitions and the same instance model), so that raw values of one can be
// paired with the other's.
bool same_definitions(const ObjectView& a, const ObjectView& b);

class ObjectView::CounterIterator {
public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = CounterDefinition;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = CounterDefinition;

    CounterIterator() = default;
    CounterIterator(const std::byte* p, std::uint32_t remaining) : m_p(p), m_remaining(remaining) {}
    CounterDefinition operator*() const { return CounterDefinition::read(m_p); }
    CounterIterator& operator++()
    {
        m_p += load_u32(m_p);
        --m_remaining;
        return *this;
    }
    CounterIterator operator++(int)
    {
        auto copy = *this;
        ++*this;
        return copy;
    }
    bool operator==(const CounterIterator& o) const { return m_remaining == o.m_remaining; }

private:
    const std::byte* m_p = nullptr;
    std::uint32_t m_remaining = 0;
};

class ObjectView::InstanceIterator {
public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = InstanceView;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = InstanceView;

    InstanceIterator() = default;
    InstanceIterator(const std::byte* p, std::uint32_t remaining, std::uint32_t code_page)
        : m_p(p), m_remaining(remaining), m_code_page(code_page)
    {}
    InstanceView operator*() const;
    InstanceIterator& operator++();
    InstanceIterator operator++(int)
    {
        auto copy = *this;
        ++*this;
        return copy;
    }
    bool operator==(const InstanceIterator& o) const { return m_remaining == o.m_remaining; }

private:
    const std::byte* m_p = nullptr;
    std::uint32_t m_remaining = 0;
    std::uint32_t m_code_page = 0;
};

}  // namespace wpo
