// SPDX-License-Identifier: Apache-2.0
// What `perfscope-cli serve` answers on /metrics, without HTTP: one source query for the exported objects,
// their metric families (docs/prometheus-naming.md) and the scrape's own metrics, written in the format
// the request asked for. Scrapes may come from several threads: they take turns.
#pragma once

#include "core/result.h"
#include "exporter/block_exporter.h"
#include "exporter/exposition_writer.h"
#include "exporter/metric_family.h"
#include "names/name_table.h"
#include "sources/source.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace perfscope::cli {

class MetricsEndpoint {
public:
    // `objects`: the title indices to export, in that order; `max_instances`: the cardinality guard of
    // Process and Thread (block_exporter.h). Source and names outlive the endpoint.
    MetricsEndpoint(wpo::Source& source, const wpo::NameTable& names, std::vector<std::uint32_t> objects,
                    std::size_t max_instances = exporter::kDefaultMaxInstances);

    // A named selection of objects, served for `/metrics?set=NAME`; added before serving starts.
    void add_set(const std::string& name, std::vector<std::uint32_t> objects);

    // The body of one scrape, in `format`, of the objects of `set` (empty: the endpoint's own). An unknown
    // set is Errc::not_found (the server answers 404); a source that fails is an error (500).
    wpo::Status scrape(exporter::ExpositionFormat format, std::string& body, std::string_view set = {});

    std::uint64_t source_queries() const;

private:
    wpo::Source& m_source;
    const wpo::NameTable& m_names;
    struct Selection {
        std::vector<std::uint32_t> objects;
        std::string query;  // the objects' indices, as a source query names them
    };
    static Selection selection(std::vector<std::uint32_t> objects);

    Selection m_default;
    std::map<std::string, Selection, std::less<>> m_sets;
    std::size_t m_max_instances;

    mutable std::mutex m_mutex;
    std::vector<std::byte> m_buffer;
    std::vector<exporter::MetricFamily> m_families;
    std::uint64_t m_source_queries = 0;
};

}  // namespace perfscope::cli
