// SPDX-License-Identifier: Apache-2.0
#include "query/query_sampler.h"

#include "query/object_requests.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace wpo::query {

wpo::Result<QuerySampler> QuerySampler::create(wpo::SharedSource& source, std::span<const QueryPath> paths,
                                               std::span<const QueryColumn> columns,
                                               const wpo::SnapshotOptions& options, LeftOutWarnings* warnings)
{
    QuerySampler sampler;
    sampler.m_warnings = warnings;
    sampler.m_columns = columns.size();
    sampler.m_filled.resize(columns.size());
    sampler.m_entities.reserve(paths.size());
    // Every entity on an object asks for what all paths on it need (object_requests.h).
    const auto requests_by_object = wpo::query::requests_by_object(paths);
    wpo::SnapshotOptions narrowed = options;
    narrowed.collect_only_requested = true;
    for (const QueryPath& path : paths) {
        const std::vector<wpo::CounterRequest>& requests = requests_by_object.at(path.request.object_index);
        auto snapshot = wpo::Snapshot::create(source, wpo::SnapshotType::custom, requests, narrowed);
        if (!snapshot)
            return snapshot.error();
        if (warnings)
            warnings->report((*snapshot)->left_out());
        Entity entity;
        entity.snapshot = std::move(*snapshot);
        entity.object = path.object;
        sampler.m_entities.push_back(std::move(entity));
    }
    for (std::size_t i = 0; i < columns.size(); ++i) {
        const QueryColumn& c = columns[i];
        sampler.m_entities[c.entity].cells.push_back({c.counter, c.has_instance, c.instance, i});
    }
    for (Entity& entity : sampler.m_entities)
        std::sort(entity.cells.begin(), entity.cells.end());
    return sampler;
}

wpo::Result<bool> QuerySampler::sample(std::span<double> values)
{
    if (values.size() < m_columns)
        return wpo::Error(wpo::Errc::too_large, "the value array holds " + std::to_string(values.size()) + " of " +
                                                    std::to_string(m_columns) + " columns");
    std::fill_n(values.begin(), m_columns, std::numeric_limits<double>::quiet_NaN());
    std::fill(m_filled.begin(), m_filled.end(), char{0});
    bool anomaly = false;
    // Newest entity first. The entity that queried an object last is banned
    // from the copy it inserted, so it queries again and the others take its
    // fresh copy. (Oldest first would also work now that entities refuse
    // copies older than half an interval, SnapshotOptions::max_age, but would
    // cost an extra query in the first interval.)
    for (auto entity = m_entities.rbegin(); entity != m_entities.rend(); ++entity) {
        auto sampled = sample_entity(*entity, values);
        if (!sampled)
            return sampled.error();
        anomaly |= *sampled;
    }
    return anomaly;
}

wpo::Status QuerySampler::sample(std::vector<std::optional<double>>& row)
{
    m_values.resize(m_columns);
    auto sampled = sample(m_values);
    if (!sampled)
        return sampled.error();
    row.assign(m_columns, std::nullopt);
    for (std::size_t i = 0; i < m_columns; ++i) {
        if (!std::isnan(m_values[i]))
            row[i] = m_values[i];
    }
    return {};
}

wpo::Result<bool> QuerySampler::sample_entity(Entity& entity, std::span<double> out)
{
    wpo::Snapshot& snapshot = *entity.snapshot;
    if (wpo::Status prepared = snapshot.prepare(); !prepared)
        return prepared.error();
    auto sampled = snapshot.sample();
    if (!sampled)
        return sampled.error();
    if (sampled->object_left_out && m_warnings)
        m_warnings->report(snapshot.left_out());
    auto decoded = snapshot.decode();
    if (!decoded)
        return decoded.error();
    auto values = snapshot.values();
    if (!values)
        return values.error();
    if (wpo::Status listed = snapshot.identities(entity.object, entity.identities); !listed)
        return listed.error();

    place_values(*values, entity.identities, entity.cells, m_filled, out);
    return sampled->any() || decoded->any();
}

}  // namespace wpo::query
