// SPDX-License-Identifier: Apache-2.0
// The decompressing half of the block codec (block_encoder.h): a delta block
// is decompressed with the previous block of its query in the same chunk as
// prefix. Every length is checked before anything is allocated.
#pragma once

#include "core/result.h"
#include "recording/block_kind.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

struct ZSTD_DCtx_s;

namespace wpo::recording {

class BlockDecoder {
public:
    BlockDecoder();
    ~BlockDecoder();
    BlockDecoder(BlockDecoder&&) noexcept;
    BlockDecoder& operator=(BlockDecoder&&) noexcept;

    // Forgets every query's previous block: the next block of each must be a key block.
    void start_chunk();
    // Decompresses one frame of `raw_length` bytes. The result stays valid
    // until the next decode() of the same query or start_chunk().
    Result<std::span<const std::byte>> decode(std::string_view query, BlockKind kind, std::span<const std::byte> frame,
                                              std::uint32_t raw_length);

private:
    struct Stream {
        std::string query;
        std::vector<std::byte> previous;
        bool valid = false;
    };
    struct ContextDeleter {
        void operator()(ZSTD_DCtx_s* context) const;
    };

    std::unique_ptr<ZSTD_DCtx_s, ContextDeleter> m_context;
    std::vector<Stream> m_streams;
    std::vector<std::byte> m_scratch;
};

}  // namespace wpo::recording
