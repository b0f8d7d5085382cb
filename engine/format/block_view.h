// A validated, zero-copy view of a whole PERF_DATA_BLOCK.
//
//   auto block = BlockView::parse(bytes);
//   if (!block) report(block.error());
//   for (const ObjectView& object : block->objects()) ...
//
// parse() walks and checks every object, definition, instance and counter
// block once; every malformed input is an Error naming what and where.
#pragma once

#include "core/result.h"
#include "format/object_view.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace wpo {

// SYSTEMTIME: UTC broken-down time of the sample.
struct SystemTime {
    std::uint16_t year = 0, month = 0, day_of_week = 0, day = 0;
    std::uint16_t hour = 0, minute = 0, second = 0, milliseconds = 0;
};

struct BlockHeader {
    std::uint32_t total_byte_length = 0;
    std::uint32_t header_length = 0;
    std::uint32_t num_object_types = 0;
    std::int32_t default_object = 0;
    SystemTime system_time;
    std::int64_t perf_time = 0;         // high-resolution ticks
    std::int64_t perf_freq = 0;         // ticks per second
    std::int64_t perf_time_100ns = 0;   // FILETIME, UTC, 100 ns since 1601
    std::uint32_t system_name_length = 0;
    std::uint32_t system_name_offset = 0;
};

class BlockView {
public:
    class ObjectIterator;
    BlockView() = default;

    static Result<BlockView> parse(std::span<const std::byte> bytes);
    // For bytes whose header and objects were validated before (by parse(),
    // or a header written by the engine over objects that parse() accepted):
    // reads the header, checks nothing. Snapshots use it for the block they
    // assemble from cached and fresh objects every cycle.
    static BlockView from_validated(std::span<const std::byte> bytes);

    const BlockHeader& header() const { return m_header; }
    std::string system_name() const;
    std::uint32_t object_count() const { return m_header.num_object_types; }
    ObjectView::Range<ObjectIterator> objects() const;
    // First object with this ObjectNameTitleIndex.
    std::optional<ObjectView> find_object(std::uint32_t name_index) const;
    // TotalByteLength bytes.
    std::span<const std::byte> bytes() const { return m_bytes; }

private:
    std::span<const std::byte> m_bytes;
    BlockHeader m_header;
};

class BlockView::ObjectIterator {
public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = ObjectView;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = ObjectView;

    ObjectIterator() = default;
    ObjectIterator(std::span<const std::byte> rest, std::uint32_t remaining) : m_rest(rest), m_remaining(remaining) {}
    // BlockView::parse validated every object.
    ObjectView operator*() const { return ObjectView::from_validated(m_rest); }
    ObjectIterator& operator++()
    {
        m_rest = m_rest.subspan(load_u32(m_rest.data()));
        --m_remaining;
        return *this;
    }
    ObjectIterator operator++(int)
    {
        auto copy = *this;
        ++*this;
        return copy;
    }
    bool operator==(const ObjectIterator& o) const { return m_remaining == o.m_remaining; }

private:
    std::span<const std::byte> m_rest;
    std::uint32_t m_remaining = 0;
};

}  // namespace wpo
