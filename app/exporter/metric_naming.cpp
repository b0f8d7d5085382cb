// SPDX-License-Identifier: Apache-2.0
#include "exporter/metric_naming.h"

#include "format/counter_type.h"

#include <algorithm>
#include <array>
#include <vector>

namespace perfscope::exporter {
namespace {

namespace ct = wpo::counter_type;

bool is_alnum(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

char lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

std::vector<std::string> words_of(std::string_view text)
{
    std::vector<std::string> words;
    std::string word;
    auto flush = [&] {
        if (!word.empty() && word != "sec")
            words.push_back(word);
        word.clear();
    };
    for (const char c : text) {
        if (is_alnum(c)) {
            word += lower(c);
        } else if (c == '%') {
            flush();
            words.emplace_back("percent");
        } else {
            flush();
        }
    }
    flush();
    return words;
}

std::string join(const std::vector<std::string>& words)
{
    std::string out;
    for (const std::string& word : words) {
        if (!out.empty())
            out += '_';
        out += word;
    }
    return out;
}

// The time base a timer's raw value counts in, as a rule and scale to seconds.
void time_base_to_seconds(std::uint32_t type, MetricMapping& mapping)
{
    switch (type & ct::kTimeMask) {
    case ct::kTimer100Ns:
        mapping.rule = ValueRule::raw;
        mapping.scale *= 1e-7;
        break;
    case ct::kObjectTimer: mapping.rule = ValueRule::object_ticks; break;
    default: mapping.rule = ValueRule::ticks; break;
    }
}

}  // namespace

std::string sanitize_name(std::string_view text)
{
    return join(words_of(text));
}

std::string instance_label(std::string_view object_name)
{
    // clang-format off
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 7> kLabels{{
        {"processor", "cpu"},
        {"processor_information", "cpu"},
        {"process", "process"},
        {"thread", "thread"},
        {"physicaldisk", "disk"},
        {"logicaldisk", "disk"},
        {"network_interface", "interface"},
    }};
    // clang-format on
    std::string name = sanitize_name(object_name);
    for (const auto& [object, label] : kLabels)
        if (name == object)
            return std::string(label);
    if (name.empty())
        return "object_instance";
    if (name == "instance")
        return "object_instance";
    if (name.front() >= '0' && name.front() <= '9')
        name.insert(0, "object_");
    return name;
}

std::string identity_label(std::string_view object_name)
{
    const std::string name = sanitize_name(object_name);
    if (name == "process")
        return "pid";
    if (name == "thread")
        return "tid";
    return {};
}

MetricMapping map_counter(std::string_view object_name, std::string_view counter_name, std::uint32_t type)
{
    MetricMapping mapping;
    if (!ct::is_visible(type) || (type & ct::kTypeMask) == ct::kTypeText || (type & ct::kTypeMask) == ct::kTypeZero)
        return mapping;
    if ((type & ct::kDisplayMask) == ct::PERF_COUNTER_HISTOGRAM_TYPE)
        return mapping;

    std::vector<std::string> words = words_of(counter_name);
    if (words.empty())
        return mapping;
    mapping.exported = true;
    bool timer = false;  // the raw value counts time: unit seconds

    // Multiples of bytes in a name become bytes, the value scaled (binary multiples, as Windows counts).
    // clang-format off
    static constexpr std::array<std::pair<std::string_view, double>, 6> kByteMultiples{{
        {"kbytes", 1024.0}, {"kilobytes", 1024.0}, {"mbytes", 1048576.0}, {"megabytes", 1048576.0},
        {"gbytes", 1073741824.0}, {"gigabytes", 1073741824.0},
    }};
    // clang-format on
    for (std::string& word : words)
        for (const auto& [multiple, factor] : kByteMultiples)
            if (word == multiple) {
                word = "bytes";
                mapping.scale *= factor;
            }

    if ((type & ct::kTypeMask) == ct::kTypeNumber) {
        mapping.type = MetricType::gauge;
        if (ct::subtype(type) == ct::kNumberDec1000)
            mapping.scale *= 1e-3;
    } else {
        const std::uint32_t sub = ct::subtype(type);
        const std::uint32_t display = type & ct::kDisplayMask;
        switch (sub) {
        case ct::kCounterRate:
            mapping.type = MetricType::counter;
            if (display == ct::kDisplayPercent) {
                timer = true;
                time_base_to_seconds(type, mapping);
                if ((type & ct::kInverseCounter) != 0)
                    words.emplace_back("inverse");
                if ((type & ct::kMultiCounter) != 0)
                    mapping.has_base = true;  // the multi count M, an instant value
            }
            break;
        case ct::kCounterFraction:
            if (display == ct::kDisplayPercent && (type & ct::kDeltaCounter) == 0) {
                mapping.type = MetricType::gauge;  // a raw fraction: N / B now
                mapping.has_base = true;
            } else {
                mapping.type = MetricType::counter;  // an average or a sample fraction: delta N / delta B
                mapping.has_base = true;
                mapping.base_type = MetricType::counter;
                if (display == ct::kDisplaySeconds) {
                    timer = true;
                    time_base_to_seconds(type, mapping);
                }
            }
            break;
        case ct::kCounterElapsed:
            mapping.type = MetricType::gauge;
            mapping.rule = ValueRule::elapsed;
            timer = true;
            break;
        case ct::kCounterQueuelen:
            // N adds up the queue length over time: in seconds, rate() is the mean length.
            mapping.type = MetricType::counter;
            time_base_to_seconds(type, mapping);
            break;
        case ct::kCounterPrecision:
            // N and B count in the same clock: the ratio of their rates is the fraction.
            mapping.type = MetricType::counter;
            mapping.has_base = true;
            mapping.base_type = MetricType::counter;
            break;
        case ct::kCounterValue: mapping.type = MetricType::counter; break;
        default: mapping.exported = false; return mapping;
        }
    }
    if (timer) {
        if (words.back() != "seconds")
            words.emplace_back("seconds");
        mapping.unit = "seconds";
    } else if (auto it = std::find(words.begin(), words.end(), "bytes");
               it != words.end() && words.front() != "percent") {
        // A percentage of bytes is a ratio, not an amount: no unit.
        words.erase(it);
        words.emplace_back("bytes");
        mapping.unit = "bytes";
    }
    // Suffixes Prometheus gives a meaning of its own; a counter's samples add `_total` after them.
    if (mapping.type == MetricType::gauge) {
        const std::string& last = words.back();
        if (last == "total" || last == "count" || last == "sum" || last == "bucket" || last == "info")
            words.emplace_back("current");
    }
    std::string object = sanitize_name(object_name);
    if (object.empty())
        object = "object";
    mapping.family = "perfscope_" + object + "_" + join(words);
    return mapping;
}

std::string sample_name(std::string_view family, MetricType type)
{
    std::string name(family);
    if (type == MetricType::counter)
        name += "_total";
    else if (type == MetricType::info)
        name += "_info";
    return name;
}

}  // namespace perfscope::exporter
