// SPDX-License-Identifier: Apache-2.0
// Names are written as JPMF's own users write them
// ("win32.winperf/Process/% Processor Time#1234"): a character is escaped
// only where the name's syntax would otherwise read it as a separator.
// The object ends at the first '/', the instance starts at the first '#':
//
//   object:   '/' -> "%2F"   '#' -> "%23"
//   counter:  '#' -> "%23"   ('/' stays: "Avg. Disk sec/Read")
//   instance: nothing        ("kworker/0:1", "svchost#1" stay)
//
// and '%' -> "%25" only where it is followed by two hex digits (there it
// would read as an escape). parse_sensor_name decodes any %HH (either case)
// and keeps every other '%' as it is, so the escaped form written before
// ("%25 Processor Time", "sec%2FRead") still reads to the same name:
// format(parse(s)) is canonical and parse(format(x)) == x.
#include "naming/sensor_name.h"

#include "core/hex.h"

#include <cstddef>

namespace wpo {
namespace {

constexpr std::string_view kPrefix = "win32.winperf/";
constexpr std::size_t kShownChars = 100;  // of the text, in error messages

// Whether part[i] == '%' would be read as the start of an escape.
bool starts_escape(std::string_view part, std::size_t i)
{
    return i + 2 < part.size() && hex_digit_value(part[i + 1]) >= 0 && hex_digit_value(part[i + 2]) >= 0;
}

enum class Part { object, counter, instance };

void append_escaped(std::string& out, std::string_view part, Part role)
{
    for (std::size_t i = 0; i < part.size(); ++i) {
        const char c = part[i];
        if (c == '%' && starts_escape(part, i))
            out += "%25";
        else if (c == '/' && role == Part::object)
            out += "%2F";
        else if (c == '#' && role != Part::instance)
            out += "%23";
        else
            out += c;
    }
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
        if (!starts_escape(part, i)) {
            out += '%';  // "% Processor Time": a '%' that is no escape is itself
            continue;
        }
        out += static_cast<char>(hex_digit_value(part[i + 1]) * 16 + hex_digit_value(part[i + 2]));
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
    append_escaped(out, name.object, Part::object);
    out += '/';
    append_escaped(out, name.counter, Part::counter);
    if (name.instance) {
        out += '#';
        append_escaped(out, *name.instance, Part::instance);
    }
    return out;
}

Result<SensorName> parse_sensor_name(std::string_view text)
{
    if (!text.starts_with(kPrefix))
        return invalid(text, "does not start with \"" + std::string(kPrefix) + "\"");
    const std::string_view rest = text.substr(kPrefix.size());
    // The first '#' starts the instance, which may hold any character; before it, the first '/' ends the object.
    const std::size_t hash = rest.find('#');
    const std::size_t slash = rest.substr(0, hash).find('/');
    if (slash == std::string_view::npos) {
        if (hash != std::string_view::npos)
            return invalid(text, "'#' at offset " + std::to_string(kPrefix.size() + hash) +
                                     " in the object name (a '#' inside a name is written %23)");
        return invalid(text, "no '/' between object and counter after offset " + std::to_string(kPrefix.size()));
    }
    const std::string_view object = rest.substr(0, slash);
    const std::size_t counter_at = kPrefix.size() + slash + 1;
    const std::string_view tail = rest.substr(slash + 1);
    const std::size_t instance_hash = hash == std::string_view::npos ? hash : hash - slash - 1;

    SensorName name;
    auto object_name = unescape(text, kPrefix.size(), object, "object");
    if (!object_name)
        return object_name.error();
    name.object = std::move(*object_name);
    auto counter_name = unescape(text, counter_at, tail.substr(0, instance_hash), "counter");
    if (!counter_name)
        return counter_name.error();
    name.counter = std::move(*counter_name);
    if (instance_hash != std::string_view::npos) {
        auto instance_name = unescape(text, counter_at + instance_hash + 1, tail.substr(instance_hash + 1), "instance");
        if (!instance_name)
            return instance_name.error();
        name.instance = std::move(*instance_name);
    }
    return name;
}

}  // namespace wpo
