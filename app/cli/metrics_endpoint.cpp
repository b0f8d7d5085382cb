// SPDX-License-Identifier: Apache-2.0
#include "cli/metrics_endpoint.h"

#include "exporter/block_exporter.h"
#include "format/block_view.h"

#include <chrono>

namespace perfscope::cli {

using exporter::MetricFamily;
using exporter::MetricType;

MetricsEndpoint::MetricsEndpoint(wpo::Source& source, const wpo::NameTable& names, std::vector<std::uint32_t> objects,
                                 std::size_t max_instances)
    : m_source(source), m_names(names), m_default(selection(std::move(objects))), m_max_instances(max_instances)
{}

MetricsEndpoint::Selection MetricsEndpoint::selection(std::vector<std::uint32_t> objects)
{
    Selection s{std::move(objects), {}};
    for (const std::uint32_t index : s.objects) {
        if (!s.query.empty())
            s.query += ' ';
        s.query += std::to_string(index);
    }
    return s;
}

void MetricsEndpoint::add_set(const std::string& name, std::vector<std::uint32_t> objects)
{
    std::lock_guard lock(m_mutex);
    m_sets[name] = selection(std::move(objects));
}

std::uint64_t MetricsEndpoint::source_queries() const
{
    std::lock_guard lock(m_mutex);
    return m_source_queries;
}

wpo::Status MetricsEndpoint::scrape(exporter::ExpositionFormat format, std::string& body, std::string_view set)
{
    std::lock_guard lock(m_mutex);
    const Selection* selected = &m_default;
    if (!set.empty()) {
        const auto found = m_sets.find(set);
        if (found == m_sets.end())
            return wpo::Error(wpo::Errc::not_found, "no counter set named \"" + std::string(set) + "\"");
        selected = &found->second;
    }
    const auto start = std::chrono::steady_clock::now();
    ++m_source_queries;
    if (wpo::Status status = m_source.collect(selected->query, m_buffer); !status)
        return status;
    auto block = wpo::BlockView::parse(m_buffer);
    if (!block)
        return block.error();
    m_families.clear();
    exporter::export_block(m_names, *block, selected->objects, m_families, m_max_instances);

    std::size_t samples = 0;
    for (const MetricFamily& family : m_families)
        samples += family.samples.size();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    m_families.push_back({"perfscope_scrape_duration_seconds",
                          MetricType::gauge,
                          "Time this scrape took to collect the data and build its metrics.",
                          "seconds",
                          {{"", seconds}}});
    m_families.push_back({"perfscope_scrape_samples",
                          MetricType::gauge,
                          "Samples of performance counters in this scrape, besides these three metrics.",
                          "",
                          {{"", static_cast<double>(samples)}}});
    m_families.push_back({"perfscope_source_queries",
                          MetricType::counter,
                          "Queries this agent made to the performance data source since it started.",
                          "",
                          {{"", static_cast<double>(m_source_queries)}}});
    body.clear();
    exporter::write_exposition(m_families, format, body);
    return {};
}

}  // namespace perfscope::cli
