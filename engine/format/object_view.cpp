// SPDX-License-Identifier: Apache-2.0
#include "format/object_view.h"

#include <cassert>
#include <cstring>
#include <string>

namespace wpo {
namespace {

namespace L = layout;

ObjectHeader read_header(const std::byte* p)
{
    namespace o = L::object;
    ObjectHeader h;
    h.total_byte_length = load_u32(p + o::kTotalByteLength);
    h.definition_length = load_u32(p + o::kDefinitionLength);
    h.header_length = load_u32(p + o::kHeaderLength);
    h.name_index = load_u32(p + o::kNameTitleIndex);
    h.help_index = load_u32(p + o::kHelpTitleIndex);
    h.detail_level = load_u32(p + o::kDetailLevel);
    h.num_counters = load_u32(p + o::kNumCounters);
    h.default_counter = load_i32(p + o::kDefaultCounter);
    h.num_instances = load_i32(p + o::kNumInstances);
    h.code_page = load_u32(p + o::kCodePage);
    h.perf_time = load_i64(p + o::kPerfTime);
    h.perf_freq = load_i64(p + o::kPerfFreq);
    return h;
}

using Kind = ObjectFault::Kind;

// Builds a fault of the object `h`; plain numbers, no allocation.
struct Faults {
    std::uint32_t name_index;
    ObjectFault operator()(Errc code, Kind kind, std::uint32_t item = 0, std::uint64_t at = 0, std::uint64_t v0 = 0,
                           std::uint64_t v1 = 0, std::uint64_t v2 = 0) const
    {
        ObjectFault f;
        f.code = code;
        f.kind = kind;
        f.name_index = name_index;
        f.item = item;
        f.at = static_cast<std::uint32_t>(at);
        f.values[0] = v0;
        f.values[1] = v1;
        f.values[2] = v2;
        return f;
    }
};

// Checks a PERF_COUNTER_BLOCK at [pos, end) of instance `item` (or the
// single block): its length is in bounds and every counter's data (max_end
// bytes, reached by counter `furthest`) fits. Alignment is not required:
// values are read with memcpy (byte_io.h). Sets `len` to its length.
std::optional<ObjectFault> check_counter_block(const Faults& fault, const std::byte* base, std::uint32_t item,
                                               std::uint64_t pos, std::uint64_t end, std::uint64_t max_end,
                                               std::uint32_t furthest, std::uint32_t& len)
{
    if (pos + L::counter_block::kSize > end)
        return fault(Errc::truncated, Kind::block_cut_off, item, pos);
    len = load_u32(base + pos);
    if (len == 0)
        return fault(Errc::zero_length, Kind::block_zero, item, pos);
    if (len < L::counter_block::kSize || pos + len > end)
        return fault(Errc::out_of_bounds, Kind::block_length, item, pos, len);
    if (max_end > len)
        return fault(Errc::out_of_bounds, Kind::block_too_short, item, pos, max_end, len, furthest);
    return std::nullopt;
}

}  // namespace

std::optional<ObjectFault> ObjectView::check(std::span<const std::byte> bytes)
{
    if (bytes.size() < L::object::kSize)
        return Faults{0}(Errc::truncated, Kind::header_cut_off, 0, 0, bytes.size());
    const std::byte* base = bytes.data();
    const ObjectHeader h = read_header(base);
    const Faults fault{h.name_index};

    // The lengths that lead to the next object (a fault here ends a walk).
    if (h.total_byte_length == 0)
        return fault(Errc::zero_length, Kind::total_zero);
    if (h.total_byte_length > bytes.size())
        return fault(Errc::out_of_bounds, Kind::total_beyond, 0, 0, h.total_byte_length, bytes.size());
    // Everything below concerns this object only.
    if (h.header_length < L::object::kSize || h.header_length > h.definition_length ||
        h.definition_length > h.total_byte_length)
        return fault(Errc::out_of_bounds, Kind::lengths_out_of_order, 0, 0, h.header_length, h.definition_length,
                     h.total_byte_length);
    const std::uint64_t end = h.total_byte_length;

    // Counter definitions: each ByteLength-stepped, each inside DefinitionLength.
    if (std::uint64_t(h.num_counters) * L::counter::kSize > h.definition_length - h.header_length)
        return fault(Errc::count_exceeds_data, Kind::counters_exceed, 0, 0, h.num_counters,
                     h.definition_length - h.header_length);
    std::uint64_t max_end = L::counter_block::kSize;
    std::uint32_t furthest = 0;
    std::uint64_t pos = h.header_length;
    for (std::uint32_t i = 0; i < h.num_counters; ++i) {
        if (pos + L::counter::kSize > h.definition_length)
            return fault(Errc::out_of_bounds, Kind::definition_cut_off, i, pos);
        const CounterDefinition d = CounterDefinition::read(base + pos);
        if (d.byte_length == 0)
            return fault(Errc::zero_length, Kind::definition_zero, i, pos);
        if (d.byte_length < L::counter::kSize || pos + d.byte_length > h.definition_length)
            return fault(Errc::out_of_bounds, Kind::definition_length, i, pos, d.byte_length);
        // A zero-size counter (PERF_COUNTER_NODATA) has no value: its offset
        // is never read, so whatever a provider left there does not matter.
        if (d.size > 0) {
            if (d.offset < L::counter_block::kSize)
                return fault(Errc::out_of_bounds, Kind::counter_in_block_header, i, pos, d.offset);
            if (std::uint64_t(d.offset) + d.size > max_end) {
                max_end = std::uint64_t(d.offset) + d.size;
                furthest = i;
            }
        }
        pos += d.byte_length;
    }

    // Instances, or the single counter block.
    pos = h.definition_length;
    std::uint32_t block_len = 0;
    if (h.num_instances == L::kNoInstances)
        return check_counter_block(fault, base, ObjectFault::kSingleBlock, pos, end, max_end, furthest, block_len);
    if (h.num_instances < 0)
        return fault(Errc::out_of_bounds, Kind::instances_negative, 0, 0,
                     static_cast<std::uint64_t>(std::int64_t(h.num_instances)));
    // The smallest instance: its 24 bytes and a counter block of 4.
    const std::uint64_t min_instance = L::instance::kSize + L::counter_block::kSize;
    if (std::uint64_t(h.num_instances) * min_instance > end - pos)
        return fault(Errc::count_exceeds_data, Kind::instances_exceed, 0, 0, std::uint64_t(h.num_instances), end - pos);
    for (std::uint32_t i = 0; i < std::uint32_t(h.num_instances); ++i) {
        if (pos + L::instance::kSize > end)
            return fault(Errc::truncated, Kind::instance_cut_off, i, pos);
        const std::byte* inst = base + pos;
        const std::uint32_t len = load_u32(inst + L::instance::kByteLength);
        const std::uint32_t name_offset = load_u32(inst + L::instance::kNameOffset);
        const std::uint32_t name_length = load_u32(inst + L::instance::kNameLength);
        if (len == 0)
            return fault(Errc::zero_length, Kind::instance_zero, i, pos);
        if (len < L::instance::kSize || pos + len > end)
            return fault(Errc::out_of_bounds, Kind::instance_length, i, pos, len);
        if (name_length > 0 && (name_offset < L::instance::kSize || std::uint64_t(name_offset) + name_length > len))
            return fault(Errc::out_of_bounds, Kind::instance_name, i, pos, name_offset, name_length);
        pos += len;
        if (auto bad = check_counter_block(fault, base, i, pos, end, max_end, furthest, block_len))
            return bad;
        pos += block_len;
    }
    return std::nullopt;
}

Result<ObjectView> ObjectView::parse(std::span<const std::byte> bytes)
{
    if (auto fault = check(bytes))
        return Error(fault->code, fault->message());
    return from_validated(bytes);
}

ObjectView ObjectView::from_validated(std::span<const std::byte> bytes)
{
    ObjectView view;
    view.m_header = read_header(bytes.data());
    view.m_bytes = bytes.first(view.m_header.total_byte_length);
    return view;
}

ObjectView::Range<ObjectView::CounterIterator> ObjectView::counters() const
{
    const std::byte* first = m_bytes.data() + m_header.header_length;
    return {CounterIterator(first, m_header.num_counters), CounterIterator(first, 0)};
}

CounterDefinition ObjectView::counter(std::uint32_t i) const
{
    assert(i < counter_count());
    auto it = counters().begin();
    while (i-- > 0)
        ++it;
    return *it;
}

ObjectView::Range<ObjectView::InstanceIterator> ObjectView::instances() const
{
    const std::byte* first = m_bytes.data() + m_header.definition_length;
    const std::uint32_t n = instance_count();
    return {InstanceIterator(first, n, m_header.code_page), InstanceIterator(first, 0, m_header.code_page)};
}

CounterBlock ObjectView::counter_block() const
{
    if (has_instances() || m_bytes.empty())
        return {};
    const std::byte* p = m_bytes.data() + m_header.definition_length;
    return CounterBlock({p, load_u32(p)});
}

bool same_definitions(const ObjectView& a, const ObjectView& b)
{
    const auto x = a.definition_bytes();
    const auto y = b.definition_bytes();
    return a.counter_count() == b.counter_count() && a.has_instances() == b.has_instances() && x.size() == y.size() &&
           (x.empty() || std::memcmp(x.data(), y.data(), x.size()) == 0);
}

InstanceView ObjectView::InstanceIterator::operator*() const
{
    const std::uint32_t len = load_u32(m_p);
    const std::byte* block = m_p + len;
    return InstanceView({m_p, len}, CounterBlock({block, load_u32(block)}), m_code_page);
}

ObjectView::InstanceIterator& ObjectView::InstanceIterator::operator++()
{
    const std::byte* block = m_p + load_u32(m_p);
    m_p = block + load_u32(block);
    --m_remaining;
    return *this;
}

}  // namespace wpo
