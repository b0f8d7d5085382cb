// SPDX-License-Identifier: Apache-2.0
#include "cli/metrics_endpoint.h"

#include "format/block_view.h"

#include <charconv>
#include <limits>

namespace perfscope::cli {

using exporter::MetricFamily;
using exporter::MetricType;

MetricsEndpoint::MetricsEndpoint(AgentCache& agent, const wpo::NameTable& names, std::vector<std::uint32_t> objects,
                                 exporter::InstanceGuard guard)
    : m_agent(&agent), m_names(names), m_guard(std::move(guard))
{
    init(std::move(objects));
}

MetricsEndpoint::MetricsEndpoint(wpo::SharedSource& source, wpo::PerfObjectCache& cache, const wpo::NameTable& names,
                                 std::vector<std::uint32_t> objects, exporter::InstanceGuard guard)
    : m_own_agent(std::make_unique<AgentCache>(source, cache)),
      m_agent(m_own_agent.get()),
      m_names(names),
      m_guard(std::move(guard))
{
    init(std::move(objects));
}

MetricsEndpoint::MetricsEndpoint(wpo::Source& source, const wpo::NameTable& names, std::vector<std::uint32_t> objects,
                                 exporter::InstanceGuard guard, std::chrono::nanoseconds freshness)
    : m_own_agent(std::make_unique<AgentCache>(source, freshness)),
      m_agent(m_own_agent.get()),
      m_names(names),
      m_guard(std::move(guard))
{
    init(std::move(objects));
}

void MetricsEndpoint::init(std::vector<std::uint32_t> objects)
{
    m_default = selection(std::move(objects), m_guard);
    m_self[0] = {"perfscope_scrape_duration_seconds",
                 MetricType::gauge,
                 "Time this scrape took to collect the data and build its metrics.",
                 "seconds",
                 {{"", 0.0}}};
    m_self[1] = {"perfscope_scrape_samples",
                 MetricType::gauge,
                 "Samples of performance counters in this scrape, besides these three metrics.",
                 "",
                 {{"", 0.0}}};
    m_self[2] = {"perfscope_source_queries",
                 MetricType::counter,
                 "Queries this agent's scrapes made to the performance data source since it started.",
                 "",
                 {{"", 0.0}}};
}

MetricsEndpoint::~MetricsEndpoint() = default;

MetricsEndpoint::Selection MetricsEndpoint::selection(std::vector<std::uint32_t> objects,
                                                      const exporter::InstanceGuard& guard) const
{
    return {std::move(objects), std::make_unique<exporter::BlockExporter>(guard)};
}

void MetricsEndpoint::add_set(const std::string& name, std::vector<std::uint32_t> objects,
                              std::optional<exporter::InstanceGuard> guard)
{
    std::lock_guard lock(m_mutex);
    m_sets[name] = selection(std::move(objects), guard ? *guard : m_guard);
}

std::uint64_t MetricsEndpoint::source_queries() const
{
    std::lock_guard lock(m_mutex);
    return m_source_queries;
}

// A fresh copy of the object from the cache into this scrape's storage. The reference is given back at once:
// the storage holds a copy.
bool MetricsEndpoint::take_cached(std::uint32_t object_index, wpo::EntityId entity)
{
    const auto cached = cache().find(object_index, entity, std::numeric_limits<std::int64_t>::min());
    if (!cached)
        return false;
    m_storage.add(cached->bytes, cached->block);
    (void)cache().release(entity, cached->bytes.data());
    return true;
}

// This scrape's objects into m_storage, from the cache where it has them fresh and from one source query for
// the rest. A new entity per scrape: the cache bans an entity from a copy it found (a rate needs two copies),
// while every scrape within the freshness interval should read the same copy.
wpo::Status MetricsEndpoint::collect(const Selection& selected)
{
    const wpo::EntityId entity = cache().register_entity();
    m_storage.clear();
    m_missing.clear();
    for (const std::uint32_t index : selected.objects)
        if (!take_cached(index, entity))
            m_missing.push_back(index);
    if (!m_missing.empty()) {
        const auto held = m_agent->source().lock();
        // Another entity may have collected them while this one waited for the source.
        std::erase_if(m_missing, [&](std::uint32_t index) { return take_cached(index, entity); });
        if (!m_missing.empty()) {
            m_query.clear();
            for (const std::uint32_t index : m_missing) {
                if (!m_query.empty())
                    m_query += ' ';
                char digits[16];
                const auto end = std::to_chars(digits, digits + sizeof digits, index).ptr;
                m_query.append(digits, end);
            }
            ++m_source_queries;
            wpo::BlockView block;
            if (wpo::Status status = m_agent->collect_locked(held, m_query, m_buffer, block); !status)
                return status;
            for (const std::uint32_t index : m_missing) {
                if (auto object = block.find_object(index)) {
                    (void)cache().insert(entity, block, *object);
                    m_storage.add(object->bytes(), block.header());
                }
            }
        }
    }
    m_storage.seal();
    return {};
}

wpo::Status MetricsEndpoint::scrape(exporter::ExpositionFormat format, std::string& body, std::string_view set)
{
    if (!m_agent->attached())
        return m_agent->attached();
    std::lock_guard lock(m_mutex);
    const Selection* selected = &m_default;
    if (!set.empty()) {
        const auto found = m_sets.find(set);
        if (found == m_sets.end())
            return wpo::Error(wpo::Errc::not_found, "no counter set named \"" + std::string(set) + "\"");
        selected = &found->second;
    }
    const auto start = std::chrono::steady_clock::now();
    body.clear();
    if (wpo::Status status = collect(*selected); !status)
        return status;
    const auto families = selected->exporter->export_block(m_names, m_storage.block(), selected->objects);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    m_self[0].samples.front().value = seconds;
    m_self[1].samples.front().value = static_cast<double>(selected->exporter->sample_count());
    m_self[2].samples.front().value = static_cast<double>(m_source_queries);
    exporter::write_families(families, format, body);
    exporter::write_families(m_self, format, body);
    exporter::end_exposition(format, body);
    return {};
}

}  // namespace perfscope::cli
