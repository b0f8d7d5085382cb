// SPDX-License-Identifier: Apache-2.0
#include "cli/commands.h"

#include "cli/counter_value.h"

#include "decode/object_layout.h"
#include "format/counter_type.h"
#include "naming/instance_names.h"
#include "query/sample.h"

#include <cinttypes>
#include <cstdio>

namespace perfscope::cli {

using wpo::query::LeftOutWarnings;
using wpo::query::Sample;
namespace {

wpo::Status list_objects(Context& c, LeftOutWarnings& warnings)
{
    std::fprintf(c.out, "%-8s %-36s %9s %10s\n", "Index", "Object", "Counters", "Instances");
    for (const char* query : {"Global", "Costly"}) {
        Sample sample;
        if (wpo::Status status = sample.collect(c.source, query, warnings); !status)
            return status;
        for (const wpo::ObjectView& object : sample.block.objects()) {
            const std::string instances =
                object.has_instances() ? std::to_string(object.instance_count()) : std::string("-");
            std::fprintf(c.out, "%-8" PRIu32 " %-36s %9zu %10s%s\n", object.name_index(),
                         name_or_index(c.names, object.name_index()).c_str(), wpo::counter_layouts(object).size(),
                         instances.c_str(), query[0] == 'C' ? "  (costly)" : "");
        }
    }
    return {};
}

}  // namespace

std::string Context::list_command(const std::string& object) const
{
    std::string command = "perfscope-cli list";
    if (!machine.empty())
        command += " -s " + machine;
    if (!object.empty())
        command += " \"" + object + "\"";
    return command;
}

wpo::Status run_list(const Options& options, Context& c)
{
    LeftOutWarnings warnings(c.err, c.names);
    if (!options.object)
        return list_objects(c, warnings);
    auto index = resolve_object(c.names, *options.object, &c.source, c.list_command());
    if (!index)
        return index.error();
    Sample sample;
    if (wpo::Status status = sample.collect(c.source, std::to_string(*index), warnings); !status)
        return status;
    auto object = sample.block.find_object(*index);
    if (!object)
        return wpo::Error(wpo::Errc::not_found, "object \"" + *options.object + "\" (" + std::to_string(*index) +
                                                    ") is not served by this source");

    std::fprintf(c.out, "Object %" PRIu32 " \"%s\"\n", *index, name_or_index(c.names, *index).c_str());
    if (options.help_text && !c.names.help(object->header().help_index).empty())
        std::fprintf(c.out, "  %s\n", std::string(c.names.help(object->header().help_index)).c_str());
    std::fprintf(c.out, "\nCounters:\n");
    for (const wpo::CounterLayout& layout : wpo::counter_layouts(*object)) {
        const auto& d = layout.definition;
        const auto type = wpo::counter_type::name(d.type);
        std::fprintf(c.out, "  %-8" PRIu32 " %-40s %s\n", d.name_index, name_or_index(c.names, d.name_index).c_str(),
                     type.empty() ? "(unnamed type)" : std::string(type).c_str());
        if (options.help_text && !c.names.help(d.help_index).empty())
            std::fprintf(c.out, "           %s\n", std::string(c.names.help(d.help_index)).c_str());
    }
    std::fprintf(c.out, "\nInstances:");
    if (!object->has_instances()) {
        std::fprintf(c.out, " none (single-instance object)\n");
    } else {
        std::fprintf(c.out, " %" PRIu32 "\n", object->instance_count());
        for (const wpo::InstanceName& n : wpo::instance_names(sample.block, *object))
            std::fprintf(c.out, "  %s\n", n.display.c_str());
    }
    return {};
}

}  // namespace perfscope::cli
