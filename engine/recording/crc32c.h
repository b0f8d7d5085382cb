// SPDX-License-Identifier: Apache-2.0
// CRC-32C (Castagnoli), the checksum of the recording format's header, chunks
// and index (docs/recording-format.md). Table-driven, one byte at a time: the
// recorder checks a chunk once per write, so speed beyond that does not matter.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace wpo::recording {

// The CRC of `bytes`; pass a previous result as `crc` to continue over more bytes.
std::uint32_t crc32c(std::span<const std::byte> bytes, std::uint32_t crc = 0);

}  // namespace wpo::recording
