// SPDX-License-Identifier: Apache-2.0
// Escaping: object, counter and instance names contain the separators in
// practice ("Avg. Disk sec/Read", "kworker/0:1", an instance "svchost#1"),
// and a name containing "%2F" must not decode to '/', so every part is
// percent-encoded before the parts are joined:
//
//   '%' -> "%25"    '/' -> "%2F"    '#' -> "%23"
//
// and nothing else, so the usual names stay readable. parse_sensor_name
// accepts any %HH (either case) but format_sensor_name writes only those
// three, upper-case: format(parse(s)) == s for every s format produced.
#include "naming/sensor_name.h"

#include <cstddef>

namespace wpo {
namespace {

constexpr std::string_view kPrefix = "win32.winperf/";
constexpr std::size_t kShownChars = 100;  // of the text, in error messages

void append_escaped(std::string& out, std::string_view part)
{
    for (const char c : part) {
        switch (c) {
        case '%': out += "%25"; break;
        case '/': out += "%2F"; break;
        case '#': out += "%23"; break;
        default: out += c; break;
        }
    }
}

int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

Error invalid(std::string_view text, const std::string& what)
{
    std::string shown(text.substr(0, kShownChars));
    if (text.size() > kShownChars)
        shown += "...";
    return Error(Errc::invalid_argument, "sensor name \"" + shown + "\": " + what);
}

// Decodes one part that starts at `offset` in `text`; `role` names it in errors.
Result<std::string> unescape(std::string_view text, std::size_t offset, std::string_view part, std::string_view role)
{
    if (part.empty())
        return invalid(text, "empty " + std::string(role) + " name at offset " + std::to_string(offset));
    std::string out;
    out.reserve(part.size());
    for (std::size_t i = 0; i < part.size(); ++i) {
        if (part[i] != '%') {
            out += part[i];
            continue;
        }
        const int hi = i + 1 < part.size() ? hex_value(part[i + 1]) : -1;
        const int lo = i + 2 < part.size() ? hex_value(part[i + 2]) : -1;
        if (hi < 0 || lo < 0)
            return invalid(text, "'%' at offset " + std::to_string(offset + i) + " in the " + std::string(role) +
                                     " name is not followed by two hex digits");
        out += static_cast<char>(hi * 16 + lo);
        i += 2;
    }
    return out;
}

}  // namespace

std::string format_sensor_name(const SensorName& name)
{
    std::string out;
    out.reserve(kPrefix.size() + name.object.size() + name.counter.size() + 2 +
                (name.instance ? name.instance->size() : 0));
    out += kPrefix;
    append_escaped(out, name.object);
    out += '/';
    append_escaped(out, name.counter);
    if (name.instance) {
        out += '#';
        append_escaped(out, *name.instance);
    }
    return out;
}

Result<SensorName> parse_sensor_name(std::string_view text)
{
    if (!text.starts_with(kPrefix))
        return invalid(text, "does not start with \"" + std::string(kPrefix) + "\"");
    const std::string_view rest = text.substr(kPrefix.size());
    const std::size_t slash = rest.find('/');
    if (slash == std::string_view::npos)
        return invalid(text, "no '/' between object and counter after offset " + std::to_string(kPrefix.size()));
    if (const std::size_t extra = rest.find('/', slash + 1); extra != std::string_view::npos)
        return invalid(text, "a third '/' at offset " + std::to_string(kPrefix.size() + extra) +
                                 " (a '/' inside a name is written %2F)");
    const std::string_view object = rest.substr(0, slash);
    if (const std::size_t hash = object.find('#'); hash != std::string_view::npos)
        return invalid(text, "'#' at offset " + std::to_string(kPrefix.size() + hash) +
                                 " in the object name (a '#' inside a name is written %23)");

    const std::size_t counter_at = kPrefix.size() + slash + 1;
    const std::string_view tail = rest.substr(slash + 1);
    const std::size_t hash = tail.find('#');
    if (hash != std::string_view::npos) {
        if (const std::size_t second = tail.find('#', hash + 1); second != std::string_view::npos)
            return invalid(text, "a second '#' at offset " + std::to_string(counter_at + second) +
                                     " (a '#' inside a name is written %23)");
    }

    SensorName name;
    auto object_name = unescape(text, kPrefix.size(), object, "object");
    if (!object_name)
        return object_name.error();
    name.object = std::move(*object_name);
    auto counter_name = unescape(text, counter_at, tail.substr(0, hash), "counter");
    if (!counter_name)
        return counter_name.error();
    name.counter = std::move(*counter_name);
    if (hash != std::string_view::npos) {
        auto instance_name = unescape(text, counter_at + hash + 1, tail.substr(hash + 1), "instance");
        if (!instance_name)
            return instance_name.error();
        name.instance = std::move(*instance_name);
    }
    return name;
}

}  // namespace wpo
