// SPDX-License-Identifier: Apache-2.0
// A metric family ready to be written: what the block exporter builds and the exposition writer reads.
// Names, help, units and labels are views: the block exporter keeps the strings across scrapes (they change
// only when an object's counters or instances do), so a steady scrape builds its families without allocating.
#pragma once

#include "exporter/metric_naming.h"

#include <string_view>
#include <vector>

namespace perfscope::exporter {

struct MetricSample {
    std::string_view labels;  // the rendered label set, `{cpu="0"}`, empty for none; values already escaped
    double value = 0.0;
};

struct MetricFamily {
    std::string_view name;  // without `_total` for counters, without `_info` for info families
    MetricType type = MetricType::gauge;
    std::string_view help;  // unescaped
    std::string_view unit;  // "seconds", "bytes" or empty
    std::vector<MetricSample> samples;
};

}  // namespace perfscope::exporter
