// SPDX-License-Identifier: Apache-2.0
// The definition file format (docs/publishing.md, "Definition file"):
//
//   # comment            (also ';'; whole lines only)
//   publisher = PerfscopeDemo
//   [object]
//   name = Perfscope Demo
//   help = What the object counts.
//   instances = 16        (0 or absent: no instances)
//   detail = novice       (novice | advanced | expert | wizard | 100..400)
//   costly = no
//   default = 0           (position of the default counter)
//   [counter]             (belongs to the last [object])
//   name = Items
//   type = rate32
//   help = ...
//   scale = 0
//   detail = novice
//
// Keys are case-insensitive, values are trimmed; an unknown key or section,
// a repeated key, a line that is not `key = value` are errors naming the line.
#include "core/utf.h"
#include "published/definition.h"

#include <charconv>

namespace wpo::published {
namespace {

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

template <class T>
bool to_int(std::string_view s, T& out)
{
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
    return r.ec == std::errc() && r.ptr == s.data() + s.size() && !s.empty();
}

bool to_detail(std::string_view s, std::uint32_t& out)
{
    if (iequals(s, "novice"))
        out = wpo::layout::kDetailNovice;
    else if (iequals(s, "advanced"))
        out = wpo::layout::kDetailAdvanced;
    else if (iequals(s, "expert"))
        out = wpo::layout::kDetailExpert;
    else if (iequals(s, "wizard"))
        out = wpo::layout::kDetailWizard;
    else if (!to_int(s, out) || out < 100 || out > 400)
        return false;
    return true;
}

bool to_bool(std::string_view s, bool& out)
{
    if (iequals(s, "yes") || iequals(s, "true") || s == "1")
        out = true;
    else if (iequals(s, "no") || iequals(s, "false") || s == "0")
        out = false;
    else
        return false;
    return true;
}

}  // namespace

Result<Definition> parse_definition(std::string_view text)
{
    Definition d;
    enum class Section { top, object, counter } section = Section::top;
    std::uint32_t seen = 0;  // keys seen in the current section (bit per key)
    bool has_type = false;
    std::size_t line_no = 0;
    auto fail = [&](const std::string& what) {
        return Error(Errc::invalid_argument, "line " + std::to_string(line_no) + ": " + what);
    };
    while (!text.empty()) {
        ++line_no;
        const auto nl = text.find('\n');
        std::string_view line = trim(text.substr(0, nl));
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        if (line.empty() || line.front() == '#' || line.front() == ';')
            continue;
        if (line.front() == '[') {
            if (section == Section::counter && !has_type)
                return fail("the counter before this line has no type");
            if (iequals(line, "[object]")) {
                section = Section::object;
                d.objects.emplace_back();
            } else if (iequals(line, "[counter]")) {
                if (d.objects.empty())
                    return fail("[counter] before any [object]");
                section = Section::counter;
                d.objects.back().counters.emplace_back();
                has_type = false;
            } else {
                return fail("unknown section " + std::string(line) + " (expected [object] or [counter])");
            }
            seen = 0;
            continue;
        }
        const auto eq = line.find('=');
        if (eq == std::string_view::npos)
            return fail("expected `key = value`");
        const std::string_view key = trim(line.substr(0, eq));
        const std::string_view value = trim(line.substr(eq + 1));
        static constexpr std::string_view kKeys[] = {"publisher", "name",    "help", "instances", "detail",
                                                     "costly",    "default", "type", "scale"};
        std::uint32_t bit = 0;
        for (std::uint32_t i = 0; i < std::size(kKeys); ++i) {
            if (iequals(key, kKeys[i]))
                bit = 1u << i;
        }
        if (bit == 0)
            return fail("unknown key \"" + std::string(key) + "\"");
        if (seen & bit)
            return fail("\"" + std::string(key) + "\" given twice");
        seen |= bit;
        const std::string v(value);
        switch (section) {
        case Section::top:
            if (!iequals(key, "publisher"))
                return fail("\"" + std::string(key) + "\" outside of [object] or [counter]");
            d.publisher = v;
            break;
        case Section::object: {
            ObjectDef& o = d.objects.back();
            if (iequals(key, "name"))
                o.name = v;
            else if (iequals(key, "help"))
                o.help = v;
            else if (iequals(key, "instances")) {
                if (!to_int(value, o.max_instances))
                    return fail("instances must be a number");
            } else if (iequals(key, "detail")) {
                if (!to_detail(value, o.detail_level))
                    return fail("detail must be novice, advanced, expert, wizard or 100..400");
            } else if (iequals(key, "costly")) {
                if (!to_bool(value, o.costly))
                    return fail("costly must be yes or no");
            } else if (iequals(key, "default")) {
                if (!to_int(value, o.default_counter))
                    return fail("default must be a counter position");
            } else {
                return fail("\"" + std::string(key) + "\" is not a key of [object]");
            }
            break;
        }
        case Section::counter: {
            CounterDef& c = d.objects.back().counters.back();
            if (iequals(key, "name"))
                c.name = v;
            else if (iequals(key, "help"))
                c.help = v;
            else if (iequals(key, "type")) {
                const auto type = parse_counter_type(value);
                if (!type)
                    return fail("unknown counter type \"" + v + "\"");
                c.type = *type;
                has_type = true;
            } else if (iequals(key, "scale")) {
                if (!to_int(value, c.default_scale))
                    return fail("scale must be a number");
            } else if (iequals(key, "detail")) {
                if (!to_detail(value, c.detail_level))
                    return fail("detail must be novice, advanced, expert, wizard or 100..400");
            } else {
                return fail("\"" + std::string(key) + "\" is not a key of [counter]");
            }
            break;
        }
        }
    }
    if (section == Section::counter && !has_type)
        return fail("the last counter has no type");
    if (auto ok = validate(d); !ok)
        return ok.error();
    return d;
}

}  // namespace wpo::published
