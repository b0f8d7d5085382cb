// SPDX-License-Identifier: Apache-2.0
// A published-counters segment in test memory: laid out and written by the
// publishing library's segment writer, then damaged or filled by the test.
#pragma once

#include "core/byte_io.h"
#include "format/counter_type.h"
#include "published/definition.h"
#include "published/segment_layout.h"
#include "segment_writer.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>

namespace wpo::test {

namespace PL = published::layout;

// publisher "Test": Alpha (no instances: raw32 A, raw64 B, fraction F + base),
// Beta (4 instances: raw64 X, average Avg + base), Gamma (costly, rate32 R).
inline published::Definition test_definition()
{
    using namespace counter_type;
    published::Definition d;
    d.publisher = "Test";
    d.objects.push_back(
        {.name = "Alpha",
         .help = "Alpha help",
         .counters = {{.name = "A", .help = "A help", .type = PERF_COUNTER_RAWCOUNT},
                      {.name = "B", .help = "B help", .type = PERF_COUNTER_LARGE_RAWCOUNT, .default_scale = -1},
                      {.name = "F", .help = "F help", .type = PERF_RAW_FRACTION},
                      {.name = "F base", .help = "F base help", .type = PERF_RAW_BASE}}});
    d.objects.push_back({.name = "Beta",
                         .help = "Beta help",
                         .detail_level = 200,
                         .max_instances = 4,
                         .counters = {{.name = "X", .help = "X help", .type = PERF_COUNTER_LARGE_RAWCOUNT},
                                      {.name = "Avg", .help = "Avg help", .type = PERF_AVERAGE_BULK},
                                      {.name = "Avg base", .help = "Avg base help", .type = PERF_AVERAGE_BASE}}});
    d.objects.push_back({.name = "Gamma",
                         .help = "Gamma help",
                         .costly = true,
                         .counters = {{.name = "R", .help = "R help", .type = PERF_COUNTER_COUNTER}}});
    return d;
}

class SegmentImage {
public:
    explicit SegmentImage(const published::Definition& d, std::uint32_t pid = 4242)
        : m_plan(publish::plan_segment(d)), m_words((m_plan.total_size + 7) / 8 + 64)
    {
        publish::write_segment(d, m_plan, data(), pid);
        publish::mark_ready(data());
    }

    std::byte* data() { return reinterpret_cast<std::byte*>(m_words.data()); }
    std::span<const std::byte> bytes() { return {data(), m_plan.total_size}; }
    const publish::SegmentPlan& plan() const { return m_plan; }

    std::byte* slot(std::size_t object, std::uint32_t s)
    {
        const auto& g = m_plan.objects[object];
        return data() + g.slots_offset + std::size_t(s) * g.slot_size;
    }
    void set(std::size_t object, std::uint32_t s, std::size_t counter, std::uint64_t value)
    {
        store<std::uint64_t>(slot(object, s) + PL::slot::kName + m_plan.objects[object].name_capacity + 8 * counter,
                             value);
    }
    void set_instance(std::size_t object, std::uint32_t s, std::string_view name, bool live = true)
    {
        std::byte* at = slot(object, s);
        std::memset(at + PL::slot::kName, 0, m_plan.objects[object].name_capacity);
        std::memcpy(at + PL::slot::kName, name.data(), name.size());
        store<std::uint32_t>(at + PL::slot::kLive, live ? 1 : 0);
    }
    std::byte* object_record(std::size_t object) { return data() + m_plan.objects_offset + object * PL::object::kSize; }
    std::byte* counter_record(std::size_t counter)
    {
        return data() + m_plan.counters_offset + counter * PL::counter::kSize;
    }
    void put_u32(std::size_t at, std::uint32_t v) { store<std::uint32_t>(data() + at, v); }
    std::uint32_t get_u32(std::size_t at) { return load_u32(data() + at); }

private:
    publish::SegmentPlan m_plan;
    std::vector<std::uint64_t> m_words;  // 8-aligned storage
};

}  // namespace wpo::test
