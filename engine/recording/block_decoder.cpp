// SPDX-License-Identifier: Apache-2.0
#include "recording/block_decoder.h"

#include <zstd.h>

#include <algorithm>

namespace wpo::recording {
namespace {

Error zstd_error(std::size_t code, std::string_view what)
{
    return Error(Errc::invalid_state, std::string(what) + ": " + ZSTD_getErrorName(code));
}

}  // namespace

void BlockDecoder::ContextDeleter::operator()(ZSTD_DCtx_s* context) const
{
    ZSTD_freeDCtx(context);
}

BlockDecoder::BlockDecoder() : m_context(ZSTD_createDCtx())
{}
BlockDecoder::~BlockDecoder() = default;
BlockDecoder::BlockDecoder(BlockDecoder&&) noexcept = default;
BlockDecoder& BlockDecoder::operator=(BlockDecoder&&) noexcept = default;

void BlockDecoder::start_chunk()
{
    for (Stream& stream : m_streams)
        stream.valid = false;
}

Result<std::span<const std::byte>> BlockDecoder::decode(std::string_view query, BlockKind kind,
                                                        std::span<const std::byte> frame, std::uint32_t raw_length)
{
    if (!m_context)
        return Error(Errc::invalid_state, "zstd: no decompression context");
    if (raw_length == 0 || raw_length > kMaxBlockBytes)
        return Error(Errc::out_of_bounds,
                     "block length " + std::to_string(raw_length) + " is outside 1.." + std::to_string(kMaxBlockBytes));
    if (kind != BlockKind::key && kind != BlockKind::delta)
        return Error(Errc::unsupported, "block kind " + std::to_string(static_cast<unsigned>(kind)));
    // The frame states its size; a mismatch is refused before the buffer grows.
    const unsigned long long stated = ZSTD_getFrameContentSize(frame.data(), frame.size());
    if (stated != raw_length)
        return Error(Errc::out_of_bounds,
                     "compressed frame does not hold a block of " + std::to_string(raw_length) + " bytes");
    auto stream = std::find_if(m_streams.begin(), m_streams.end(), [&](const Stream& s) { return s.query == query; });
    if (stream == m_streams.end()) {
        m_streams.push_back(Stream{std::string(query), {}, false});
        stream = m_streams.end() - 1;
    }
    if (kind == BlockKind::delta && !stream->valid)
        return Error(Errc::invalid_state, "delta block of query \"" + std::string(query) +
                                              "\" without an earlier block of that query in its chunk");

    ZSTD_DCtx* context = m_context.get();
    ZSTD_DCtx_reset(context, ZSTD_reset_session_only);
    if (kind == BlockKind::delta) {
        if (std::size_t r = ZSTD_DCtx_refPrefix(context, stream->previous.data(), stream->previous.size());
            ZSTD_isError(r))
            return zstd_error(r, "zstd: prefix");
    }
    m_scratch.resize(raw_length);
    const std::size_t got =
        ZSTD_decompressDCtx(context, m_scratch.data(), m_scratch.size(), frame.data(), frame.size());
    if (ZSTD_isError(got)) {
        stream->valid = false;
        return zstd_error(got, "zstd: decompressing a block");
    }
    if (got != raw_length) {
        stream->valid = false;
        return Error(Errc::truncated,
                     "block decompressed to " + std::to_string(got) + " bytes, not " + std::to_string(raw_length));
    }
    std::swap(stream->previous, m_scratch);
    stream->valid = true;
    return std::span<const std::byte>(stream->previous);
}

}  // namespace wpo::recording
