// SPDX-License-Identifier: Apache-2.0
// What consumes a block after BlockView::parse accepted it: counter layouts,
// raw reads, the bulk decoder, instance naming and path matching must stay
// inside the block whatever the (valid) structure says — parents that point
// nowhere or at an object that was left out, missing bases, odd counter
// sizes, zero-size counters with junk offsets, duplicate names. Every kept
// object is fully walkable; a left-out one is never handed out.
#include "decode/object_decoder.h"
#include "decode/object_layout.h"
#include "naming/instance_identity.h"
#include "naming/instance_names.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
    auto block = wpo::BlockView::parse(bytes);
    if (!block)
        return 0;
    static const wpo::CounterPath kPaths[] = {
        wpo::CounterPath::parse(R"(\X(*)\Y)").value(),
        wpo::CounterPath::parse(R"(\X(a/b#1)\Y)").value(),
        wpo::CounterPath::parse(R"(\X(_Total)\Y)").value(),
    };
    static wpo::InstanceIdentifier identifier;
    std::vector<wpo::InstanceIdentity> ids;
    std::vector<wpo::InstanceIdentity> previous_ids;
    std::vector<std::int32_t> previous_of;
    for (const wpo::LeftOutObject& bad : block->left_out().listed()) {
        if (bad.message().empty())
            __builtin_trap();
        // A left-out object's index may be shared by a kept one; never its bytes.
        if (auto found = block->find_object(bad.name_index()))
            if (found->bytes().data() == block->bytes().data() + bad.block_offset)
                __builtin_trap();
    }
    std::uint32_t kept = 0;
    for (const wpo::ObjectView& object : block->objects()) {
        ++kept;
        // Identities, and pairing against the previous object's (any shape).
        identifier.identify(*block, object, ids);
        if (ids.size() != object.instance_count())
            __builtin_trap();
        (void)identifier.pair(previous_ids, ids, previous_of);
        for (std::int32_t j : previous_of)
            if (j >= static_cast<std::int32_t>(previous_ids.size()))
                __builtin_trap();
        previous_ids.swap(ids);

        const auto names = wpo::instance_names(*block, object);
        if (names.size() != object.instance_count())
            __builtin_trap();
        for (const wpo::CounterPath& path : kPaths)
            for (std::uint32_t i : wpo::match_instances(names, path))
                if (i >= names.size())
                    __builtin_trap();

        const wpo::TimeStamps t = wpo::time_stamps(block->header(), object.header());
        wpo::ObjectDecoder decoder;
        std::vector<wpo::Value> values(decoder.value_count(object));
        // Pair every row with the first one, the worst case for pairing.
        std::vector<std::int32_t> pairing(object.has_instances() ? wpo::ObjectDecoder::row_count(object) : 0, 0);
        (void)decoder.decode(object, t, &object, &t, pairing, {}, values);

        for (const wpo::CounterLayout& layout : wpo::counter_layouts(object)) {
            if (object.has_instances())
                for (const wpo::InstanceView& instance : object.instances())
                    (void)wpo::decode(layout, wpo::read_raw(layout, instance.counters()), t, nullptr, nullptr);
            else
                (void)wpo::decode(layout, wpo::read_raw(layout, object.counter_block()), t, nullptr, nullptr);
        }
    }
    if (kept != block->object_count())
        __builtin_trap();
    return 0;
}
