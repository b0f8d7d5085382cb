// SPDX-License-Identifier: Apache-2.0
#include "files/counter_set.h"

#include "files/text_file.h"

#include "core/hex.h"
#include "files/json_value.h"
#include "naming/counter_path.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>

#ifdef _WIN32
#include <io.h>
#include <process.h>
#else
#include <unistd.h>
#endif

namespace perfscope::files {

using wpo::Errc;
using wpo::Error;

std::string_view to_string(ViewKind kind)
{
    switch (kind) {
    case ViewKind::line: return "line";
    case ViewKind::histogram: return "histogram";
    case ViewKind::report: return "report";
    }
    return "line";
}

namespace {

std::string number_text(double n)
{
    std::string text = format_json(JsonValue::number(n));
    text.pop_back();  // format_json's final newline
    return text;
}

Error bad(const JsonValue& at, const std::string& field, const std::string& what)
{
    return Error(Errc::invalid_argument, at.where() + field + " " + what);
}

// Reads the optional member `key` of `object` with `read` when present;
// `field` is the member's full name for messages ("views[0].title").
class Fields {
public:
    Fields(const JsonValue& object, std::string prefix) : m_object(object), m_prefix(std::move(prefix)) {}

    std::string name(std::string_view key) const { return m_prefix + std::string(key); }
    const JsonValue* get(std::string_view key) const { return m_object.find(key); }

    wpo::Status text(std::string_view key, std::string& out) const
    {
        const JsonValue* v = get(key);
        if (!v)
            return {};
        if (v->type() != JsonValue::Type::string)
            return bad(*v, name(key), "must be a string");
        out = v->as_string();
        return {};
    }

    wpo::Status flag(std::string_view key, bool& out) const
    {
        const JsonValue* v = get(key);
        if (!v)
            return {};
        if (v->type() != JsonValue::Type::boolean)
            return bad(*v, name(key), "must be true or false");
        out = v->as_bool();
        return {};
    }

    // A number in [low, high] (`open_low`: above low).
    wpo::Status real(std::string_view key, double& out, double low, double high, bool open_low,
                     const std::string& unit) const
    {
        const JsonValue* v = get(key);
        if (!v)
            return {};
        if (v->type() != JsonValue::Type::number)
            return bad(*v, name(key), "must be a number");
        const double n = v->as_number();
        if ((open_low ? n <= low : n < low) || n > high)
            return bad(*v, name(key),
                       "is " + number_text(n) + "; it must be " + (open_low ? "above " : "") + number_text(low) +
                           (open_low ? " and at most " : " to ") + number_text(high) + unit);
        out = n;
        return {};
    }

    // A whole number in [low, high].
    wpo::Status whole(std::string_view key, std::int64_t& out, std::int64_t low, std::int64_t high) const
    {
        const JsonValue* v = get(key);
        if (!v)
            return {};
        return whole_value(*v, name(key), out, low, high);
    }

    static wpo::Status whole_value(const JsonValue& v, const std::string& field, std::int64_t& out, std::int64_t low,
                                   std::int64_t high)
    {
        if (v.type() != JsonValue::Type::number || v.as_number() != std::floor(v.as_number()))
            return bad(v, field, "must be a whole number");
        const double n = v.as_number();
        if (n < static_cast<double>(low) || n > static_cast<double>(high))
            return bad(v, field,
                       "is " + number_text(n) + "; it must be " + std::to_string(low) + " to " + std::to_string(high));
        out = static_cast<std::int64_t>(n);
        return {};
    }

private:
    const JsonValue& m_object;
    std::string m_prefix;
};

wpo::Result<std::uint32_t> parse_color(const JsonValue& v, const std::string& field)
{
    if (v.type() == JsonValue::Type::number) {
        std::int64_t n = 0;
        if (wpo::Status s = Fields::whole_value(v, field, n, 0, 0xFFFFFF); !s)
            return s.error();
        return static_cast<std::uint32_t>(n);
    }
    if (v.type() == JsonValue::Type::string) {
        const std::string& s = v.as_string();
        std::uint32_t rgb = 0;
        bool ok = s.size() == 7 && s[0] == '#';
        for (std::size_t i = 1; ok && i < s.size(); ++i) {
            const int digit = wpo::hex_digit_value(s[i]);
            ok = digit >= 0;
            rgb = rgb << 4 | static_cast<std::uint32_t>(digit);
        }
        if (ok)
            return rgb;
    }
    return bad(v, field, "must be a color \"#RRGGBB\" or a number 0 to 16777215 (0xFFFFFF)");
}

// color, scale_exponent and visible, of a counter or of one of its instances.
template <typename Look>
wpo::Status parse_look(const Fields& f, Look& look)
{
    if (const JsonValue* color = f.get("color"); color && !color->is_null()) {
        auto rgb = parse_color(*color, f.name("color"));
        if (!rgb)
            return rgb.error();
        look.color = *rgb;
    }
    if (const JsonValue* scale = f.get("scale_exponent"); scale && !scale->is_null()) {
        std::int64_t n = 0;
        const std::string field = f.name("scale_exponent");
        if (wpo::Status s = Fields::whole_value(*scale, field, n, kMinScaleExponent, kMaxScaleExponent); !s)
            return s;
        look.scale_exponent = static_cast<int>(n);
    }
    return f.flag("visible", look.visible);
}

// A non-empty string naming an instance: `field` for messages.
wpo::Result<std::string> parse_instance_name(const JsonValue& v, const std::string& field)
{
    if (v.type() != JsonValue::Type::string || v.as_string().empty())
        return bad(v, field, "must be an instance's name (a non-empty string)");
    return v.as_string();
}

// The version 2 fields of a counter: "instances" and "removed".
wpo::Status parse_instances(const Fields& f, const wpo::CounterPath& path, CounterSetEntry& e)
{
    for (const char* key : {"instances", "removed"}) {
        const JsonValue* list = f.get(key);
        if (!list)
            continue;
        if (list->type() != JsonValue::Type::array)
            return bad(*list, f.name(key), "must be an array");
        if (!path.wildcard_instance && !list->items().empty())
            return bad(*list, f.name(key), "is only for a path with all instances, \\Object(*)\\Counter");
        for (std::size_t i = 0; i < list->items().size(); ++i) {
            const JsonValue& item = list->items()[i];
            const std::string field = f.name(key) + "[" + std::to_string(i) + "]";
            if (std::string_view(key) == "removed") {
                auto name = parse_instance_name(item, field);
                if (!name)
                    return name.error();
                e.removed.push_back(std::move(*name));
                continue;
            }
            if (item.type() != JsonValue::Type::object)
                return bad(item, field, "must be an object with an \"instance\"");
            const Fields look_fields(item, field + ".");
            const JsonValue* name = look_fields.get("instance");
            if (!name)
                return bad(item, field, "has no \"instance\"");
            auto text = parse_instance_name(*name, look_fields.name("instance"));
            if (!text)
                return text.error();
            InstanceLook look;
            look.instance = std::move(*text);
            if (wpo::Status s = parse_look(look_fields, look); !s)
                return s;
            e.instances.push_back(std::move(look));
        }
    }
    return {};
}

wpo::Result<CounterSetEntry> parse_entry(const JsonValue& v, const std::string& prefix, int version)
{
    if (v.type() != JsonValue::Type::object)
        return bad(v, prefix, "must be an object with a \"path\"");
    CounterSetEntry e;
    const Fields f(v, prefix + ".");
    const JsonValue* path = f.get("path");
    if (!path)
        return bad(v, prefix, "has no \"path\"");
    if (wpo::Status s = f.text("path", e.path); !s)
        return s.error();
    auto parsed = wpo::CounterPath::parse(e.path);
    if (!parsed)
        return bad(*path, f.name("path"), "is not a counter path: " + parsed.error().message());
    if (wpo::Status s = parse_look(f, e); !s)
        return s.error();
    // Version 1 had no per-instance fields: a field of that name there is an unknown one, ignored.
    if (version >= 2)
        if (wpo::Status s = parse_instances(f, *parsed, e); !s)
            return s.error();
    return e;
}

wpo::Result<ViewSettings> parse_view(const JsonValue& v, const std::string& prefix, int version)
{
    if (v.type() != JsonValue::Type::object)
        return bad(v, prefix, "must be an object");
    ViewSettings view;
    const Fields f(v, prefix + ".");
    if (wpo::Status s = f.text("title", view.title); !s)
        return s.error();
    if (const JsonValue* kind = f.get("kind")) {
        const std::string text = kind->type() == JsonValue::Type::string ? kind->as_string() : std::string();
        if (text == "line")
            view.kind = ViewKind::line;
        else if (text == "histogram")
            view.kind = ViewKind::histogram;
        else if (text == "report")
            view.kind = ViewKind::report;
        else
            return bad(*kind, f.name("kind"), "must be \"line\", \"histogram\" or \"report\"");
    }
    if (wpo::Status s = f.real("interval_s", view.interval_s, kMinIntervalS, kMaxIntervalS, false, " seconds"); !s)
        return s.error();
    if (wpo::Status s = f.real("window_s", view.window_s, kMinWindowS, kMaxWindowS, false, " seconds"); !s)
        return s.error();
    std::int64_t capacity = static_cast<std::int64_t>(view.history_capacity);
    if (wpo::Status s = f.whole("history_capacity", capacity, static_cast<std::int64_t>(kMinHistoryCapacity),
                                static_cast<std::int64_t>(kMaxHistoryCapacity));
        !s)
        return s.error();
    view.history_capacity = static_cast<std::size_t>(capacity);
    if (wpo::Status s = f.flag("y_auto", view.y_auto); !s)
        return s.error();
    constexpr double kHuge = 1e300;
    if (wpo::Status s = f.real("y_min", view.y_min, -kHuge, kHuge, false, ""); !s)
        return s.error();
    if (wpo::Status s = f.real("y_max", view.y_max, -kHuge, kHuge, false, ""); !s)
        return s.error();
    if (wpo::Status s = f.flag("cap_percent", view.cap_percent); !s)
        return s.error();
    if (!(view.y_min < view.y_max)) {
        const JsonValue* at = f.get("y_max") ? f.get("y_max") : f.get("y_min") ? f.get("y_min") : &v;
        return bad(*at, f.name("y_max"),
                   "is " + number_text(view.y_max) + "; it must be above y_min (" + number_text(view.y_min) + ")");
    }
    if (const JsonValue* counters = f.get("counters")) {
        if (counters->type() != JsonValue::Type::array)
            return bad(*counters, f.name("counters"), "must be an array");
        for (std::size_t i = 0; i < counters->items().size(); ++i) {
            auto entry = parse_entry(counters->items()[i], f.name("counters") + "[" + std::to_string(i) + "]", version);
            if (!entry)
                return entry.error();
            view.counters.push_back(std::move(*entry));
        }
    }
    return view;
}

// "instance_guard": serve's Process and Thread guard for this set.
wpo::Result<SetInstanceGuard> parse_instance_guard(const JsonValue& v)
{
    if (v.type() != JsonValue::Type::object)
        return bad(v, "instance_guard", "must be an object");
    const Fields f(v, "instance_guard.");
    SetInstanceGuard guard;
    if (f.get("max_instances")) {
        std::int64_t n = 0;
        if (wpo::Status s = f.whole("max_instances", n, 0, static_cast<std::int64_t>(kMaxGuardInstances)); !s)
            return s.error();
        guard.max_instances = static_cast<std::size_t>(n);
    }
    for (const auto& [key, field] : {std::pair{"rank_counter", &guard.rank_counter},
                                     std::pair{"include", &guard.include}, std::pair{"exclude", &guard.exclude}}) {
        const JsonValue* text = f.get(key);
        if (!text)
            continue;
        if (text->type() != JsonValue::Type::string || text->as_string().empty() ||
            text->as_string().size() > kMaxGuardTextBytes)
            return bad(*text, f.name(key),
                       "must be a non-empty string of at most " + std::to_string(kMaxGuardTextBytes) + " bytes");
        *field = text->as_string();
    }
    return guard;
}

}  // namespace

wpo::Result<CounterSet> parse_counter_set(std::string_view json)
{
    auto root = parse_json(json);
    if (!root)
        return root.error();
    if (root->type() != JsonValue::Type::object)
        return bad(*root, "the counter set", "must be a JSON object");
    const Fields f(*root, "");
    if (const JsonValue* format = f.get("format");
        format && (format->type() != JsonValue::Type::string || format->as_string() != "perfscope-counter-set"))
        return bad(*format, "format", "must be \"perfscope-counter-set\"");
    const JsonValue* version = f.get("version");
    if (!version)
        return bad(*root, "the counter set",
                   "has no \"version\" (this build reads versions " + std::to_string(kOldestCounterSetVersion) +
                       " to " + std::to_string(kCounterSetVersion) + ")");
    const double number = version->type() == JsonValue::Type::number ? version->as_number() : 0.0;
    if (version->type() != JsonValue::Type::number || number != std::floor(number) ||
        number < kOldestCounterSetVersion || number > kCounterSetVersion)
        return bad(
            *version, "version",
            "is " + (version->type() == JsonValue::Type::number ? number_text(number) : std::string("not a number")) +
                "; this build reads versions " + std::to_string(kOldestCounterSetVersion) + " to " +
                std::to_string(kCounterSetVersion));
    const int read_version = static_cast<int>(number);
    CounterSet set;
    // Read as its own version, kept as this build's: saving it again upgrades the file.
    set.version = kCounterSetVersion;
    if (const JsonValue* views = f.get("views")) {
        if (views->type() != JsonValue::Type::array)
            return bad(*views, "views", "must be an array");
        for (std::size_t i = 0; i < views->items().size(); ++i) {
            auto view = parse_view(views->items()[i], "views[" + std::to_string(i) + "]", read_version);
            if (!view)
                return view.error();
            set.views.push_back(std::move(*view));
        }
    }
    std::int64_t current = 0;
    const auto last = static_cast<std::int64_t>(set.views.empty() ? 0 : set.views.size() - 1);
    if (wpo::Status s = f.whole("current_view", current, 0, last); !s)
        return s.error();
    set.current_view = static_cast<int>(current);
    if (wpo::Status s = f.flag("tiled", set.tiled); !s)
        return s.error();
    if (const JsonValue* guard = f.get("instance_guard")) {
        auto parsed = parse_instance_guard(*guard);
        if (!parsed)
            return parsed.error();
        set.instance_guard = std::move(*parsed);
    }
    return set;
}

namespace {

template <typename Look>
void set_look(JsonValue& object, const Look& look)
{
    if (look.color) {
        char rgb[16];
        std::snprintf(rgb, sizeof rgb, "#%06X", *look.color & 0xFFFFFFu);
        object.set("color", JsonValue::string(rgb));
    }
    if (look.scale_exponent)
        object.set("scale_exponent", JsonValue::number(*look.scale_exponent));
    object.set("visible", JsonValue::boolean(look.visible));
}

}  // namespace

std::string format_counter_set(const CounterSet& set)
{
    JsonValue root = JsonValue::object();
    root.set("format", JsonValue::string("perfscope-counter-set"));
    root.set("version", JsonValue::number(set.version));
    root.set("current_view", JsonValue::number(set.current_view));
    root.set("tiled", JsonValue::boolean(set.tiled));
    JsonValue views = JsonValue::array();
    for (const ViewSettings& view : set.views) {
        JsonValue v = JsonValue::object();
        v.set("title", JsonValue::string(view.title));
        v.set("kind", JsonValue::string(std::string(to_string(view.kind))));
        v.set("interval_s", JsonValue::number(view.interval_s));
        v.set("window_s", JsonValue::number(view.window_s));
        v.set("history_capacity", JsonValue::number(static_cast<double>(view.history_capacity)));
        v.set("y_auto", JsonValue::boolean(view.y_auto));
        v.set("y_min", JsonValue::number(view.y_min));
        v.set("y_max", JsonValue::number(view.y_max));
        if (view.cap_percent)
            v.set("cap_percent", JsonValue::boolean(true));
        JsonValue counters = JsonValue::array();
        for (const CounterSetEntry& e : view.counters) {
            JsonValue c = JsonValue::object();
            c.set("path", JsonValue::string(e.path));
            set_look(c, e);
            if (!e.instances.empty()) {
                JsonValue instances = JsonValue::array();
                for (const InstanceLook& look : e.instances) {
                    JsonValue i = JsonValue::object();
                    i.set("instance", JsonValue::string(look.instance));
                    set_look(i, look);
                    instances.push_back(std::move(i));
                }
                c.set("instances", std::move(instances));
            }
            if (!e.removed.empty()) {
                JsonValue removed = JsonValue::array();
                for (const std::string& name : e.removed)
                    removed.push_back(JsonValue::string(name));
                c.set("removed", std::move(removed));
            }
            counters.push_back(std::move(c));
        }
        v.set("counters", std::move(counters));
        views.push_back(std::move(v));
    }
    root.set("views", std::move(views));
    if (set.instance_guard) {
        const SetInstanceGuard& g = *set.instance_guard;
        JsonValue guard = JsonValue::object();
        if (g.max_instances)
            guard.set("max_instances", JsonValue::number(static_cast<double>(*g.max_instances)));
        if (g.rank_counter)
            guard.set("rank_counter", JsonValue::string(*g.rank_counter));
        if (g.include)
            guard.set("include", JsonValue::string(*g.include));
        if (g.exclude)
            guard.set("exclude", JsonValue::string(*g.exclude));
        root.set("instance_guard", std::move(guard));
    }
    return format_json(root);
}

wpo::Result<CounterSet> load_counter_set(const std::string& path)
{
    auto text = read_text_file(path, kMaxCounterSetBytes);
    if (!text)
        return text.error();
    auto set = parse_counter_set(*text);
    if (!set)
        return Error(set.error().code(), "\"" + path + "\": " + set.error().message());
    return set;
}

wpo::Status save_counter_set(const std::string& path, const CounterSet& set)
{
    namespace fs = std::filesystem;
    const std::string text = format_counter_set(set);
#ifdef _WIN32
    const int pid = _getpid();
#else
    const int pid = static_cast<int>(getpid());
#endif
    // Beside the target, so the rename stays on one file system.
    const fs::path target(path);
    fs::path temp = target;
    temp += ".tmp-" + std::to_string(pid);
    std::FILE* file = std::fopen(temp.string().c_str(), "wb");
    if (!file) {
        const int e = errno;
        const Errc code = e == ENOENT ? Errc::not_found : e == EACCES ? Errc::permission_denied : Errc::io_error;
        return Error(code, "cannot write \"" + path + "\": " + std::strerror(e));
    }
    bool ok = std::fwrite(text.data(), 1, text.size(), file) == text.size() && std::fflush(file) == 0;
#ifdef _WIN32
    ok = ok && _commit(_fileno(file)) == 0;
#else
    ok = ok && fsync(fileno(file)) == 0;  // the data on disk before the name points at it
#endif
    ok = std::fclose(file) == 0 && ok;
    std::error_code ec;
    if (ok)
        fs::rename(temp, target, ec);
    if (!ok || ec) {
        std::error_code ignored;
        fs::remove(temp, ignored);
        return Error(Errc::io_error, "cannot write \"" + path + "\"" + (ec ? ": " + ec.message() : std::string()));
    }
    return {};
}

}  // namespace perfscope::files
