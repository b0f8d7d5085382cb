// SPDX-License-Identifier: Apache-2.0
// The compressing half of the block codec (docs/recording-format.md §2): each
// block is one zstd frame, compressed against the previous block of the same
// query as zstd's prefix. Consecutive blocks of a query share their objects,
// definitions and instance names, so most of a block becomes back references
// without any knowledge of its layout. start_chunk() makes every query's next
// block a key block, so a reader can start there.
#pragma once

#include "core/result.h"
#include "recording/block_kind.h"

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

struct ZSTD_CCtx_s;

namespace wpo::recording {

class BlockEncoder {
public:
    // zstd's compression level (1 fastest .. 19).
    explicit BlockEncoder(int level = 3);
    ~BlockEncoder();
    BlockEncoder(BlockEncoder&&) noexcept;
    BlockEncoder& operator=(BlockEncoder&&) noexcept;

    void start_chunk();
    // Appends one frame holding `block` to `out`; returns how it was compressed.
    Result<BlockKind> encode(std::string_view query, std::span<const std::byte> block, std::vector<std::byte>& out);

private:
    struct Stream {
        std::string query;
        std::vector<std::byte> previous;
        bool valid = false;  // `previous` belongs to the current chunk
    };
    struct ContextDeleter {
        void operator()(ZSTD_CCtx_s* context) const;
    };

    std::unique_ptr<ZSTD_CCtx_s, ContextDeleter> m_context;
    int m_level = 3;
    std::vector<Stream> m_streams;
};

}  // namespace wpo::recording
