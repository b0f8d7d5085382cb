// SPDX-License-Identifier: Apache-2.0
#include "recording/block_encoder.h"

#include <zstd.h>

#include <algorithm>
#include <bit>

namespace wpo::recording {
namespace {

// The decoder's default window limit (ZSTD_d_windowLogMax) is 2^27; a
// prefix and block that do not fit in it are compressed as a key block.
constexpr int kMaxWindowLog = 27;
constexpr int kMinWindowLog = 10;  // zstd's smallest window

Error zstd_error(std::size_t code, std::string_view what)
{
    return Error(Errc::invalid_state, std::string(what) + ": " + ZSTD_getErrorName(code));
}

}  // namespace

void BlockEncoder::ContextDeleter::operator()(ZSTD_CCtx_s* context) const
{
    ZSTD_freeCCtx(context);
}

BlockEncoder::BlockEncoder(int level) : m_context(ZSTD_createCCtx()), m_level(level)
{}
BlockEncoder::~BlockEncoder() = default;
BlockEncoder::BlockEncoder(BlockEncoder&&) noexcept = default;
BlockEncoder& BlockEncoder::operator=(BlockEncoder&&) noexcept = default;

void BlockEncoder::start_chunk()
{
    for (Stream& stream : m_streams)
        stream.valid = false;
}

Result<BlockKind> BlockEncoder::encode(std::string_view query, std::span<const std::byte> block,
                                       std::vector<std::byte>& out)
{
    if (!m_context)
        return Error(Errc::invalid_state, "zstd: no compression context");
    if (block.size() > kMaxBlockBytes)
        return Error(Errc::too_large,
                     "block of " + std::to_string(block.size()) + " bytes is above the recording's limit");
    auto stream = std::find_if(m_streams.begin(), m_streams.end(), [&](const Stream& s) { return s.query == query; });
    if (stream == m_streams.end()) {
        m_streams.push_back(Stream{std::string(query), {}, false});
        stream = m_streams.end() - 1;
    }
    const std::size_t reach = block.size() + (stream->valid ? stream->previous.size() : 0);
    const int window_log = std::max<int>(kMinWindowLog, static_cast<int>(std::bit_width(reach)));
    const bool delta = stream->valid && window_log <= kMaxWindowLog;

    ZSTD_CCtx* context = m_context.get();
    ZSTD_CCtx_reset(context, ZSTD_reset_session_only);
    if (std::size_t r = ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, m_level); ZSTD_isError(r))
        return zstd_error(r, "zstd: compression level");
    if (std::size_t r = ZSTD_CCtx_setParameter(context, ZSTD_c_windowLog, std::min(window_log, kMaxWindowLog));
        ZSTD_isError(r))
        return zstd_error(r, "zstd: window size");
    if (delta) {
        if (std::size_t r = ZSTD_CCtx_refPrefix(context, stream->previous.data(), stream->previous.size());
            ZSTD_isError(r))
            return zstd_error(r, "zstd: prefix");
    }
    const std::size_t start = out.size();
    const std::size_t bound = ZSTD_compressBound(block.size());
    out.resize(start + bound);
    const std::size_t written = ZSTD_compress2(context, out.data() + start, bound, block.data(), block.size());
    if (ZSTD_isError(written)) {
        out.resize(start);
        return zstd_error(written, "zstd: compressing a block");
    }
    out.resize(start + written);
    stream->previous.assign(block.begin(), block.end());
    stream->valid = true;
    return delta ? BlockKind::delta : BlockKind::key;
}

}  // namespace wpo::recording
