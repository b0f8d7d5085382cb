// SPDX-License-Identifier: Apache-2.0
// A validated, zero-copy view of a whole PERF_DATA_BLOCK.
//
//   auto block = BlockView::parse(bytes);
//   if (!block) report(block.error());
//   for (const LeftOutObject& bad : block->left_out().listed()) warn(bad.message());
//   for (const ObjectView& object : block->objects()) ...
//
// parse() walks and checks every object, definition, instance and counter
// block once. A bad block header is an Error for the whole block; a bad
// object is left out and listed (left_out()), and objects() yields only the
// sound ones: one sloppy provider never costs the others. An object whose
// own length cannot be trusted ends the walk there (the next object cannot be
// found), keeping the objects before it. See docs/performance-data-format.md §8.
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
    std::int64_t perf_time = 0;        // high-resolution ticks
    std::int64_t perf_freq = 0;        // ticks per second
    std::int64_t perf_time_100ns = 0;  // FILETIME, UTC, 100 ns since 1601
    std::uint32_t system_name_length = 0;
    std::uint32_t system_name_offset = 0;
};

// One object BlockView::parse left out.
struct LeftOutObject {
    std::uint32_t index = 0;         // position among the block's NumObjectTypes objects, from 0
    std::uint32_t block_offset = 0;  // where it starts, from the start of the block
    std::uint32_t not_reached = 0;   // objects after it that a walk-ending fault hid (0 otherwise)
    ObjectFault fault;               // what is wrong

    std::uint32_t name_index() const { return fault.name_index; }
    Errc code() const { return fault.code; }
    bool ends_walk() const { return fault.ends_walk(); }
    // "object #1 at block offset 376: counter block of ..."; built on each call.
    std::string message() const;
};

// The objects a block left out: how many, and the first kListed of them in
// block order. A fixed array, so parsing and copying never allocate. When
// more are left out, the walk-ending one (if any) still takes the last slot:
// it explains the objects not reached.
class LeftOutObjects {
public:
    static constexpr std::uint32_t kListed = 8;

    bool empty() const { return m_count == 0; }
    // Every object left out, listed or not (objects a walk-ending fault hid
    // are counted in that entry's not_reached, not here).
    std::uint32_t count() const { return m_count; }
    std::span<const LeftOutObject> listed() const { return {m_entries.data(), m_listed}; }
    // Objects the walk did not reach (the walk-ending entry's not_reached).
    std::uint32_t not_reached() const;
    void add(const LeftOutObject& object);

private:
    std::array<LeftOutObject, kListed> m_entries{};
    std::uint32_t m_listed = 0;
    std::uint32_t m_count = 0;
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
    // The objects objects() yields: NumObjectTypes minus those left out and
    // those a walk-ending fault hid.
    std::uint32_t object_count() const { return m_kept; }
    // The sound objects, in block order.
    ObjectView::Range<ObjectIterator> objects() const;
    // What parse() left out and why (empty for a sound block).
    const LeftOutObjects& left_out() const { return m_left_out; }
    // The walk ran out of bytes exactly at TotalByteLength, before
    // NumObjectTypes objects: the provider over-counted (drop_phantom_objects).
    bool has_phantom_objects() const { return m_phantom; }
    // First object with this ObjectNameTitleIndex.
    std::optional<ObjectView> find_object(std::uint32_t name_index) const;
    // TotalByteLength bytes.
    std::span<const std::byte> bytes() const { return m_bytes; }

private:
    std::span<const std::byte> m_bytes;
    BlockHeader m_header;
    std::uint32_t m_walked = 0;  // objects before the walk's end, left out or not
    std::uint32_t m_kept = 0;
    bool m_phantom = false;
    LeftOutObjects m_left_out;
};

// Steps over the objects the walk reached, skipping those parse() left out.
// It carries the positions to skip by value (a view may be a temporary that
// dies before the loop ends); when more objects were left out than fit in the
// list, it checks each object again (ObjectView::check, allocation-free).
class BlockView::ObjectIterator {
public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = ObjectView;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = ObjectView;

    ObjectIterator() = default;
    ObjectIterator(std::span<const std::byte> rest, std::uint32_t remaining, const LeftOutObjects& skip);
    // BlockView::parse validated every object it did not leave out.
    ObjectView operator*() const { return ObjectView::from_validated(m_rest); }
    ObjectIterator& operator++()
    {
        step();
        skip_left_out();
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
    void step()
    {
        m_rest = m_rest.subspan(load_u32(m_rest.data()));
        --m_remaining;
        ++m_index;
    }
    void skip_left_out();

    std::span<const std::byte> m_rest;
    std::uint32_t m_remaining = 0;
    std::uint32_t m_index = 0;                                    // of the object at m_rest
    std::array<std::uint32_t, LeftOutObjects::kListed> m_skip{};  // indices, ascending
    std::uint8_t m_skips = 0;
    std::uint8_t m_next_skip = 0;
    bool m_recheck = false;
};

}  // namespace wpo
