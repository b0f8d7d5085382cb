// SPDX-License-Identifier: Apache-2.0
// Writes a recording (docs/recording-format.md): the header at create(),
// blocks gathered into chunks, each chunk written with one write and flushed
// to the operating system when it is full, then the index and trailer at
// close(). A recorder killed without warning loses at most the chunk it was
// filling (by default no more than 10 s of data). A failed write (disk full,
// I/O error) is returned with the operating system's reason; the writer then
// refuses everything else and close() writes no index, so the file stays a
// valid recording up to its last complete chunk (readers walk it).
//
// With a size cap the file, index and trailer included, never grows past it:
// either the writer stops (full() is true and append() refuses the block that
// would not fit, after writing the chunk before it), or, circular, it drops
// the oldest chunks by rewriting the file beside itself and renaming it over
// the old one (docs/recording-format.md §7), so the file is a plain recording
// at every moment.
#pragma once

#include "core/result.h"
#include "recording/block_encoder.h"
#include "recording/recording_layout.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace wpo {
class BlockView;
}

namespace wpo::recording {

struct WriterOptions {
    // A chunk ends after this many blocks ...
    std::uint32_t max_blocks_per_chunk = 600;
    // ... or once its blocks span this much collection time (100 ns units).
    std::int64_t max_chunk_span_100ns = 10 * 10'000'000LL;
    // zstd's level. On Process + Processor + Memory blocks of 240 KB, 3 gave
    // deltas of 1.8 KB for 0.27 ms a block; 6 gave 1.3 KB for 1.0 ms, 19
    // 1.2 KB for 44 ms: beyond 3 the bytes saved cost more CPU than the
    // recorder's budget allows.
    int compression_level = 3;
    // The largest the file may get, index and trailer included; 0 = no cap.
    std::uint64_t max_file_bytes = 0;
    // With a cap: keep the newest chunks instead of stopping.
    bool circular = false;
};

class RecordingWriter {
public:
    // Creates (or truncates) `path` and writes the header.
    static Result<RecordingWriter> create(const std::string& path, const RecordingInfo& info,
                                          WriterOptions options = {});
    RecordingWriter(RecordingWriter&& other) noexcept;
    RecordingWriter& operator=(RecordingWriter&& other) = delete;
    RecordingWriter(const RecordingWriter&) = delete;
    RecordingWriter& operator=(const RecordingWriter&) = delete;
    // Closes the file if close() was not called (errors are lost then).
    ~RecordingWriter();

    // Adds one block collected for `query`; writes the chunk when it is full.
    Status append(std::string_view query, std::span<const std::byte> block, const RecordTimes& times);
    // Writes the chunk being filled, if any.
    Status flush();
    // Writes the last chunk, the index and the trailer, and closes the file.
    Status close();

    std::uint64_t blocks() const { return m_blocks; }
    std::uint64_t raw_bytes() const { return m_raw_bytes; }  // of the blocks appended
    std::uint64_t file_bytes() const { return m_offset; }    // the file's size now
    // Written so far, header and chunks, counting chunks a circular writer dropped since.
    std::uint64_t written_bytes() const { return m_written; }
    std::uint64_t pending_bytes() const { return m_payload.size(); }  // of the chunk being filled
    // The cap was reached (not circular): the block that did not fit was refused.
    bool full() const { return m_full; }
    // Circular: how many times the oldest chunks were dropped, and how many.
    std::uint64_t compactions() const { return m_compactions; }
    std::uint64_t chunks_dropped() const { return m_chunks_dropped; }

private:
    RecordingWriter(std::FILE* file, std::string path, WriterOptions options);
    Status write(std::span<const std::byte> bytes);
    void release();
    // What the index and trailer take with `chunks` entries.
    static std::uint64_t tail_bytes(std::size_t chunks);
    // The most a chunk may take (framing included): all of the cap after the
    // header, or a quarter of it when circular, so that half of the space
    // holds the chunks kept and a new chunk always fits beside them.
    std::uint64_t chunk_cap() const;
    // Builds the chunk being filled into m_out.
    void build_chunk();
    // Circular: rewrites the file without its oldest chunks so that a chunk
    // of `incoming` bytes fits.
    Status drop_oldest(std::uint64_t incoming);

    std::FILE* m_file = nullptr;
    std::string m_path;
    WriterOptions m_options;
    BlockEncoder m_encoder;
    std::vector<std::byte> m_payload;  // records of the chunk being filled
    std::vector<std::byte> m_frame;    // scratch: one record's frame
    std::vector<std::byte> m_out;      // scratch: the chunk as written
    std::uint32_t m_chunk_records = 0;
    std::int64_t m_chunk_first = 0;
    std::int64_t m_chunk_last = 0;
    std::vector<ChunkEntry> m_index;
    std::uint64_t m_offset = 0;
    std::uint64_t m_blocks = 0;
    std::uint64_t m_raw_bytes = 0;
    std::uint64_t m_header_bytes = 0;
    std::uint64_t m_written = 0;
    std::uint64_t m_compactions = 0;
    std::uint64_t m_chunks_dropped = 0;
    bool m_failed = false;
    bool m_full = false;
};

// The values a block holds, each counter of each instance (of a single-instance object, each counter once):
// the unit of "bytes per stored value", which the recorder's --stats and the benchmarks report.
std::uint64_t stored_values(const BlockView& block);

}  // namespace wpo::recording
