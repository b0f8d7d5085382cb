// SPDX-License-Identifier: Apache-2.0
#include "format/block_view.h"

#include "core/utf.h"

#include <string>

namespace wpo {
namespace {

namespace B = layout::block;

constexpr std::byte kSignature[8] = {std::byte{'P'}, std::byte{0}, std::byte{'E'}, std::byte{0},
                                     std::byte{'R'}, std::byte{0}, std::byte{'F'}, std::byte{0}};

BlockHeader read_header(const std::byte* p)
{
    BlockHeader h;
    h.total_byte_length = load_u32(p + B::kTotalByteLength);
    h.header_length = load_u32(p + B::kHeaderLength);
    h.num_object_types = load_u32(p + B::kNumObjectTypes);
    h.default_object = load_i32(p + B::kDefaultObject);
    auto word = [&](int i) { return load<std::uint16_t>(p + B::kSystemTime + 2 * i); };
    h.system_time = {word(0), word(1), word(2), word(3), word(4), word(5), word(6), word(7)};
    h.perf_time = load_i64(p + B::kPerfTime);
    h.perf_freq = load_i64(p + B::kPerfFreq);
    h.perf_time_100ns = load_i64(p + B::kPerfTime100nSec);
    h.system_name_length = load_u32(p + B::kSystemNameLength);
    h.system_name_offset = load_u32(p + B::kSystemNameOffset);
    return h;
}

}  // namespace

Result<BlockView> BlockView::parse(std::span<const std::byte> bytes)
{
    if (bytes.size() < B::kSize)
        return Error(Errc::truncated, "a PERF_DATA_BLOCK needs 88 bytes, got " + std::to_string(bytes.size()));
    const std::byte* p = bytes.data();
    if (std::memcmp(p + B::kSignature, kSignature, sizeof kSignature) != 0)
        return Error(Errc::bad_signature, "the block does not start with the UTF-16 signature \"PERF\"");
    if (load_u32(p + B::kLittleEndian) != 1)
        return Error(Errc::unsupported, "the block is big-endian");
    if (load_u32(p + B::kVersion) != 1 || load_u32(p + B::kRevision) != 1)
        return Error(Errc::unsupported, "PERF_DATA_BLOCK version " + std::to_string(load_u32(p + B::kVersion)) +
                                            " revision " + std::to_string(load_u32(p + B::kRevision)) +
                                            "; only 1.1 is known");

    const BlockHeader h = read_header(p);
    if (h.total_byte_length > bytes.size())
        return Error(Errc::truncated, "the block claims " + std::to_string(h.total_byte_length) + " bytes but " +
                                          std::to_string(bytes.size()) + " are available");
    if (h.header_length < B::kSize || h.header_length > h.total_byte_length)
        return Error(Errc::out_of_bounds, "HeaderLength " + std::to_string(h.header_length) + " is outside 88.." +
                                              std::to_string(h.total_byte_length));
    if (h.header_length % layout::kAlignment != 0)
        return Error(Errc::misaligned, "HeaderLength " + std::to_string(h.header_length) + " is not a multiple of 8");
    if (h.system_name_length > 0 && std::uint64_t(h.system_name_offset) + h.system_name_length > h.total_byte_length)
        return Error(Errc::out_of_bounds, "the system name (offset " + std::to_string(h.system_name_offset) + ", " +
                                              std::to_string(h.system_name_length) + " bytes) lies outside the block");
    const std::uint64_t room = h.total_byte_length - h.header_length;
    if (std::uint64_t(h.num_object_types) * layout::object::kSize > room)
        return Error(Errc::count_exceeds_data, "NumObjectTypes " + std::to_string(h.num_object_types) +
                                                   " cannot fit in " + std::to_string(room) + " bytes");

    BlockView view;
    view.m_bytes = bytes.first(h.total_byte_length);
    view.m_header = h;
    view.m_walked = h.num_object_types;
    std::span<const std::byte> rest = bytes.subspan(h.header_length, room);
    for (std::uint32_t i = 0; i < h.num_object_types; ++i) {
        const auto fault = ObjectView::check(rest);
        if (!fault) {
            ++view.m_kept;
            rest = rest.subspan(load_u32(rest.data()));
            continue;
        }
        LeftOutObject bad;
        bad.index = i;
        bad.block_offset = static_cast<std::uint32_t>(rest.data() - p);
        bad.fault = *fault;
        if (fault->ends_walk()) {
            // No trustworthy TotalByteLength: the next object cannot be found.
            bad.not_reached = h.num_object_types - i - 1;
            view.m_left_out.add(bad);
            view.m_walked = i;
            view.m_phantom = fault->kind == ObjectFault::Kind::header_cut_off && rest.empty();
            break;
        }
        // Its TotalByteLength is in bounds (checked first), so the walk goes on.
        view.m_left_out.add(bad);
        rest = rest.subspan(load_u32(rest.data()));
    }
    return view;
}

BlockView BlockView::from_validated(std::span<const std::byte> bytes)
{
    BlockView view;
    view.m_header = read_header(bytes.data());
    view.m_bytes = bytes.first(view.m_header.total_byte_length);
    view.m_walked = view.m_kept = view.m_header.num_object_types;
    return view;
}

std::string BlockView::system_name() const
{
    if (m_header.system_name_length == 0)
        return {};
    return utf16le_to_utf8(m_bytes.data() + m_header.system_name_offset, m_header.system_name_length / 2);
}

ObjectView::Range<BlockView::ObjectIterator> BlockView::objects() const
{
    auto rest = m_bytes.subspan(m_header.header_length);
    return {ObjectIterator(rest, m_walked, m_left_out), ObjectIterator()};
}

std::optional<ObjectView> BlockView::find_object(std::uint32_t name_index) const
{
    for (const ObjectView& object : objects())
        if (object.name_index() == name_index)
            return object;
    return std::nullopt;
}

std::string LeftOutObject::message() const
{
    std::string text = "object #" + std::to_string(index) + " at block offset " + std::to_string(block_offset) + ": " +
                       fault.message();
    if (not_reached > 0)
        text += "; the walk ends here, the " + std::to_string(not_reached) + " object(s) after it are not read";
    return text;
}

void LeftOutObjects::add(const LeftOutObject& object)
{
    ++m_count;
    if (m_listed < kListed)
        m_entries[m_listed++] = object;
    else if (object.ends_walk())
        m_entries[kListed - 1] = object;
}

std::uint32_t LeftOutObjects::not_reached() const
{
    return m_listed > 0 && m_entries[m_listed - 1].ends_walk() ? m_entries[m_listed - 1].not_reached : 0;
}

BlockView::ObjectIterator::ObjectIterator(std::span<const std::byte> rest, std::uint32_t remaining,
                                          const LeftOutObjects& skip)
    : m_rest(rest), m_remaining(remaining)
{
    std::uint32_t skippable = skip.count();
    for (const LeftOutObject& object : skip.listed()) {
        if (object.ends_walk())
            --skippable;  // it is where the walk (and `remaining`) ends
        else
            m_skip[m_skips++] = object.index;
    }
    m_recheck = skippable > m_skips;
    skip_left_out();
}

void BlockView::ObjectIterator::skip_left_out()
{
    while (m_remaining > 0) {
        if (m_next_skip < m_skips && m_skip[m_next_skip] == m_index)
            ++m_next_skip;
        else if (!m_recheck || !ObjectView::check(m_rest))
            return;
        step();
    }
}

}  // namespace wpo
