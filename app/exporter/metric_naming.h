// SPDX-License-Identifier: Apache-2.0
// How a performance counter becomes a Prometheus metric: its name, type, unit, the series that carry
// its raw value and the label its instances go under. Pure functions of the names and the counter type;
// the rules are written down in docs/prometheus-naming.md and tested by table.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace perfscope::exporter {

// info: OpenMetrics' info type, a gauge of value 1 in the text format.
enum class MetricType : std::uint8_t { counter, gauge, info };

// What the main series of a counter holds, computed from its raw value N, its base B and the time stamps
// of the block it comes from.
enum class ValueRule : std::uint8_t {
    raw,           // N (a DOUBLE_RAW's bits as a double), times `scale`
    ticks,         // N divided by the block's PerfFreq
    object_ticks,  // N divided by the object's PerfFreq
    elapsed,       // (object time - N) / object frequency: seconds since N
};

struct MetricMapping {
    bool exported = false;  // false: text, NODATA, a base alone, histogram, zero types
    MetricType type = MetricType::gauge;
    std::string family;  // the metric family's name; a counter's samples add `_total`
    std::string unit;    // "seconds", "bytes" or empty: the family name ends with `_<unit>`
    ValueRule rule = ValueRule::raw;
    double scale = 1.0;     // applied after the rule (100 ns ticks: 1e-7)
    bool has_base = false;  // a second family `<family>_base` carries B
    MetricType base_type = MetricType::gauge;
};

// A name or a part of one: lowercase ASCII, `%` becomes the word `percent`, every other run of
// characters that are not ASCII letters or digits becomes one `_`, none at either end; the word `sec`
// is dropped (Prometheus' linter refuses the abbreviation, and the unit is said by the suffix).
std::string sanitize_name(std::string_view text);

// The label an object's instances are exported under: `cpu`, `process`, `thread`, `disk`,
// `interface`, else the object's sanitized name (`instance` never: Prometheus owns it).
std::string instance_label(std::string_view object_name);

// The label carrying the stable numeric identity of an instance (`pid`, `tid`), empty for other objects.
std::string identity_label(std::string_view object_name);

// The mapping of one counter of one object, from its names and its raw CounterType.
MetricMapping map_counter(std::string_view object_name, std::string_view counter_name, std::uint32_t type);

// The name of the sample that carries a family's value: `<family>_total` for counters, `<family>_info`
// for info families.
std::string sample_name(std::string_view family, MetricType type);

}  // namespace perfscope::exporter
