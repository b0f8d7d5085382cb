// SPDX-License-Identifier: Apache-2.0
#include "raw_object.h"

#include "core/byte_io.h"
#include "format/block_builder.h"
#include "format/layout.h"
#include "test_blocks.h"

#include <cstring>

namespace wpo::test {
namespace {

void put32(Bytes& b, std::size_t at, std::uint32_t v)
{
    store<std::uint32_t>(b.data() + at, v);
}

void append(Bytes& out, const Bytes& more)
{
    out.insert(out.end(), more.begin(), more.end());
}

}  // namespace

Bytes raw_counter_block(std::uint32_t length, std::span<const RawValue> values)
{
    Bytes out(length);
    put32(out, 0, length);
    for (const RawValue& v : values)
        std::memcpy(out.data() + v.offset, &v.value, v.size);
    return out;
}

Bytes raw_object(const RawObject& object)
{
    namespace O = layout::object;
    namespace C = layout::counter;
    namespace I = layout::instance;
    Bytes out(O::kSize);
    put32(out, O::kHeaderLength, O::kSize);
    put32(out, O::kNameTitleIndex, object.name_index);
    put32(out, O::kHelpTitleIndex, object.name_index + 1);
    put32(out, O::kDetailLevel, layout::kDetailNovice);
    put32(out, O::kNumCounters, static_cast<std::uint32_t>(object.counters.size()));
    put32(out, O::kNumInstances,
          object.has_instances ? static_cast<std::uint32_t>(object.instances.size()) : 0xFFFFFFFFu);
    for (const RawCounter& c : object.counters) {
        const std::size_t at = out.size();
        out.resize(at + c.byte_length);
        put32(out, at + C::kByteLength, c.byte_length);
        put32(out, at + C::kNameTitleIndex, c.name_index);
        put32(out, at + C::kHelpTitleIndex, c.name_index + 1);
        put32(out, at + C::kDetailLevel, layout::kDetailNovice);
        put32(out, at + C::kCounterType, c.type);
        put32(out, at + C::kCounterSize, c.size);
        put32(out, at + C::kCounterOffset, c.offset);
    }
    out.resize(out.size() + object.definition_padding);
    put32(out, O::kDefinitionLength, static_cast<std::uint32_t>(out.size()));
    if (!object.has_instances)
        append(out, object.counter_block);
    for (const RawInstance& instance : object.instances) {
        const std::size_t at = out.size();
        const std::uint32_t name_length = static_cast<std::uint32_t>(2 * (instance.name.size() + 1));
        const std::uint32_t length = I::kSize + name_length + instance.name_padding;
        out.resize(at + length);
        put32(out, at + I::kByteLength, length);
        store<std::int32_t>(out.data() + at + I::kUniqueId, layout::kNoUniqueId);
        put32(out, at + I::kNameOffset, I::kSize);
        put32(out, at + I::kNameLength, name_length);
        for (std::size_t i = 0; i < instance.name.size(); ++i)
            out[at + I::kSize + 2 * i] = std::byte(static_cast<unsigned char>(instance.name[i]));
        append(out, instance.counter_block);
    }
    out.resize(out.size() + object.tail_padding);
    put32(out, O::kTotalByteLength, static_cast<std::uint32_t>(out.size()));
    return out;
}

Bytes raw_block(std::span<const Bytes> objects)
{
    namespace B = layout::block;
    Bytes out;
    BlockBuilder b(out);
    b.begin(fixed_times(), "HOST");
    b.finish();
    for (const Bytes& object : objects)
        append(out, object);
    put32(out, B::kTotalByteLength, static_cast<std::uint32_t>(out.size()));
    put32(out, B::kNumObjectTypes, static_cast<std::uint32_t>(objects.size()));
    return out;
}

}  // namespace wpo::test
