// SPDX-License-Identifier: Apache-2.0
// Feeds a ProcessRanking from a source, one collection per sample: what
// perfscope-cli top and the desktop app's ranking over a recording share.
// A recording of several queries can answer two positions with the same
// block; it counts as one sample.
//
//   ProcessSampleFeed feed(replay);
//   do { feed.add(ranking); } while (*replay.next());
#pragma once

#include "sources/source.h"
#include "query/process_ranking.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace wpo::query {

class ProcessSampleFeed {
public:
    explicit ProcessSampleFeed(Source& source) : m_source(source) {}

    // Collects kProcessRankingQuery once and adds the block to `ranking`.
    Status add(ProcessRanking& ranking);

private:
    Source& m_source;
    std::vector<std::byte> m_buffer;
    std::optional<std::int64_t> m_last_time;
};

}  // namespace wpo::query
