// SPDX-License-Identifier: Apache-2.0
#include "format/block_builder.h"

#include "core/byte_io.h"
#include "core/utf.h"
#include "format/counter_type.h"

#include <algorithm>
#include <cassert>
#include <cstring>

namespace wpo {
namespace {

namespace L = layout;

constexpr std::uint32_t round8(std::uint64_t n)
{
    return static_cast<std::uint32_t>((n + 7) & ~std::uint64_t(7));
}

std::uint32_t size_of_type(std::uint32_t type)
{
    switch (type & counter_type::kSizeMask) {
    case counter_type::kSizeDword: return 4;
    case counter_type::kSizeLarge: return 8;
    default: return 0;
    }
}

// Whether `value` survives being cut to `size` bytes: it fits unsigned, or it
// is a negative number of that width passed sign-extended.
[[maybe_unused]] bool fits(std::uint64_t value, std::uint32_t size)
{
    if (size >= 8)
        return true;
    if (size == 0)
        return value == 0;
    const unsigned bits = 8 * size;
    const std::uint64_t high = value >> (bits - 1);  // the sign bit of the cut value and everything above it
    return high <= 1 || high == (~std::uint64_t(0) >> (bits - 1));
}

}  // namespace

std::byte* BlockBuilder::grow(std::size_t n)
{
    const std::size_t at = m_out.size();
    m_out.resize(at + n);
    return m_out.data() + at;
}

void BlockBuilder::begin(const BlockTimes& times, std::string_view system_name, std::int32_t default_object)
{
    namespace B = L::block;
    m_out.clear();
    m_objects = 0;
    m_in_object = false;
    const std::uint32_t name_bytes = static_cast<std::uint32_t>(2 * (utf16_length(system_name) + 1));
    std::byte* p = grow(round8(B::kSize + name_bytes));
    const char16_t sig[4] = {u'P', u'E', u'R', u'F'};
    std::memcpy(p + B::kSignature, sig, sizeof sig);
    store<std::uint32_t>(p + B::kLittleEndian, 1);
    store<std::uint32_t>(p + B::kVersion, 1);
    store<std::uint32_t>(p + B::kRevision, 1);
    store<std::uint32_t>(p + B::kHeaderLength, round8(B::kSize + name_bytes));
    store<std::int32_t>(p + B::kDefaultObject, default_object);
    const SystemTime& t = times.system_time;
    const std::uint16_t words[8] = {t.year, t.month, t.day_of_week, t.day, t.hour, t.minute, t.second, t.milliseconds};
    std::memcpy(p + B::kSystemTime, words, sizeof words);
    store<std::int64_t>(p + B::kPerfTime, times.perf_time);
    store<std::int64_t>(p + B::kPerfFreq, times.perf_freq);
    store<std::int64_t>(p + B::kPerfTime100nSec, times.perf_time_100ns);
    store<std::uint32_t>(p + B::kSystemNameLength, name_bytes);
    store<std::uint32_t>(p + B::kSystemNameOffset, B::kSize);
    encode_utf16le(system_name, p + B::kSize);
}

void BlockBuilder::resume()
{
    assert(m_out.size() >= L::block::kSize);
    m_objects = load_u32(m_out.data() + L::block::kNumObjectTypes);
    m_in_object = false;
}

void BlockBuilder::begin_object(const ObjectSpec& spec)
{
    namespace O = L::object;
    assert(!m_in_object && !m_out.empty());
    m_in_object = true;
    m_code_page = spec.code_page;
    m_has_block = false;
    m_definitions_done = false;
    m_counters->clear();
    m_instances = 0;
    m_next_offset = L::counter_block::kSize;
    m_block_length = 0;
    m_object = m_out.size();
    std::byte* p = grow(O::kSize);
    store<std::uint32_t>(p + O::kHeaderLength, O::kSize);
    store<std::uint32_t>(p + O::kNameTitleIndex, spec.name_index);
    store<std::uint32_t>(p + O::kHelpTitleIndex, spec.help_index);
    store<std::uint32_t>(p + O::kDetailLevel, spec.detail_level);
    store<std::int32_t>(p + O::kDefaultCounter, spec.default_counter);
    store<std::int32_t>(p + O::kNumInstances, spec.has_instances ? 0 : L::kNoInstances);
    store<std::uint32_t>(p + O::kCodePage, spec.code_page);
    store<std::int64_t>(p + O::kPerfTime, spec.perf_time);
    store<std::int64_t>(p + O::kPerfFreq, spec.perf_freq);
}

std::uint32_t BlockBuilder::add_counter(const CounterSpec& spec)
{
    namespace C = L::counter;
    assert(m_in_object && !m_definitions_done);
    const std::uint32_t size = spec.size ? spec.size : size_of_type(spec.type);
    std::uint32_t offset;
    if (spec.offset) {
        offset = *spec.offset;
    } else {
        const std::uint32_t align = size >= 8 ? 8 : 4;
        offset = (m_next_offset + align - 1) / align * align;
        m_next_offset = offset + size;
    }
    m_block_length = std::max(m_block_length, offset + size);
    std::byte* p = grow(C::kSize);
    store<std::uint32_t>(p + C::kByteLength, C::kSize);
    store<std::uint32_t>(p + C::kNameTitleIndex, spec.name_index);
    store<std::uint32_t>(p + C::kHelpTitleIndex, spec.help_index);
    store<std::int32_t>(p + C::kDefaultScale, spec.default_scale);
    store<std::uint32_t>(p + C::kDetailLevel, spec.detail_level);
    store<std::uint32_t>(p + C::kCounterType, spec.type);
    store<std::uint32_t>(p + C::kCounterSize, size);
    store<std::uint32_t>(p + C::kCounterOffset, offset);
    m_counters->push_back({offset, size});
    return static_cast<std::uint32_t>(m_counters->size() - 1);
}

void BlockBuilder::end_definitions()
{
    if (m_definitions_done)
        return;
    m_definitions_done = true;
    m_block_length = round8(std::max<std::uint32_t>(m_block_length, L::counter_block::kSize));
    std::byte* object = m_out.data() + m_object;
    const auto definitions = static_cast<std::uint32_t>(m_out.size() - m_object);
    store<std::uint32_t>(object + L::object::kDefinitionLength, definitions);
    store<std::uint32_t>(object + L::object::kNumCounters, static_cast<std::uint32_t>(m_counters->size()));
}

void BlockBuilder::start_counter_block()
{
    end_definitions();
    m_has_block = true;
    m_counter_block = m_out.size();
    std::byte* p = grow(m_block_length);
    store<std::uint32_t>(p, m_block_length);
}

void BlockBuilder::begin_instance(std::string_view name, std::uint32_t parent_object_index,
                                  std::uint32_t parent_instance, std::int32_t unique_id)
{
    namespace I = L::instance;
    assert(m_in_object);
    end_definitions();
    // CodePage 0: UTF-16 names; otherwise one byte per character, which we
    // write as Latin-1 (characters beyond it become '?').
    const std::size_t units = m_code_page == 0 ? utf16_length(name) : latin1_length(name);
    const std::uint32_t unit_size = m_code_page == 0 ? 2 : 1;
    const std::uint32_t name_bytes = name.empty() ? 0 : static_cast<std::uint32_t>(unit_size * (units + 1));
    const std::uint32_t length = round8(I::kSize + name_bytes);
    std::byte* p = grow(length);
    store<std::uint32_t>(p + I::kByteLength, length);
    store<std::uint32_t>(p + I::kParentObjectTitleIndex, parent_object_index);
    store<std::uint32_t>(p + I::kParentObjectInstance, parent_instance);
    store<std::int32_t>(p + I::kUniqueId, unique_id);
    store<std::uint32_t>(p + I::kNameOffset, I::kSize);
    store<std::uint32_t>(p + I::kNameLength, name_bytes);
    if (m_code_page == 0)
        encode_utf16le(name, p + I::kSize);
    else
        encode_latin1(name, p + I::kSize);
    ++m_instances;
    start_counter_block();
}

void BlockBuilder::begin_values()
{
    assert(m_in_object && !m_has_block);
    start_counter_block();
}

void BlockBuilder::set(std::uint32_t counter, std::uint64_t value)
{
    assert(m_has_block && counter < m_counters->size());
    const CounterSlot& c = (*m_counters)[counter];
    assert(fits(value, c.size));
    std::memcpy(m_out.data() + m_counter_block + c.offset, &value, std::min<std::uint32_t>(c.size, 8));
}

void BlockBuilder::set_bytes(std::uint32_t counter, std::span<const std::byte> bytes)
{
    assert(m_has_block && counter < m_counters->size());
    const CounterSlot& c = (*m_counters)[counter];
    std::memcpy(m_out.data() + m_counter_block + c.offset, bytes.data(), std::min<std::size_t>(c.size, bytes.size()));
}

void BlockBuilder::end_object()
{
    namespace O = L::object;
    assert(m_in_object);
    std::byte* object = m_out.data() + m_object;
    const bool has_instances = load_i32(object + O::kNumInstances) != L::kNoInstances;
    // A single-instance object whose values were never set reads as zeros;
    // a multi-instance object may have no instances now.
    if (!has_instances && !m_has_block)
        start_counter_block();
    end_definitions();
    object = m_out.data() + m_object;
    store<std::uint32_t>(object + O::kTotalByteLength, static_cast<std::uint32_t>(m_out.size() - m_object));
    if (has_instances)
        store<std::int32_t>(object + O::kNumInstances, static_cast<std::int32_t>(m_instances));
    m_in_object = false;
    ++m_objects;
}

std::byte* BlockBuilder::append_object(std::span<const std::byte> object)
{
    assert(!m_in_object && !m_out.empty());
    assert(object.size() >= L::object::kSize && object.size() % L::kAlignment == 0);
    assert(load_u32(object.data() + L::object::kTotalByteLength) == object.size());
    const std::size_t at = m_out.size();
    m_out.insert(m_out.end(), object.begin(), object.end());
    ++m_objects;
    return m_out.data() + at;
}

std::span<const std::byte> BlockBuilder::finish()
{
    assert(!m_in_object && !m_out.empty());
    store<std::uint32_t>(m_out.data() + L::block::kTotalByteLength, static_cast<std::uint32_t>(m_out.size()));
    store<std::uint32_t>(m_out.data() + L::block::kNumObjectTypes, m_objects);
    return m_out;
}

}  // namespace wpo
