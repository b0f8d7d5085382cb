// SPDX-License-Identifier: Apache-2.0
// A metric family ready to be written: what the block exporter builds and the exposition writer reads.
#pragma once

#include "exporter/metric_naming.h"

#include <string>
#include <vector>

namespace perfscope::exporter {

struct MetricSample {
    std::string labels;  // the rendered label set, `{cpu="0"}`, empty for none; values already escaped
    double value = 0.0;
};

struct MetricFamily {
    std::string name;  // without `_total` for counters, without `_info` for info families
    MetricType type = MetricType::gauge;
    std::string help;  // unescaped
    std::string unit;  // "seconds", "bytes" or empty
    std::vector<MetricSample> samples;
};

}  // namespace perfscope::exporter
