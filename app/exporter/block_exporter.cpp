// SPDX-License-Identifier: Apache-2.0
#include "exporter/block_exporter.h"

#include "decode/object_layout.h"
#include "exporter/exposition_writer.h"
#include "format/counter_type.h"
#include "naming/instance_names.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <optional>
#include <set>
#include <string>

namespace perfscope::exporter {
namespace {

namespace ct = wpo::counter_type;

std::string type_label(std::uint32_t type)
{
    const std::string_view named = ct::name(type);
    if (!named.empty())
        return std::string(named);
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%08X", static_cast<unsigned>(type));
    return hex;
}

std::string info_labels(std::string_view object, std::string_view counter, std::uint32_t type, std::string_view metric)
{
    return "{object=\"" + escape_label_value(object) + "\",counter=\"" + escape_label_value(counter) + "\",type=\"" +
           escape_label_value(type_label(type)) + "\",metric=\"" + escape_label_value(metric) + "\"}";
}

// Which instances of a Process or Thread object pass the cardinality guard: the `limit` with the largest
// raw % Processor Time (cumulative CPU time: the busiest over their lives), and _Total. All pass when the
// object has no more than `limit`, has no such counter, or the limit is 0.
std::vector<bool> guarded_instances(const wpo::NameTable& names, const wpo::ObjectView& object,
                                    std::string_view object_name, std::size_t limit)
{
    std::vector<bool> keep(object.instance_count(), true);
    if (limit == 0 || keep.size() <= limit || identity_label(object_name).empty())
        return keep;
    const std::vector<wpo::CounterLayout> layouts = wpo::counter_layouts(object);
    const auto cpu = std::find_if(layouts.begin(), layouts.end(), [&names](const wpo::CounterLayout& layout) {
        return names.name(layout.definition.name_index) == "% Processor Time";
    });
    if (cpu == layouts.end())
        return keep;
    std::vector<std::pair<std::uint64_t, std::size_t>> ranked;  // CPU time, position
    std::size_t i = 0;
    for (const wpo::InstanceView& instance : object.instances()) {
        if (instance.name() == "_Total")
            ranked.emplace_back(0, i);  // kept below, outside the ranking
        else
            ranked.emplace_back(wpo::read_raw(*cpu, instance.counters()).value, i);
        ++i;
    }
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::fill(keep.begin(), keep.end(), false);
    std::size_t kept = 0;
    i = 0;
    for (const wpo::InstanceView& instance : object.instances())
        if (instance.name() == "_Total")
            keep[i++] = true;
        else
            ++i;
    for (const auto& [time, position] : ranked) {
        if (kept == limit)
            break;
        if (!keep[position]) {
            keep[position] = true;
            ++kept;
        }
    }
    return keep;
}

// The label sets of an object's instances, in block order; nullopt for an instance whose labels an earlier
// instance already has, or that the cardinality guard leaves out. One empty set for an object without
// instances.
std::vector<std::optional<std::string>> instance_labels(const wpo::BlockView& block, const wpo::ObjectView& object,
                                                        std::string_view object_name, const std::vector<bool>& keep)
{
    std::vector<std::optional<std::string>> labels;
    if (!object.has_instances()) {
        labels.emplace_back(std::string());
        return labels;
    }
    const std::string label = instance_label(object_name);
    const std::string identity = identity_label(object_name);
    std::set<std::string> seen;
    std::size_t position = 0;
    for (const wpo::InstanceName& name : wpo::instance_names(block, object)) {
        if (position < keep.size() && !keep[position++]) {
            labels.emplace_back(std::nullopt);
            continue;
        }
        std::string set;
        if (!identity.empty()) {
            set = "{" + label + "=\"" + escape_label_value(name.name) + "\"";
            if (name.id)
                set += "," + identity + "=\"" + std::to_string(*name.id) + "\"";
            set += "}";
        } else {
            set = "{" + label + "=\"" + escape_label_value(name.display) + "\"}";
        }
        if (seen.insert(set).second)
            labels.emplace_back(std::move(set));
        else
            labels.emplace_back(std::nullopt);
    }
    return labels;
}

// The main series' value of one instance; nullopt where a clock it needs has no frequency.
std::optional<double> main_value(const MetricMapping& mapping, std::uint32_t type, const wpo::RawValue& raw,
                                 const wpo::TimeStamps& times)
{
    double value = 0.0;
    switch (mapping.rule) {
    case ValueRule::raw:
        value = type == ct::PERF_DOUBLE_RAW ? std::bit_cast<double>(raw.value) : static_cast<double>(raw.value);
        break;
    case ValueRule::ticks:
        if (times.perf_freq <= 0)
            return std::nullopt;
        value = static_cast<double>(raw.value) / static_cast<double>(times.perf_freq);
        break;
    case ValueRule::object_ticks:
        if (times.object_freq <= 0)
            return std::nullopt;
        value = static_cast<double>(raw.value) / static_cast<double>(times.object_freq);
        break;
    case ValueRule::elapsed:
        if (times.object_freq <= 0)
            return std::nullopt;
        value = static_cast<double>(times.object_time - static_cast<std::int64_t>(raw.value)) /
                static_cast<double>(times.object_freq);
        break;
    }
    // Scales below 1 are 1/10^n (100 ns, thousandths): dividing by 10^n is exact where multiplying by its
    // inexact inverse is not (12 s of 100 ns ticks reads 12, not 11.999999999999998).
    if (mapping.scale < 1.0)
        return value / std::round(1.0 / mapping.scale);
    return value * mapping.scale;
}

}  // namespace

void export_block(const wpo::NameTable& names, const wpo::BlockView& block, std::span<const std::uint32_t> objects,
                  std::vector<MetricFamily>& out, std::size_t max_instances)
{
    std::vector<wpo::ObjectView> selected;
    if (objects.empty()) {
        for (const wpo::ObjectView& object : block.objects())
            selected.push_back(object);
    } else {
        for (const std::uint32_t index : objects)
            if (auto object = block.find_object(index))
                selected.push_back(*object);
    }

    MetricFamily info;
    info.name = "perfscope_perfmon_name";
    info.type = MetricType::info;
    info.help = "Maps each exported performance counter (object, counter, counter type) to its metric family.";
    std::set<std::string> used_names;  // family and sample names taken in this scrape
    auto take = [&used_names](const std::string& family, MetricType type) {
        const std::string sample = sample_name(family, type);
        if (used_names.contains(family) || used_names.contains(sample))
            return false;
        used_names.insert(family);
        used_names.insert(sample);
        return true;
    };
    take(info.name, MetricType::info);

    for (const wpo::ObjectView& object : selected) {
        const std::string_view object_name = names.name(object.name_index());
        if (object_name.empty())
            continue;
        const auto labels =
            instance_labels(block, object, object_name, guarded_instances(names, object, object_name, max_instances));
        const wpo::TimeStamps times = wpo::time_stamps(block.header(), object.header());
        const std::vector<wpo::CounterLayout> layouts = wpo::counter_layouts(object);
        for (const wpo::CounterLayout& layout : layouts) {
            const wpo::CounterDefinition& definition = layout.definition;
            const std::string_view counter_name = names.name(definition.name_index);
            if (counter_name.empty())
                continue;
            const MetricMapping mapping = map_counter(object_name, counter_name, definition.type);
            const bool base = mapping.has_base && layout.has_base;
            const std::string base_family = mapping.family + "_base";
            bool exported = mapping.exported && take(mapping.family, mapping.type);
            if (exported && base && !take(base_family, mapping.base_type)) {
                used_names.erase(mapping.family);
                used_names.erase(sample_name(mapping.family, mapping.type));
                exported = false;
            }
            if (!exported) {
                if (ct::is_visible(definition.type))
                    info.samples.push_back({info_labels(object_name, counter_name, definition.type, ""), 1.0});
                continue;
            }
            info.samples.push_back({info_labels(object_name, counter_name, definition.type, mapping.family), 1.0});

            MetricFamily family;
            family.name = mapping.family;
            family.type = mapping.type;
            family.help = std::string(names.help(definition.help_index));
            if (family.help.empty())
                family.help = std::string(counter_name);
            family.unit = mapping.unit;
            MetricFamily base_values;
            if (base) {
                base_values.name = base_family;
                base_values.type = mapping.base_type;
                base_values.help = "The base of " + mapping.family + " (" + std::string(counter_name) + ").";
            }
            auto add = [&](const std::string& set, const wpo::CounterBlock& counters) {
                const wpo::RawValue raw = wpo::read_raw(layout, counters);
                if (const auto value = main_value(mapping, definition.type, raw, times))
                    family.samples.push_back({set, *value});
                if (base)
                    base_values.samples.push_back({set, static_cast<double>(raw.base)});
            };
            if (!object.has_instances()) {
                add(*labels.front(), object.counter_block());
            } else {
                std::size_t i = 0;
                for (const wpo::InstanceView& instance : object.instances()) {
                    if (i < labels.size() && labels[i])
                        add(*labels[i], instance.counters());
                    ++i;
                }
            }
            out.push_back(std::move(family));
            if (base)
                out.push_back(std::move(base_values));
        }
    }
    out.push_back(std::move(info));
}

}  // namespace perfscope::exporter
