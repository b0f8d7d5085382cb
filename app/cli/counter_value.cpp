// SPDX-License-Identifier: Apache-2.0
#include "cli/counter_value.h"

#include "format/counter_type.h"
#include "naming/instance_names.h"

#include <cinttypes>
#include <cstdio>

namespace perfscope::cli {

namespace ct = wpo::counter_type;

wpo::Value decode_counter(const wpo::CounterLayout& layout, const CounterSource& current,
                          const std::optional<CounterSource>& previous, const wpo::DecodeOptions& options)
{
    const wpo::RawValue now = wpo::read_raw(layout, current.counters);
    const wpo::TimeStamps now_time = wpo::time_stamps(current.block->header(), current.object.header());
    if (!previous)
        return wpo::decode(layout, now, now_time, nullptr, nullptr, options);
    const wpo::RawValue before = wpo::read_raw(layout, previous->counters);
    const wpo::TimeStamps before_time = wpo::time_stamps(previous->block->header(), previous->object.header());
    return wpo::decode(layout, now, now_time, &before, &before_time, options);
}

std::map<std::string, wpo::CounterBlock> counter_blocks_by_key(const wpo::BlockView& block,
                                                               const wpo::ObjectView& object)
{
    std::map<std::string, wpo::CounterBlock> blocks;
    if (!object.has_instances()) {
        blocks.emplace("", object.counter_block());
        return blocks;
    }
    const auto names = wpo::instance_names(block, object);
    std::size_t i = 0;
    for (const wpo::InstanceView& instance : object.instances())
        blocks.emplace(names[i++].key, instance.counters());
    return blocks;
}

std::string name_or_index(const wpo::NameTable& names, std::uint32_t index)
{
    const auto name = names.name(index);
    return name.empty() ? "#" + std::to_string(index) : std::string(name);
}

std::string format_value(const wpo::Value& value, std::uint32_t type)
{
    if (!value.valid())
        return "(" + std::string(wpo::to_string(value.status)) + ")";
    char text[64];
    const bool hex = (type & ct::kTypeMask) == ct::kTypeNumber && ct::subtype(type) == ct::kNumberHex;
    switch (value.type) {
    case wpo::ValueType::int32:
        if (hex)
            std::snprintf(text, sizeof text, "0x%08" PRIx32, static_cast<std::uint32_t>(value.i32));
        else
            std::snprintf(text, sizeof text, "%" PRId32, value.i32);
        break;
    case wpo::ValueType::int64:
        if (hex)
            std::snprintf(text, sizeof text, "0x%016" PRIx64, static_cast<std::uint64_t>(value.i64));
        else
            std::snprintf(text, sizeof text, "%" PRId64, value.i64);
        break;
    case wpo::ValueType::float64: std::snprintf(text, sizeof text, "%.6f", value.f64); break;
    }
    return text;
}

}  // namespace perfscope::cli
