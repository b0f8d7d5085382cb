// SPDX-License-Identifier: Apache-2.0
// SegmentView: a validated published-counters segment (segment_layout.h)
// and the reading of its values into a performance data block.
//
// parse() treats the bytes as untrusted input: every offset, size, count
// and string is checked (a malformed segment is a clean Error, never a read
// out of bounds), and the definitions and names are copied out of the
// segment, so a publisher that rewrites them afterwards cannot move what the
// reader has validated. Only the instance slots are read from the shared
// memory afterwards, at offsets computed from the copy.
//
// Indices: the segment's objects and counters take consecutive title
// indices from `base` (even), in definition order: item i (object, then its
// counters, then the next object) has name index base + 2i and help index
// base + 2i + 1. On Windows `base` is the provider's `First Counter`; on
// Linux it comes from the segment's slot (linux_segments.h).
//
// Reading: each slot is read under its sequence counter, retried at most
// kReadAttempts times; a slot that is still being written after that makes
// its object "not ready" and the object is left out of the block rather
// than served torn (AppendResult::not_ready counts them).
//
// The bytes of a data block that do not change between collects are made
// once, by parse(), with BlockBuilder and title indices from 0: for an
// object without instances the whole object (header, counter definitions,
// a zeroed counter block), for one with instances its header and counter
// definitions. append() copies them in, adds `base` to their title indices,
// writes the values read from the slots at the offsets BlockBuilder chose
// (and the live slots' instances after the definitions), so a collect
// neither validates nor defines counters, and allocates only while the
// ReadScratch and the block's vector grow.
//
// Thread-safety: a SegmentView is immutable after parse(); append() may run
// on several threads at once, each with its own ReadScratch.
#pragma once

#include "core/result.h"
#include "format/block_builder.h"
#include "names/name_table.h"
#include "published/definition.h"
#include "format/object_query.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace wpo::published {

inline constexpr int kReadAttempts = 64;

// Per-thread storage of append(), kept between calls so that a steady
// reader does not allocate.
struct ReadScratch {
    std::vector<std::uint64_t> values;
    std::vector<std::uint32_t> live;  // slot positions read as live
    std::vector<char> names;          // name bytes of the live slots, name_capacity each
    std::vector<std::byte> object;    // an object with instances, made before it goes into the block
};

struct AppendResult {
    std::uint32_t objects = 0;    // objects appended
    std::uint32_t not_ready = 0;  // selected objects left out: a slot was written throughout every attempt
};

class SegmentView {
public:
    // `segment` is the mapping (it may be larger than the segment's
    // total_size, e.g. rounded to pages); it must start 8-aligned and stay
    // mapped while the view is used. A segment whose state is not
    // ready is Errc::invalid_state ("not ready"); malformed ones
    // Errc::bad_signature / unsupported / truncated / out_of_bounds /
    // count_exceeds_data / misaligned / invalid_argument.
    static Result<SegmentView> parse(std::span<const std::byte> segment);

    const Definition& definition() const { return m_definition; }
    const std::string& publisher() const { return m_definition.publisher; }
    std::uint32_t pid() const { return m_pid; }
    // Title indices the segment needs from its base: 2 x objects and counters.
    std::uint32_t index_count() const { return 2 * m_definition.item_count(); }
    // The name index of object `object` for `base`.
    std::uint32_t object_index(std::size_t object, std::uint32_t base) const { return base + m_geometry[object].index; }
    // The segment's state word now (layout::kState*): a publisher that
    // exits cleanly marks it closed.
    std::uint32_t state() const;

    // Names and help texts at their indices for `base`.
    void add_names(NameTable& names, std::uint32_t base) const;

    // Appends the objects `query` selects (Global: those not costly;
    // Costly: the costly ones; a list: those whose index is listed) to `b`,
    // which must be between begin() (or resume()) and finish(), outside an
    // object.
    AppendResult append(BlockBuilder& b, const ObjectQuery& query, std::uint32_t base, ReadScratch& scratch) const;

    // Whether `query` selects object `object` for `base`.
    bool selects(const ObjectQuery& query, std::size_t object, std::uint32_t base) const;

private:
    struct Geometry {
        std::uint32_t slots_offset = 0;
        std::uint32_t slot_size = 0;
        std::uint32_t slot_count = 0;
        std::uint32_t name_capacity = 0;
        std::uint32_t index = 0;     // the object's name index for base 0
        std::uint32_t image_at = 0;  // its bytes made at parse() in m_images
        std::uint32_t image_size = 0;
        std::uint32_t block_at = 0;      // of the counter block in the image (objects without instances)
        std::uint32_t block_length = 0;  // of a counter block
        std::uint32_t first_place = 0;   // its counters' places in m_places
    };
    // Where a counter's value goes in a counter block.
    struct Place {
        std::uint32_t offset;
        std::uint32_t size;  // 4, 8 or 0
    };
    // Makes the fixed bytes of every object (see above).
    void make_images();
    // Reads the one slot of object `object` (no instances) into `values`;
    // false when it stayed in the middle of a write for every attempt.
    bool read_single(std::size_t object, std::uint64_t* values) const;
    // Appends object `object` without instances / with instances; false
    // when it is not ready.
    bool append_single(BlockBuilder& b, std::size_t object, std::uint32_t base) const;
    bool append_instances(BlockBuilder& b, std::size_t object, std::uint32_t base, ReadScratch& scratch) const;
    // Stores object `object`'s values into a counter block at their places.
    void store_values(std::byte* block, std::size_t object, const std::uint64_t* values) const;
    // Reads object `object`'s live slots into scratch; false when a slot
    // stayed in the middle of a write for every attempt.
    bool read_object(std::size_t object, ReadScratch& scratch) const;

    const std::byte* m_base = nullptr;
    std::uint32_t m_pid = 0;
    Definition m_definition;
    std::vector<Geometry> m_geometry;
    std::vector<std::byte> m_images;
    std::vector<Place> m_places;
};

}  // namespace wpo::published
