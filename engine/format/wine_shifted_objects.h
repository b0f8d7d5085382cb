// SPDX-License-Identifier: Apache-2.0
// Wine's HKEY_PERFORMANCE_DATA (8.0, and the upstream code read in
// query_perf_data) writes the providers' objects sizeof(PERF_DATA_BLOCK) = 88
// bytes too far: at HeaderLength + 88 instead of HeaderLength. TotalByteLength,
// NumObjectTypes and the size the call reports are computed as if the objects
// were at HeaderLength, so the data runs up to 88 bytes past what the call
// reports (docs/windows-under-wine.md §5.2). A source that reads Wine's data
// (with at least 88 bytes allocated past the size it offers) recognises
// exactly that shape and puts the objects where Windows would have:
//
//   - the header is sound (BlockView::parse accepts it) and NumObjectTypes > 0;
//   - no sound object starts at HeaderLength (on Windows, one always does);
//   - at HeaderLength + 88 a sound object starts, and NumObjectTypes objects
//     chained by their TotalByteLength end exactly at TotalByteLength + 88:
//     the byte counts are consistent with the gap excluded.
//
// Both offsets are checked rather than +88 assumed, so a Wine that fixes the
// bug (objects at HeaderLength) is read as Windows is. A valid Windows block
// never has this shape: its first object is sound at HeaderLength.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace wpo {

inline constexpr std::uint32_t kWineObjectShift = 88;  // sizeof(PERF_DATA_BLOCK)

// `area`: the block as reported, followed by whatever lies after it in the
// caller's buffer (at least 88 bytes are needed to see the shape).
bool has_wine_shifted_objects(std::span<const std::byte> area);

// If `area` has that shape, writes into `out` the block with its objects
// moved back to HeaderLength (TotalByteLength bytes; what BlockView::parse
// accepts) and returns true; otherwise leaves `out` alone and returns false.
bool unshift_wine_objects(std::span<const std::byte> area, std::vector<std::byte>& out);

}  // namespace wpo
