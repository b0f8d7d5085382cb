// SPDX-License-Identifier: Apache-2.0
#include "cli/dump_formatter.h"

#include "cli/counter_value.h"
#include "decode/object_layout.h"
#include "format/counter_type.h"
#include "naming/instance_names.h"

#include <cinttypes>
#include <cstdio>
#include <map>

namespace perfscope::cli {
namespace {

std::string type_name(std::uint32_t type)
{
    const auto name = wpo::counter_type::name(type);
    if (!name.empty())
        return std::string(name);
    char text[16];
    std::snprintf(text, sizeof text, "0x%08" PRIx32, type);
    return text;
}

std::string raw_text(const wpo::CounterLayout& layout, const wpo::RawValue& raw)
{
    std::string text = std::to_string(raw.value);
    if (layout.has_base)
        text += "/" + std::to_string(raw.base);
    return text;
}

void append_counters(std::string& out, const wpo::NameTable& names, const std::vector<wpo::CounterLayout>& layouts,
                     const CounterSource& current, const std::optional<CounterSource>& previous,
                     const wpo::DecodeOptions& options, const char* indent)
{
    char line[512];
    for (const wpo::CounterLayout& layout : layouts) {
        const auto& d = layout.definition;
        const wpo::Value value = decode_counter(layout, current, previous, options);
        std::string raw = raw_text(layout, wpo::read_raw(layout, current.counters));
        if (previous)
            raw += " (was " + raw_text(layout, wpo::read_raw(layout, previous->counters)) + ")";
        std::snprintf(line, sizeof line, "%s%-6" PRIu32 " %-36s %-36s raw %-40s = %s\n", indent, d.name_index,
                      name_or_index(names, d.name_index).c_str(), type_name(d.type).c_str(), raw.c_str(),
                      format_value(value, d.type).c_str());
        out += line;
    }
}

}  // namespace

std::string format_dump(const wpo::NameTable& names, const wpo::BlockView& current, const wpo::BlockView* previous,
                        const std::vector<std::uint32_t>& objects, const wpo::DecodeOptions& options)
{
    const wpo::BlockHeader& h = current.header();
    std::string out;
    char line[512];
    // Objects left out of the block (warned about on stderr) are counted, not shown.
    const std::uint32_t left_out = h.num_object_types - current.object_count();
    const std::string left_out_text = left_out > 0 ? " (" + std::to_string(left_out) + " left out)" : "";
    std::snprintf(line, sizeof line,
                  "System \"%s\": %" PRIu32 " objects%s, PerfTime %" PRId64 ", PerfFreq %" PRId64
                  ", PerfTime100nSec %" PRId64 "\n",
                  current.system_name().c_str(), h.num_object_types, left_out_text.c_str(), h.perf_time, h.perf_freq,
                  h.perf_time_100ns);
    out += line;

    std::vector<wpo::ObjectView> selected;
    if (objects.empty()) {
        for (const wpo::ObjectView& object : current.objects())
            selected.push_back(object);
    } else {
        for (std::uint32_t index : objects)
            if (auto object = current.find_object(index))
                selected.push_back(*object);
    }

    for (const wpo::ObjectView& object : selected) {
        const auto layouts = wpo::counter_layouts(object);
        // Raw values of two samples pair up only under the same definitions.
        std::optional<wpo::ObjectView> before = previous ? previous->find_object(object.name_index()) : std::nullopt;
        if (before && !wpo::same_definitions(*before, object))
            before.reset();
        std::snprintf(line, sizeof line, "\nObject %" PRIu32 " \"%s\": ", object.name_index(),
                      name_or_index(names, object.name_index()).c_str());
        out += line;
        out += object.has_instances() ? std::to_string(object.instance_count()) + " instances, "
                                      : std::string("single instance, ");
        out += std::to_string(layouts.size()) + " counters\n";

        if (!object.has_instances()) {
            std::optional<CounterSource> old;
            if (before)
                old = CounterSource{previous, *before, before->counter_block()};
            append_counters(out, names, layouts, {&current, object, object.counter_block()}, old, options, "    ");
            continue;
        }

        const auto old_blocks =
            before ? counter_blocks_by_key(*previous, *before) : std::map<std::string, wpo::CounterBlock>{};
        const auto current_names = wpo::instance_names(current, object);
        std::size_t i = 0;
        for (const wpo::InstanceView& instance : object.instances()) {
            const wpo::InstanceName& n = current_names[i++];
            out += "  Instance \"" + n.display + "\"";
            if (n.display != n.name)
                out += " (name \"" + n.name + "\")";
            out += "\n";
            std::optional<CounterSource> old;
            if (auto it = old_blocks.find(n.key); it != old_blocks.end())
                old = CounterSource{previous, *before, it->second};
            append_counters(out, names, layouts, {&current, object, instance.counters()}, old, options, "    ");
        }
    }
    return out;
}

}  // namespace perfscope::cli
