// SPDX-License-Identifier: Apache-2.0
// A Source over a recording: the cache, snapshot entities, decoder and path
// resolution run on recorded blocks as they do on a live machine
// (docs/recording-format.md §4).
//
// The source stands at one record at a time; next() and seek() move it, and
// chunks are read as the position reaches them. collect(query) returns the
// block of the current record, or, when a recording holds several queries,
// the newest record of the current chunk up to the position whose query
// covers an object asked for. A recording holds whole objects, so a query
// narrowed to some counters or processes ("230/1234:6") is answered with the
// whole object: a source may return more than asked, never other counters
// (format/object_query.h), and the decoder reads counters by definition.
//
// Time is the recording's: clock() gives the current record's PerfTime as a
// duration, for CacheOptions::clock, so the cache's freshness follows the
// recorded collection times instead of the wall clock.
#pragma once

#include "recording/recording_reader.h"
#include "sources/source.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace wpo::recording {

class ReplaySource : public Source {
public:
    // Opens `path` and stands before its first record (call next()).
    static Result<std::unique_ptr<ReplaySource>> open(const std::string& path);
    explicit ReplaySource(RecordingReader reader);

    Status collect(std::string_view query, std::vector<std::byte>& buffer) override;
    Result<NameTable> load_names() override { return m_reader.info().names; }

    // Moves to the next record; false past the last one. A chunk that
    // cannot be read is an Error naming it; the next call goes on with the
    // chunk after it.
    Result<bool> next();
    // Stands on the first record at or after `time_100ns` (FILETIME); false
    // when there is none.
    Result<bool> seek(std::int64_t time_100ns);
    // Whether next() or seek() found a record to stand on.
    bool positioned() const { return m_record < m_records.size(); }
    // The record stood on (positioned() must hold).
    const RecordedBlock& current() const { return m_records[m_record]; }

    const RecordingInfo& info() const { return m_reader.info(); }
    RecordingReader& reader() { return m_reader; }

    // For CacheOptions::clock, with this source as context: the current
    // record's PerfTime in nanoseconds (0 before the first).
    static std::chrono::nanoseconds clock(void* self);

private:
    Status load_chunk(std::size_t chunk);

    RecordingReader m_reader;
    std::vector<RecordedBlock> m_records;  // of chunk m_chunk
    std::size_t m_chunk = 0;
    std::size_t m_record = 0;  // in m_records; == size(): not positioned
    bool m_started = false;
    std::chrono::nanoseconds m_now{0};
};

}  // namespace wpo::recording
