// SPDX-License-Identifier: Apache-2.0
// Little-endian reads and writes at any alignment. The performance data
// format does not align 8-byte counter values (docs/performance-data-format.md §6), so every access
// goes through memcpy, which compilers turn into a single load.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

static_assert(std::endian::native == std::endian::little, "the engine reads PERF_DATA_BLOCKs in host byte order");

namespace wpo {

template <class T>
inline T load(const std::byte* p)
{
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

template <class T>
inline void store(std::byte* p, T v)
{
    std::memcpy(p, &v, sizeof v);
}

inline std::uint32_t load_u32(const std::byte* p)
{
    return load<std::uint32_t>(p);
}
inline std::int32_t load_i32(const std::byte* p)
{
    return load<std::int32_t>(p);
}
inline std::uint64_t load_u64(const std::byte* p)
{
    return load<std::uint64_t>(p);
}
inline std::int64_t load_i64(const std::byte* p)
{
    return load<std::int64_t>(p);
}

// A value of `size` bytes (4 or 8; anything else reads the low 8 bytes at
// most), zero-extended. Caller guarantees [p, p+size) is readable.
inline std::uint64_t load_uint(const std::byte* p, std::uint32_t size)
{
    if (size == 4)
        return load_u32(p);
    if (size >= 8)
        return load_u64(p);
    std::uint64_t v = 0;
    std::memcpy(&v, p, size);
    return v;
}

}  // namespace wpo
