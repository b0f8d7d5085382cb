// SPDX-License-Identifier: Apache-2.0
// Writes valid performance data blocks: the Linux source builds its blocks
// with it, tests build fixtures with it. Output goes into a caller-owned
// vector whose capacity is kept between blocks, so a steady collector does
// not allocate.
//
//   BlockBuilder b(buffer);
//   b.begin(times, "HOST");
//   b.begin_object({.name_index = 230, .help_index = 231, .has_instances = true});
//   auto cpu = b.add_counter({.name_index = 6, .help_index = 7, .type = PERF_100NSEC_TIMER});
//   b.begin_instance("bash");
//   b.set(cpu, 1234);
//   b.end_object();
//   std::span<const std::byte> block = b.finish();
//
// Misuse (set() before an instance, a second finish()) is a programming error
// and asserts; everything written between begin() and finish() is a block
// that BlockView::parse accepts.
#pragma once

#include "format/block_view.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace wpo {

struct BlockTimes {
    SystemTime system_time;
    std::int64_t perf_time = 0;
    std::int64_t perf_freq = 0;
    std::int64_t perf_time_100ns = 0;
};

struct ObjectSpec {
    std::uint32_t name_index = 0;
    std::uint32_t help_index = 0;
    std::uint32_t detail_level = layout::kDetailNovice;
    std::int32_t default_counter = 0;
    bool has_instances = false;
    std::int64_t perf_time = 0;  // object time, for PERF_OBJECT_TIMER counters
    std::int64_t perf_freq = 0;
    std::uint32_t code_page = 0;  // 0 = UTF-16 instance names
};

struct CounterSpec {
    std::uint32_t name_index = 0;
    std::uint32_t help_index = 0;
    std::uint32_t type = 0;
    // 0 = from the type's size bits (DWORD 4, LARGE 8, ZERO 0).
    std::uint32_t size = 0;
    std::int32_t default_scale = 0;
    std::uint32_t detail_level = layout::kDetailNovice;
    // Where the value lives in the counter block; by default the next free,
    // naturally aligned slot. Several definitions may share one offset.
    std::optional<std::uint32_t> offset;
};

class BlockBuilder {
public:
    // Where a counter of the current object lives in its counter block.
    struct CounterSlot {
        std::uint32_t offset;
        std::uint32_t size;
    };

    explicit BlockBuilder(std::vector<std::byte>& out) : m_out(out), m_counters(&m_own_counters) {}
    // With a caller-kept list for the current object's counters, so that a
    // builder made for every block allocates nothing once the list has grown.
    BlockBuilder(std::vector<std::byte>& out, std::vector<CounterSlot>& counters) : m_out(out), m_counters(&counters)
    {
        counters.clear();
    }
    BlockBuilder(const BlockBuilder&) = delete;
    BlockBuilder& operator=(const BlockBuilder&) = delete;

    // Starts a new block, discarding what `out` held.
    void begin(const BlockTimes& times, std::string_view system_name, std::int32_t default_object = 0);
    // Reopens the block that a finish() left in `out` (header and objects
    // as written) so that more objects can be appended before the next
    // finish(): a source adds objects to a block another part built.
    void resume();

    void begin_object(const ObjectSpec& spec);
    // Returns the counter's position, the handle for set().
    std::uint32_t add_counter(const CounterSpec& spec);
    // Starts an instance and its (zeroed) counter block.
    void begin_instance(std::string_view name, std::uint32_t parent_object_index = 0, std::uint32_t parent_instance = 0,
                        std::int32_t unique_id = layout::kNoUniqueId);
    // Starts the one counter block of a single-instance object.
    void begin_values();
    // Writes a value into the current counter block. It must fit the
    // counter's size: a value beyond 2^32 in a 4-byte counter asserts rather
    // than wrap silently (a DWORD that wraps reads as a decrease and costs
    // the interval). A negative 32-bit value passed sign-extended fits.
    void set(std::uint32_t counter, std::uint64_t value);
    // Writes raw bytes (text counters); at most the counter's size.
    void set_bytes(std::uint32_t counter, std::span<const std::byte> bytes);
    void end_object();
    // Appends a whole object its caller made earlier (a PERF_OBJECT_TYPE and
    // everything its TotalByteLength covers, a multiple of 8 bytes; e.g. one
    // this builder wrote, kept): a source whose objects' definitions never
    // change copies them in rather than rebuilding them counter by counter.
    // Outside an object. Returns the copy's first byte, so that the caller can
    // fill in its values; valid until the builder grows again.
    std::byte* append_object(std::span<const std::byte> object);

    // Completes the block; the span stays valid until `out` changes.
    std::span<const std::byte> finish();

private:
    void end_definitions();
    void start_counter_block();
    std::byte* grow(std::size_t n);

    std::vector<std::byte>& m_out;
    std::size_t m_object = 0;         // offset of the current object
    std::size_t m_counter_block = 0;  // offset of the current counter block
    std::uint32_t m_block_length = 0;
    std::uint32_t m_next_offset = 0;
    std::uint32_t m_instances = 0;
    std::uint32_t m_objects = 0;
    std::uint32_t m_code_page = 0;  // of the current object
    std::vector<CounterSlot> m_own_counters;
    std::vector<CounterSlot>* m_counters;  // of the current object: m_own_counters or the caller's
    bool m_in_object = false;
    bool m_definitions_done = false;
    bool m_has_block = false;
};

}  // namespace wpo
