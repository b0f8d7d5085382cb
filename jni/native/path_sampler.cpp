// SPDX-License-Identifier: Apache-2.0
#include "native/path_sampler.h"

#include "naming/instance_names.h"
#include "query/object_resolver.h"
#include "query/object_requests.h"
#include "query/path_resolution.h"
#include "query/value_cells.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace perfscope::jni {

using wpo::Errc;
using wpo::Error;


struct PathSampler::Entity {
    std::unique_ptr<wpo::Snapshot> snapshot;
    std::uint32_t object = 0;
    std::size_t path = 0;
    wpo::CounterPath parsed;
    bool follows = false;                           // a wildcard instance: columns are the instances present
    std::vector<std::uint32_t> counters;            // of each instance's columns, in column order
    std::vector<Cell> cells;                        // sorted, so a value finds its column by binary search
    std::vector<wpo::InstanceIdentity> identities;  // of this sample, reused
    // The identities the columns were last matched against; none at first, so
    // the first sample matches its own instances (the open's block is older).
    std::vector<wpo::InstanceIdentity> known;
    std::vector<wpo::InstanceIdentity> matched;  // the instances that have columns, in column order
    std::vector<std::string> displays;           // their display names
    std::int64_t collected_ns = 0;               // this sample's data, 0 when unknown
};

namespace {

// The Java user browses with PerfObjects, not perfscope-cli.
std::string java_where_to_look(const std::string& object, bool instances)
{
    return std::string(instances ? "PerfObjects.instances(\"" : "PerfObjects.counters(\"") + object + "\")";
}

// Nanoseconds since 1970 of a block's PerfTime100nSec (100 ns since 1601); 0 for none.
std::int64_t epoch_ns(std::int64_t filetime)
{
    constexpr std::int64_t k1601To1970 = 116'444'736'000'000'000;
    if (filetime <= k1601To1970)
        return 0;
    return (filetime - k1601To1970) * 100;
}

std::int64_t wall_ns(std::chrono::system_clock::time_point t)
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
}

// A copy enters the cache when its collection ends, and the cache ages it
// from then: one collected across the threshold can be younger by the
// cache's clock and older by its own. Older by more than this is not that
// (a source whose times are not this machine's wall clock, recorded or
// synthetic data), and collecting again would not make it younger.
constexpr std::int64_t kCollectionOverlapNs = 1'000'000'000;

constexpr std::int64_t kLongestAgeNs = 24LL * 3600 * 1'000'000'000;

}  // namespace

PathSampler::PathSampler(const wpo::NameTable& names) : m_names(names)
{}

PathSampler::~PathSampler() = default;

wpo::Result<std::unique_ptr<PathSampler>> PathSampler::open(wpo::SharedSource& source, const wpo::NameTable& names,
                                                            std::span<const std::string> paths,
                                                            const wpo::SnapshotOptions& options)
{
    if (paths.empty())
        return Error(Errc::invalid_argument, "no counter paths given");
    std::unique_ptr<PathSampler> result(new PathSampler(names));
    // The first sample's "previous call" is this one.
    result->m_previous_call = std::chrono::steady_clock::now();
    result->m_previous_call_wall = std::chrono::system_clock::now();

    // Resolved as perfscope-cli query does: one collection of every path's
    // objects, then paths -> columns against that block. A sampler needs
    // every path: the first that does not resolve is the error.
    wpo::query::PathWording wording;
    wording.columns.where_to_look = java_where_to_look;
    wording.columns.machine_in_header = false;
    wording.where_objects = "PerfObjects.objects()";
    auto resolution = wpo::query::resolve_paths(paths, source, names, wording);
    if (!resolution)
        return resolution.error();
    if (wpo::Status first = resolution->first_error(); !first)
        return first.error();

    // Every entity on an object asks for what all paths on it need (object_requests.h).
    const auto requests_by_object = wpo::query::requests_by_object(resolution->paths);
    wpo::SnapshotOptions narrowed = options;
    narrowed.collect_only_requested = true;
    for (std::size_t p = 0; p < resolution->paths.size(); ++p) {
        const wpo::query::QueryPath& path = resolution->paths[p];
        const std::vector<wpo::CounterRequest>& requests = requests_by_object.at(path.request.object_index);
        auto snapshot = wpo::Snapshot::create(source, wpo::SnapshotType::custom, requests, narrowed);
        if (!snapshot)
            return snapshot.error();
        Entity entity;
        entity.snapshot = std::move(*snapshot);
        entity.object = path.object;
        entity.path = p;
        entity.parsed = path.path;
        entity.follows = path.path.has_instance && path.path.wildcard_instance;
        if (path.request.counter_index != 0)
            entity.counters.push_back(path.request.counter_index);
        result->m_entities.push_back(std::move(entity));
    }

    for (wpo::query::QueryColumn& c : resolution->columns) {
        Entity& entity = result->m_entities[c.entity];
        if (entity.parsed.wildcard_counter &&
            std::find(entity.counters.begin(), entity.counters.end(), c.counter) == entity.counters.end())
            entity.counters.push_back(c.counter);
        if (c.has_instance && (entity.matched.empty() || !(entity.matched.back() == c.instance))) {
            entity.matched.push_back(c.instance);
            const std::size_t open = c.header.find('(');
            const std::size_t close = c.header.rfind(")\\");
            entity.displays.push_back(open != std::string::npos && close != std::string::npos && close > open
                                          ? c.header.substr(open + 1, close - open - 1)
                                          : std::string());
        }
        result->m_columns.push_back({{std::move(c.header), c.entity}, c.counter, c.has_instance, c.instance});
    }
    for (Entity& entity : result->m_entities) {
        if (entity.counters.empty()) {
            // A wildcard counter on a wildcard instance that had no instance at open.
            std::vector<wpo::CounterRecord> records;
            if (entity.snapshot->counters(entity.object, records))
                for (const wpo::CounterRecord& r : records)
                    entity.counters.push_back(r.name_index);
        }
    }
    result->m_values.assign(result->m_columns.size(), std::numeric_limits<double>::quiet_NaN());
    result->m_filled.resize(result->m_columns.size());
    result->index_cells();
    return result;
}

void PathSampler::columns(std::vector<Column>& out) const
{
    std::lock_guard guard(m_mutex);
    out.clear();
    for (const ColumnKey& c : m_columns)
        out.push_back(c.column);
}

std::size_t PathSampler::column_count() const
{
    std::lock_guard guard(m_mutex);
    return m_columns.size();
}

wpo::Status PathSampler::set_max_age(std::int64_t nanos)
{
    if (nanos < 0 && nanos != kSincePreviousCall)
        return Error(Errc::invalid_argument,
                     "a negative maximum age (" + std::to_string(nanos) + " ns): give 0 or more nanoseconds");
    std::lock_guard guard(m_mutex);
    m_max_age = nanos;
    return {};
}

void PathSampler::set_recorded()
{
    std::lock_guard guard(m_mutex);
    m_recorded = true;
}

std::int64_t PathSampler::max_age() const
{
    std::lock_guard guard(m_mutex);
    return m_max_age;
}

std::size_t PathSampler::values(std::span<double> out) const
{
    std::lock_guard guard(m_mutex);
    std::copy_n(m_values.begin(), std::min(out.size(), m_values.size()), out.begin());
    return m_values.size();
}

wpo::Result<PathSampler::Sample> PathSampler::sample(std::span<double> out)
{
    std::lock_guard guard(m_mutex);
    const auto call = std::chrono::steady_clock::now();
    const auto call_wall = std::chrono::system_clock::now();
    auto bound = m_previous_call;
    auto bound_wall = m_previous_call_wall;
    if (m_max_age != kSincePreviousCall) {
        // The cache holds nothing older than its freshness anyway; capped so that no clock arithmetic overflows.
        const std::chrono::nanoseconds age(std::min<std::int64_t>(m_max_age, kLongestAgeNs));
        bound = call - age;
        bound_wall = call_wall - std::chrono::duration_cast<std::chrono::system_clock::duration>(age);
    }
    m_previous_call = call;
    m_previous_call_wall = call_wall;

    Sample result;
    // Newest entity first. The entity that queried an object last is banned
    // from the copy it inserted, so it queries again and the others take its
    // fresh copy.
    for (auto entity = m_entities.rbegin(); entity != m_entities.rend(); ++entity) {
        auto cycled = cycle(*entity, bound);
        if (!cycled)
            return cycled.error();
        result.anomaly |= *cycled;
    }
    const std::int64_t oldest_allowed = wall_ns(bound_wall);
    for (Entity& entity : m_entities) {
        if (m_recorded || entity.collected_ns == 0 || entity.collected_ns >= oldest_allowed ||
            oldest_allowed - entity.collected_ns > kCollectionOverlapNs)
            continue;
        // Collected across the threshold: measure once more, from the source.
        auto cycled = cycle(entity, std::chrono::steady_clock::now());
        if (!cycled)
            return cycled.error();
        result.anomaly |= *cycled;
    }

    for (Entity& entity : m_entities) {
        if (!entity.follows || entity.identities == entity.known)
            continue;
        auto followed = follow(entity);
        if (!followed)
            return followed.error();
        result.columns_changed |= *followed;
    }
    if (result.columns_changed) {
        // Rebuilt in path order; paths that name their instances keep their columns.
        std::vector<ColumnKey> columns;
        for (const Entity& entity : m_entities) {
            if (!entity.follows) {
                for (ColumnKey& c : m_columns)
                    if (c.column.path == entity.path)
                        columns.push_back(std::move(c));
                continue;
            }
            for (std::size_t i = 0; i < entity.matched.size(); ++i)
                for (std::uint32_t counter : entity.counters)
                    columns.push_back({{header(entity.object, &entity.displays[i], counter), entity.path},
                                       counter,
                                       true,
                                       entity.matched[i]});
        }
        m_columns = std::move(columns);
        m_values.resize(m_columns.size());
        m_filled.resize(m_columns.size());
        index_cells();
    }

    std::fill(m_values.begin(), m_values.end(), std::numeric_limits<double>::quiet_NaN());
    std::fill(m_filled.begin(), m_filled.end(), char{0});
    for (const Entity& entity : m_entities) {
        fill(entity);
        if (entity.collected_ns != 0 && (result.collected_ns == 0 || entity.collected_ns < result.collected_ns))
            result.collected_ns = entity.collected_ns;
    }
    result.columns = m_columns.size();
    std::copy_n(m_values.begin(), std::min(out.size(), m_values.size()), out.begin());
    return result;
}

wpo::Result<bool> PathSampler::cycle(Entity& entity, std::chrono::steady_clock::time_point bound)
{
    wpo::Snapshot& snapshot = *entity.snapshot;
    // The cache ages a copy from its insertion; at least 1 ns, since 0 would
    // mean the cache's own freshness.
    const auto age = std::chrono::steady_clock::now() - bound;
    snapshot.set_max_age(std::max<std::chrono::nanoseconds>(std::chrono::nanoseconds(1), age));
    if (wpo::Status prepared = snapshot.prepare(); !prepared)
        return prepared.error();
    auto sampled = snapshot.sample();
    if (!sampled)
        return sampled.error();
    auto decoded = snapshot.decode();
    if (!decoded)
        return decoded.error();
    if (wpo::Status listed = snapshot.identities(entity.object, entity.identities); !listed)
        return listed.error();
    auto time = snapshot.object_time(entity.object);
    entity.collected_ns = time ? epoch_ns(time->perf_time_100ns) : 0;
    return sampled->any() || decoded->any();
}

wpo::Result<bool> PathSampler::follow(Entity& entity)
{
    entity.known = entity.identities;
    std::vector<wpo::InstanceInfo> infos;
    if (wpo::Status listed = entity.snapshot->instances(entity.object, infos); !listed)
        return listed.error();
    // A wildcard under a parent ("java/*") may name the parent by its raw name.
    std::map<std::uint32_t, std::vector<wpo::InstanceInfo>> parents;
    std::vector<wpo::InstanceName> names(infos.size());
    for (std::size_t i = 0; i < infos.size(); ++i) {
        const wpo::InstanceInfo& info = infos[i];
        wpo::InstanceName& n = names[i];
        n.name = info.name;
        n.display = info.display;
        n.parent = info.parent;
        if (info.parent_object != 0 && !info.parent.empty()) {
            auto found = parents.find(info.parent_object);
            if (found == parents.end()) {
                found = parents.emplace(info.parent_object, std::vector<wpo::InstanceInfo>{}).first;
                (void)entity.snapshot->instances(info.parent_object, found->second);
            }
            if (info.parent_instance < found->second.size())
                n.parent_name = found->second[info.parent_instance].name;
        }
    }
    std::vector<wpo::InstanceIdentity> matched;
    std::vector<std::string> displays;
    for (std::uint32_t i : wpo::match_instances(names, entity.parsed)) {
        matched.push_back(infos[i].identity);
        displays.push_back(infos[i].display);
    }
    const bool changed = matched != entity.matched;
    entity.matched = std::move(matched);
    entity.displays = std::move(displays);
    return changed;
}

void PathSampler::index_cells()
{
    for (Entity& entity : m_entities)
        entity.cells.clear();
    for (std::size_t i = 0; i < m_columns.size(); ++i) {
        const ColumnKey& c = m_columns[i];
        m_entities[c.column.path].cells.push_back({c.counter, c.has_instance, c.instance, i});
    }
    for (Entity& entity : m_entities)
        std::sort(entity.cells.begin(), entity.cells.end());
}

void PathSampler::fill(const Entity& entity)
{
    auto values = entity.snapshot->values();
    if (!values)
        return;
    wpo::query::place_values(*values, entity.identities, entity.cells, m_filled, m_values);
}

std::string PathSampler::header(std::uint32_t object, const std::string* instance, std::uint32_t counter) const
{
    std::string h = "\\" + wpo::query::name_or_number(m_names, object);
    if (instance)
        h += "(" + *instance + ")";
    return h + "\\" + wpo::query::name_or_number(m_names, counter);
}

}  // namespace perfscope::jni
