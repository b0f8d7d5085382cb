// SPDX-License-Identifier: Apache-2.0
#include "recording/recording_reader.h"

#include "core/byte_io.h"
#include "recording/crc32c.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>

namespace wpo::recording {
namespace {

template <std::size_t N>
bool has_magic(const std::byte* p, const std::array<char, N>& magic)
{
    return std::memcmp(p, magic.data(), N) == 0;
}

int seek(std::FILE* file, std::uint64_t offset)
{
#ifdef _WIN32
    return _fseeki64(file, static_cast<long long>(offset), SEEK_SET);
#else
    return fseeko(file, static_cast<off_t>(offset), SEEK_SET);
#endif
}

std::string at(std::uint64_t offset)
{
    return "at offset " + std::to_string(offset);
}

// Reads the fields of a byte range in order, every read bounds-checked.
class Cursor {
public:
    explicit Cursor(std::span<const std::byte> bytes) : m_bytes(bytes) {}

    bool has(std::size_t n) const { return m_bytes.size() - m_at >= n; }
    template <class T>
    bool get(T& value)
    {
        if (!has(sizeof(T)))
            return false;
        value = load<T>(m_bytes.data() + m_at);
        m_at += sizeof(T);
        return true;
    }
    bool get(std::size_t n, std::span<const std::byte>& out)
    {
        if (!has(n))
            return false;
        out = m_bytes.subspan(m_at, n);
        m_at += n;
        return true;
    }
    std::size_t position() const { return m_at; }
    bool done() const { return m_at == m_bytes.size(); }

private:
    std::span<const std::byte> m_bytes;
    std::size_t m_at = 0;
};

std::string text_of(std::span<const std::byte> bytes)
{
    return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

}  // namespace

Result<RecordingReader> RecordingReader::open(const std::string& path)
{
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec)
        return Error(ec == std::errc::no_such_file_or_directory ? Errc::not_found : Errc::io_error,
                     "cannot open recording \"" + path + "\": " + ec.message());
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file)
        return Error(Errc::io_error, "cannot open recording \"" + path + "\": " + std::strerror(errno));
    RecordingReader reader;
    reader.m_file.reset(file);
    reader.m_name = path;
    reader.m_size = size;
    if (Status status = reader.read_header(); !status)
        return status.error();
    if (!reader.read_index())
        reader.walk_chunks();
    return reader;
}

Result<RecordingReader> RecordingReader::from_bytes(std::vector<std::byte> bytes)
{
    RecordingReader reader;
    reader.m_memory = std::move(bytes);
    reader.m_name = "(memory)";
    reader.m_size = reader.m_memory.size();
    if (Status status = reader.read_header(); !status)
        return status.error();
    if (!reader.read_index())
        reader.walk_chunks();
    return reader;
}

Status RecordingReader::read_at(std::uint64_t offset, std::size_t size, std::vector<std::byte>& out)
{
    if (offset > m_size || size > m_size - offset)
        return Error(Errc::truncated, "recording \"" + m_name + "\": " + std::to_string(size) + " bytes " + at(offset) +
                                          " reach past its end (" + std::to_string(m_size) + " bytes)");
    out.resize(size);
    if (!m_file) {
        std::copy_n(m_memory.begin() + static_cast<std::ptrdiff_t>(offset), size, out.begin());
        return {};
    }
    if (seek(m_file.get(), offset) != 0 || std::fread(out.data(), 1, size, m_file.get()) != size)
        return Error(Errc::io_error, "recording \"" + m_name + "\": reading " + at(offset) + " failed");
    return {};
}

Status RecordingReader::read_header()
{
    const auto bad = [&](std::string what) {
        return Error(Errc::bad_signature, "recording \"" + m_name + "\": header: " + std::move(what));
    };
    if (m_size < kMinHeaderBytes)
        return Error(Errc::truncated, "recording \"" + m_name + "\" is too short to hold a header");
    if (Status s = read_at(0, 16, m_buffer); !s)
        return s;
    if (!has_magic(m_buffer.data(), kFileMagic))
        return bad("not a Perfscope recording (magic)");
    const std::uint32_t version = load_u32(m_buffer.data() + 8);
    if (version != kVersion)
        return Error(Errc::unsupported, "recording \"" + m_name + "\": format version " + std::to_string(version) +
                                            " (this build reads " + std::to_string(kVersion) + ")");
    const std::uint32_t length = load_u32(m_buffer.data() + 12);
    if (length < kMinHeaderBytes || length > kMaxHeaderBytes || length > m_size)
        return bad("length " + std::to_string(length) + " is outside " + std::to_string(kMinHeaderBytes) + ".." +
                   std::to_string(std::min<std::uint64_t>(kMaxHeaderBytes, m_size)));
    if (Status s = read_at(0, length, m_buffer); !s)
        return s;
    const std::span<const std::byte> header(m_buffer);
    if (crc32c(header.first(length - 4)) != load_u32(header.data() + length - 4))
        return bad("CRC mismatch");
    Cursor cursor(header.subspan(16, length - 20));
    std::uint16_t machine_length = 0;
    std::uint16_t os_length = 0;
    std::uint32_t counters_length = 0;
    std::uint32_t helps_length = 0;
    std::span<const std::byte> machine, os, counters, helps;
    if (!cursor.get(machine_length) || !cursor.get(machine_length, machine) || !cursor.get(os_length) ||
        !cursor.get(os_length, os) || !cursor.get(counters_length) || !cursor.get(counters_length, counters) ||
        !cursor.get(helps_length) || !cursor.get(helps_length, helps))
        return bad("a field reaches past the header's end " + at(16 + cursor.position()));
    if (!cursor.done())
        return bad("bytes after the help table");
    auto names = NameTable::from_multi_sz(counters, helps);
    if (!names)
        return Error(names.error().code(), "recording \"" + m_name + "\": header: " + names.error().message());
    m_info.machine = text_of(machine);
    m_info.os = text_of(os);
    m_info.names = std::move(*names);
    m_header_bytes = length;
    return {};
}

bool RecordingReader::read_index()
{
    if (m_size < m_header_bytes + kTrailerBytes + 12)
        return false;
    if (!read_at(m_size - kTrailerBytes, kTrailerBytes, m_buffer) || !has_magic(m_buffer.data() + 8, kTrailerMagic))
        return false;
    const std::uint64_t index_offset = load_u64(m_buffer.data());
    const std::uint64_t index_end = m_size - kTrailerBytes;
    if (index_offset < m_header_bytes || index_offset > index_end || index_end - index_offset < 12)
        return false;
    const std::uint64_t index_bytes = index_end - index_offset;
    if (!read_at(index_offset, static_cast<std::size_t>(index_bytes), m_buffer) ||
        !has_magic(m_buffer.data(), kIndexMagic))
        return false;
    const std::uint64_t count = load_u32(m_buffer.data() + 4);
    if (index_bytes != 12 + count * kIndexEntryBytes)
        return false;
    const std::span<const std::byte> index(m_buffer);
    if (crc32c(index.subspan(4, index.size() - 8)) != load_u32(index.data() + index.size() - 4))
        return false;
    std::vector<ChunkEntry> chunks;
    chunks.reserve(count);
    for (std::uint64_t i = 0; i < count; ++i) {
        const std::byte* p = index.data() + 8 + i * kIndexEntryBytes;
        const ChunkEntry entry{load_i64(p), load_i64(p + 8), load_u64(p + 16)};
        const std::uint64_t floor = chunks.empty() ? m_header_bytes : chunks.back().offset + 32;
        if (entry.offset < floor || entry.offset > index_offset || index_offset - entry.offset < 32)
            return false;
        chunks.push_back(entry);
    }
    m_chunks = std::move(chunks);
    return true;
}

void RecordingReader::walk_chunks()
{
    m_rebuilt = true;
    m_chunks.clear();
    std::uint64_t offset = m_header_bytes;
    while (offset < m_size) {
        if (m_size - offset < kChunkHeaderBytes + 4 || !read_at(offset, kChunkHeaderBytes, m_buffer)) {
            m_damage = offset;
            return;
        }
        if (has_magic(m_buffer.data(), kIndexMagic))
            return;  // the index of a file whose trailer was lost: everything before it is chunks
        const std::uint32_t payload = load_u32(m_buffer.data() + 4);
        const std::uint32_t records = load_u32(m_buffer.data() + 8);
        if (!has_magic(m_buffer.data(), kChunkMagic) || payload > kMaxPayloadBytes || records == 0 ||
            m_size - offset - kChunkHeaderBytes - 4 < payload) {
            m_damage = offset;
            return;
        }
        m_chunks.push_back({load_i64(m_buffer.data() + 12), load_i64(m_buffer.data() + 20), offset});
        offset += kChunkHeaderBytes + payload + 4;
    }
}

std::optional<std::size_t> RecordingReader::chunk_at(std::int64_t time_100ns) const
{
    if (m_chunks.empty())
        return std::nullopt;
    const auto after = std::upper_bound(m_chunks.begin(), m_chunks.end(), time_100ns,
                                        [](std::int64_t t, const ChunkEntry& c) { return t < c.first_time; });
    if (after == m_chunks.begin())
        return 0;
    return static_cast<std::size_t>(after - m_chunks.begin() - 1);
}

Status RecordingReader::read_chunk(std::size_t index, std::vector<RecordedBlock>& out)
{
    if (index >= m_chunks.size())
        return Error(Errc::not_found, "recording \"" + m_name + "\" has no chunk " + std::to_string(index));
    const std::uint64_t offset = m_chunks[index].offset;
    const auto bad = [&](Errc code, std::string what) {
        return Error(code, "recording \"" + m_name + "\": chunk " + at(offset) + ": " + std::move(what));
    };
    if (Status s = read_at(offset, kChunkHeaderBytes, m_buffer); !s)
        return bad(Errc::truncated, "cut short");
    if (!has_magic(m_buffer.data(), kChunkMagic))
        return bad(Errc::bad_signature, "no chunk starts here (magic)");
    const std::uint32_t payload = load_u32(m_buffer.data() + 4);
    const std::uint32_t count = load_u32(m_buffer.data() + 8);
    if (payload > kMaxPayloadBytes)
        return bad(Errc::out_of_bounds, "payload length " + std::to_string(payload) + " is above the limit");
    if (Status s = read_at(offset, kChunkHeaderBytes + payload + 4, m_buffer); !s)
        return bad(Errc::truncated, "cut short");
    const std::span<const std::byte> chunk(m_buffer);
    if (crc32c(chunk.subspan(4, kChunkHeaderBytes - 4 + payload)) != load_u32(chunk.data() + chunk.size() - 4))
        return bad(Errc::bad_signature, "CRC mismatch");
    // Each record takes at least its fixed fields and one query byte.
    if (count == 0 || count > payload / (kRecordFixedBytes + 1))
        return bad(Errc::count_exceeds_data,
                   std::to_string(count) + " records cannot fit in " + std::to_string(payload) + " bytes");
    out.resize(count);
    m_decoder.start_chunk();
    Cursor cursor(chunk.subspan(kChunkHeaderBytes, payload));
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::size_t record_at = kChunkHeaderBytes + cursor.position();
        std::uint16_t query_length = 0;
        std::span<const std::byte> query;
        std::uint8_t kind = 0;
        std::uint8_t reserved = 0;
        RecordTimes times;
        std::uint32_t raw_length = 0;
        std::uint32_t frame_length = 0;
        std::span<const std::byte> frame;
        if (!cursor.get(query_length) || !cursor.get(query_length, query) || !cursor.get(kind) ||
            !cursor.get(reserved) || !cursor.get(times.time_100ns) || !cursor.get(times.perf_time) ||
            !cursor.get(times.perf_freq) || !cursor.get(raw_length) || !cursor.get(frame_length) ||
            !cursor.get(frame_length, frame))
            return bad(Errc::truncated,
                       "record " + std::to_string(i) + " " + at(offset + record_at) + " reaches past the chunk's end");
        if (query_length == 0 || query_length > kMaxQueryBytes)
            return bad(Errc::out_of_bounds,
                       "record " + std::to_string(i) + ": query length " + std::to_string(query_length));
        RecordedBlock& block = out[i];
        block.query = text_of(query);
        block.kind = static_cast<BlockKind>(kind);
        block.times = times;
        auto bytes = m_decoder.decode(block.query, block.kind, frame, raw_length);
        if (!bytes)
            return bad(bytes.error().code(), "record " + std::to_string(i) + ": " + bytes.error().message());
        block.bytes.assign(bytes->begin(), bytes->end());
    }
    if (!cursor.done())
        return bad(Errc::out_of_bounds, "bytes after the last record");
    return {};
}

}  // namespace wpo::recording
