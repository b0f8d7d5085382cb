// SPDX-License-Identifier: Apache-2.0
// "Who caused this?" over a recording: every recorded sample of the Process
// object between two times, read from the file and ranked the way
// perfscope-cli top --input does (ProcessSampleFeed). Runs off the GUI
// thread: it reads the file.
#pragma once

#include "gui/spike/process_history.h"

#include <cstdint>
#include <string>

namespace perfscope::gui {

struct RecordingRanking {
    ProcessHistory::Result result;
    bool has_process = true;  // false: no recorded sample of the range had the Process object
    std::string error;        // non-empty: the file could not be read
};

RecordingRanking rank_recording(const std::string& path, std::int64_t from_100ns, std::int64_t to_100ns,
                                wpo::query::RankBy by, std::size_t limit);

}  // namespace perfscope::gui
