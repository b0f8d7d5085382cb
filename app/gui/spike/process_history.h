// SPDX-License-Identifier: Apache-2.0
// The app's own history of the Process object, for "Who caused this?" over a
// range of a live view: a ring of ProcessSample (the raw values the ranking
// reads, 48 bytes a process per sample) within a byte budget, the oldest
// samples dropped first, and each process's name once. Qt-free and
// thread-safe: the sampler appends on its thread, rankings run on the pool.
#pragma once

#include "query/process_ranking.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace perfscope::gui {

class ProcessHistory {
public:
    // 24 MiB: an hour of 300 processes sampled every 2 s, about (README).
    static constexpr std::size_t kDefaultMaxBytes = std::size_t{24} << 20;

    explicit ProcessHistory(std::size_t max_bytes = kDefaultMaxBytes) : m_max_bytes(max_bytes) {}

    // Adds the newest sample (its names are kept once per process); drops
    // the oldest ones while the history is over its budget, keeping at least
    // this one.
    void append(wpo::query::ProcessSample sample);

    // The ranking over [from_100ns, to_100ns] (FILETIME): the last sample at
    // or before `from_100ns`, so the range starts from a value, and every
    // sample after it up to `to_100ns`. Names filled in.
    struct Result {
        std::vector<wpo::query::RankedProcess> rows;
        std::size_t samples = 0;
        std::int64_t first_100ns = 0;
        std::int64_t last_100ns = 0;
        bool has_measure = false;  // the samples had the counters `by` needs
    };
    Result rank(std::int64_t from_100ns, std::int64_t to_100ns, wpo::query::RankBy by, std::size_t limit) const;

    std::size_t sample_count() const;
    // What the samples and names take, by the estimate the budget is kept with.
    std::size_t memory_bytes() const;
    std::size_t max_bytes() const { return m_max_bytes; }
    // FILETIME of the oldest and newest sample (0 when empty).
    std::pair<std::int64_t, std::int64_t> span() const;

    static std::size_t bytes_of(const wpo::query::ProcessSample& sample);

private:
    using Identity = std::pair<std::uint32_t, std::uint64_t>;  // pid, start
    struct Name {
        std::string text;
        std::uint64_t last_sequence = 0;  // of the newest sample the process is in
    };

    void drop_oldest();

    std::size_t m_max_bytes;
    mutable std::mutex m_mutex;
    std::deque<wpo::query::ProcessSample> m_samples;  // without names
    std::uint64_t m_first_sequence = 0;               // of m_samples.front()
    std::map<Identity, Name> m_names;
    std::size_t m_bytes = 0;
};

}  // namespace perfscope::gui
