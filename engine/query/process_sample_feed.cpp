// SPDX-License-Identifier: Apache-2.0
#include "query/process_sample_feed.h"

#include "format/block_view.h"

namespace wpo::query {

Status ProcessSampleFeed::add(ProcessRanking& ranking)
{
    if (Status status = m_source.collect(kProcessRankingQuery, m_buffer); !status)
        return status;
    auto block = BlockView::parse(m_buffer);
    if (!block)
        return block.error();
    const std::int64_t time = block->header().perf_time_100ns;
    if (m_last_time && *m_last_time == time)
        return {};
    if (ranking.add(*block))
        m_last_time = time;
    return {};
}

}  // namespace wpo::query
