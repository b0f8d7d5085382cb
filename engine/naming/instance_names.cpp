// SPDX-License-Identifier: Apache-2.0
#include "naming/instance_names.h"

#include "core/utf.h"
#include "naming/instance_id_counters.h"

#include <cctype>
#include <map>
#include <optional>

namespace wpo {
namespace {

using namespace well_known;

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Display names of one object without parents resolved (used for parents).
std::vector<InstanceName> own_names(const BlockView& block, const ObjectView& object, bool resolve_parents);

std::vector<InstanceName> parent_names(const BlockView& block, std::uint32_t parent_index)
{
    auto parent = block.find_object(parent_index);
    if (!parent)
        return {};
    return own_names(block, *parent, false);
}

std::vector<InstanceName> own_names(const BlockView& block, const ObjectView& object, bool resolve_parents)
{
    // Process-like objects are named like Process (instance_id_counters.h).
    const InstanceIdCounters ids = instance_id_counters(object);
    const bool is_process = ids.kind == InstanceIdCounters::Kind::process;
    const bool is_thread = ids.kind == InstanceIdCounters::Kind::thread;

    std::map<std::uint32_t, std::vector<InstanceName>> parents;  // by parent object index
    std::map<std::string, std::uint32_t> seen;                   // lower(parent/name) -> count
    std::vector<InstanceName> names;
    names.reserve(object.instance_count());
    for (const InstanceView& instance : object.instances()) {
        InstanceName n;
        n.name = instance.name();
        if (resolve_parents && instance.parent_object_index() != 0) {
            auto [it, inserted] = parents.try_emplace(instance.parent_object_index());
            if (inserted)
                it->second = parent_names(block, instance.parent_object_index());
            if (instance.parent_instance() < it->second.size()) {
                const InstanceName& p = it->second[instance.parent_instance()];
                n.parent = p.display;
                n.parent_name = p.name;
            }
        }
        const std::string full = n.parent.empty() ? n.name : n.parent + "/" + n.name;
        n.occurrence = seen[lower(full)]++;
        const std::string start = ids.start ? ":" + std::to_string(instance.counters().value(*ids.start)) : "";
        const bool total = n.name == "_Total";
        if (is_process && !total) {
            const auto id = instance.counters().value(ids.id);
            n.display = n.name + ":" + std::to_string(id);
            n.key = "pid:" + std::to_string(id) + start;
            n.id = id;
        } else if (is_thread && !total) {
            const auto id = instance.counters().value(ids.id);
            const std::string owner = n.parent.empty() ? n.name : n.parent;
            n.display = owner + "/" + std::to_string(id);
            n.key = "tid:" + std::to_string(id) + start;
            n.id = id;
        } else {
            n.display = n.occurrence == 0 ? full : full + "#" + std::to_string(n.occurrence);
            n.key = "name:" + n.display;
        }
        names.push_back(std::move(n));
    }
    return names;
}

}  // namespace

std::vector<InstanceName> instance_names(const BlockView& block, const ObjectView& object)
{
    return own_names(block, object, true);
}

std::string sensor_instance_name(std::uint32_t object_index, const InstanceName& name)
{
    if (object_index == kProcessObject && name.id)
        return std::to_string(*name.id);
    return name.display;
}

std::vector<std::uint32_t> match_instances(const std::vector<InstanceName>& names, const CounterPath& path)
{
    std::vector<std::uint32_t> out;
    if (!path.has_instance)
        return out;
    const bool any_parent = path.parent.empty() || path.parent == "*";
    auto parent_ok = [&](const InstanceName& n) {
        return any_parent || iequals(n.parent, path.parent) || iequals(n.parent_name, path.parent);
    };
    if (path.wildcard_instance) {
        for (std::uint32_t i = 0; i < names.size(); ++i)
            if (parent_ok(names[i]))
                out.push_back(i);
        return out;
    }
    const std::string text = path.instance_text();
    for (std::uint32_t i = 0; i < names.size(); ++i)
        if (iequals(names[i].display, text))
            return {i};
    // A raw name: the N-th instance with that name (under that parent). An
    // instance without parent may itself contain '/' ("kworker/0:1"), which
    // the path parsed as parent/name, so the whole text is tried as a name too.
    const std::string whole = path.parent.empty() ? path.instance : path.parent + "/" + path.instance;
    const std::uint32_t wanted = path.index.value_or(0);
    std::uint32_t seen = 0;
    for (std::uint32_t i = 0; i < names.size(); ++i) {
        const InstanceName& n = names[i];
        if ((iequals(n.name, path.instance) && parent_ok(n)) || (n.parent.empty() && iequals(n.name, whole))) {
            if (seen++ == wanted)
                return {i};
        }
    }
    return out;
}

}  // namespace wpo
