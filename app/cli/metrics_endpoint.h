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
#include <mutex>
#include <string>
#include <vector>

namespace perfscope::cli {

class MetricsEndpoint {
public:
    // `objects`: the title indices to export, in that order; `max_instances`: the cardinality guard of
    // Process and Thread (block_exporter.h). Source and names outlive the endpoint.
    MetricsEndpoint(wpo::Source& source, const wpo::NameTable& names, std::vector<std::uint32_t> objects,
                    std::size_t max_instances = exporter::kDefaultMaxInstances);

    // The body of one scrape, in `format`. A source that fails is an error (the server answers 500).
    wpo::Status scrape(exporter::ExpositionFormat format, std::string& body);

    std::uint64_t source_queries() const;

private:
    wpo::Source& m_source;
    const wpo::NameTable& m_names;
    std::vector<std::uint32_t> m_objects;
    std::size_t m_max_instances;
    std::string m_query;  // the objects' indices, as a source query names them

    mutable std::mutex m_mutex;
    std::vector<std::byte> m_buffer;
    std::vector<exporter::MetricFamily> m_families;
    std::uint64_t m_source_queries = 0;
};

}  // namespace perfscope::cli
