// SPDX-License-Identifier: Apache-2.0
// relog's view of its input recordings: the records of one or more
// recordings of one machine, in time order, cut to [-b, -e] and thinned to
// every Nth record of each query (-t). It is both the Source the query
// machinery collects from (the record stood on answers every query, whole,
// as ReplaySource does) and the Replay that steps it, so relog's CSV rows
// are made exactly as `query --input` makes them.
//
// Recordings are merged whole, one after another: open() sorts them by their
// first time and refuses recordings of different machines or whose time
// ranges overlap, naming the files. Seeking to -b reads only the chunks from
// the one holding -b on.
#pragma once

#include "cli/commands.h"
#include "recording/recording_reader.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace perfscope::cli {

struct RelogCut {
    std::optional<std::int64_t> begin_100ns;  // FILETIME
    std::optional<std::int64_t> end_100ns;
    std::uint64_t keep_every = 1;
};

class RelogStream : public wpo::Source, public Replay {
public:
    // Opens every recording and stands on the first record kept (Errc::not_found
    // when there is none).
    static wpo::Result<std::unique_ptr<RelogStream>> open(const std::vector<std::string>& paths, const RelogCut& cut);

    wpo::Status collect(std::string_view query, std::vector<std::byte>& buffer) override;
    wpo::Result<wpo::NameTable> load_names() override { return m_info.names; }

    // The next record kept; false past the last one (or -e).
    wpo::Result<bool> next() override;
    std::chrono::system_clock::time_point time() const override;

    const wpo::recording::RecordedBlock& current() const { return m_records[m_record]; }
    // The first recording's (in time order) header.
    const wpo::recording::RecordingInfo& info() const { return m_info; }
    const std::string& current_file() const { return m_inputs[m_input].path; }

    // For CacheOptions::clock: the current record's collection time.
    static std::chrono::nanoseconds clock(void* self);

private:
    struct Input {
        std::string path;
        wpo::recording::RecordingReader reader;
    };

    explicit RelogStream(std::vector<Input> inputs, const RelogCut& cut);
    // The next record of the files, cut and thinning left aside.
    wpo::Result<bool> step();

    std::vector<Input> m_inputs;
    RelogCut m_cut;
    wpo::recording::RecordingInfo m_info;
    std::vector<wpo::recording::RecordedBlock> m_records;  // of chunk m_chunk of input m_input
    std::size_t m_input = 0;
    std::size_t m_chunk = 0;
    std::size_t m_record = 0;
    bool m_loaded = false;
    std::map<std::string, std::uint64_t, std::less<>> m_seen;  // records in [-b, -e] per query
    std::chrono::nanoseconds m_now{0};
};

}  // namespace perfscope::cli
