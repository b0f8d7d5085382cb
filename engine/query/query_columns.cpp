// SPDX-License-Identifier: Apache-2.0
#include "query/query_columns.h"

#include "core/utf.h"
#include "decode/object_layout.h"
#include "naming/instance_names.h"
#include "query/name_suggestion.h"
#include "query/object_resolver.h"

namespace wpo::query {

using wpo::Errc;
using wpo::Error;

namespace {

bool is_this_machine(const std::string& machine, const std::string& system_name)
{
    return machine.empty() || wpo::iequals(machine, system_name) || wpo::iequals(machine, "localhost");
}

struct SelectedInstance {
    wpo::InstanceIdentity identity;
    std::string display;  // the header's instance part
};

// The header's instance part for a path that named one instance: the form
// the user chose (display name, raw name, parent/name, #N) spelled as the
// instance spells itself, as the header spells objects and counters.
std::string own_spelling(const wpo::InstanceName& n, const wpo::CounterPath& path)
{
    const std::string text = path.instance_text();
    if (wpo::iequals(n.display, text))
        return n.display;
    const std::string suffix = path.index ? "#" + std::to_string(*path.index) : std::string();
    const std::string whole = path.parent.empty() ? path.instance : path.parent + "/" + path.instance;
    if (n.parent.empty() && wpo::iequals(n.name, whole))
        return n.name + suffix;
    std::string parent = path.parent;
    if (wpo::iequals(n.parent, path.parent))
        parent = n.parent;
    else if (wpo::iequals(n.parent_name, path.parent))
        parent = n.parent_name;
    return (parent.empty() ? std::string() : parent + "/") + n.name + suffix;
}

// The counter `text` names in `object`: by name, else by index ("1852" or
// "#1852") among the object's visible counters.
std::optional<std::uint32_t> find_counter(const wpo::NameTable& names, const wpo::ObjectView& object,
                                          const std::string& text)
{
    if (auto found = names.find_counter(object, text))
        return found;
    const auto index = parse_index(text);
    if (!index)
        return std::nullopt;
    for (const wpo::CounterLayout& layout : wpo::counter_layouts(object))
        if (layout.definition.name_index == *index)
            return index;
    return std::nullopt;
}

}  // namespace

wpo::Result<std::vector<QueryColumn>> resolve_columns(std::vector<QueryPath>& paths, const wpo::BlockView& block,
                                                      const wpo::NameTable& names, const ColumnWording& wording)
{
    auto where_to_look = [&wording](const std::string& object, bool instances) {
        return wording.where_to_look ? wording.where_to_look(object, instances)
                                     : std::string(wording.list_command) + " \"" + object + "\"";
    };
    std::vector<QueryColumn> columns;
    const std::string system = block.system_name();
    wpo::InstanceIdentifier identifier;
    std::vector<wpo::InstanceIdentity> identities;
    for (std::size_t entity = 0; entity < paths.size(); ++entity) {
        QueryPath& p = paths[entity];
        if (!is_this_machine(p.path.machine, system))
            return Error(Errc::invalid_argument, "\"" + p.text + "\" names the machine \\\\" + p.path.machine +
                                                     "; only this machine (\\\\" + system + ") can be monitored");
        auto object = block.find_object(p.object);
        if (!object)
            return Error(Errc::not_found,
                         "object \"" + p.path.object + "\" in \"" + p.text + "\" is not served by this source");
        std::vector<std::uint32_t> counters;
        if (p.path.wildcard_counter) {
            for (const wpo::CounterLayout& layout : wpo::counter_layouts(*object))
                counters.push_back(layout.definition.name_index);
            p.request = {p.object, 0};
        } else if (auto index = find_counter(names, *object, p.path.counter)) {
            counters.push_back(*index);
            p.request = {p.object, *index};
        } else {
            std::vector<std::string> known;
            for (const wpo::CounterLayout& layout : wpo::counter_layouts(*object))
                if (const auto name = names.name(layout.definition.name_index); !name.empty())
                    known.emplace_back(name);
            return Error(Errc::not_found,
                         "unknown counter \"" + p.path.counter + "\" of object \"" + p.path.object + "\" in \"" +
                             p.text + "\"" +
                             suggestion_hint(p.path.counter, known, where_to_look(p.path.object, false)));
        }

        std::vector<SelectedInstance> instances;
        if (object->has_instances()) {
            if (!p.path.has_instance)
                return Error(Errc::invalid_argument, "object \"" + p.path.object + "\" in \"" + p.text +
                                                         "\" has instances; write \"\\" + p.path.object + "(*)\\" +
                                                         p.path.counter + "\" or name one");
            const auto all = wpo::instance_names(block, *object);
            const auto matched = wpo::match_instances(all, p.path);
            if (matched.empty() && !p.path.wildcard_instance) {
                std::vector<std::string> known;
                for (const wpo::InstanceName& n : all) {
                    known.push_back(n.display);
                    known.push_back(n.name);  // "bsh" -> "bash", when "bash:1234" is too far
                }
                const std::string typed = p.path.instance_text();
                return Error(Errc::not_found, "no instance \"" + typed + "\" of object \"" + p.path.object +
                                                  "\" in \"" + p.text + "\"" +
                                                  suggestion_hint(typed, known, where_to_look(p.path.object, true)));
            }
            identifier.identify(block, *object, identities);
            for (std::uint32_t i : matched) {
                const std::string display = p.path.wildcard_instance ? all[i].display : own_spelling(all[i], p.path);
                instances.push_back({identities[i], display});
            }
            // One named process: its entity need not read every other one
            // (SnapshotOptions::collect_only_requested, set by QuerySampler).
            if (!p.path.wildcard_instance && instances.size() == 1 &&
                instances.front().identity.kind == wpo::InstanceIdentity::Kind::process &&
                instances.front().identity.id <= 0xFFFFFFFFu)
                p.request.process_id = static_cast<std::uint32_t>(instances.front().identity.id);
        } else {
            if (p.path.has_instance)
                return Error(Errc::invalid_argument, "object \"" + p.path.object + "\" has no instances; drop \"(" +
                                                         p.path.instance_text() + ")\" from \"" + p.text + "\"");
        }

        auto add = [&](const SelectedInstance* instance) {
            for (std::uint32_t counter : counters) {
                QueryColumn c;
                c.entity = entity;
                c.object = p.object;
                c.counter = counter;
                c.header = (wording.machine_in_header ? "\\\\" + system : std::string()) + "\\" +
                           name_or_number(names, p.object);
                if (instance) {
                    c.has_instance = true;
                    c.instance = instance->identity;
                    c.header += "(" + instance->display + ")";
                }
                c.header += "\\" + name_or_number(names, counter);
                columns.push_back(std::move(c));
            }
        };
        if (object->has_instances()) {
            for (const SelectedInstance& instance : instances)
                add(&instance);
        } else {
            add(nullptr);
        }
    }
    return columns;
}

}  // namespace wpo::query
