// SPDX-License-Identifier: Apache-2.0
// list|query --input FILE: a recording replayed as the commands' source,
// standing on its first sample (or -b's) and ending at its last (or -e's),
// with a cache that runs on the recording's clock.
#pragma once

#include "cache/perf_object_cache.h"
#include "cli/commands.h"
#include "recording/replay_source.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace perfscope::cli {

class ReplayInput : public Replay {
public:
    // Errc::not_found when the recording has no sample in [begin, end].
    static wpo::Result<std::unique_ptr<ReplayInput>> open(const std::string& path, std::optional<std::int64_t> begin_ms,
                                                          std::optional<std::int64_t> end_ms);

    wpo::Result<bool> next() override;
    std::chrono::system_clock::time_point time() const override;

    wpo::Source& source() { return *m_source; }
    wpo::PerfObjectCache& cache() { return *m_cache; }

private:
    ReplayInput(std::unique_ptr<wpo::recording::ReplaySource> source, std::optional<std::int64_t> end_100ns);

    std::unique_ptr<wpo::recording::ReplaySource> m_source;
    std::unique_ptr<wpo::PerfObjectCache> m_cache;
    std::optional<std::int64_t> m_end_100ns;
};

}  // namespace perfscope::cli
