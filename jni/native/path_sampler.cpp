#include "path_sampler.h"

#include "format/block_view.h"
#include "naming/counter_path.h"
#include "object_resolver.h"
#include "query_columns.h"

#include <set>

namespace perfscope::jni {

using wpo::Errc;
using wpo::Error;

namespace {

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

    auto sampler = core::QuerySampler::create(source, resolved, *columns, options, nullptr);
    if (!sampler)
        return sampler.error();
    std::unique_ptr<PathSampler> result(new PathSampler(std::move(*sampler)));
    for (core::QueryColumn& c : *columns)
        result->m_columns.push_back({std::move(c.header), c.entity});
    return result;
}

wpo::Result<bool> PathSampler::sample(std::span<double> values)
{
    std::lock_guard guard(m_mutex);
    return m_sampler.sample(values);
}

}  // namespace perfscope::jni
