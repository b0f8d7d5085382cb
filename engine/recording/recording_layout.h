// SPDX-License-Identifier: Apache-2.0
// The constants of the recording format (docs/recording-format.md), shared by
// the writer and the reader, and the plain values both hand around.
#pragma once

#include "format/block_view.h"
#include "names/name_table.h"

#include <array>
#include <cstdint>
#include <string>

namespace wpo::recording {

inline constexpr std::array<char, 8> kFileMagic = {'P', 'S', 'C', 'O', 'P', 'R', 'E', 'C'};
inline constexpr std::array<char, 8> kTrailerMagic = {'P', 'S', 'R', 'E', 'C', 'E', 'N', 'D'};
inline constexpr std::array<char, 4> kChunkMagic = {'C', 'H', 'N', 'K'};
inline constexpr std::array<char, 4> kIndexMagic = {'I', 'N', 'D', 'X'};
inline constexpr std::uint32_t kVersion = 1;
inline constexpr std::uint32_t kMinHeaderBytes = 32;
inline constexpr std::uint32_t kMaxHeaderBytes = 64u << 20;
inline constexpr std::uint32_t kChunkHeaderBytes = 28;  // magic, payload length, count, two times
inline constexpr std::uint32_t kMaxPayloadBytes = 256u << 20;
inline constexpr std::uint32_t kRecordFixedBytes = 2 + 1 + 1 + 8 + 8 + 8 + 4 + 4;  // all but query and frame
inline constexpr std::uint32_t kIndexEntryBytes = 24;
inline constexpr std::uint32_t kTrailerBytes = 16;

// When a block was collected, as its header says (docs/recording-format.md §2).
struct RecordTimes {
    std::int64_t time_100ns = 0;  // PerfTime100nSec: FILETIME, UTC
    std::int64_t perf_time = 0;
    std::int64_t perf_freq = 0;

    static RecordTimes of(const BlockHeader& header)
    {
        return {header.perf_time_100ns, header.perf_time, header.perf_freq};
    }
};

// What the header holds besides its framing.
struct RecordingInfo {
    std::string machine;
    std::string os;
    NameTable names;
};

// One chunk as the index (or a walk of the file) lists it.
struct ChunkEntry {
    std::int64_t first_time = 0;
    std::int64_t last_time = 0;
    std::uint64_t offset = 0;
};

}  // namespace wpo::recording
