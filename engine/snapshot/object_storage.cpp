// SPDX-License-Identifier: Apache-2.0
#include "snapshot/object_storage.h"

#include "core/byte_io.h"
#include "format/layout.h"


namespace wpo {
namespace {

namespace B = layout::block;

// The header of an assembled block: no system name, times of the newest
// object's block (the per-object times are what decoding uses).
void write_header(std::byte* p, const BlockHeader& h)
{
    static constexpr char16_t kSignature[4] = {u'P', u'E', u'R', u'F'};
    for (int i = 0; i < 4; ++i)
        store<std::uint16_t>(p + B::kSignature + 2 * i, kSignature[i]);
    store<std::uint32_t>(p + B::kLittleEndian, 1);
    store<std::uint32_t>(p + B::kVersion, 1);
    store<std::uint32_t>(p + B::kRevision, 1);
    store<std::uint32_t>(p + B::kTotalByteLength, h.total_byte_length);
    store<std::uint32_t>(p + B::kHeaderLength, B::kSize);
    store<std::uint32_t>(p + B::kNumObjectTypes, h.num_object_types);
    store<std::int32_t>(p + B::kDefaultObject, -1);
    const std::uint16_t words[8] = {h.system_time.year,   h.system_time.month,       h.system_time.day_of_week,
                                    h.system_time.day,    h.system_time.hour,        h.system_time.minute,
                                    h.system_time.second, h.system_time.milliseconds};
    for (int i = 0; i < 8; ++i)
        store<std::uint16_t>(p + B::kSystemTime + 2 * i, words[i]);
    store<std::uint32_t>(p + B::kSystemTime + 16, 0);  // padding before PerfTime
    store<std::int64_t>(p + B::kPerfTime, h.perf_time);
    store<std::int64_t>(p + B::kPerfFreq, h.perf_freq);
    store<std::int64_t>(p + B::kPerfTime100nSec, h.perf_time_100ns);
    store<std::uint32_t>(p + B::kSystemNameLength, 0);
    store<std::uint32_t>(p + B::kSystemNameOffset, 0);
}

}  // namespace

void ObjectStorage::clear()
{
    m_grew = false;
    m_origins.clear();
    m_bytes.resize(B::kSize);
    m_block = {};
}

void ObjectStorage::add(std::span<const std::byte> object, const BlockHeader& block)
{
    const std::size_t bytes_capacity = m_bytes.capacity();
    const std::size_t origins_capacity = m_origins.capacity();
    // Without room for the header the first object would start at offset 0,
    // and seal() would write the header over it.
    if (m_bytes.size() < B::kSize)
        m_bytes.resize(B::kSize);
    m_block = {};  // the bytes may move
    const std::size_t offset = m_bytes.size();
    // insert, not resize + memcpy: resize would zero every byte first.
    m_bytes.insert(m_bytes.end(), object.begin(), object.end());
    Origin origin;
    origin.index = ObjectView::from_validated(object).name_index();
    origin.offset = offset;
    origin.block = block;
    m_origins.push_back(origin);
    m_grew |= m_bytes.capacity() != bytes_capacity || m_origins.capacity() != origins_capacity;
}

void ObjectStorage::reserve_like(const ObjectStorage& other)
{
    m_bytes.reserve(other.m_bytes.capacity());
    m_origins.reserve(other.m_origins.capacity());
    m_block = {};
}

void ObjectStorage::seal()
{
    if (m_bytes.size() < B::kSize)
        m_bytes.resize(B::kSize);
    // The newest origin's times stand for the block (only informational).
    BlockHeader header;
    for (const Origin& origin : m_origins)
        if (origin.block.perf_time_100ns >= header.perf_time_100ns)
            header = origin.block;
    header.total_byte_length = static_cast<std::uint32_t>(m_bytes.size());
    header.num_object_types = static_cast<std::uint32_t>(m_origins.size());
    write_header(m_bytes.data(), header);
    m_block = BlockView::from_validated(m_bytes);
}

std::optional<ObjectStorage::Entry> ObjectStorage::find(std::uint32_t object_index) const
{
    for (const Origin& origin : m_origins) {
        if (origin.index != object_index)
            continue;
        std::span<const std::byte> rest(m_bytes.data() + origin.offset, m_bytes.size() - origin.offset);
        return Entry{ObjectView::from_validated(rest), &origin.block};
    }
    return std::nullopt;
}

}  // namespace wpo
