// SPDX-License-Identifier: Apache-2.0
// The one source of the app's process, shared by every view's sampler and the
// counter browser: the platform Source behind one SharedSource (collect() is
// serialised), its name table (immutable once loaded, read from any thread),
// the machine's name and the process-wide PerfObjectCache every entity shares.
//
// Queries are counted per thread (each view samples on its own thread), so a
// sampler can tell how many source queries its own cycle made without the
// other views' queries mixing in.
#pragma once

#include "cache/perf_object_cache.h"
#include "core/result.h"
#include "gui/sampling/retired_threads.h"
#include "names/name_table.h"
#include "snapshot/shared_source.h"
#include "sources/source.h"

#include <QThreadPool>

#include <cstdint>
#include <memory>
#include <string>

namespace perfscope::gui {

class SourceHub {
public:
    // Loads the names and collects once for the machine's name. `cache` null:
    // PerfObjectCache::process_default().
    static wpo::Result<std::unique_ptr<SourceHub>> create(std::unique_ptr<wpo::Source> source,
                                                          wpo::PerfObjectCache* cache = nullptr);
    ~SourceHub();
    SourceHub(const SourceHub&) = delete;
    SourceHub& operator=(const SourceHub&) = delete;

    wpo::SharedSource& shared() { return *m_shared; }
    wpo::PerfObjectCache& cache() { return *m_cache; }
    const wpo::NameTable& names() const { return m_names; }
    const std::string& system_name() const { return m_system_name; }

    // Source queries made on the calling thread since it started.
    static std::uint64_t queries_on_this_thread();
    // Object indices the calling thread's queries asked for, summed.
    static std::uint64_t objects_queried_on_this_thread();
    // Every query of every thread.
    std::uint64_t total_queries() const;
    // Where samplers leave their worker threads when they stop; the hub waits
    // for them before it goes.
    RetiredThreads& retired() { return *m_retired; }
    // Work that reads the source off the GUI thread and is not a sampler
    // (resolving a counter set's paths); waited for before the hub goes.
    QThreadPool& pool() { return *m_pool; }

private:
    class CountingSource;
    SourceHub() = default;

    std::unique_ptr<CountingSource> m_counting;
    std::unique_ptr<wpo::SharedSource> m_shared;
    wpo::PerfObjectCache* m_cache = nullptr;
    wpo::NameTable m_names;
    std::string m_system_name;
    std::unique_ptr<RetiredThreads> m_retired = std::make_unique<RetiredThreads>();
    std::unique_ptr<QThreadPool> m_pool;
};

}  // namespace perfscope::gui
