// SPDX-License-Identifier: Apache-2.0
#include "decode/object_layout.h"

#include "format/counter_type.h"

#include <limits>

namespace wpo {

std::vector<CounterLayout> counter_layouts(const ObjectView& object)
{
    namespace ct = counter_type;
    std::vector<CounterLayout> layouts;
    layouts.reserve(object.counter_count());

    auto it = object.counters().begin();
    const auto end = object.counters().end();
    std::uint32_t position = 0;
    while (it != end) {
        const CounterDefinition def = *it;
        ++it;
        const std::uint32_t here = position++;
        if (!ct::is_visible(def.type))
            continue;
        CounterLayout layout;
        layout.definition = def;
        layout.position = here;
        if (ct::needs_base(def.type)) {
            const bool next_exists = it != end;
            const CounterDefinition next = next_exists ? *it : CounterDefinition{};
            if ((def.type & ct::kMultiCounter) != 0) {
                layout.has_base = true;
                if (next_exists && next.type == ct::PERF_COUNTER_MULTI_BASE) {
                    layout.base = next;
                } else {
                    layout.base_follows_value = true;
                    layout.base.type = ct::PERF_COUNTER_MULTI_BASE;
                    layout.base.size = 8;
                    layout.base.offset = def.offset <= std::numeric_limits<std::uint32_t>::max() - 8
                                             ? def.offset + 8
                                             : std::numeric_limits<std::uint32_t>::max();
                }
            } else if (next_exists && ct::is_base(next.type)) {
                layout.has_base = true;
                layout.base = next;
            }
        }
        layouts.push_back(layout);
    }
    return layouts;
}

RawValue read_raw(const CounterLayout& counter, const CounterBlock& block)
{
    RawValue raw;
    raw.value = block.value(counter.definition);
    if (counter.base_follows_value)
        raw.base = block.value_at(counter.base.offset, counter.base.size);
    else if (counter.has_base)
        raw.base = block.value(counter.base);
    return raw;
}

TimeStamps time_stamps(const BlockHeader& block, const ObjectHeader& object)
{
    TimeStamps t;
    t.perf_time = block.perf_time;
    t.perf_freq = block.perf_freq;
    t.perf_time_100ns = block.perf_time_100ns;
    t.object_time = object.perf_time;
    t.object_freq = object.perf_freq;
    return t;
}

Value decode(const CounterLayout& counter, const RawValue& current, const TimeStamps& current_time,
             const RawValue* previous, const TimeStamps* previous_time, const DecodeOptions& options)
{
    if (!counter.has_base && counter_type::needs_base(counter.definition.type)) {
        Value v;
        v.status = ValueStatus::missing_base;
        return v;
    }
    return decode(counter.definition.type, current, current_time, previous, previous_time, options);
}

}  // namespace wpo
