// SPDX-License-Identifier: Apache-2.0
// A PERF_COUNTER_BLOCK: the raw values of one instance (or of a
// single-instance object). Only handed out by a validated ObjectView, so
// every definition of that object fits inside it.
#pragma once

#include "core/byte_io.h"
#include "format/counter_definition.h"

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <span>

namespace wpo {

class CounterBlock {
public:
    CounterBlock() = default;
    explicit CounterBlock(std::span<const std::byte> bytes) : m_bytes(bytes) {}

    // The definition's value, zero-extended from CounterSize bytes (docs/performance-data-format.md §10.3).
    // Precondition: `def` belongs to the object this block was validated with
    // (compare definitions before pairing blocks of two samples).
    // A zero-size counter (PERF_COUNTER_NODATA) reads as 0 wherever its
    // offset points: validation ignores that offset.
    std::uint64_t value(const CounterDefinition& def) const
    {
        if (def.size == 0)
            return 0;
        assert(std::uint64_t(def.offset) + std::min<std::uint32_t>(def.size, 8) <= m_bytes.size());
        return load_uint(m_bytes.data() + def.offset, def.size);
    }

    // The second DWORD/QWORD after a value (PERF_MULTI_COUNTER layout, and
    // the 8 bytes after `def`) if it lies inside the block, else 0.
    std::uint64_t value_at(std::uint32_t offset, std::uint32_t size) const
    {
        if (std::uint64_t(offset) + size > m_bytes.size())
            return 0;
        return load_uint(m_bytes.data() + offset, size);
    }

    std::span<const std::byte> raw(const CounterDefinition& def) const
    {
        if (def.size == 0)
            return {};
        return m_bytes.subspan(def.offset, def.size);
    }

    std::span<const std::byte> bytes() const { return m_bytes; }

private:
    std::span<const std::byte> m_bytes;
};

}  // namespace wpo
