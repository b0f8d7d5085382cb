#include "path_sampler.h"

#include "core/utf.h"
#include "decode/object_layout.h"
#include "format/block_view.h"
#include "naming/counter_path.h"
#include "naming/instance_names.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

namespace perfscope::jni {

using wpo::Errc;
using wpo::Error;

namespace {

auto cell_key(std::uint32_t counter, bool has_instance, const wpo::InstanceIdentity& instance)
{
    return std::tuple<std::uint32_t, bool, wpo::InstanceIdentity>{counter, has_instance, instance};
}

bool is_this_machine(const std::string& machine, const std::string& system_name)
{
    return machine.empty() || wpo::iequals(machine, system_name) || wpo::iequals(machine, "localhost");
}

struct Resolved {
    wpo::CounterRequest request;
    std::vector<PathSampler::Column> columns;
};

wpo::Result<Resolved> resolve(wpo::SharedSource& source, const wpo::NameTable& names, const std::string& text,
                              std::size_t path_number)
{
    auto parsed = wpo::CounterPath::parse(text);
    if (!parsed)
        return Error(Errc::invalid_argument, "malformed counter path \"" + text + "\": " + parsed.error().message());
    const wpo::CounterPath& path = *parsed;
    auto object_index = names.find_object(path.object);
    if (!object_index)
        return Error(Errc::not_found, "unknown object \"" + path.object + "\" in \"" + text + "\"");

    std::vector<std::byte> bytes;
    if (wpo::Status collected = source.collect(std::to_string(*object_index), bytes); !collected)
        return collected.error();
    auto block = wpo::BlockView::parse(bytes);
    if (!block)
        return block.error();
    const std::string system = block->system_name();
    if (!is_this_machine(path.machine, system))
        return Error(Errc::invalid_argument, "\"" + text + "\" names the machine \\\\" + path.machine +
                                                 "; only this machine (\\\\" + system + ") can be monitored");
    auto object = block->find_object(*object_index);
    if (!object)
        return Error(Errc::not_found, "object \"" + path.object + "\" in \"" + text + "\" is not served by this source");

    Resolved r;
    std::vector<std::uint32_t> counters;
    if (path.wildcard_counter) {
        for (const wpo::CounterLayout& layout : wpo::counter_layouts(*object))
            counters.push_back(layout.definition.name_index);
        r.request = {*object_index, 0};
    } else if (auto counter = names.find_counter(*object, path.counter)) {
        counters.push_back(*counter);
        r.request = {*object_index, *counter};
    } else {
        return Error(Errc::not_found, "unknown counter \"" + path.counter + "\" of object \"" + path.object +
                                          "\" in \"" + text + "\"");
    }

    struct Selected {
        wpo::InstanceIdentity identity;
        std::string display;
    };
    std::vector<Selected> selected;
    if (object->has_instances()) {
        if (!path.has_instance)
            return Error(Errc::invalid_argument, "object \"" + path.object + "\" has instances; write \"\\" +
                                                     path.object + "(*)\\" + path.counter + "\" or name one");
        const auto all = wpo::instance_names(*block, *object);
        const auto matched = wpo::match_instances(all, path);
        if (matched.empty() && !path.wildcard_instance)
            return Error(Errc::not_found, "no instance \"" + path.instance_text() + "\" of object \"" + path.object +
                                              "\" in \"" + text + "\"");
        wpo::InstanceIdentifier identifier;
        std::vector<wpo::InstanceIdentity> identities;
        identifier.identify(*block, *object, identities);
        for (std::uint32_t i : matched)
            selected.push_back({identities[i], path.wildcard_instance ? all[i].display : path.instance_text()});
    } else if (path.has_instance) {
        return Error(Errc::invalid_argument, "object \"" + path.object + "\" has no instances; drop \"(" +
                                                 path.instance_text() + ")\" from \"" + text + "\"");
    }

    auto add = [&](const Selected* instance) {
        for (std::uint32_t counter : counters) {
            PathSampler::Column c;
            c.path = path_number;
            c.object = *object_index;
            c.counter = counter;
            c.header = "\\" + std::string(names.name(*object_index));
            if (instance) {
                c.has_instance = true;
                c.instance = instance->identity;
                c.header += "(" + instance->display + ")";
            }
            c.header += "\\" + std::string(names.name(counter));
            r.columns.push_back(std::move(c));
        }
    };
    if (object->has_instances()) {
        for (const Selected& s : selected)
            add(&s);
    } else {
        add(nullptr);
    }
    return r;
}

}  // namespace

wpo::Result<std::unique_ptr<PathSampler>> PathSampler::open(wpo::SharedSource& source, const wpo::NameTable& names,
                                                            std::span<const std::string> paths,
                                                            const wpo::SnapshotOptions& options)
{
    if (paths.empty())
        return Error(Errc::invalid_argument, "no counter paths given");
    auto sampler = std::make_unique<PathSampler>();
    for (std::size_t p = 0; p < paths.size(); ++p) {
        auto resolved = resolve(source, names, paths[p], p);
        if (!resolved) {
            // Every message names the path it is about, also the engine's own.
            const std::string& message = resolved.error().message();
            if (message.find("\"" + paths[p] + "\"") == std::string::npos)
                return Error(resolved.error().code(), message + " (in \"" + paths[p] + "\")");
            return resolved.error();
        }
        auto snapshot = wpo::Snapshot::create(source, wpo::SnapshotType::custom, {&resolved->request, 1}, options);
        if (!snapshot)
            return snapshot.error();
        Entity entity;
        entity.snapshot = std::move(*snapshot);
        entity.object = resolved->request.object_index;
        for (PathSampler::Column& c : resolved->columns) {
            entity.cells.push_back({c.counter, c.has_instance, c.instance, sampler->m_columns.size()});
            sampler->m_columns.push_back(std::move(c));
        }
        std::sort(entity.cells.begin(), entity.cells.end());
        sampler->m_entities.push_back(std::move(entity));
    }
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
