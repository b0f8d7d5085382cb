// SPDX-License-Identifier: Apache-2.0
// The metric families of one collected block (docs/prometheus-naming.md): one family per exported counter
// (and its `_base` family), a sample per instance, and the `perfscope_perfmon_name_info` mapping table.
//
// An exporter serves one scrape after another: it keeps each object's metric names, help and mapping rows
// while the object's counter definitions stay the same, and its instances' label sets while its instances
// (their names, parents and process or thread ids) stay the same, so a steady scrape costs reading the raw
// values and allocates nothing. One thread at a time.
#pragma once

#include "decode/object_layout.h"
#include "exporter/instance_guard.h"
#include "exporter/metric_family.h"
#include "format/block_view.h"
#include "names/name_table.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace perfscope::exporter {

class BlockExporter {
public:
    explicit BlockExporter(InstanceGuard guard = {});

    // The families of `objects` (object title indices, in that order; empty: every object of the block in
    // block order), the mapping table last. Objects the block lacks are skipped. The families and the
    // strings they view stay valid until the next call, or the exporter's end; `names` must outlive the
    // exporter.
    std::span<const MetricFamily> export_block(const wpo::NameTable& names, const wpo::BlockView& block,
                                               std::span<const std::uint32_t> objects);

    // Samples in the families of the last export_block().
    std::size_t sample_count() const { return m_sample_count; }

private:
    struct CounterPlan {
        wpo::CounterLayout layout;
        MetricMapping mapping;
        bool exported = false;
        bool base = false;
        std::string base_family;
        std::string base_help;
        std::string help;
    };
    struct ObjectPlan {
        std::uint32_t index = 0;
        std::string name;  // the name table's, else the index (a machine whose table lacks the object)
        std::vector<std::byte> definitions;  // the definition bytes the counters were planned for
        std::vector<CounterPlan> counters;
        std::optional<wpo::CounterLayout> rank;  // the guard's ranking counter, for Process and Thread
        bool guarded = false;                    // Process or Thread

        // The instances the labels were made for: per instance its definition bytes and id.
        std::vector<std::byte> instances_key;
        bool instances_known = false;
        std::vector<std::string> labels;     // per instance in block order (or one, empty, without instances)
        std::vector<std::uint8_t> labelled;  // 0: a duplicate of an earlier label set, or refused by the patterns
        std::vector<std::uint8_t> total;     // the `_Total` instance
        std::vector<std::uint8_t> keep;      // this scrape's: labelled and within the limit
        std::vector<std::pair<std::uint64_t, std::uint32_t>> ranked;  // this scrape's: value, position
    };

    bool plan_matches(const wpo::NameTable& names, std::span<const wpo::ObjectView> selected) const;
    void plan(const wpo::NameTable& names, std::span<const wpo::ObjectView> selected);
    void label_instances(const wpo::BlockView& block, const wpo::ObjectView& object, ObjectPlan& plan);
    void choose_instances(const wpo::ObjectView& object, ObjectPlan& plan);
    MetricFamily& next_family();

    InstanceGuard m_guard;
    const wpo::NameTable* m_names = nullptr;
    std::vector<ObjectPlan> m_plans;  // the selected objects present, in order
    std::vector<std::string> m_info_labels;
    std::vector<wpo::ObjectView> m_selected;
    std::vector<MetricFamily> m_families;  // kept with their sample vectors' capacity
    std::size_t m_family_count = 0;
    std::size_t m_sample_count = 0;
};

}  // namespace perfscope::exporter
