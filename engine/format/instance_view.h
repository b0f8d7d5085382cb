// SPDX-License-Identifier: Apache-2.0
// One PERF_INSTANCE_DEFINITION with its name and counter block.
#pragma once

#include "format/counter_block.h"

#include <cstdint>
#include <span>
#include <string>

namespace wpo {

class InstanceView {
public:
    InstanceView() = default;
    InstanceView(std::span<const std::byte> definition, CounterBlock counters, std::uint32_t code_page);

    std::uint32_t parent_object_index() const;  // 0 = no parent
    std::uint32_t parent_instance() const;      // position in the parent object
    std::int32_t unique_id() const;             // -1 = PERF_NO_UNIQUE_ID
    // The instance name in UTF-8, cut at the first NUL; empty if it has none.
    std::string name() const;
    // The same name as stored, without allocating (for hashing on the decode
    // path): UTF-16LE code units with CodePage 0, else one byte per
    // character; cut at the first NUL unit, without it.
    std::span<const std::byte> name_bytes() const;
    const CounterBlock& counters() const { return m_counters; }
    // Definition + name + padding (not the counter block).
    std::span<const std::byte> definition_bytes() const { return m_definition; }

private:
    std::span<const std::byte> m_definition;
    CounterBlock m_counters;
    std::uint32_t m_code_page = 0;
};

}  // namespace wpo
