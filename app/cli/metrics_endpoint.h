// SPDX-License-Identifier: Apache-2.0
// What `perfscope-cli serve` answers on /metrics, without HTTP: the exported objects' metric families
// (docs/prometheus-naming.md) and the scrape's own metrics, written in the format the request asked for.
//
// A scrape is an entity of the agent's shared PerfObjectCache: it takes each object the cache holds from
// less than the cache's freshness ago, and makes one source query for the rest, inserting what it collected,
// so however many scrapes (and other entities of the same cache) arrive within the freshness interval, each
// object is collected once. Scrapes may come from several threads: they take turns, which lets every buffer
// (the objects, the families, their label strings) be reused, so a steady scrape allocates nothing but what
// the caller's body needs to grow.
#pragma once

#include "cli/agent_cache.h"
#include "core/result.h"
#include "exporter/block_exporter.h"
#include "exporter/exposition_writer.h"
#include "exporter/instance_guard.h"
#include "exporter/metric_family.h"
#include "names/name_table.h"
#include "snapshot/object_storage.h"
#include "sources/source.h"

#include <array>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perfscope::cli {

// The objects serve exports without --set: what node_exporter's default collectors cover that Perfscope has.
inline constexpr const char* kDefaultServeObjects[] = {"Processor",         "Memory", "LogicalDisk", "PhysicalDisk",
                                                       "Network Interface", "System"};

class MetricsEndpoint {
public:
    // `objects`: the title indices to export, in that order; `guard`: the cardinality guard of Process and
    // Thread (instance_guard.h). The agent's cache and the names outlive the endpoint.
    MetricsEndpoint(AgentCache& agent, const wpo::NameTable& names, std::vector<std::uint32_t> objects,
                    exporter::InstanceGuard guard = {});
    // The same over `source` and `cache`, which outlive the endpoint (a cache serving another source makes
    // every scrape fail with that error).
    MetricsEndpoint(wpo::SharedSource& source, wpo::PerfObjectCache& cache, const wpo::NameTable& names,
                    std::vector<std::uint32_t> objects, exporter::InstanceGuard guard = {});
    // An endpoint alone with `source`, through a cache of its own whose freshness is `freshness` (0: every
    // scrape collects).
    MetricsEndpoint(wpo::Source& source, const wpo::NameTable& names, std::vector<std::uint32_t> objects,
                    exporter::InstanceGuard guard = {}, std::chrono::nanoseconds freshness = {});
    ~MetricsEndpoint();
    MetricsEndpoint(const MetricsEndpoint&) = delete;
    MetricsEndpoint& operator=(const MetricsEndpoint&) = delete;

    // A named selection of objects, served for `/metrics?set=NAME` with its own guard (none: the endpoint's);
    // added before serving starts.
    void add_set(const std::string& name, std::vector<std::uint32_t> objects,
                 std::optional<exporter::InstanceGuard> guard = std::nullopt);

    // The body of one scrape into `body` (its capacity kept), in `format`, of the objects of `set` (empty: the endpoint's
    // own). An unknown set is Errc::not_found (the server answers 404); a source that fails is an error (500).
    wpo::Status scrape(exporter::ExpositionFormat format, std::string& body, std::string_view set = {});

    // The queries this endpoint's scrapes made to the source.
    std::uint64_t source_queries() const;

private:
    struct Selection {
        std::vector<std::uint32_t> objects;
        std::unique_ptr<exporter::BlockExporter> exporter;
    };
    Selection selection(std::vector<std::uint32_t> objects, const exporter::InstanceGuard& guard) const;
    void init(std::vector<std::uint32_t> objects);
    wpo::PerfObjectCache& cache() { return m_agent->cache(); }
    bool take_cached(std::uint32_t object_index, wpo::EntityId entity);
    wpo::Status collect(const Selection& selected);

    std::unique_ptr<AgentCache> m_own_agent;
    AgentCache* m_agent;
    const wpo::NameTable& m_names;
    exporter::InstanceGuard m_guard;

    mutable std::mutex m_mutex;
    Selection m_default;
    std::map<std::string, Selection, std::less<>> m_sets;
    std::vector<std::uint32_t> m_missing;
    std::string m_query;
    std::vector<std::byte> m_buffer;
    wpo::ObjectStorage m_storage;
    std::array<exporter::MetricFamily, 3> m_self;
    std::uint64_t m_source_queries = 0;
};

}  // namespace perfscope::cli
