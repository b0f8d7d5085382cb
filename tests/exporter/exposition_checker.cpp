// SPDX-License-Identifier: Apache-2.0
#include "exposition_checker.h"

#include <cmath>
#include <cstdlib>
#include <set>
#include <vector>

namespace perfscope::exporter::testing {
namespace {

bool is_name_start(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
}

bool is_name_char(char c)
{
    return is_name_start(c) || (c >= '0' && c <= '9');
}

bool valid_metric_name(std::string_view name)
{
    if (name.empty() || !is_name_start(name.front()))
        return false;
    for (const char c : name)
        if (!is_name_char(c))
            return false;
    return true;
}

bool valid_label_name(std::string_view name)
{
    return valid_metric_name(name) && name.find(':') == std::string_view::npos && !name.starts_with("__");
}

bool ends_with(std::string_view text, std::string_view suffix)
{
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// Reads `{a="b",...}` at `pos` (which must be `{`), leaves pos after `}`.
bool read_labels(std::string_view line, std::size_t& pos, std::string& error)
{
    std::set<std::string> names;
    ++pos;
    if (pos < line.size() && line[pos] == '}') {
        ++pos;
        return true;
    }
    for (;;) {
        const std::size_t start = pos;
        while (pos < line.size() && line[pos] != '=')
            ++pos;
        const std::string name(line.substr(start, pos - start));
        if (!valid_label_name(name) || !names.insert(name).second) {
            error = "bad or repeated label name '" + name + "'";
            return false;
        }
        if (pos + 1 >= line.size() || line[pos + 1] != '"') {
            error = "label value not quoted";
            return false;
        }
        pos += 2;
        for (;;) {
            if (pos >= line.size()) {
                error = "unterminated label value";
                return false;
            }
            const char c = line[pos];
            if (c == '"')
                break;
            if (c == '\\') {
                if (pos + 1 >= line.size() || (line[pos + 1] != '\\' && line[pos + 1] != '"' && line[pos + 1] != 'n')) {
                    error = "bad escape in label value";
                    return false;
                }
                pos += 2;
                continue;
            }
            ++pos;
        }
        ++pos;
        if (pos < line.size() && line[pos] == ',') {
            ++pos;
            continue;
        }
        if (pos < line.size() && line[pos] == '}') {
            ++pos;
            return true;
        }
        error = "expected , or } after a label";
        return false;
    }
}

bool read_value(std::string_view text, double& value)
{
    if (text == "NaN") {
        value = std::nan("");
        return true;
    }
    if (text == "+Inf" || text == "-Inf") {
        value = text[0] == '+' ? INFINITY : -INFINITY;
        return true;
    }
    if (text.empty())
        return false;
    const std::string copy(text);
    char* end = nullptr;
    value = std::strtod(copy.c_str(), &end);
    return end == copy.c_str() + copy.size() && std::isfinite(value);
}

std::string unescape_help(std::string_view text)
{
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\' && i + 1 < text.size()) {
            const char next = text[++i];
            out += next == 'n' ? '\n' : next;
        } else {
            out += text[i];
        }
    }
    return out;
}

// The suffixes a sample of a family of this type may add to the family's name.
std::vector<std::string_view> allowed_suffixes(const std::string& type, bool openmetrics)
{
    if (!openmetrics)
        return {""};
    if (type == "counter")
        return {"_total"};
    if (type == "info")
        return {"_info"};
    return {""};
}

}  // namespace

CheckedExposition check_exposition(std::string_view text, bool openmetrics)
{
    CheckedExposition result;
    auto fail = [&result](std::size_t line_number, const std::string& why) {
        result.error = "line " + std::to_string(line_number) + ": " + why;
        return result;
    };
    if (text.empty() || text.back() != '\n')
        return fail(0, "the exposition does not end with a line feed");

    std::set<std::string> finished;  // families whose samples are behind us
    std::string current;             // the family being read
    bool eof = false;
    std::size_t number = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        const std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++number;
        if (eof)
            return fail(number, "text after # EOF");
        if (line.empty())
            return fail(number, "empty line");
        if (line == "# EOF") {
            if (!openmetrics)
                return fail(number, "# EOF in the text format");
            eof = true;
            continue;
        }
        if (line.starts_with("#")) {
            const std::size_t space1 = line.find(' ', 2);
            if (line.size() < 3 || line[1] != ' ' || space1 == std::string_view::npos)
                return fail(number, "bad comment line");
            const std::string_view keyword = line.substr(2, space1 - 2);
            const std::size_t space2 = line.find(' ', space1 + 1);
            const std::string name(
                line.substr(space1 + 1, space2 == std::string_view::npos ? line.npos : space2 - space1 - 1));
            const std::string_view rest =
                space2 == std::string_view::npos ? std::string_view{} : line.substr(space2 + 1);
            if (!valid_metric_name(name))
                return fail(number, "bad metric name '" + name + "'");
            if (name != current) {
                if (finished.contains(name) || result.types.contains(name))
                    return fail(number, "family '" + name + "' described twice");
                if (!current.empty())
                    finished.insert(current);
                current = name;
            }
            if (keyword == "HELP") {
                if (result.helps.contains(name))
                    return fail(number, "two HELP lines for '" + name + "'");
                result.helps[name] = unescape_help(rest);
            } else if (keyword == "TYPE") {
                const std::set<std::string_view> types =
                    openmetrics ? std::set<std::string_view>{"counter",  "gauge",     "info",           "unknown",
                                                             "stateset", "histogram", "gaugehistogram", "summary"}
                                : std::set<std::string_view>{"counter", "gauge", "untyped", "histogram", "summary"};
                if (!types.contains(rest))
                    return fail(number, "unknown type '" + std::string(rest) + "'");
                if (result.types.contains(name))
                    return fail(number, "two TYPE lines for '" + name + "'");
                if (openmetrics && rest == "counter" && ends_with(name, "_total"))
                    return fail(number, "an OpenMetrics counter family named with _total");
                result.types[name] = std::string(rest);
            } else if (keyword == "UNIT") {
                if (!openmetrics)
                    return fail(number, "UNIT in the text format");
                if (!ends_with(name, "_" + std::string(rest)))
                    return fail(number, "family '" + name + "' does not end with its unit");
                result.units[name] = std::string(rest);
            } else {
                return fail(number, "unknown comment keyword");
            }
            continue;
        }
        // A sample.
        std::size_t pos = 0;
        while (pos < line.size() && is_name_char(line[pos]))
            ++pos;
        const std::string name(line.substr(0, pos));
        if (!valid_metric_name(name))
            return fail(number, "bad sample name '" + name + "'");
        const std::size_t labels_start = pos;
        if (pos < line.size() && line[pos] == '{') {
            std::string error;
            if (!read_labels(line, pos, error))
                return fail(number, error);
        }
        const std::string series = std::string(line.substr(0, pos));
        (void)labels_start;
        if (pos >= line.size() || line[pos] != ' ')
            return fail(number, "no space before the value");
        const std::string_view value_text = line.substr(pos + 1);
        if (value_text.find(' ') != std::string_view::npos)
            return fail(number, "a time stamp or trailing text after the value");
        double value = 0.0;
        if (!read_value(value_text, value))
            return fail(number, "bad value '" + std::string(value_text) + "'");
        const auto type = result.types.find(current);
        if (current.empty() || type == result.types.end() || !result.helps.contains(current))
            return fail(number, "sample '" + name + "' without HELP and TYPE before it");
        bool belongs = false;
        for (const std::string_view suffix : allowed_suffixes(type->second, openmetrics))
            belongs = belongs || name == current + std::string(suffix);
        if (!belongs)
            return fail(number, "sample '" + name + "' is not of family '" + current + "'");
        if (type->second == "counter" && value < 0)
            return fail(number, "negative counter");
        if (!result.series.emplace(series, value).second)
            return fail(number, "series '" + series + "' twice");
    }
    if (openmetrics && !eof)
        return fail(number, "no # EOF at the end");
    return result;
}

}  // namespace perfscope::exporter::testing
