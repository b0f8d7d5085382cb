#include "path_sampler.h"

#include "format/block_view.h"
#include "naming/counter_path.h"
#include "object_resolver.h"
#include "query_columns.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <tuple>

namespace perfscope::jni {

using wpo::Errc;
using wpo::Error;

namespace {

auto cell_key(std::uint32_t counter, bool has_instance, const wpo::InstanceIdentity& instance)
{
    return std::tuple<std::uint32_t, bool, wpo::InstanceIdentity>{counter, has_instance, instance};
}

// The Java user browses with PerfObjects, not perfscope-cli.
std::string java_where_to_look(const std::string& object, bool instances)
{
    return std::string(instances ? "PerfObjects.instances(\"" : "PerfObjects.counters(\"") + object + "\")";
}

}  // namespace

wpo::Result<std::unique_ptr<PathSampler>> PathSampler::open(wpo::SharedSource& source, const wpo::NameTable& names,
                                                            std::span<const std::string> paths,
                                                            const wpo::SnapshotOptions& options)
{
    if (paths.empty())
        return Error(Errc::invalid_argument, "no counter paths given");
    // Resolved as perfscope-cli query does (app/core): one collection of
    // every path's objects, then paths -> columns against that block.
    std::vector<core::QueryPath> resolved;
    std::set<std::uint32_t> objects;
    for (const std::string& text : paths) {
        auto parsed = wpo::CounterPath::parse(text);
        if (!parsed)
            return Error(Errc::invalid_argument, "malformed counter path \"" + text + "\": " + parsed.error().message());
        auto object = names.find_object(parsed->object);
        if (!object) {
            // The hint collects from the source: hold it as a sampler would.
            auto held = source.lock();
            return Error(Errc::not_found, "unknown object \"" + parsed->object + "\" in \"" + text + "\"" +
                                              core::unknown_object_hint(names, parsed->object, &source.source(),
                                                                        "PerfObjects.objects()"));
        }
        objects.insert(*object);
        resolved.push_back({text, std::move(*parsed), *object, {}});
    }
    std::vector<std::byte> bytes;
    if (wpo::Status collected = source.collect(core::object_query({objects.begin(), objects.end()}), bytes); !collected)
        return collected.error();
    auto block = wpo::BlockView::parse(bytes);
    if (!block)
        return block.error();
    core::ColumnWording wording;
    wording.where_to_look = java_where_to_look;
    wording.machine_in_header = false;
    auto columns = core::resolve_columns(resolved, *block, names, wording);
    if (!columns)
        return columns.error();

    auto sampler = std::make_unique<PathSampler>();
    for (const core::QueryPath& path : resolved) {
        auto snapshot = wpo::Snapshot::create(source, wpo::SnapshotType::custom, {&path.request, 1}, options);
        if (!snapshot)
            return snapshot.error();
        Entity entity;
        entity.snapshot = std::move(*snapshot);
        entity.object = path.object;
        sampler->m_entities.push_back(std::move(entity));
    }
    for (core::QueryColumn& c : *columns) {
        sampler->m_entities[c.entity].cells.push_back({c.counter, c.has_instance, c.instance, sampler->m_columns.size()});
        sampler->m_columns.push_back({std::move(c.header), c.entity});
    }
    for (Entity& entity : sampler->m_entities)
        std::sort(entity.cells.begin(), entity.cells.end());
    sampler->m_filled.resize(sampler->m_columns.size());
    return sampler;
}

wpo::Result<bool> PathSampler::sample(std::span<double> values)
{
    std::lock_guard guard(m_mutex);
    if (values.size() < m_columns.size())
        return Error(Errc::too_large, "the value array holds " + std::to_string(values.size()) + " of " +
                                          std::to_string(m_columns.size()) + " columns");
    std::fill(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(m_columns.size()),
              std::numeric_limits<double>::quiet_NaN());
    std::fill(m_filled.begin(), m_filled.end(), char{0});
    bool anomaly = false;
    // Newest entity first, as perfscope-cli does: the entity that queried last
    // is banned from its own copy, so the others take it from the cache.
    for (auto entity = m_entities.rbegin(); entity != m_entities.rend(); ++entity) {
        auto sampled = sample_entity(*entity, values);
        if (!sampled)
            return sampled.error();
        anomaly |= *sampled;
    }
    return anomaly;
}

wpo::Result<bool> PathSampler::sample_entity(Entity& entity, std::span<double> values)
{
    wpo::Snapshot& snapshot = *entity.snapshot;
    if (wpo::Status prepared = snapshot.prepare(); !prepared)
        return prepared.error();
    auto sampled = snapshot.sample();
    if (!sampled)
        return sampled.error();
    auto decoded = snapshot.decode();
    if (!decoded)
        return decoded.error();
    auto computed = snapshot.values();
    if (!computed)
        return computed.error();
    if (wpo::Status listed = snapshot.identities(entity.object, entity.identities); !listed)
        return listed.error();

    for (const wpo::CalculatedValue& v : *computed) {
        const bool has_instance = v.instance >= 0;
        if (has_instance && static_cast<std::size_t>(v.instance) >= entity.identities.size())
            continue;
        const wpo::InstanceIdentity instance =
            has_instance ? entity.identities[static_cast<std::size_t>(v.instance)] : wpo::InstanceIdentity{};
        const auto key = cell_key(v.counter_index, has_instance, instance);
        auto cell = std::lower_bound(entity.cells.begin(), entity.cells.end(), key, [](const Cell& c, const auto& k) {
            return cell_key(c.counter, c.has_instance, c.instance) < k;
        });
        for (; cell != entity.cells.end() && cell_key(cell->counter, cell->has_instance, cell->instance) == key;
             ++cell) {
            if (m_filled[cell->column])
                continue;
            m_filled[cell->column] = 1;
            if (v.value.valid())
                values[cell->column] = v.value.as_double();
        }
    }
    return sampled->any() || decoded->any();
}

}  // namespace perfscope::jni
