// SPDX-License-Identifier: Apache-2.0
// Byte layout of the Windows performance data format (winperf.h), as
// documented in docs/performance-data-format.md. Offsets are from the start of
// each structure; all fields are little-endian. The structures are identical
// for 32- and 64-bit Windows, so we never overlay C structs: we read fields.
#pragma once

#include <cstdint>

namespace wpo::layout {

// PERF_DATA_BLOCK (88 bytes, followed by the UTF-16 system name and padding
// up to HeaderLength).
namespace block {
inline constexpr std::uint32_t kSignature = 0;  // WCHAR[4] "PERF"
inline constexpr std::uint32_t kLittleEndian = 8;
inline constexpr std::uint32_t kVersion = 12;
inline constexpr std::uint32_t kRevision = 16;
inline constexpr std::uint32_t kTotalByteLength = 20;
inline constexpr std::uint32_t kHeaderLength = 24;
inline constexpr std::uint32_t kNumObjectTypes = 28;
inline constexpr std::uint32_t kDefaultObject = 32;
inline constexpr std::uint32_t kSystemTime = 36;  // SYSTEMTIME, 8 x WORD
inline constexpr std::uint32_t kPerfTime = 56;    // after 4 bytes of padding
inline constexpr std::uint32_t kPerfFreq = 64;
inline constexpr std::uint32_t kPerfTime100nSec = 72;
inline constexpr std::uint32_t kSystemNameLength = 80;  // bytes, including NUL
inline constexpr std::uint32_t kSystemNameOffset = 84;
inline constexpr std::uint32_t kSize = 88;
}  // namespace block

// PERF_OBJECT_TYPE (64 bytes).
namespace object {
inline constexpr std::uint32_t kTotalByteLength = 0;
inline constexpr std::uint32_t kDefinitionLength = 4;
inline constexpr std::uint32_t kHeaderLength = 8;
inline constexpr std::uint32_t kNameTitleIndex = 12;
inline constexpr std::uint32_t kHelpTitleIndex = 20;
inline constexpr std::uint32_t kDetailLevel = 28;
inline constexpr std::uint32_t kNumCounters = 32;
inline constexpr std::uint32_t kDefaultCounter = 36;
inline constexpr std::uint32_t kNumInstances = 40;
inline constexpr std::uint32_t kCodePage = 44;
inline constexpr std::uint32_t kPerfTime = 48;
inline constexpr std::uint32_t kPerfFreq = 56;
inline constexpr std::uint32_t kSize = 64;
}  // namespace object

// PERF_COUNTER_DEFINITION (40 bytes).
namespace counter {
inline constexpr std::uint32_t kByteLength = 0;
inline constexpr std::uint32_t kNameTitleIndex = 4;
inline constexpr std::uint32_t kHelpTitleIndex = 12;
inline constexpr std::uint32_t kDefaultScale = 20;
inline constexpr std::uint32_t kDetailLevel = 24;
inline constexpr std::uint32_t kCounterType = 28;
inline constexpr std::uint32_t kCounterSize = 32;
inline constexpr std::uint32_t kCounterOffset = 36;
inline constexpr std::uint32_t kSize = 40;
}  // namespace counter

// PERF_INSTANCE_DEFINITION (24 bytes + name + padding).
namespace instance {
inline constexpr std::uint32_t kByteLength = 0;
inline constexpr std::uint32_t kParentObjectTitleIndex = 4;
inline constexpr std::uint32_t kParentObjectInstance = 8;
inline constexpr std::uint32_t kUniqueId = 12;
inline constexpr std::uint32_t kNameOffset = 16;
inline constexpr std::uint32_t kNameLength = 20;  // bytes, including NUL
inline constexpr std::uint32_t kSize = 24;
}  // namespace instance

// PERF_COUNTER_BLOCK (4 bytes + counter data).
namespace counter_block {
inline constexpr std::uint32_t kByteLength = 0;
inline constexpr std::uint32_t kSize = 4;
}  // namespace counter_block

// Structures that the format requires to be 8-byte multiples.
inline constexpr std::uint32_t kAlignment = 8;

inline constexpr std::int32_t kNoInstances = -1;  // PERF_NO_INSTANCES
inline constexpr std::int32_t kNoUniqueId = -1;   // PERF_NO_UNIQUE_ID

inline constexpr std::uint32_t kDetailNovice = 100;
inline constexpr std::uint32_t kDetailAdvanced = 200;
inline constexpr std::uint32_t kDetailExpert = 300;
inline constexpr std::uint32_t kDetailWizard = 400;

}  // namespace wpo::layout
