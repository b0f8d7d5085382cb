// SPDX-License-Identifier: Apache-2.0
// The one cache of `perfscope-cli serve`: its source, the PerfObjectCache and the cache's freshness, shared by
// /metrics scrapes and the remote endpoints (over HTTP and --stdio). Every collection any of them makes goes
// through here, so a Prometheus scrape and a remote client asking for the same object within the freshness
// interval cost one collection (docs/remote-protocol.md §3, docs/prometheus-naming.md).
#pragma once

#include "cache/perf_object_cache.h"
#include "core/result.h"
#include "format/block_view.h"
#include "snapshot/shared_source.h"
#include "sources/source.h"

#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace perfscope::cli {

class AgentCache {
public:
    // Over `source` with a cache of its own whose freshness is `freshness` (0: nothing is shared).
    AgentCache(wpo::Source& source, std::chrono::nanoseconds freshness);
    // Over `source` and `cache`, which outlive it. A cache already serving another source makes attached() an
    // error, and every request of the endpoints over this one fails with it.
    AgentCache(wpo::SharedSource& source, wpo::PerfObjectCache& cache);
    ~AgentCache();
    AgentCache(const AgentCache&) = delete;
    AgentCache& operator=(const AgentCache&) = delete;

    wpo::SharedSource& source() { return *m_source; }
    wpo::PerfObjectCache& cache() { return *m_cache; }
    const wpo::Status& attached() const { return m_attached; }
    std::chrono::nanoseconds freshness() const { return m_cache->options().freshness; }
    // Now on the cache's clock (a test's clock when it injects one), for ages compared with the freshness.
    std::chrono::nanoseconds now() const;

    // One source query while `held` is SharedSource::lock()'s, counted in the cache's statistics. The block is
    // parsed into `block`; its machine name is kept for blocks assembled later from cached objects.
    wpo::Status collect_locked(const std::unique_lock<std::mutex>& held, std::string_view query,
                               std::vector<std::byte>& buffer, wpo::BlockView& block);
    // The machine name of the newest block collected here (empty before the first).
    std::string system_name() const;
    // Source queries made through this agent cache.
    std::uint64_t collections() const;

private:
    void attach();

    std::unique_ptr<wpo::SharedSource> m_own_source;
    std::unique_ptr<wpo::PerfObjectCache> m_own_cache;
    wpo::SharedSource* m_source;
    wpo::PerfObjectCache* m_cache;
    wpo::Status m_attached;

    mutable std::mutex m_name_mutex;
    std::vector<std::byte> m_name_utf16;  // raw, so that a steady scrape does not allocate
    std::uint64_t m_collections = 0;
};

}  // namespace perfscope::cli
