// SPDX-License-Identifier: Apache-2.0
// What is wrong with one PERF_OBJECT_TYPE, as plain numbers: validating an
// object (ObjectView::check) never allocates, so a block with a bad object is
// walked as cheaply as a good one, and the message is built only when someone
// asks for it (message()).
#pragma once

#include "core/error.h"

#include <cstdint>
#include <string>

namespace wpo {

struct ObjectFault {
    // One per check of docs/performance-data-format.md §8.2 (O1..O19, C1..C5).
    enum class Kind : std::uint8_t {
        header_cut_off,           // O1: fewer than 64 bytes left (values[0] = bytes left)
        total_zero,               // O2
        total_beyond,             // O3: values = TotalByteLength, bytes left
        lengths_out_of_order,     // O5: values = HeaderLength, DefinitionLength, TotalByteLength
        counters_exceed,          // O6: values = NumCounters, definition bytes
        definition_cut_off,       // O7: item = counter
        definition_zero,          // O8
        definition_length,        // O9: values[0] = ByteLength
        counter_in_block_header,  // O11: values[0] = CounterOffset
        instances_negative,       // O12: values[0] = NumInstances (as signed)
        instances_exceed,         // O13: values = NumInstances, bytes after the definitions
        instance_cut_off,         // O14: item = instance
        instance_zero,            // O15
        instance_length,          // O16: values[0] = ByteLength
        instance_name,            // O18: values = NameOffset, NameLength
        block_cut_off,            // C1: item = instance, or kSingleBlock
        block_zero,               // C2
        block_length,             // C3: values[0] = ByteLength
        block_too_short,          // C5: values = bytes the counters need, ByteLength, counter reaching furthest
    };
    // `item` of a counter block fault when it is the single-instance object's one block.
    static constexpr std::uint32_t kSingleBlock = 0xFFFFFFFFu;

    Errc code = Errc::truncated;
    Kind kind = Kind::header_cut_off;
    std::uint32_t name_index = 0;  // ObjectNameTitleIndex; 0 when the header is cut off
    std::uint32_t item = 0;        // the counter definition or instance concerned, where one is
    std::uint32_t at = 0;          // offset of the bad structure from the start of the object
    std::uint64_t values[3] = {};  // the numbers the message quotes (see Kind)

    // The following objects cannot be found (no usable TotalByteLength):
    // a walk over the block ends at this object.
    bool ends_walk() const
    {
        return kind == Kind::header_cut_off || kind == Kind::total_zero || kind == Kind::total_beyond;
    }
    // "counter definition 2 of object 230 has ByteLength 0 at object offset 144".
    std::string message() const;
};

}  // namespace wpo
