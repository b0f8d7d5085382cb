#include "format/object_view.h"

#include <cassert>
#include <cstring>
#include <string>

namespace wpo {
namespace {

namespace L = layout;

std::string at(std::uint64_t offset) { return " at object offset " + std::to_string(offset); }

bool aligned(std::uint64_t n) { return n % L::kAlignment == 0; }

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

// Checks a PERF_COUNTER_BLOCK at [pos, end): its length and that every
// counter's data (max_end bytes) fits. Returns its length. Messages are built
// only on failure (`owner_fn`), so validating a good block does not allocate.
template <class Owner>
Result<std::uint32_t> check_counter_block(const std::byte* base, std::uint64_t pos, std::uint64_t end,
                                          std::uint64_t max_end, const Owner& owner_fn)
{
    if (pos + L::counter_block::kSize > end)
        return Error(Errc::truncated, "counter block of " + owner_fn() + " is cut off" + at(pos));
    const std::uint32_t len = load_u32(base + pos);
    if (len == 0)
        return Error(Errc::zero_length, "counter block of " + owner_fn() + " has length 0" + at(pos));
    if (len < L::counter_block::kSize || pos + len > end)
        return Error(Errc::out_of_bounds, "counter block of " + owner_fn() + " has length " +
                                              std::to_string(len) + " beyond the object" + at(pos));
    if (!aligned(len))
        return Error(Errc::misaligned, "counter block of " + owner_fn() + " has length " +
                                           std::to_string(len) + ", not a multiple of 8" + at(pos));
    if (max_end > len)
        return Error(Errc::out_of_bounds, std::string("counter data ends at byte ") + std::to_string(max_end) +
                                              " but the counter block of " + owner_fn() + " has " +
                                              std::to_string(len) + at(pos));
    return len;
}

}  // namespace

Result<ObjectView> ObjectView::parse(std::span<const std::byte> bytes)
{
    if (bytes.size() < L::object::kSize)
        return Error(Errc::truncated, "object header needs 64 bytes, " + std::to_string(bytes.size()) + " left");
    const std::byte* base = bytes.data();
    const ObjectHeader h = read_header(base);
    const auto id = [&] { return "object " + std::to_string(h.name_index); };

    if (h.total_byte_length == 0)
        return Error(Errc::zero_length, id() + " has TotalByteLength 0");
    if (h.total_byte_length > bytes.size())
        return Error(Errc::out_of_bounds, id() + " has TotalByteLength " + std::to_string(h.total_byte_length) +
                                              " but only " + std::to_string(bytes.size()) + " bytes remain");
    if (!aligned(h.total_byte_length))
        return Error(Errc::misaligned,
                     id() + " has TotalByteLength " + std::to_string(h.total_byte_length) + ", not a multiple of 8");
    if (h.header_length < L::object::kSize || h.header_length > h.definition_length ||
        h.definition_length > h.total_byte_length)
        return Error(Errc::out_of_bounds, id() + " has HeaderLength " + std::to_string(h.header_length) +
                                              ", DefinitionLength " + std::to_string(h.definition_length) +
                                              ", TotalByteLength " + std::to_string(h.total_byte_length) +
                                              "; needs 64 <= header <= definitions <= total");
    const std::uint64_t end = h.total_byte_length;

    // Counter definitions: each ByteLength-stepped, each inside DefinitionLength.
    if (std::uint64_t(h.num_counters) * L::counter::kSize > h.definition_length - h.header_length)
        return Error(Errc::count_exceeds_data, id() + " claims " + std::to_string(h.num_counters) +
                                                   " counters in " +
                                                   std::to_string(h.definition_length - h.header_length) +
                                                   " bytes of definitions");
    std::uint64_t max_end = L::counter_block::kSize;
    std::uint64_t pos = h.header_length;
    for (std::uint32_t i = 0; i < h.num_counters; ++i) {
        const auto which = [&] { return "counter definition " + std::to_string(i) + " of " + id(); };
        if (pos + L::counter::kSize > h.definition_length)
            return Error(Errc::out_of_bounds, which() + " lies beyond DefinitionLength" + at(pos));
        const CounterDefinition d = CounterDefinition::read(base + pos);
        if (d.byte_length == 0)
            return Error(Errc::zero_length, which() + " has ByteLength 0" + at(pos));
        if (d.byte_length < L::counter::kSize || pos + d.byte_length > h.definition_length)
            return Error(Errc::out_of_bounds, which() + " has ByteLength " + std::to_string(d.byte_length) +
                                                  " outside the definitions" + at(pos));
        if (d.byte_length % 4 != 0)
            return Error(Errc::misaligned,
                         which() + " has ByteLength " + std::to_string(d.byte_length) + ", not a multiple of 4");
        if (d.offset < L::counter_block::kSize && d.size > 0)
            return Error(Errc::out_of_bounds, which() + " has CounterOffset " + std::to_string(d.offset) +
                                                  " inside the counter block header");
        max_end = std::max<std::uint64_t>(max_end, std::uint64_t(d.offset) + d.size);
        pos += d.byte_length;
    }

    // Instances, or the single counter block.
    pos = h.definition_length;
    if (h.num_instances == L::kNoInstances) {
        auto len = check_counter_block(base, pos, end, max_end, id);
        if (!len)
            return len.error();
    } else if (h.num_instances < 0) {
        return Error(Errc::out_of_bounds, id() + " has NumInstances " + std::to_string(h.num_instances));
    } else {
        const std::uint64_t min_instance = L::instance::kSize + L::kAlignment;
        if (std::uint64_t(h.num_instances) * min_instance > end - pos)
            return Error(Errc::count_exceeds_data, id() + " claims " + std::to_string(h.num_instances) +
                                                       " instances in " + std::to_string(end - pos) + " bytes");
        for (std::int32_t i = 0; i < h.num_instances; ++i) {
            const auto which = [&] { return "instance " + std::to_string(i) + " of " + id(); };
            if (pos + L::instance::kSize > end)
                return Error(Errc::truncated, which() + " is cut off" + at(pos));
            const std::byte* inst = base + pos;
            const std::uint32_t len = load_u32(inst + L::instance::kByteLength);
            const std::uint32_t name_offset = load_u32(inst + L::instance::kNameOffset);
            const std::uint32_t name_length = load_u32(inst + L::instance::kNameLength);
            if (len == 0)
                return Error(Errc::zero_length, which() + " has ByteLength 0" + at(pos));
            if (len < L::instance::kSize || pos + len > end)
                return Error(Errc::out_of_bounds,
                             which() + " has ByteLength " + std::to_string(len) + " beyond the object" + at(pos));
            if (!aligned(len))
                return Error(Errc::misaligned,
                             which() + " has ByteLength " + std::to_string(len) + ", not a multiple of 8" + at(pos));
            if (name_length > 0 &&
                (name_offset < L::instance::kSize || std::uint64_t(name_offset) + name_length > len))
                return Error(Errc::out_of_bounds, which() + " has its name (offset " + std::to_string(name_offset) +
                                                      ", " + std::to_string(name_length) +
                                                      " bytes) outside the instance definition" + at(pos));
            pos += len;
            auto block_len = check_counter_block(base, pos, end, max_end, which);
            if (!block_len)
                return block_len.error();
            pos += *block_len;
        }
    }

    ObjectView view;
    view.m_bytes = bytes.first(h.total_byte_length);
    view.m_header = h;
    return view;
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
    return a.counter_count() == b.counter_count() && a.has_instances() == b.has_instances() &&
           x.size() == y.size() && (x.empty() || std::memcmp(x.data(), y.data(), x.size()) == 0);
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
