// SPDX-License-Identifier: Apache-2.0
#include "recording/recording_writer.h"

#include "format/block_view.h"
#include "recording/crc32c.h"
#include "recording/le_bytes.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>

namespace wpo::recording {
namespace {

template <std::size_t N>
std::span<const std::byte> magic(const std::array<char, N>& text)
{
    return std::as_bytes(std::span<const char>(text));
}

}  // namespace

RecordingWriter::RecordingWriter(std::FILE* file, std::string path, WriterOptions options)
    : m_file(file), m_path(std::move(path)), m_options(options), m_encoder(options.compression_level)
{}

RecordingWriter::RecordingWriter(RecordingWriter&& other) noexcept
    : m_file(std::exchange(other.m_file, nullptr)),
      m_path(std::move(other.m_path)),
      m_options(other.m_options),
      m_encoder(std::move(other.m_encoder)),
      m_payload(std::move(other.m_payload)),
      m_frame(std::move(other.m_frame)),
      m_out(std::move(other.m_out)),
      m_chunk_records(other.m_chunk_records),
      m_chunk_first(other.m_chunk_first),
      m_chunk_last(other.m_chunk_last),
      m_index(std::move(other.m_index)),
      m_offset(other.m_offset),
      m_blocks(other.m_blocks),
      m_raw_bytes(other.m_raw_bytes),
      m_header_bytes(other.m_header_bytes),
      m_written(other.m_written),
      m_compactions(other.m_compactions),
      m_chunks_dropped(other.m_chunks_dropped),
      m_failed(other.m_failed),
      m_full(other.m_full)
{}

RecordingWriter::~RecordingWriter()
{
    (void)close();
}

Result<RecordingWriter> RecordingWriter::create(const std::string& path, const RecordingInfo& info,
                                                WriterOptions options)
{
    if (options.max_blocks_per_chunk == 0 || options.max_chunk_span_100ns <= 0)
        return Error(Errc::invalid_argument, "a chunk must hold at least one block and span some time");
    if (options.circular && options.max_file_bytes == 0)
        return Error(Errc::invalid_argument, "a circular recording needs a size cap");
    if (info.machine.size() > 0xFFFF || info.os.size() > 0xFFFF)
        return Error(Errc::invalid_argument, "machine or OS name longer than 65535 bytes");
    const std::vector<std::byte> counters = info.names.counter_multi_sz();
    const std::vector<std::byte> helps = info.names.help_multi_sz();

    std::vector<std::byte> header;
    put_bytes(header, magic(kFileMagic));
    put<std::uint32_t>(header, kVersion);
    put<std::uint32_t>(header, 0);  // the length, once known
    put<std::uint16_t>(header, static_cast<std::uint16_t>(info.machine.size()));
    put_text(header, info.machine);
    put<std::uint16_t>(header, static_cast<std::uint16_t>(info.os.size()));
    put_text(header, info.os);
    put<std::uint32_t>(header, static_cast<std::uint32_t>(counters.size()));
    put_bytes(header, counters);
    put<std::uint32_t>(header, static_cast<std::uint32_t>(helps.size()));
    put_bytes(header, helps);
    if (header.size() + 4 > kMaxHeaderBytes)
        return Error(Errc::too_large, "the name table does not fit in a recording's header");
    store<std::uint32_t>(header.data() + 12, static_cast<std::uint32_t>(header.size() + 4));
    put<std::uint32_t>(header, crc32c(header));
    // The header, an empty index and the trailer must fit, and room for a
    // chunk beside them: at least as much again as the header.
    if (options.max_file_bytes != 0 && options.max_file_bytes < 2 * header.size() + tail_bytes(1) + 1024)
        return Error(Errc::invalid_argument, "a size cap of " + std::to_string(options.max_file_bytes) +
                                                 " bytes is too small: the header alone takes " +
                                                 std::to_string(header.size()) + " bytes; give at least " +
                                                 std::to_string(2 * header.size() + tail_bytes(1) + 1024));

    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (!file)
        return Error(Errc::io_error, "cannot create recording \"" + path + "\": " + std::strerror(errno));
    RecordingWriter writer(file, path, options);
    if (Status status = writer.write(header); !status)
        return status.error();
    writer.m_header_bytes = header.size();
    return writer;
}

Status RecordingWriter::write(std::span<const std::byte> bytes)
{
    errno = 0;
    const std::size_t done = std::fwrite(bytes.data(), 1, bytes.size(), m_file);
    if (done != bytes.size() || std::fflush(m_file) != 0) {
        m_failed = true;
        const int reason = errno;
        return Error(Errc::io_error, "writing recording \"" + m_path +
                                         "\" failed: " + (reason ? std::strerror(reason) : "short write") +
                                         "; the file holds the chunks written before");
    }
    m_offset += bytes.size();
    m_written += bytes.size();
    return {};
}

std::uint64_t RecordingWriter::tail_bytes(std::size_t chunks)
{
    return 4 + 4 + std::uint64_t{kIndexEntryBytes} * chunks + 4 + kTrailerBytes;
}

std::uint64_t RecordingWriter::chunk_cap() const
{
    const std::uint64_t space = m_options.max_file_bytes - m_header_bytes;
    return m_options.circular ? space / 4 : space;
}

Status RecordingWriter::append(std::string_view query, std::span<const std::byte> block, const RecordTimes& times)
{
    if (!m_file || m_failed || m_full)
        return Error(Errc::invalid_state, "recording \"" + m_path + "\" is closed, failed or full");
    if (query.empty() || query.size() > kMaxQueryBytes)
        return Error(Errc::invalid_argument, "a query of 1.." + std::to_string(kMaxQueryBytes) + " bytes is needed");
    if (m_chunk_records == 0)
        m_encoder.start_chunk();
    m_frame.clear();
    auto kind = m_encoder.encode(query, block, m_frame);
    if (!kind)
        return kind.error();
    const bool capped = m_options.max_file_bytes != 0;
    const auto chunk_with_block = [&] {
        return std::uint64_t{kChunkHeaderBytes} + m_payload.size() + kRecordFixedBytes + query.size() + m_frame.size() +
               4;
    };
    if (m_chunk_records > 0 &&
        (m_payload.size() + kRecordFixedBytes + query.size() + m_frame.size() > kMaxPayloadBytes ||
         (capped && m_options.circular && chunk_with_block() > chunk_cap()))) {
        // The chunk would grow past what readers accept, or past the share of
        // the cap one chunk may take: end it first, and compress the block
        // again as the new chunk's key block.
        if (Status status = flush(); !status)
            return status;
        m_encoder.start_chunk();
        m_frame.clear();
        kind = m_encoder.encode(query, block, m_frame);
        if (!kind)
            return kind.error();
    }
    if (capped && m_options.circular && chunk_with_block() > chunk_cap())
        return Error(Errc::too_large, "one sample takes " + std::to_string(chunk_with_block()) +
                                          " bytes compressed; a circular recording needs a size cap of at least "
                                          "four times that beside its header (" +
                                          std::to_string(m_header_bytes) + " bytes)");
    if (capped && !m_options.circular &&
        m_offset + chunk_with_block() + tail_bytes(m_index.size() + 1) > m_options.max_file_bytes) {
        // The chunk being filled fits (checked when its last block came).
        if (Status status = flush(); !status)
            return status;
        m_full = true;
        return Error(Errc::too_large, "recording \"" + m_path + "\" reached its size cap of " +
                                          std::to_string(m_options.max_file_bytes) + " bytes");
    }
    put<std::uint16_t>(m_payload, static_cast<std::uint16_t>(query.size()));
    put_text(m_payload, query);
    put<std::uint8_t>(m_payload, static_cast<std::uint8_t>(*kind));
    put<std::uint8_t>(m_payload, 0);
    put<std::int64_t>(m_payload, times.time_100ns);
    put<std::int64_t>(m_payload, times.perf_time);
    put<std::int64_t>(m_payload, times.perf_freq);
    put<std::uint32_t>(m_payload, static_cast<std::uint32_t>(block.size()));
    put<std::uint32_t>(m_payload, static_cast<std::uint32_t>(m_frame.size()));
    put_bytes(m_payload, m_frame);
    if (m_chunk_records == 0)
        m_chunk_first = times.time_100ns;
    m_chunk_last = times.time_100ns;
    ++m_chunk_records;
    ++m_blocks;
    m_raw_bytes += block.size();
    if (m_chunk_records >= m_options.max_blocks_per_chunk ||
        m_chunk_last - m_chunk_first >= m_options.max_chunk_span_100ns)
        return flush();
    return {};
}

Status RecordingWriter::flush()
{
    if (!m_file || m_failed)
        return Error(Errc::invalid_state, "recording \"" + m_path + "\" is closed or failed");
    if (m_chunk_records == 0)
        return {};
    build_chunk();
    if (m_options.max_file_bytes != 0 && m_options.circular &&
        m_offset + m_out.size() + tail_bytes(m_index.size() + 1) > m_options.max_file_bytes)
        if (Status status = drop_oldest(m_out.size()); !status)
            return status;
    const ChunkEntry entry{m_chunk_first, m_chunk_last, m_offset};
    if (Status status = write(m_out); !status)
        return status;
    m_index.push_back(entry);
    m_payload.clear();
    m_chunk_records = 0;
    return {};
}

void RecordingWriter::build_chunk()
{
    m_out.clear();
    put_bytes(m_out, magic(kChunkMagic));
    put<std::uint32_t>(m_out, static_cast<std::uint32_t>(m_payload.size()));
    put<std::uint32_t>(m_out, m_chunk_records);
    put<std::int64_t>(m_out, m_chunk_first);
    put<std::int64_t>(m_out, m_chunk_last);
    put_bytes(m_out, m_payload);
    put<std::uint32_t>(m_out, crc32c(std::span<const std::byte>(m_out).subspan(4)));
}

Status RecordingWriter::drop_oldest(std::uint64_t incoming)
{
    const std::uint64_t cap = m_options.max_file_bytes;
    const std::uint64_t half = (cap - m_header_bytes) / 2;
    // Chunk offsets do not appear inside chunks (their CRCs cover neither), so
    // the newest ones move to the new file as they are.
    std::size_t first = 0;
    const auto kept = [&](std::size_t from) { return m_offset - m_index[from].offset; };
    while (
        first < m_index.size() &&
        (kept(first) > half || m_header_bytes + kept(first) + incoming + tail_bytes(m_index.size() - first + 1) > cap))
        ++first;
    const std::uint64_t from = first < m_index.size() ? m_index[first].offset : m_offset;

    const std::string temporary = m_path + ".compacting";
    const auto fail = [&](const std::string& what) -> Status {
        const int reason = errno;
        m_failed = true;
        std::error_code ignored;
        std::filesystem::remove(temporary, ignored);
        return Error(Errc::io_error, "dropping the oldest chunks of recording \"" + m_path + "\" failed: " + what +
                                         (reason ? std::string(": ") + std::strerror(reason) : std::string()) +
                                         "; the file holds the chunks written before");
    };
    errno = 0;
    std::FILE* in = std::fopen(m_path.c_str(), "rb");
    if (!in)
        return fail("cannot read it back");
    std::FILE* out = std::fopen(temporary.c_str(), "wb");
    if (!out) {
        std::fclose(in);
        return fail("cannot create \"" + temporary + "\"");
    }
    std::vector<std::byte> piece(std::size_t{1} << 20);
    bool copied = true;
    const auto copy = [&](std::uint64_t offset, std::uint64_t size) {
        if (!copied || std::fseek(in, static_cast<long>(offset), SEEK_SET) != 0) {
            copied = false;
            return;
        }
        while (size > 0 && copied) {
            const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(size, piece.size()));
            copied = std::fread(piece.data(), 1, n, in) == n && std::fwrite(piece.data(), 1, n, out) == n;
            size -= n;
        }
    };
    copy(0, m_header_bytes);
    copy(from, m_offset - from);
    std::fclose(in);
    const bool flushed = std::fflush(out) == 0;
    if (std::fclose(out) != 0 || !copied || !flushed)
        return fail("cannot write \"" + temporary + "\"");
    // Closed before the rename, which Windows refuses on an open file; a
    // recorder killed in between leaves the old file whole.
    std::fclose(m_file);
    m_file = nullptr;
    std::error_code ec;
    std::filesystem::rename(temporary, m_path, ec);
    m_file = std::fopen(m_path.c_str(), "ab");
    if (ec || !m_file) {
        m_failed = true;
        errno = ec ? ec.value() : errno;
        return fail("cannot replace it");
    }
    const std::uint64_t shift = from - m_header_bytes;
    m_index.erase(m_index.begin(), m_index.begin() + static_cast<std::ptrdiff_t>(first));
    for (ChunkEntry& entry : m_index)
        entry.offset -= shift;
    m_offset -= shift;
    ++m_compactions;
    m_chunks_dropped += first;
    return {};
}

Status RecordingWriter::close()
{
    if (!m_file)
        return {};
    Status status;
    if (!m_failed) {
        status = flush();
        if (status) {
            std::vector<std::byte> tail;
            const std::uint64_t index_offset = m_offset;
            put_bytes(tail, magic(kIndexMagic));
            put<std::uint32_t>(tail, static_cast<std::uint32_t>(m_index.size()));
            for (const ChunkEntry& e : m_index) {
                put<std::int64_t>(tail, e.first_time);
                put<std::int64_t>(tail, e.last_time);
                put<std::uint64_t>(tail, e.offset);
            }
            put<std::uint32_t>(tail, crc32c(std::span<const std::byte>(tail).subspan(4)));
            put<std::uint64_t>(tail, index_offset);
            put_bytes(tail, magic(kTrailerMagic));
            status = write(tail);
        }
    }
    release();
    return status;
}

void RecordingWriter::release()
{
    if (m_file) {
        std::fclose(m_file);
        m_file = nullptr;
    }
}

std::uint64_t stored_values(const BlockView& block)
{
    std::uint64_t values = 0;
    for (const ObjectView& object : block.objects())
        values += std::uint64_t{object.counter_count()} * std::max<std::uint32_t>(1, object.instance_count());
    return values;
}

}  // namespace wpo::recording
