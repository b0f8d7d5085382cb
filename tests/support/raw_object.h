// SPDX-License-Identifier: Apache-2.0
// Objects written field by field with exactly the lengths a test asks for,
// including the sloppy ones BlockBuilder never writes (lengths that are not
// multiples of 8, private bytes after a definition, a NODATA counter with a
// junk offset), and blocks assembled from such objects.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace wpo::test {

using Bytes = std::vector<std::byte>;

struct RawCounter {
    std::uint32_t name_index = 0;
    std::uint32_t type = 0;
    std::uint32_t size = 0;
    std::uint32_t offset = 0;
    std::uint32_t byte_length = 40;  // > 40: private bytes after the 40 of the definition
};

// One value written into a counter block.
struct RawValue {
    std::uint32_t offset = 0;
    std::uint32_t size = 4;
    std::uint64_t value = 0;
};

struct RawInstance {
    std::string name;                // ASCII, written as UTF-16 with its NUL
    std::uint32_t name_padding = 0;  // bytes after the name's NUL (ByteLength = 24 + name + this)
    Bytes counter_block;             // raw_counter_block()
};

struct RawObject {
    std::uint32_t name_index = 0;
    std::vector<RawCounter> counters;
    std::uint32_t definition_padding = 0;  // bytes between the last definition and DefinitionLength
    bool has_instances = false;
    Bytes counter_block;  // single-instance objects
    std::vector<RawInstance> instances;
    std::uint32_t tail_padding = 0;  // bytes after the last counter block
};

// A PERF_COUNTER_BLOCK of `length` bytes (its ByteLength) holding `values`.
Bytes raw_counter_block(std::uint32_t length, std::span<const RawValue> values);
// TotalByteLength, DefinitionLength and every ByteLength are exactly what the
// parts add up to.
Bytes raw_object(const RawObject& object);
// A block header (fixed_times(), "HOST", HeaderLength a multiple of 8) and
// the objects back to back; TotalByteLength and NumObjectTypes to match.
Bytes raw_block(std::span<const Bytes> objects);

}  // namespace wpo::test
