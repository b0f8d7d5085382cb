// SPDX-License-Identifier: Apache-2.0
// The protocol between a Perfscope client and the agent (`perfscope-cli serve`), docs/remote-protocol.md:
// two read-only GET endpoints beside /metrics, over HTTP or framed over a byte stream (--stdio), and the
// binary bodies they answer with. Limits here are checked by both sides.
#pragma once

#include "recording/block_kind.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace wpo::remote {

// The name table, the machine's name and its operating system.
inline constexpr std::string_view kNamesPath = "/perfscope/v1/names";
// One collected block: ?q=QUERY[&epoch=E&base=N].
inline constexpr std::string_view kCollectPath = "/perfscope/v1/collect";
inline constexpr std::string_view kPathPrefix = "/perfscope/v1/";

inline constexpr std::size_t kMaxQueryBytes = 1024;        // q= after decoding; longer: 400
inline constexpr std::size_t kMaxRequestLineBytes = 8192;  // a --stdio request line, its newline included
inline constexpr std::size_t kMaxParameters = 8;           // more: 400
inline constexpr std::uint32_t kMaxResponseBytes = 64u << 20;
inline constexpr std::uint16_t kDefaultPort = 9654;

// The framing of --stdio answers: "PSR1 <status> <length>\n" then <length> bytes.
inline constexpr std::string_view kStdioReplyMagic = "PSR1";

// How a collect answer's frame was compressed, with what it answers (docs/remote-protocol.md §3).
struct BlockReplyHeader {
    std::uint64_t epoch = 0;     // the agent's run: sequence numbers of another run mean nothing
    std::uint64_t sequence = 0;  // the block's number in its query's stream (1, 2, ...)
    recording::BlockKind kind = recording::BlockKind::key;  // delta: against block sequence - 1
    std::uint32_t raw_length = 0;
    std::int64_t collected_unix_ns = 0;  // when the agent collected it (its wall clock)
};

}  // namespace wpo::remote
