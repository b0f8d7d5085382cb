// SPDX-License-Identifier: Apache-2.0
#include "query/path_resolution.h"

#include "format/block_view.h"
#include "format/object_query.h"
#include "query/object_resolver.h"

#include <set>

namespace wpo::query {

using wpo::Errc;
using wpo::Error;

bool PathResolution::all_resolved() const
{
    for (const wpo::Status& s : status)
        if (!s)
            return false;
    return true;
}

wpo::Status PathResolution::first_error() const
{
    for (const wpo::Status& s : status)
        if (!s)
            return s;
    return {};
}

wpo::Result<PathResolution> resolve_paths(std::span<const std::string> texts, wpo::SharedSource& source,
                                          const wpo::NameTable& names, const PathWording& wording)
{
    PathResolution out;
    out.paths.resize(texts.size());
    out.status.resize(texts.size());
    std::set<std::uint32_t> objects;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        const std::string& text = texts[i];
        out.paths[i].text = text;
        auto parsed = wpo::CounterPath::parse(text);
        if (!parsed) {
            out.status[i] =
                Error(Errc::invalid_argument, "malformed counter path \"" + text + "\": " + parsed.error().message());
            continue;
        }
        auto object = resolve_object(names, parsed->object);
        if (!object) {
            // The hint collects from the source: hold it as a sampler would.
            auto held = source.lock();
            out.status[i] = Error(Errc::not_found, "unknown object \"" + parsed->object + "\" in \"" + text + "\"" +
                                                       unknown_object_hint(names, parsed->object, &source.source(),
                                                                           wording.where_objects));
            continue;
        }
        objects.insert(*object);
        out.paths[i].path = std::move(*parsed);
        out.paths[i].object = *object;
    }
    if (objects.empty())
        return out;

    std::vector<std::byte> bytes;
    if (wpo::Status collected = source.collect(ObjectQuery::list(std::vector(objects.begin(), objects.end())), bytes);
        !collected)
        return collected.error();
    auto block = wpo::BlockView::parse(bytes);
    if (!block)
        return block.error();
    out.left_out = block->left_out();
    // One path at a time against the same block, so that one bad path does
    // not take the others with it.
    for (std::size_t i = 0; i < texts.size(); ++i) {
        if (!out.status[i])
            continue;
        std::vector<QueryPath> one{out.paths[i]};
        auto columns = resolve_columns(one, *block, names, wording.columns);
        if (!columns) {
            out.status[i] = columns.error();
            continue;
        }
        out.paths[i] = std::move(one[0]);
        for (QueryColumn& column : *columns) {
            column.entity = i;
            out.columns.push_back(std::move(column));
        }
    }
    return out;
}

}  // namespace wpo::query
