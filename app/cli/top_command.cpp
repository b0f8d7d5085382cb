// SPDX-License-Identifier: Apache-2.0
// perfscope-cli top: a ProcessRanking over every Process sample of a
// recording between -b and -e, or over two samples of this machine --last S
// seconds apart (docs/process-ranking.md).
#include "cli/commands.h"

#include "cli/top_report.h"
#include "format/block_view.h"
#include "query/process_ranking.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <thread>

namespace perfscope::cli {
namespace {

using wpo::Errc;
using wpo::Error;
using wpo::query::ProcessRanking;


class TopSampler {
public:
    explicit TopSampler(wpo::Source& source) : m_source(source) {}

    wpo::Status add(ProcessRanking& ranking)
    {
        if (wpo::Status status = m_source.collect(wpo::query::kProcessRankingQuery, m_buffer); !status)
            return status;
        auto block = wpo::BlockView::parse(m_buffer);
        if (!block)
            return block.error();
        // A recording of several queries can answer two positions with the
        // same block: it is one sample.
        const std::int64_t time = block->header().perf_time_100ns;
        if (m_last_time && *m_last_time == time)
            return {};
        if (ranking.add(*block))
            m_last_time = time;
        return {};
    }

private:
    wpo::Source& m_source;
    std::vector<std::byte> m_buffer;
    std::optional<std::int64_t> m_last_time;
};

void wait_seconds(double seconds)
{
    using Clock = std::chrono::steady_clock;
    const Clock::time_point until =
        Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    while (Clock::now() < until && !stop_requested())
        std::this_thread::sleep_for(std::min<Clock::duration>(std::chrono::milliseconds(100), until - Clock::now()));
}

}  // namespace

wpo::Status run_top(const Options& options, Context& c)
{
    ProcessRanking ranking;
    TopSampler sampler(c.source);
    if (c.replay) {
        for (;;) {
            if (wpo::Status status = sampler.add(ranking); !status)
                return status;
            if (stop_requested())
                break;
            auto more = c.replay->next();
            if (!more)
                return more.error();
            if (!*more)
                break;
        }
    } else {
        if (wpo::Status status = sampler.add(ranking); !status)
            return status;
        // Ctrl-C during the wait ranks over the shorter span.
        wait_seconds(options.top.last_s);
        if (wpo::Status status = sampler.add(ranking); !status)
            return status;
    }
    if (ranking.sample_count() < 2)
        return Error(Errc::not_found, c.replay ? "the recording has fewer than two samples of the Process object"
                                                 " in the range (record it with: perfscope-cli record ... Process)"
                                               : "this source serves no Process object");
    if (!ranking.has(options.top.by))
        return Error(Errc::not_found,
                     std::string("the Process samples have no counters for ") + measure_name(options.top.by));
    const TopReportOptions report{options.top.by, options.top.count};
    const std::string text = options.top.csv ? format_top_csv(ranking, report) : format_top_table(ranking, report);
    std::fputs(text.c_str(), c.out);
    return {};
}

}  // namespace perfscope::cli
