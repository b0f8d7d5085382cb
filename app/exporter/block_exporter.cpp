// SPDX-License-Identifier: Apache-2.0
#include "exporter/block_exporter.h"

#include "exporter/exposition_writer.h"
#include "format/counter_type.h"
#include "naming/instance_id_counters.h"
#include "naming/instance_names.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
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

bool same_bytes(std::span<const std::byte> a, std::span<const std::byte> b)
{
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size()) == 0);
}

// An object's or counter's name: the name table's, else its title index in decimal. A provider's objects
// are served before the machine's name table knows their names (Windows' Perflib tables under Wine never
// do), and an index is still a stable name.
std::string display_name(const wpo::NameTable& names, std::uint32_t index)
{
    const std::string_view name = names.name(index);
    return name.empty() && index != 0 ? std::to_string(index) : std::string(name);
}

constexpr std::string_view kInfoFamily = "perfscope_perfmon_name";
constexpr std::string_view kInfoHelp =
    "Maps each exported performance counter (object, counter, counter type) to its metric family.";

}  // namespace

BlockExporter::BlockExporter(InstanceGuard guard) : m_guard(std::move(guard))
{}

bool BlockExporter::plan_matches(const wpo::NameTable& names, std::span<const wpo::ObjectView> selected) const
{
    if (m_names != &names || selected.size() != m_plans.size())
        return false;
    for (std::size_t i = 0; i < selected.size(); ++i)
        if (selected[i].name_index() != m_plans[i].index ||
            !same_bytes(selected[i].definition_bytes(), m_plans[i].definitions))
            return false;
    return true;
}

// What changes only with the objects' counter definitions: metric names and types, help, mapping rows.
void BlockExporter::plan(const wpo::NameTable& names, std::span<const wpo::ObjectView> selected)
{
    m_names = &names;
    m_plans.clear();
    m_info_labels.clear();
    std::set<std::string> used_names;  // family and sample names taken in this scrape
    auto take = [&used_names](const std::string& family, MetricType type) {
        const std::string sample = sample_name(family, type);
        if (used_names.contains(family) || used_names.contains(sample))
            return false;
        used_names.insert(family);
        used_names.insert(sample);
        return true;
    };
    take(std::string(kInfoFamily), MetricType::info);

    for (const wpo::ObjectView& object : selected) {
        ObjectPlan& p = m_plans.emplace_back();
        p.index = object.name_index();
        p.name = display_name(names, object.name_index());
        const auto definitions = object.definition_bytes();
        p.definitions.assign(definitions.begin(), definitions.end());
        p.guarded = !identity_label(p.name).empty();
        if (p.name.empty())
            continue;
        for (const wpo::CounterLayout& layout : wpo::counter_layouts(object)) {
            const wpo::CounterDefinition& definition = layout.definition;
            const std::string counter_name = display_name(names, definition.name_index);
            if (p.guarded && !p.rank && counter_name == m_guard.rank_counter)
                p.rank = layout;
            if (counter_name.empty())
                continue;
            CounterPlan c;
            c.layout = layout;
            c.mapping = map_counter(p.name, counter_name, definition.type);
            c.base = c.mapping.has_base && layout.has_base;
            c.base_family = c.mapping.family + "_base";
            c.exported = c.mapping.exported && take(c.mapping.family, c.mapping.type);
            if (c.exported && c.base && !take(c.base_family, c.mapping.base_type)) {
                used_names.erase(c.mapping.family);
                used_names.erase(sample_name(c.mapping.family, c.mapping.type));
                c.exported = false;
            }
            if (!c.exported) {
                if (ct::is_visible(definition.type))
                    m_info_labels.push_back(info_labels(p.name, counter_name, definition.type, ""));
                continue;
            }
            m_info_labels.push_back(info_labels(p.name, counter_name, definition.type, c.mapping.family));
            c.help = names.help(definition.help_index);
            if (c.help.empty())
                c.help = counter_name;
            if (c.base)
                c.base_help = "The base of " + c.mapping.family + " (" + counter_name + ").";
            p.counters.push_back(std::move(c));
        }
    }
}

// The label sets of an object's instances, made again only when its instances are not those of the last
// scrape: per instance its definition bytes (name, parent) and, for Process and Thread, its id.
void BlockExporter::label_instances(const wpo::BlockView& block, const wpo::ObjectView& object, ObjectPlan& p)
{
    if (!object.has_instances()) {
        if (!p.instances_known) {
            p.labels.assign(1, std::string());
            p.labelled.assign(1, 1);
            p.total.assign(1, 0);
            p.instances_known = true;
        }
        return;
    }
    const wpo::InstanceIdCounters ids = wpo::instance_id_counters(object);
    const bool with_id = ids.kind != wpo::InstanceIdCounters::Kind::none;
    bool same = p.instances_known;
    bool has_parents = false;
    std::size_t at = 0;
    auto compare = [&](std::span<const std::byte> bytes) {
        if (same && (at + bytes.size() > p.instances_key.size() ||
                     (!bytes.empty() && std::memcmp(p.instances_key.data() + at, bytes.data(), bytes.size()) != 0)))
            same = false;
        at += bytes.size();
    };
    for (const wpo::InstanceView& instance : object.instances()) {
        compare(instance.definition_bytes());
        has_parents = has_parents || instance.parent_object_index() != 0;
        if (with_id) {
            const std::uint64_t id = instance.counters().value(ids.id);
            compare(std::as_bytes(std::span(&id, 1)));
        }
    }
    // A display name under a parent depends on the parent object's instances too: made every time.
    const bool depends_on_parents = has_parents && !p.guarded;
    if (same && at == p.instances_key.size() && !depends_on_parents)
        return;

    p.instances_key.clear();
    for (const wpo::InstanceView& instance : object.instances()) {
        const auto bytes = instance.definition_bytes();
        p.instances_key.insert(p.instances_key.end(), bytes.begin(), bytes.end());
        if (with_id) {
            const std::uint64_t id = instance.counters().value(ids.id);
            const auto id_bytes = std::as_bytes(std::span(&id, 1));
            p.instances_key.insert(p.instances_key.end(), id_bytes.begin(), id_bytes.end());
        }
    }
    p.instances_known = !depends_on_parents;
    p.labels.clear();
    p.labelled.clear();
    p.total.clear();
    const std::string label = instance_label(p.name);
    const std::string identity = identity_label(p.name);
    std::set<std::string> seen;
    for (const wpo::InstanceName& name : wpo::instance_names(block, object)) {
        const bool total = name.name == "_Total";
        std::string set;
        if (!identity.empty()) {
            set = "{" + label + "=\"" + escape_label_value(name.name) + "\"";
            if (name.id)
                set += "," + identity + "=\"" + std::to_string(*name.id) + "\"";
            set += "}";
        } else {
            set = "{" + label + "=\"" + escape_label_value(name.display) + "\"}";
        }
        // A thread passes with its process: its parent's name (its own when it has none).
        const std::string& process = identity == "tid" && !name.parent_name.empty() ? name.parent_name : name.name;
        const bool passes = !p.guarded || total || m_guard.passes(process);
        const bool unique = seen.insert(set).second;
        p.labels.push_back(std::move(set));
        p.labelled.push_back(passes && unique ? 1 : 0);
        p.total.push_back(total ? 1 : 0);
    }
}

// This scrape's instances of a Process or Thread object: those the patterns pass, at most the limit of them,
// those with the largest raw value of the ranking counter, and _Total. All that pass when no more pass than
// the limit, the object has no ranking counter, or the limit is 0.
void BlockExporter::choose_instances(const wpo::ObjectView& object, ObjectPlan& p)
{
    p.keep.assign(p.labelled.begin(), p.labelled.end());
    const std::size_t limit = m_guard.max_instances;
    if (!p.guarded || !p.rank || limit == 0 || !object.has_instances())
        return;
    p.ranked.clear();
    std::uint32_t i = 0;
    for (const wpo::InstanceView& instance : object.instances()) {
        if (i < p.keep.size() && p.keep[i] && !p.total[i])
            p.ranked.emplace_back(wpo::read_raw(*p.rank, instance.counters()).value, i);
        ++i;
    }
    if (p.ranked.size() <= limit)
        return;
    // Ties go to the instance first in the block, so equal values keep the same instances from scrape to scrape.
    const auto busier = [](const auto& a, const auto& b) {
        return a.first > b.first || (a.first == b.first && a.second < b.second);
    };
    std::nth_element(p.ranked.begin(), p.ranked.begin() + static_cast<std::ptrdiff_t>(limit), p.ranked.end(), busier);
    for (std::size_t r = limit; r < p.ranked.size(); ++r)
        p.keep[p.ranked[r].second] = 0;
}

MetricFamily& BlockExporter::next_family()
{
    if (m_family_count == m_families.size())
        m_families.emplace_back();
    MetricFamily& family = m_families[m_family_count++];
    family.samples.clear();
    return family;
}

std::span<const MetricFamily> BlockExporter::export_block(const wpo::NameTable& names, const wpo::BlockView& block,
                                                          std::span<const std::uint32_t> objects)
{
    m_selected.clear();
    if (objects.empty()) {
        for (const wpo::ObjectView& object : block.objects())
            m_selected.push_back(object);
    } else {
        for (const std::uint32_t index : objects)
            if (auto object = block.find_object(index))
                m_selected.push_back(*object);
    }
    if (!plan_matches(names, m_selected))
        plan(names, m_selected);

    m_family_count = 0;
    m_sample_count = 0;
    for (std::size_t o = 0; o < m_selected.size(); ++o) {
        const wpo::ObjectView& object = m_selected[o];
        ObjectPlan& p = m_plans[o];
        if (p.name.empty())
            continue;
        label_instances(block, object, p);
        choose_instances(object, p);
        const wpo::TimeStamps times = wpo::time_stamps(block.header(), object.header());
        for (const CounterPlan& c : p.counters) {
            const std::size_t main_at = m_family_count;
            MetricFamily& family = next_family();
            family.name = c.mapping.family;
            family.type = c.mapping.type;
            family.help = c.help;
            family.unit = c.mapping.unit;
            std::size_t base_at = 0;
            if (c.base) {
                base_at = m_family_count;
                MetricFamily& base = next_family();
                base.name = c.base_family;
                base.type = c.mapping.base_type;
                base.help = c.base_help;
                base.unit = {};
            }
            auto add = [&](std::string_view set, const wpo::CounterBlock& counters) {
                const wpo::RawValue raw = wpo::read_raw(c.layout, counters);
                if (const auto value = main_value(c.mapping, c.layout.definition.type, raw, times))
                    m_families[main_at].samples.push_back({set, *value});
                if (c.base)
                    m_families[base_at].samples.push_back({set, static_cast<double>(raw.base)});
            };
            if (!object.has_instances()) {
                add(p.labels.front(), object.counter_block());
            } else {
                std::size_t i = 0;
                for (const wpo::InstanceView& instance : object.instances()) {
                    if (i < p.keep.size() && p.keep[i])
                        add(p.labels[i], instance.counters());
                    ++i;
                }
            }
            m_sample_count += m_families[main_at].samples.size();
            if (c.base)
                m_sample_count += m_families[base_at].samples.size();
        }
    }
    MetricFamily& info = next_family();
    info.name = kInfoFamily;
    info.type = MetricType::info;
    info.help = kInfoHelp;
    info.unit = {};
    for (const std::string& labels : m_info_labels)
        info.samples.push_back({labels, 1.0});
    m_sample_count += info.samples.size();
    return {m_families.data(), m_family_count};
}

}  // namespace perfscope::exporter
