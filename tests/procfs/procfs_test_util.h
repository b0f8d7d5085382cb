// SPDX-License-Identifier: Apache-2.0
// Helpers of the procfs tests: fixture paths, a clock that stands still, and
// lookups of objects, instances and counter values in a block.
#pragma once

#include "decode/object_layout.h"
#include "format/block_view.h"
#include "format/counter_type.h"
#include "sources/procfs/procfs_source.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace wpo::test {

inline std::string fixture(const std::string& name)
{
    return std::string(PERFSCOPE_FIXTURES_DIR) + "/" + name;
}

class FixedClock final : public ProcfsClock {
public:
    FixedClock(std::int64_t monotonic_ns, std::int64_t wall_filetime) : m_monotonic(monotonic_ns), m_wall(wall_filetime)
    {}
    std::int64_t monotonic_ns() const override { return m_monotonic; }
    std::int64_t wall_filetime() const override { return m_wall; }
    void set(std::int64_t monotonic_ns, std::int64_t wall_filetime)
    {
        m_monotonic = monotonic_ns;
        m_wall = wall_filetime;
    }

private:
    std::int64_t m_monotonic;
    std::int64_t m_wall;
};

// Options for a captured tree tests/fixtures/<name>/{proc,sys}: no statvfs,
// USER_HZ 100 (that of the machine the trees were captured on).
inline ProcfsOptions fixture_options(const std::string& name, const ProcfsClock& clock)
{
    ProcfsOptions o;
    o.proc_root = fixture(name) + "/proc";
    o.sys_root = fixture(name) + "/sys";
    o.fs_root.clear();
    o.clock = &clock;
    o.host_name = "FIXTURE";
    o.ticks_per_second = 100;
    return o;
}

// Collects `query` and checks that the block parses.
inline BlockView collect_block(Source& source, const std::string& query, std::vector<std::byte>& buffer)
{
    const Status status = source.collect(query, buffer);
    EXPECT_TRUE(status.ok()) << (status.ok() ? "" : status.error().describe());
    auto block = BlockView::parse(buffer);
    EXPECT_TRUE(block.ok()) << (block.ok() ? "" : block.error().describe());
    return block.ok() ? *block : BlockView();
}

inline std::vector<std::uint32_t> object_indices(const BlockView& block)
{
    std::vector<std::uint32_t> out;
    for (const ObjectView& o : block.objects())
        out.push_back(o.name_index());
    return out;
}

inline std::vector<std::string> instance_names(const ObjectView& object)
{
    std::vector<std::string> out;
    for (const InstanceView& i : object.instances())
        out.push_back(i.name());
    return out;
}

// The first visible definition with this name index (bases share it).
inline std::optional<CounterDefinition> definition(const ObjectView& object, std::uint32_t counter)
{
    for (const CounterDefinition& d : object.counters())
        if (d.name_index == counter && counter_type::is_visible(d.type))
            return d;
    return std::nullopt;
}

// The definition right after the visible one (its base).
inline std::optional<CounterDefinition> base_definition(const ObjectView& object, std::uint32_t counter)
{
    bool next = false;
    for (const CounterDefinition& d : object.counters()) {
        if (next)
            return d;
        next = d.name_index == counter && counter_type::is_visible(d.type);
    }
    return std::nullopt;
}

inline std::optional<InstanceView> instance(const ObjectView& object, const std::string& name)
{
    for (const InstanceView& i : object.instances())
        if (i.name() == name)
            return i;
    return std::nullopt;
}

// The instance whose counter `counter` has the raw value `value` (ID Process, ID Thread).
inline std::optional<InstanceView> instance_with(const ObjectView& object, std::uint32_t counter, std::uint64_t value)
{
    const auto d = definition(object, counter);
    if (!d)
        return std::nullopt;
    for (const InstanceView& i : object.instances())
        if (i.counters().value(*d) == value)
            return i;
    return std::nullopt;
}

inline std::uint64_t raw(const ObjectView& object, const InstanceView& inst, std::uint32_t counter)
{
    const auto d = definition(object, counter);
    EXPECT_TRUE(d.has_value()) << "object " << object.name_index() << " has no counter " << counter;
    return d ? inst.counters().value(*d) : 0;
}

inline std::uint64_t raw(const ObjectView& object, std::uint32_t counter)
{
    const auto d = definition(object, counter);
    EXPECT_TRUE(d.has_value()) << "object " << object.name_index() << " has no counter " << counter;
    return d ? object.counter_block().value(*d) : 0;
}

inline std::uint64_t raw_base(const ObjectView& object, const InstanceView& inst, std::uint32_t counter)
{
    const auto d = base_definition(object, counter);
    EXPECT_TRUE(d.has_value()) << "object " << object.name_index() << " has no base for " << counter;
    return d ? inst.counters().value(*d) : 0;
}

// Decodes `counter` of the instance selected by `id_counter == id` (or the
// single instance when id_counter is 0) across two blocks, uncapped.
inline Value decode_between(const BlockView& older, const BlockView& newer, std::uint32_t object_index,
                            std::uint32_t counter, std::uint32_t id_counter = 0, std::uint64_t id = 0,
                            const char* instance_name = nullptr)
{
    const auto o0 = older.find_object(object_index);
    const auto o1 = newer.find_object(object_index);
    if (!o0 || !o1) {
        ADD_FAILURE() << "object " << object_index << " missing";
        return {};
    }
    auto pick = [&](const ObjectView& o) -> std::optional<CounterBlock> {
        if (!o.has_instances())
            return o.counter_block();
        const auto i = instance_name ? instance(o, instance_name) : instance_with(o, id_counter, id);
        if (!i)
            return std::nullopt;
        return i->counters();
    };
    const auto b0 = pick(*o0);
    const auto b1 = pick(*o1);
    if (!b0 || !b1) {
        ADD_FAILURE() << "instance missing in object " << object_index;
        return {};
    }
    for (const CounterLayout& layout : counter_layouts(*o1)) {
        if (layout.definition.name_index != counter)
            continue;
        const RawValue r0 = read_raw(layout, *b0);
        const RawValue r1 = read_raw(layout, *b1);
        const TimeStamps t0 = time_stamps(older.header(), o0->header());
        const TimeStamps t1 = time_stamps(newer.header(), o1->header());
        return decode(layout, r1, t1, &r0, &t0, DecodeOptions{.cap_percent = false});
    }
    ADD_FAILURE() << "counter " << counter << " missing in object " << object_index;
    return {};
}

}  // namespace wpo::test
