// SPDX-License-Identifier: Apache-2.0
#include "cli/relog_object_filter.h"

#include "cli/commands.h"
#include "core/utf.h"
#include "naming/instance_names.h"

namespace perfscope::cli {
namespace {

using wpo::Errc;
using wpo::Error;

// The positions of the instances `paths` need among `names` (see the header).
std::set<std::uint32_t> selected(const std::vector<wpo::InstanceName>& names,
                                 const std::vector<wpo::CounterPath>& paths)
{
    std::set<std::uint32_t> keep;
    for (const wpo::CounterPath& path : paths) {
        for (std::uint32_t i : wpo::match_instances(names, path)) {
            const wpo::InstanceName& hit = names[i];
            // A PID/TID name is the instance's own; anything else may be positional.
            if (path.wildcard_instance || (hit.id && wpo::iequals(hit.display, path.instance_text()))) {
                keep.insert(i);
                continue;
            }
            for (std::uint32_t j = 0; j < names.size(); ++j)
                if (names[j].name == hit.name && names[j].parent == hit.parent)
                    keep.insert(j);
        }
    }
    return keep;
}

}  // namespace

std::set<std::uint32_t> with_parent_objects(const wpo::BlockView& block, std::set<std::uint32_t> wanted)
{
    std::set<std::uint32_t> parents;
    for (const wpo::ObjectView& object : block.objects()) {
        if (!wanted.contains(object.name_index()))
            continue;
        for (const wpo::InstanceView& instance : object.instances())
            if (instance.parent_object_index() != 0)
                parents.insert(instance.parent_object_index());
    }
    wanted.insert(parents.begin(), parents.end());
    return wanted;
}

wpo::Result<RelogObjectFilter> RelogObjectFilter::make(const std::vector<std::string>& paths,
                                                       const wpo::NameTable& names, const wpo::BlockView& first,
                                                       const std::string& file)
{
    RelogObjectFilter filter;
    std::set<std::uint32_t> whole;
    for (const std::string& text : paths) {
        auto path = wpo::CounterPath::parse(text);
        if (!path)
            return Error(Errc::invalid_argument, "\"" + text + "\": " + path.error().message());
        auto index = resolve_object(names, path->object);
        if (!index)
            return index.error();
        if (!first.find_object(*index))
            return Error(Errc::not_found, "\"" + file + "\" does not record object \"" +
                                              wpo::query::name_or_number(names, *index) + "\"");
        std::vector<wpo::CounterPath>& list = filter.m_paths[*index];
        if (!path->has_instance || (path->wildcard_instance && (path->parent.empty() || path->parent == "*")))
            whole.insert(*index);
        else
            list.push_back(std::move(*path));
    }
    for (std::uint32_t index : whole)
        filter.m_paths[index].clear();
    std::set<std::uint32_t> named;
    for (const auto& [index, list] : filter.m_paths)
        named.insert(index);
    filter.m_objects = with_parent_objects(first, std::move(named));
    return filter;
}

void RelogObjectFilter::cut(const wpo::BlockView& block, std::vector<std::byte>& out)
{
    std::set<std::uint32_t> kept;
    for (const auto& [index, list] : m_paths)
        kept.insert(index);
    const std::set<std::uint32_t> with_parents = with_parent_objects(block, kept);
    m_cuts.clear();
    for (const wpo::ObjectView& object : block.objects()) {
        const std::uint32_t index = object.name_index();
        if (!with_parents.contains(index))
            continue;
        wpo::recording::ObjectCut& cut = m_cuts.emplace_back();
        cut.name_index = index;
        const auto own = m_paths.find(index);
        if (own == m_paths.end() || own->second.empty() || !object.has_instances())
            continue;
        // A parent of kept instances stays whole, whatever its own paths select.
        bool is_parent = false;
        for (const wpo::ObjectView& other : block.objects()) {
            if (other.name_index() == index || !kept.contains(other.name_index()))
                continue;
            for (const wpo::InstanceView& instance : other.instances())
                is_parent = is_parent || instance.parent_object_index() == index;
        }
        if (is_parent)
            continue;
        const std::set<std::uint32_t> positions = selected(wpo::instance_names(block, object), own->second);
        cut.whole = false;
        cut.positions.assign(positions.begin(), positions.end());
    }
    wpo::recording::cut_block(block, m_cuts, out);
}

}  // namespace perfscope::cli
