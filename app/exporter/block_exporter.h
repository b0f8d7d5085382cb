// SPDX-License-Identifier: Apache-2.0
// The metric families of one collected block (docs/prometheus-naming.md): one family per exported counter
// (and its `_base` family), a sample per instance, and the `perfscope_perfmon_name_info` mapping table.
#pragma once

#include "exporter/metric_family.h"
#include "format/block_view.h"
#include "names/name_table.h"

#include <cstdint>
#include <span>
#include <vector>

namespace perfscope::exporter {

// The cardinality guard: Process and Thread have an instance per process or thread, so at most
// `max_instances` of each are exported, those with the most CPU time (the raw `% Processor Time`), plus
// `_Total`. 0: no limit.
inline constexpr std::size_t kDefaultMaxInstances = 100;

// Appends the families of `objects` (object title indices, in that order; empty: every object of the
// block in block order) to `out`, the mapping table last. Objects the block lacks are skipped.
void export_block(const wpo::NameTable& names, const wpo::BlockView& block, std::span<const std::uint32_t> objects,
                  std::vector<MetricFamily>& out, std::size_t max_instances = kDefaultMaxInstances);

}  // namespace perfscope::exporter
