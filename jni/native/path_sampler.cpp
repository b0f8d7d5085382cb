// SPDX-License-Identifier: Apache-2.0
#include "native/path_sampler.h"

#include "query/path_resolution.h"

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
    std::vector<wpo::query::QueryColumn>& columns = resolution->columns;

    auto sampler = wpo::query::QuerySampler::create(source, resolution->paths, columns, options, nullptr);
    if (!sampler)
        return sampler.error();
    std::unique_ptr<PathSampler> result(new PathSampler(std::move(*sampler)));
    for (wpo::query::QueryColumn& c : columns)
        result->m_columns.push_back({std::move(c.header), c.entity});
    return result;
}

wpo::Result<bool> PathSampler::sample(std::span<double> values)
{
    std::lock_guard guard(m_mutex);
    return m_sampler.sample(values);
}

}  // namespace perfscope::jni
