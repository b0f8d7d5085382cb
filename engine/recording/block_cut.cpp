// SPDX-License-Identifier: Apache-2.0
#include "recording/block_cut.h"

#include "core/byte_io.h"
#include "format/block_builder.h"
#include "format/layout.h"

#include <algorithm>

namespace wpo::recording {
namespace {

namespace L = layout;

const ObjectCut* cut_of(std::span<const ObjectCut> cuts, std::uint32_t name_index)
{
    for (const ObjectCut& cut : cuts)
        if (cut.name_index == name_index)
            return &cut;
    return nullptr;
}

// BlockBuilder takes objects whose length is a multiple of 8, as the format
// asks; a provider's object may end unaligned, and bytes after an object's
// last counter block are allowed, so the copy is padded.
void pad_object(std::vector<std::byte>& object)
{
    object.resize((object.size() + L::kAlignment - 1) / L::kAlignment * L::kAlignment);
    store<std::uint32_t>(object.data() + L::object::kTotalByteLength, static_cast<std::uint32_t>(object.size()));
}

void copy_object(const ObjectView& object, const ObjectCut& cut, std::vector<std::byte>& scratch)
{
    const std::span<const std::byte> bytes = object.bytes();
    if (cut.whole || !object.has_instances()) {
        scratch.assign(bytes.begin(), bytes.end());
        pad_object(scratch);
        return;
    }
    const std::uint32_t definition_length = object.header().definition_length;
    scratch.assign(bytes.begin(), bytes.begin() + definition_length);
    std::uint32_t position = 0;
    std::int32_t kept = 0;
    auto wanted = cut.positions.begin();
    for (const InstanceView& instance : object.instances()) {
        while (wanted != cut.positions.end() && *wanted < position)
            ++wanted;
        if (wanted != cut.positions.end() && *wanted == position) {
            // An instance is its definition and name, then its counter block, back to back.
            const std::byte* first = instance.definition_bytes().data();
            const std::span<const std::byte> values = instance.counters().bytes();
            scratch.insert(scratch.end(), first, values.data() + values.size());
            ++kept;
        }
        ++position;
    }
    store<std::int32_t>(scratch.data() + L::object::kNumInstances, kept);
    pad_object(scratch);
}

}  // namespace

void cut_block(const BlockView& block, std::span<const ObjectCut> cuts, std::vector<std::byte>& out)
{
    const BlockHeader& h = block.header();
    std::vector<std::byte> scratch;
    BlockBuilder builder(out);
    builder.begin({h.system_time, h.perf_time, h.perf_freq, h.perf_time_100ns}, block.system_name(), h.default_object);
    for (const ObjectView& object : block.objects()) {
        const ObjectCut* cut = cut_of(cuts, object.name_index());
        if (!cut)
            continue;
        copy_object(object, *cut, scratch);
        builder.append_object(scratch);
    }
    builder.finish();
}

}  // namespace wpo::recording
