// SPDX-License-Identifier: Apache-2.0
// A long recording made from a few real blocks: block i of the recording is
// real block i mod K with its collection times moved to `start` + i seconds
// (PerfTime100nSec, and PerfTime by the block's own PerfFreq), so a day of
// 1 s samples is written in seconds instead of recorded for a day. The counter
// values repeat every K blocks; seeking, reading chunks and relogging do not
// depend on them.
#pragma once

#include "core/byte_io.h"
#include "core/result.h"
#include "format/block_view.h"
#include "format/layout.h"
#include "format/object_query.h"
#include "query/platform_source.h"
#include "recording/recording_reader.h"
#include "recording/recording_writer.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace perfscope::bench {

// 2026-11-26 00:00:00 UTC as a FILETIME: where synthetic recordings start.
inline constexpr std::int64_t kSyntheticStart100ns = 134'401'248'000'000'000LL;

inline wpo::Status write_synthetic_recording(const std::string& path, const wpo::recording::RecordingInfo& info,
                                             const std::string& query, const std::vector<std::vector<std::byte>>& real,
                                             std::int64_t start_100ns, std::uint64_t seconds)
{
    namespace block = wpo::layout::block;
    auto writer = wpo::recording::RecordingWriter::create(path, info);
    if (!writer)
        return writer.error();
    const std::int64_t perf0 = wpo::load<std::int64_t>(real.front().data() + block::kPerfTime);
    std::vector<std::byte> bytes;
    for (std::uint64_t i = 0; i < seconds; ++i) {
        bytes = real[i % real.size()];
        const std::int64_t freq = wpo::load<std::int64_t>(bytes.data() + block::kPerfFreq);
        const auto step = static_cast<std::int64_t>(i);
        const wpo::recording::RecordTimes times{start_100ns + step * 10'000'000, perf0 + step * freq, freq};
        wpo::store<std::int64_t>(bytes.data() + block::kPerfTime100nSec, times.time_100ns);
        wpo::store<std::int64_t>(bytes.data() + block::kPerfTime, times.perf_time);
        if (wpo::Status s = writer->append(query, bytes, times); !s)
            return s;
    }
    return writer->close();
}

// `seconds` of 1 s samples of this machine's System, Memory, disks, Processor
// and Network Interface (and, `with_processes`, Process) at `path`, made from
// `real_blocks` blocks collected 50 ms apart. A file already there with that
// many samples is kept.
inline wpo::Status ensure_synthetic_recording(const std::string& path, std::uint64_t seconds,
                                              std::size_t real_blocks = 20, bool with_processes = false)
{
    if (auto reader = wpo::recording::RecordingReader::open(path)) {
        const auto& chunks = reader->chunks();
        if (!reader->index_rebuilt() && !chunks.empty() &&
            chunks.back().last_time - chunks.front().first_time == static_cast<std::int64_t>(seconds - 1) * 10'000'000)
            return {};
    }
    auto source = wpo::query::make_platform_source();
    if (!source)
        return source.error();
    auto names = (*source)->load_names();
    if (!names)
        return names.error();
    std::vector<std::uint32_t> objects;
    for (const char* name : {"System", "Memory", "PhysicalDisk", "LogicalDisk", "Processor", "Network Interface"})
        if (auto index = names->find_object(name))
            objects.push_back(*index);
    if (auto process = names->find_object("Process"); process && with_processes)
        objects.push_back(*process);
    const std::string query = wpo::ObjectQuery::list(objects);
    std::vector<std::vector<std::byte>> real(real_blocks);
    for (auto& block : real) {
        if (wpo::Status s = (*source)->collect(query, block); !s)
            return s;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    auto first = wpo::BlockView::parse(real.front());
    if (!first)
        return first.error();
    const wpo::recording::RecordingInfo info{first->system_name(), "Linux", *names};
    return write_synthetic_recording(path, info, query, real, kSyntheticStart100ns, seconds);
}

// The bytes this process has read through read() and its kin so far (rchar of /proc/self/io): what a seek
// into such a recording costs in reading, 0 where the kernel does not say.
inline std::uint64_t bytes_read_by_this_process()
{
    std::ifstream io("/proc/self/io");
    std::string key;
    std::uint64_t value = 0;
    while (io >> key >> value)
        if (key == "rchar:")
            return value;
    return 0;
}

}  // namespace perfscope::bench
