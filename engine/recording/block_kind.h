// SPDX-License-Identifier: Apache-2.0
// How a record's block was compressed (docs/recording-format.md §2).
#pragma once

#include <cstdint>

namespace wpo::recording {

enum class BlockKind : std::uint8_t {
    key = 0,    // compressed alone: a chunk's first block of its query
    delta = 1,  // compressed with the previous block of the same query as prefix
};

// Limits every reader checks and every writer keeps (docs/recording-format.md).
inline constexpr std::uint32_t kMaxBlockBytes = 256u << 20;
inline constexpr std::uint32_t kMaxQueryBytes = 4096;

}  // namespace wpo::recording
