// SPDX-License-Identifier: Apache-2.0
#include "gui/spike/recording_ranking.h"

#include "query/process_sample_feed.h"
#include "recording/replay_source.h"

namespace perfscope::gui {

RecordingRanking rank_recording(const std::string& path, std::int64_t from_100ns, std::int64_t to_100ns,
                                wpo::query::RankBy by, std::size_t limit)
{
    RecordingRanking out;
    auto source = wpo::recording::ReplaySource::open(path);
    if (!source) {
        out.error = source.error().message();
        return out;
    }
    wpo::recording::ReplaySource& replay = **source;
    auto found = replay.seek(from_100ns);
    if (!found) {
        out.error = found.error().message();
        return out;
    }
    wpo::query::ProcessRanking ranking;
    wpo::query::ProcessSampleFeed feed(replay);
    bool any = false;
    while (replay.positioned() && replay.current().times.time_100ns <= to_100ns) {
        any = true;
        // A sample without the Process object adds nothing; a recording
        // without it at all ends with no sample and says so.
        (void)feed.add(ranking);
        auto more = replay.next();
        if (!more) {
            out.error = more.error().message();
            break;
        }
    }
    out.has_process = !any || ranking.sample_count() > 0;
    out.result.samples = ranking.sample_count();
    out.result.first_100ns = ranking.first_time_100ns();
    out.result.last_100ns = ranking.last_time_100ns();
    out.result.has_measure = ranking.has(by);
    if (ranking.sample_count() >= 2)
        out.result.rows = ranking.rank(by, limit);
    return out;
}

}  // namespace perfscope::gui
