// SPDX-License-Identifier: Apache-2.0
#include "decode/object_decoder.h"

#include "core/byte_io.h"
#include "format/counter_type.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace wpo {
namespace {

using namespace decode_detail;

// Instances of a validated object: definition, then counter block, then the
// next instance. Returns the counter block of the instance at `p` and moves
// `p` to the next instance.
const std::byte* take_block(const std::byte*& p)
{
    const std::byte* block = p + load_u32(p);
    p = block + load_u32(block);
    return block;
}

const std::byte* first_row(const ObjectView& object)
{
    return object.bytes().data() + object.header().definition_length;
}

}  // namespace

bool ObjectDecoder::same_definitions(const ObjectView& object) const
{
    if (object.counter_count() != m_num_counters)
        return false;
    const auto bytes = object.definition_bytes();
    return bytes.size() == m_definitions.size() &&
           (bytes.empty() || std::memcmp(bytes.data(), m_definitions.data(), bytes.size()) == 0);
}

void ObjectDecoder::prepare(const ObjectView& object)
{
    if (m_prepared && same_definitions(object))
        return;
    const auto bytes = object.definition_bytes();
    m_definitions.assign(bytes.begin(), bytes.end());
    m_num_counters = object.counter_count();
    m_layouts = counter_layouts(object);
    if (!m_selection.empty()) {
        std::erase_if(m_layouts, [&](const CounterLayout& layout) {
            return !std::binary_search(m_selection.begin(), m_selection.end(), layout.definition.name_index);
        });
    }
    m_steps.clear();
    m_steps.reserve(m_layouts.size());
    for (const CounterLayout& layout : m_layouts) {
        Step step;
        // A zero-size value is never read; its offset may point anywhere
        // (validation ignores it), so never form a pointer from it.
        step.size = layout.definition.size;
        step.offset = step.size == 0 ? 0 : layout.definition.offset;
        if (layout.has_base) {
            step.base_source = layout.base_follows_value ? BaseSource::after_value : BaseSource::definition;
            step.base_size = layout.base.size;
            step.base_offset = step.base_size == 0 ? 0 : layout.base.offset;
        }
        if (!layout.has_base && counter_type::needs_base(layout.definition.type)) {
            step.plan.formula = Formula::missing_base;  // two_samples stays false: missing_base wins
        } else {
            step.plan = classify(layout.definition.type);
        }
        m_steps.push_back(step);
    }
    m_prepared = true;
}

void ObjectDecoder::select(std::span<const std::uint32_t> counters)
{
    m_selection.assign(counters.begin(), counters.end());
    std::sort(m_selection.begin(), m_selection.end());
    m_selection.erase(std::unique(m_selection.begin(), m_selection.end()), m_selection.end());
    m_prepared = false;
}

namespace {

template <class Step, class BaseSource>
inline std::uint64_t load_base(const Step& s, const std::byte* block)
{
    switch (s.base_source) {
    case BaseSource::none: return 0;
    case BaseSource::definition: return load_uint(block + s.base_offset, s.base_size);
    case BaseSource::after_value:
        // As CounterBlock::value_at: inside this instance's block or 0.
        return std::uint64_t(s.base_offset) + 8 <= load_u32(block) ? load_u64(block + s.base_offset) : 0;
    }
    return 0;
}

// One row: every step against this instance's counter block `cur` and, when
// kHasPrevious, its previous sample's block `prev`.
template <bool kHasPrevious, class Step, class BaseSource>
inline void decode_row(const Step* steps, std::size_t count, const std::byte* cur, const std::byte* prev,
                       const Clock* clocks, bool cap_percent, Value* out)
{
    for (std::size_t k = 0; k < count; ++k) {
        const Step& s = steps[k];
        const std::uint64_t n1 = load_uint(cur + s.offset, s.size);
        const std::uint64_t b1 = load_base<Step, BaseSource>(s, cur);
        std::uint64_t n0 = 0;
        std::uint64_t b0 = 0;
        if constexpr (kHasPrevious) {
            n0 = load_uint(prev + s.offset, s.size);
            b0 = load_base<Step, BaseSource>(s, prev);
        }
        out[k] = compute(s.plan, n1, b1, n0, b0, kHasPrevious, clocks[s.plan.time_base], cap_percent);
    }
}

}  // namespace

template <bool kPrevious>
void ObjectDecoder::decode_rows(const ObjectView& current, const ObjectView* previous,
                                std::span<const std::int32_t> previous_instance_of, bool cap_percent,
                                const Clock* clocks, Value* out)
{
    const Step* steps = m_steps.data();
    const std::size_t columns = m_steps.size();
    auto row = [&](const std::byte* cur, const std::byte* prev, Value* dst) {
        if (prev)
            decode_row<true, Step, BaseSource>(steps, columns, cur, prev, clocks, cap_percent, dst);
        else
            decode_row<false, Step, BaseSource>(steps, columns, cur, nullptr, clocks, cap_percent, dst);
    };

    if (!current.has_instances()) {
        row(first_row(current), kPrevious ? first_row(*previous) : nullptr, out);
        return;
    }

    const std::uint32_t rows = current.instance_count();
    const std::byte* cur_p = first_row(current);
    if constexpr (!kPrevious) {
        for (std::uint32_t i = 0; i < rows; ++i, out += columns)
            row(take_block(cur_p), nullptr, out);
    } else if (previous_instance_of.empty()) {
        // Pair by position, walking both objects in step.
        const std::uint32_t previous_rows = previous->instance_count();
        const std::byte* prev_p = first_row(*previous);
        for (std::uint32_t i = 0; i < rows; ++i, out += columns) {
            const std::byte* cur = take_block(cur_p);
            row(cur, i < previous_rows ? take_block(prev_p) : nullptr, out);
        }
    } else {
        // Random access into `previous`: index its counter blocks once.
        const std::uint32_t previous_rows = previous->instance_count();
        m_previous_blocks.resize(previous_rows);
        const std::byte* prev_p = first_row(*previous);
        for (std::uint32_t j = 0; j < previous_rows; ++j)
            m_previous_blocks[j] = take_block(prev_p);
        const std::byte* const* blocks = m_previous_blocks.data();
        for (std::uint32_t i = 0; i < rows; ++i, out += columns) {
            const std::int32_t j = previous_instance_of[i];
            const bool paired = j >= 0 && static_cast<std::uint32_t>(j) < previous_rows;
            row(take_block(cur_p), paired ? blocks[j] : nullptr, out);
        }
    }
}

void ObjectDecoder::decode_raw(const ObjectView& current, Value* out) const
{
    auto row = [&](const std::byte* cur) {
        for (const Step& s : m_steps)
            *out++ = int64_value(static_cast<std::int64_t>(load_uint(cur + s.offset, s.size)));
    };
    if (!current.has_instances()) {
        row(first_row(current));
        return;
    }
    const std::byte* p = first_row(current);
    for (std::uint32_t i = 0; i < current.instance_count(); ++i)
        row(take_block(p));
}

Status ObjectDecoder::decode(const ObjectView& current, const TimeStamps& current_time, const ObjectView* previous,
                             const TimeStamps* previous_time, std::span<const std::int32_t> previous_instance_of,
                             const DecodeOptions& options, std::span<Value> out)
{
    prepare(current);
    const std::size_t rows = row_count(current);
    const std::size_t needed = rows * m_steps.size();
    if (out.size() < needed)
        return Error(Errc::invalid_argument, "decoding object " + std::to_string(current.name_index()) + " needs " +
                                                 std::to_string(needed) + " values, the output holds " +
                                                 std::to_string(out.size()));
    if (!previous_instance_of.empty() && previous_instance_of.size() != rows)
        return Error(Errc::invalid_argument, "previous_instance_of has " + std::to_string(previous_instance_of.size()) +
                                                 " entries for " + std::to_string(rows) + " instances of object " +
                                                 std::to_string(current.name_index()));

    // A previous sample with other definitions is not comparable (docs/performance-data-format.md
    // §11.1): decode as a first sample.
    const bool comparable = previous != nullptr && previous_time != nullptr &&
                            previous->has_instances() == current.has_instances() && same_definitions(*previous);
    Clock clocks[kTimeBaseCount];
    for (std::uint8_t base = 0; base < kTimeBaseCount; ++base)
        clocks[base] = make_clock(base, current_time, comparable ? previous_time : nullptr);

    if (needed == 0)
        return {};
    if (options.raw_values) {
        decode_raw(current, out.data());
        return {};
    }
    if (comparable)
        decode_rows<true>(current, previous, previous_instance_of, options.cap_percent, clocks, out.data());
    else
        decode_rows<false>(current, nullptr, previous_instance_of, options.cap_percent, clocks, out.data());
    return {};
}

Status decode_object(const ObjectView& current, const TimeStamps& current_time, const ObjectView* previous,
                     const TimeStamps* previous_time, std::span<const std::int32_t> previous_instance_of,
                     const DecodeOptions& options, std::span<Value> out)
{
    ObjectDecoder decoder(current);
    return decoder.decode(current, current_time, previous, previous_time, previous_instance_of, options, out);
}

}  // namespace wpo
