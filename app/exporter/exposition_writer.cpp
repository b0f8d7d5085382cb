// SPDX-License-Identifier: Apache-2.0
#include "exporter/exposition_writer.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace perfscope::exporter {
namespace {

void append_value(double value, std::string& out)
{
    if (std::isnan(value)) {
        out += "NaN";
        return;
    }
    if (std::isinf(value)) {
        out += value > 0 ? "+Inf" : "-Inf";
        return;
    }
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, result.ptr);
}

// The text format escapes `\` and line feeds in HELP; OpenMetrics also `"`.
void append_help(std::string_view help, bool escape_quote, std::string& out)
{
    for (const char c : help) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '\n')
            out += "\\n";
        else if (c == '"' && escape_quote)
            out += "\\\"";
        else if (c == '\r')
            out += ' ';  // neither format has an escape for it, and a bare one would end the line for some readers
        else
            out += c;
    }
}

std::string_view type_text(MetricType type, ExpositionFormat format)
{
    switch (type) {
    case MetricType::counter: return "counter";
    case MetricType::gauge: return "gauge";
    case MetricType::info: return format == ExpositionFormat::openmetrics ? "info" : "gauge";
    }
    return "untyped";
}

// Whether `name` ends with `_<unit>`, as OpenMetrics requires of a family with a UNIT line.
bool ends_with_unit(std::string_view name, std::string_view unit)
{
    return !unit.empty() && name.size() > unit.size() + 1 && name.ends_with(unit) &&
           name[name.size() - unit.size() - 1] == '_';
}

bool is_token_char(char c)
{
    return c != ',' && c != ';' && c != ' ' && c != '\t';
}

char lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

bool equals_ignoring_case(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (lower(a[i]) != lower(b[i]))
            return false;
    return true;
}

std::string_view trim(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

// The q of one media range's parameters ("; q=0.5"), 1 without one.
double quality(std::string_view parameters)
{
    while (!parameters.empty()) {
        const std::size_t semicolon = parameters.find(';');
        const std::string_view parameter = trim(parameters.substr(0, semicolon));
        parameters = semicolon == std::string_view::npos ? std::string_view{} : parameters.substr(semicolon + 1);
        if (parameter.size() >= 2 && lower(parameter[0]) == 'q' && parameter[1] == '=') {
            const std::string value(parameter.substr(2, 8));
            char* end = nullptr;
            const double q = std::strtod(value.c_str(), &end);
            return end == value.c_str() ? 1.0 : q;
        }
    }
    return 1.0;
}

}  // namespace

std::string_view content_type(ExpositionFormat format)
{
    return format == ExpositionFormat::openmetrics ? "application/openmetrics-text; version=1.0.0; charset=utf-8"
                                                   : "text/plain; version=0.0.4; charset=utf-8";
}

ExpositionFormat negotiate_format(std::string_view accept)
{
    while (!accept.empty()) {
        const std::size_t comma = accept.find(',');
        std::string_view range = trim(accept.substr(0, comma));
        accept = comma == std::string_view::npos ? std::string_view{} : accept.substr(comma + 1);
        std::size_t type_end = 0;
        while (type_end < range.size() && is_token_char(range[type_end]))
            ++type_end;
        const std::string_view type = range.substr(0, type_end);
        const std::size_t semicolon = range.find(';');
        const std::string_view parameters =
            semicolon == std::string_view::npos ? std::string_view{} : range.substr(semicolon + 1);
        if (equals_ignoring_case(type, "application/openmetrics-text") && quality(parameters) > 0.0)
            return ExpositionFormat::openmetrics;
    }
    return ExpositionFormat::text;
}

std::string escape_label_value(std::string_view value)
{
    std::string out;
    out.reserve(value.size());
    for (const char c : value) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '"')
            out += "\\\"";
        else if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
    return out;
}

void write_families(std::span<const MetricFamily> families, ExpositionFormat format, std::string& out)
{
    const bool openmetrics = format == ExpositionFormat::openmetrics;
    for (const MetricFamily& family : families) {
        if (family.samples.empty())
            continue;
        // The sample name, `<family>_total` or `<family>_info` (sample_name()), appended piecewise: a scrape
        // writes hundreds of families and must not allocate for each.
        const std::string_view suffix = family.type == MetricType::counter ? "_total"
                                        : family.type == MetricType::info  ? "_info"
                                                                           : "";
        // The text format names a family after its samples; OpenMetrics after the family.
        const bool described_as_family = openmetrics || family.type == MetricType::gauge;
        out += "# HELP ";
        out += family.name;
        if (!described_as_family)
            out += suffix;
        out += ' ';
        append_help(family.help, openmetrics, out);
        out += "\n# TYPE ";
        out += family.name;
        if (!described_as_family)
            out += suffix;
        out += ' ';
        out += type_text(family.type, format);
        out += '\n';
        if (openmetrics && ends_with_unit(family.name, family.unit)) {
            out += "# UNIT ";
            out += family.name;
            out += ' ';
            out += family.unit;
            out += '\n';
        }
        for (const MetricSample& s : family.samples) {
            out += family.name;
            out += suffix;
            out += s.labels;
            out += ' ';
            append_value(s.value, out);
            out += '\n';
        }
    }
}

void end_exposition(ExpositionFormat format, std::string& out)
{
    if (format == ExpositionFormat::openmetrics)
        out += "# EOF\n";
}

void write_exposition(std::span<const MetricFamily> families, ExpositionFormat format, std::string& out)
{
    write_families(families, format, out);
    end_exposition(format, out);
}

}  // namespace perfscope::exporter
