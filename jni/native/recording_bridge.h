// SPDX-License-Identifier: Apache-2.0
// org.perfscope.wpo.Recording's native side: a recording (docs/recording-format.md)
// opened as a source of its own. Each open recording is a Bridge over a
// ReplaySource with its own cache, so its samplers resolve paths, share
// collections and decode exactly as the live bridge's do, and nothing of it
// mixes with the live machine's cache. The recording stands on one record
// at a time; next() and seek() move it, and a sampler's sample() reads the
// record stood on.
//
// Freshness runs on a step clock of its own rather than on the recording's
// times: every move ages what the cache holds by kStep, so a sample after a
// move always reads the new record, also after a seek backwards (recorded
// times would make the cache's copies younger than zero there), while two
// samplers sampling at the same position share one decoded copy.
//
// Without wpo_recording in the build (no zstd) open() fails with
// Errc::unsupported.
#pragma once

#include "core/result.h"
#include "native/bridge.h"
#include "native/handle_table.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

namespace wpo {
class PerfObjectCache;
}
namespace wpo::recording {
class ReplaySource;
}

namespace perfscope::jni {

class RecordingBridge {
public:
    struct Info {
        std::string machine;
        std::string os;
        std::int64_t first_ns = 0;  // collection time of the first and last record, epoch nanoseconds
        std::int64_t last_ns = 0;
        bool index_rebuilt = false;  // the file had no sound index (a recorder that crashed)
    };

    // The open recordings of the process, by handle.
    static HandleTable<RecordingBridge>& table();

    // Opens `path` standing on its first record. Errc::not_found for a
    // recording without records.
    static wpo::Result<std::shared_ptr<RecordingBridge>> open(const std::string& path);
    ~RecordingBridge();
    RecordingBridge(const RecordingBridge&) = delete;
    RecordingBridge& operator=(const RecordingBridge&) = delete;

    Bridge& bridge() { return *m_bridge; }
    const Info& info() const { return m_info; }

    // Moves to the next record; false past the last (then not positioned).
    wpo::Result<bool> next();
    // Stands on the first record collected at or after `epoch_ns`; false when there is none.
    wpo::Result<bool> seek(std::int64_t epoch_ns);
    // The collection time of the record stood on, epoch nanoseconds; 0 when not positioned.
    std::int64_t time_ns();

private:
    RecordingBridge() = default;
    static std::chrono::nanoseconds step_clock(void* self);

    static constexpr std::chrono::hours kStep{1};

    Info m_info;
    std::mutex m_move_mutex;  // next/seek/time against each other
    // Written under the source's lock; read by the cache's clock, also outside it (a find before collecting).
    std::atomic<std::uint64_t> m_moves{0};
    // Declared before the bridge, which holds snapshots in the cache: the bridge goes first.
    std::unique_ptr<wpo::PerfObjectCache> m_cache;
    wpo::recording::ReplaySource* m_source = nullptr;  // owned by m_bridge
    std::unique_ptr<Bridge> m_bridge;
};

}  // namespace perfscope::jni
