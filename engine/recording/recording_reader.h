// SPDX-License-Identifier: Apache-2.0
// Reads a recording (docs/recording-format.md): the header at open(), the
// list of chunks from the index or, when the index is missing or unsound
// (a recorder that crashed, a file cut short), from a walk over the chunks;
// then any chunk on demand, CRC-checked and decompressed. Every length read
// from the file is checked against the file's size and the format's limits
// before it is used; damage is an Error naming its offset.
#pragma once

#include "core/result.h"
#include "recording/block_decoder.h"
#include "recording/recording_layout.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace wpo::recording {

// One block of a chunk, decompressed.
struct RecordedBlock {
    std::string query;
    BlockKind kind = BlockKind::key;
    RecordTimes times;
    std::vector<std::byte> bytes;
};

class RecordingReader {
public:
    static Result<RecordingReader> open(const std::string& path);
    // The same over bytes in memory (the fuzz target, tests).
    static Result<RecordingReader> from_bytes(std::vector<std::byte> bytes);

    const RecordingInfo& info() const { return m_info; }
    // In file order.
    const std::vector<ChunkEntry>& chunks() const { return m_chunks; }
    // Whether the chunks were found by walking the file (no sound index).
    bool index_rebuilt() const { return m_rebuilt; }
    // Where a walk stopped before the end of the file (a chunk cut short or
    // damaged framing), if it did.
    std::optional<std::uint64_t> damage_offset() const { return m_damage; }

    // The chunk holding `time_100ns`: the last one starting at or before it
    // (the first chunk for earlier times); nullopt without chunks.
    std::optional<std::size_t> chunk_at(std::int64_t time_100ns) const;
    // Reads, checks and decompresses chunk `index` into `out` (its records
    // in file order; `out`'s elements are reused).
    Status read_chunk(std::size_t index, std::vector<RecordedBlock>& out);

private:
    struct FileCloser {
        void operator()(std::FILE* file) const { std::fclose(file); }
    };

    RecordingReader() = default;
    Status read_at(std::uint64_t offset, std::size_t size, std::vector<std::byte>& out);
    Status read_header();
    bool read_index();
    void walk_chunks();

    std::unique_ptr<std::FILE, FileCloser> m_file;
    std::vector<std::byte> m_memory;  // when reading from memory
    std::string m_name;               // for messages
    std::uint64_t m_size = 0;
    std::uint64_t m_header_bytes = 0;
    RecordingInfo m_info;
    std::vector<ChunkEntry> m_chunks;
    bool m_rebuilt = false;
    std::optional<std::uint64_t> m_damage;
    BlockDecoder m_decoder;
    std::vector<std::byte> m_buffer;
};

}  // namespace wpo::recording
