// SPDX-License-Identifier: Apache-2.0
// Who caused this spike: the processes that used the most CPU time, I/O
// bytes or page faults, or whose working set grew most, over a range of
// samples of the Process object (230), each with its share of the whole.
// The rules (identity, processes that start or end inside the range, what
// is left out) are in docs/process-ranking.md.
//
//   ProcessRanking ranking;
//   for (const BlockView& block : range) ranking.add(block);  // in time order
//   for (const RankedProcess& p : ranking.rank(RankBy::cpu, 10)) ...
//
// Feed every sample of the range, not only its first and last: a process
// that starts or ends inside the range is known only from the samples it is
// in. Memory grows with the processes seen, not with the samples.
//
// A history that keeps samples for later ranking (the desktop app's) keeps
// them as ProcessSample: the few raw values the ranking reads, 40 bytes a
// process, instead of the whole Process object.
#pragma once

#include "format/block_view.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace wpo::query {

enum class RankBy : std::uint8_t { cpu, io, faults, working_set };

// What to collect for a ranking: Process with only the counters it reads
// (format/object_query.h), so that a source that can (procfs) leaves out the
// files no ranking needs (a process's status and its descriptors).
inline constexpr const char* kProcessRankingQuery = "230:6,28,180,684,784,1420,1422";

// What one process used over the range.
struct ProcessUsage {
    std::string name;                     // the instance name (the image name)
    std::uint32_t pid = 0;                // ID Process
    std::uint64_t start = 0;              // raw Elapsed Time (the start time): pid + start is the identity
    std::uint64_t cpu_100ns = 0;          // % Processor Time's raw ticks
    std::uint64_t io_bytes = 0;           // IO Read Bytes/sec + IO Write Bytes/sec raw totals
    std::uint64_t faults = 0;             // Page Faults/sec raw total
    std::int64_t working_set_growth = 0;  // bytes, last sample's Working Set less the first's
    bool started_inside = false;          // started after the range's first sample
    bool ended_inside = false;            // missing from the range's last sample
};

// The raw values of one process in one sample.
struct ProcessPoint {
    std::uint64_t start = 0;  // raw Elapsed Time
    std::uint64_t cpu = 0;    // % Processor Time, 100 ns ticks
    std::uint64_t io = 0;     // IO Read Bytes/sec + IO Write Bytes/sec
    std::uint64_t faults = 0;
    std::uint64_t working_set = 0;
    std::uint32_t pid = 0;
};

// What the ranking reads of one sample of the Process object.
struct ProcessSample {
    std::int64_t time_100ns = 0;   // the block's FILETIME (UTC)
    std::int64_t object_time = 0;  // the Process object's PerfTime
    std::int64_t object_freq = 0;
    std::uint32_t widths[3] = {};      // bytes of the cpu, io and faults counters (a DWORD wraps)
    bool has[4] = {};                  // by RankBy: the sample had the counters
    bool has_start = false;            // the sample had Elapsed Time
    std::vector<ProcessPoint> points;  // _Total and PID 0 left out
    std::vector<std::string> names;    // the instance names, as points; may be empty (names kept elsewhere)
};

// The ProcessSample of `block`; nullopt without a Process object with ID Process.
std::optional<ProcessSample> process_sample(const BlockView& block);

struct RankedProcess {
    ProcessUsage usage;
    double value = 0;  // what was ranked by: 100 ns ticks, bytes, faults or bytes of growth
    double share = 0;  // of the total over every process, 0..1 (0 for a working set that shrank)
};

class ProcessRanking {
public:
    // Adds the next sample. A block without the Process object, or whose
    // Process has no ID Process counter, is skipped: returns false.
    bool add(const BlockView& block);
    // The same for a sample taken before; a process's name is that of its
    // first sample with names.
    void add(const ProcessSample& sample);

    // Samples that had the Process object.
    std::size_t sample_count() const { return m_samples; }
    // FILETIME (UTC, 100 ns since 1601) of the first and last of them.
    std::int64_t first_time_100ns() const { return m_first_time_100ns; }
    std::int64_t last_time_100ns() const { return m_last_time_100ns; }
    // Seconds between the first and the last sample, on the Process object's clock.
    double seconds() const;
    // Whether any sample had the counters `by` needs (a Process object
    // collected without its I/O part has no IO counters).
    bool has(RankBy by) const { return m_has[static_cast<std::size_t>(by)]; }

    // Every process seen, in the order first seen.
    std::vector<ProcessUsage> usages() const;
    // The sum the shares are of: every process's value (for the working set,
    // the growths only).
    double total(RankBy by) const;
    // The `limit` processes with the largest value (0 = all), largest first;
    // ties by pid, then start time.
    std::vector<RankedProcess> rank(RankBy by, std::size_t limit = 0) const;

private:
    static constexpr std::size_t kCounted = 3;  // cpu, io, faults: accumulated raw totals

    struct Track {
        ProcessUsage usage;
        bool named = false;
        std::uint64_t raw[kCounted] = {};  // the last raw values seen
        std::uint32_t raw_size[kCounted] = {};
        std::uint64_t first_working_set = 0;
        std::uint64_t last_working_set = 0;
        std::size_t last_sample = 0;
    };

    std::map<std::pair<std::uint32_t, std::uint64_t>, std::size_t> m_index;  // (pid, start) -> m_tracks
    std::vector<Track> m_tracks;
    std::size_t m_samples = 0;
    std::int64_t m_first_time_100ns = 0;
    std::int64_t m_last_time_100ns = 0;
    std::int64_t m_first_object_time = 0;
    std::int64_t m_last_object_time = 0;
    std::int64_t m_object_freq = 0;
    bool m_has[4] = {};
};

// The value of `usage` that `by` ranks.
double ranked_value(const ProcessUsage& usage, RankBy by);

}  // namespace wpo::query
