// SPDX-License-Identifier: Apache-2.0
#include "published/definition.h"

#include "core/utf.h"
#include "format/counter_type.h"
#include "published/segment_layout.h"

#include <array>
#include <charconv>

namespace wpo::published {
namespace {

namespace ct = counter_type;

struct TypeName {
    std::string_view short_name;
    std::string_view long_name;
    std::uint32_t type;
};

constexpr std::array kTypes = {
    TypeName{"raw32", "PERF_COUNTER_RAWCOUNT", ct::PERF_COUNTER_RAWCOUNT},
    TypeName{"raw64", "PERF_COUNTER_LARGE_RAWCOUNT", ct::PERF_COUNTER_LARGE_RAWCOUNT},
    TypeName{"rate32", "PERF_COUNTER_COUNTER", ct::PERF_COUNTER_COUNTER},
    TypeName{"rate64", "PERF_COUNTER_BULK_COUNT", ct::PERF_COUNTER_BULK_COUNT},
    TypeName{"timer100ns", "PERF_100NSEC_TIMER", ct::PERF_100NSEC_TIMER},
    TypeName{"fraction", "PERF_RAW_FRACTION", ct::PERF_RAW_FRACTION},
    TypeName{"fraction_base", "PERF_RAW_BASE", ct::PERF_RAW_BASE},
    TypeName{"average", "PERF_AVERAGE_BULK", ct::PERF_AVERAGE_BULK},
    TypeName{"average_timer", "PERF_AVERAGE_TIMER", ct::PERF_AVERAGE_TIMER},
    TypeName{"average_base", "PERF_AVERAGE_BASE", ct::PERF_AVERAGE_BASE},
};

// The base a counter needs right after it, 0 for none.
std::uint32_t base_of(std::uint32_t type)
{
    switch (type) {
    case ct::PERF_RAW_FRACTION: return ct::PERF_RAW_BASE;
    case ct::PERF_AVERAGE_BULK:
    case ct::PERF_AVERAGE_TIMER: return ct::PERF_AVERAGE_BASE;
    default: return 0;
    }
}

bool has_nul(std::string_view s)
{
    return s.find('\0') != std::string_view::npos;
}

Error bad(std::string message)
{
    return Error(Errc::invalid_argument, std::move(message));
}

constexpr std::size_t kMaxName = 255;
constexpr std::size_t kMaxHelp = 4096;

}  // namespace

bool valid_publisher(std::string_view name)
{
    if (name.empty() || name.size() > 64)
        return false;
    for (char c : name) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                        c == '-' || c == '.';
        if (!ok)
            return false;
    }
    return true;
}

std::uint32_t Definition::item_count() const
{
    std::uint32_t n = 0;
    for (const auto& o : objects)
        n += 1 + static_cast<std::uint32_t>(o.counters.size());
    return n;
}

std::uint32_t Definition::item_offset(std::size_t object) const
{
    std::uint32_t n = 0;
    for (std::size_t i = 0; i < object && i < objects.size(); ++i)
        n += 1 + static_cast<std::uint32_t>(objects[i].counters.size());
    return n;
}

std::uint32_t Definition::item_offset(std::size_t object, std::size_t counter) const
{
    return item_offset(object) + 1 + static_cast<std::uint32_t>(counter);
}

std::optional<std::uint32_t> parse_counter_type(std::string_view name)
{
    for (const auto& t : kTypes) {
        if (iequals(name, t.short_name) || name == t.long_name)
            return t.type;
    }
    return std::nullopt;
}

std::string_view counter_type_short_name(std::uint32_t type)
{
    for (const auto& t : kTypes) {
        if (t.type == type)
            return t.short_name;
    }
    return {};
}

bool supported_type(std::uint32_t type)
{
    return !counter_type_short_name(type).empty();
}

Status validate(const Definition& d)
{
    namespace L = layout;
    if (!valid_publisher(d.publisher))
        return bad("publisher name \"" + d.publisher + "\" must be 1 to 64 of A-Z a-z 0-9 _ - .");
    if (d.objects.empty())
        return bad("the definition has no object");
    if (d.objects.size() > L::kMaxObjects)
        return bad("more than " + std::to_string(L::kMaxObjects) + " objects");
    std::size_t counters = 0;
    for (const auto& o : d.objects) {
        const std::string where = "object \"" + o.name + "\"";
        if (o.name.empty() || o.name.size() > kMaxName || has_nul(o.name))
            return bad(where + ": the name must be 1 to 255 bytes without NUL");
        if (o.help.size() > kMaxHelp || has_nul(o.help))
            return bad(where + ": the help text must be at most 4096 bytes without NUL");
        if (o.counters.empty())
            return bad(where + " has no counter");
        if (o.counters.size() > L::kMaxCountersPerObject)
            return bad(where + " has more than " + std::to_string(L::kMaxCountersPerObject) + " counters");
        if (o.max_instances > L::kMaxSlots)
            return bad(where + ": at most " + std::to_string(L::kMaxSlots) + " instances");
        if (o.default_counter < 0 || static_cast<std::size_t>(o.default_counter) >= o.counters.size())
            return bad(where + ": the default counter is not one of its counters");
        for (const auto& other : d.objects) {
            if (&other != &o && iequals(other.name, o.name))
                return bad(where + " is defined twice");
        }
        counters += o.counters.size();
        for (std::size_t i = 0; i < o.counters.size(); ++i) {
            const CounterDef& c = o.counters[i];
            const std::string cwhere = where + ", counter \"" + c.name + "\"";
            if (c.name.empty() || c.name.size() > kMaxName || has_nul(c.name))
                return bad(cwhere + ": the name must be 1 to 255 bytes without NUL");
            if (c.help.size() > kMaxHelp || has_nul(c.help))
                return bad(cwhere + ": the help text must be at most 4096 bytes without NUL");
            if (!supported_type(c.type))
                return bad(cwhere + ": unsupported counter type " + std::to_string(c.type));
            if (c.default_scale < -10 || c.default_scale > 10)
                return bad(cwhere + ": the default scale must be -10..10");
            if (const auto base = base_of(c.type); base != 0) {
                if (i + 1 >= o.counters.size() || o.counters[i + 1].type != base)
                    return bad(cwhere + ": a " + std::string(counter_type_short_name(c.type)) +
                               " counter must be followed by its " + std::string(counter_type_short_name(base)));
            }
            if (counter_type::is_base(c.type)) {
                if (i == 0 || base_of(o.counters[i - 1].type) != c.type)
                    return bad(cwhere + ": a base must follow the counter it belongs to");
            }
        }
    }
    if (counters > L::kMaxCounters)
        return bad("more than " + std::to_string(L::kMaxCounters) + " counters");
    if (d.item_count() > L::kMaxItems)
        return bad("more than " + std::to_string(L::kMaxItems) + " objects and counters together");
    return {};
}

}  // namespace wpo::published
