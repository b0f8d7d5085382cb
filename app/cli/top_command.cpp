// SPDX-License-Identifier: Apache-2.0
// perfscope-cli top: a ProcessRanking over every Process sample of a
// recording between -b and -e, or over two samples of this machine --last S
// seconds apart (docs/process-ranking.md).
#include "cli/commands.h"

#include "cli/top_report.h"
#include "format/block_view.h"
#include "query/process_ranking.h"
#include "query/process_sample_feed.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <thread>

namespace perfscope::cli {
namespace {

using wpo::Errc;
using wpo::Error;
using wpo::query::ProcessRanking;

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
    wpo::query::ProcessSampleFeed sampler(c.source);
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
