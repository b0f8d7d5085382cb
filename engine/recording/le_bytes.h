// SPDX-License-Identifier: Apache-2.0
// Appending little-endian integers to a byte vector, for the recording
// writer (reads go through core/byte_io.h).
#pragma once

#include "core/byte_io.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>

namespace wpo::recording {

template <class T>
inline void put(std::vector<std::byte>& out, T value)
{
    const std::size_t at = out.size();
    out.resize(at + sizeof value);
    store(out.data() + at, value);
}

// resize and memcpy rather than insert: GCC 12 warns falsely (array-bounds)
// about insert's memmove into a vector that grew by a few bytes before.
inline void put_bytes(std::vector<std::byte>& out, std::span<const std::byte> bytes)
{
    if (bytes.empty())
        return;
    const std::size_t at = out.size();
    out.resize(at + bytes.size());
    std::memcpy(out.data() + at, bytes.data(), bytes.size());
}

inline void put_text(std::vector<std::byte>& out, std::string_view text)
{
    put_bytes(out, std::as_bytes(std::span<const char>(text.data(), text.size())));
}

}  // namespace wpo::recording
