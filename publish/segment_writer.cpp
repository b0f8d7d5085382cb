// SPDX-License-Identifier: Apache-2.0
#include "segment_writer.h"

#include "core/byte_io.h"
#include "published/segment_layout.h"
#include "published/shared_atomic.h"

#include <cstring>
#include <string>

namespace wpo::publish {
namespace {

namespace L = published::layout;

constexpr std::uint32_t round8(std::uint64_t n)
{
    return static_cast<std::uint32_t>((n + 7) & ~std::uint64_t(7));
}

// The strings area in write order: publisher, then per object name, help,
// then per counter name, help.
std::uint64_t strings_size(const published::Definition& d)
{
    std::uint64_t n = d.publisher.size() + 1;
    for (const auto& o : d.objects) {
        n += o.name.size() + o.help.size() + 2;
        for (const auto& c : o.counters)
            n += c.name.size() + c.help.size() + 2;
    }
    return n;
}

}  // namespace

SegmentPlan plan_segment(const published::Definition& d)
{
    SegmentPlan plan;
    std::uint32_t counters = 0;
    for (const auto& o : d.objects)
        counters += static_cast<std::uint32_t>(o.counters.size());
    plan.objects_offset = L::header::kSize;
    plan.counters_offset = plan.objects_offset + static_cast<std::uint32_t>(d.objects.size()) * L::object::kSize;
    plan.strings_offset = plan.counters_offset + counters * L::counter::kSize;
    plan.strings_size = static_cast<std::uint32_t>(strings_size(d));
    std::uint32_t at = round8(std::uint64_t(plan.strings_offset) + plan.strings_size);
    for (const auto& o : d.objects) {
        SlotGeometry g;
        g.counters = static_cast<std::uint32_t>(o.counters.size());
        g.name_capacity = L::kDefaultNameCapacity;
        g.slot_count = o.max_instances > 0 ? o.max_instances : 1;
        g.slot_size = L::slot::kName + g.name_capacity + 8 * g.counters;
        g.slots_offset = at;
        at += g.slot_count * g.slot_size;
        plan.objects.push_back(g);
    }
    plan.total_size = at;
    return plan;
}

void write_segment(const published::Definition& d, const SegmentPlan& plan, std::byte* out, std::uint32_t pid)
{
    namespace H = L::header;
    std::byte* strings = out + plan.strings_offset;
    std::uint32_t string_at = 0;
    auto put = [&](const std::string& s) {
        const std::uint32_t offset = string_at;
        std::memcpy(strings + offset, s.data(), s.size());
        strings[offset + s.size()] = std::byte{0};
        string_at += static_cast<std::uint32_t>(s.size() + 1);
        return offset;
    };
    std::memcpy(out + H::kMagic, L::kMagic, sizeof L::kMagic);
    store<std::uint32_t>(out + H::kVersion, L::kVersion);
    store<std::uint32_t>(out + H::kHeaderSize, H::kSize);
    store<std::uint32_t>(out + H::kTotalSize, plan.total_size);
    store<std::uint32_t>(out + H::kPid, pid);
    store<std::uint32_t>(out + H::kObjectCount, static_cast<std::uint32_t>(d.objects.size()));
    store<std::uint32_t>(out + H::kCountersOffset, plan.counters_offset);
    store<std::uint32_t>(out + H::kObjectsOffset, plan.objects_offset);
    store<std::uint32_t>(out + H::kStringsOffset, plan.strings_offset);
    store<std::uint32_t>(out + H::kStringsSize, plan.strings_size);
    store<std::uint32_t>(out + H::kPublisherName, put(d.publisher));
    std::uint32_t counter = 0;
    for (std::size_t i = 0; i < d.objects.size(); ++i) {
        namespace O = L::object;
        const auto& o = d.objects[i];
        const SlotGeometry& g = plan.objects[i];
        std::byte* rec = out + plan.objects_offset + i * O::kSize;
        store<std::uint32_t>(rec + O::kName, put(o.name));
        store<std::uint32_t>(rec + O::kHelp, put(o.help));
        store<std::uint32_t>(rec + O::kFirstCounter, counter);
        store<std::uint32_t>(rec + O::kCounterCount, g.counters);
        store<std::uint32_t>(rec + O::kDetailLevel, o.detail_level);
        store<std::int32_t>(rec + O::kDefaultCounter, o.default_counter);
        store<std::uint32_t>(rec + O::kFlags,
                             (o.max_instances > 0 ? L::kFlagInstances : 0) | (o.costly ? L::kFlagCostly : 0));
        store<std::uint32_t>(rec + O::kSlotCount, g.slot_count);
        store<std::uint32_t>(rec + O::kSlotsOffset, g.slots_offset);
        store<std::uint32_t>(rec + O::kSlotSize, g.slot_size);
        store<std::uint32_t>(rec + O::kNameCapacity, g.name_capacity);
        for (const auto& c : o.counters) {
            namespace C = L::counter;
            std::byte* crec = out + plan.counters_offset + std::size_t(counter) * C::kSize;
            store<std::uint32_t>(crec + C::kName, put(c.name));
            store<std::uint32_t>(crec + C::kHelp, put(c.help));
            store<std::uint32_t>(crec + C::kType, c.type);
            store<std::int32_t>(crec + C::kDefaultScale, c.default_scale);
            store<std::uint32_t>(crec + C::kDetailLevel, c.detail_level);
            ++counter;
        }
        // An object without instances always has its one set of values.
        if (o.max_instances == 0)
            store<std::uint32_t>(out + g.slots_offset + L::slot::kLive, 1);
    }
    store<std::uint32_t>(out + H::kCounterCount, counter);
}

void mark_ready(std::byte* segment)
{
    published::shared_word<std::uint32_t>(segment + L::header::kState).store(L::kStateReady, std::memory_order_release);
}

void mark_closed(std::byte* segment)
{
    published::shared_word<std::uint32_t>(segment + L::header::kState)
        .store(L::kStateClosed, std::memory_order_release);
}

}  // namespace wpo::publish
