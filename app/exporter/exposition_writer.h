// SPDX-License-Identifier: Apache-2.0
// Writes metric families in Prometheus' text format 0.0.4 or in OpenMetrics 1.0
// (docs/prometheus-naming.md §5), and picks the format a request's Accept header asks for.
#pragma once

#include "exporter/metric_family.h"

#include <span>
#include <string>
#include <string_view>

namespace perfscope::exporter {

enum class ExpositionFormat : std::uint8_t { text, openmetrics };

// The Content-Type of a response in that format.
std::string_view content_type(ExpositionFormat format);

// OpenMetrics when the Accept header names application/openmetrics-text (with a q above 0), else text.
ExpositionFormat negotiate_format(std::string_view accept);

// A label value with `\`, `"` and line feeds escaped.
std::string escape_label_value(std::string_view value);

// Appends the families to `out`; OpenMetrics ends with `# EOF`. Families without samples are left out.
// Allocates nothing once `out` has the capacity.
void write_exposition(std::span<const MetricFamily> families, ExpositionFormat format, std::string& out);

// write_exposition() in parts, for families held in several places: the families, then the end.
void write_families(std::span<const MetricFamily> families, ExpositionFormat format, std::string& out);
void end_exposition(ExpositionFormat format, std::string& out);

}  // namespace perfscope::exporter
