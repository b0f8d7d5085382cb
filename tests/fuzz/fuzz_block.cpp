// SPDX-License-Identifier: Apache-2.0
// Fuzz target: BlockView::parse on arbitrary bytes and, when it accepts them,
// a walk over everything the views hand out: every kept object, definition,
// instance, name and counter value. The walk must stay inside the block; the
// views do not check bounds themselves (parse did), so ASan/UBSan builds
// turn any gap in parse's validation into a crash here, and the explicit
// containment checks below catch it even in builds without sanitizers.
// Objects parse left out must add up with the kept ones to NumObjectTypes,
// really be unsound (checked again on their own), never be handed out, and
// be listed in block order.
#include "format/block_view.h"
#include "format/phantom_objects.h"
#include "format/wine_shifted_objects.h"
#include "format/counter_type.h"
#include "names/name_table.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace {

volatile std::uint64_t g_sink;

// `inner` lies within `outer` (an empty span anywhere up to outer's end).
bool inside(std::span<const std::byte> inner, std::span<const std::byte> outer)
{
    if (inner.empty())
        return true;
    return inner.data() >= outer.data() && inner.data() + inner.size() <= outer.data() + outer.size();
}

void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

const wpo::NameTable& names()
{
    static const wpo::NameTable table = [] {
        wpo::NameTable t;
        t.set_name(6, "% Processor Time");
        t.set_name(230, "Process");
        t.set_name(784, "ID Process");
        return t;
    }();
    return table;
}

std::uint64_t walk_values(const wpo::ObjectView& object, const wpo::CounterBlock& block,
                          std::span<const std::byte> whole)
{
    check(inside(block.bytes(), whole));
    std::uint64_t sum = block.bytes().size();
    for (const wpo::CounterDefinition& def : object.counters()) {
        sum += block.value(def);
        const auto raw = block.raw(def);
        check(raw.size() == def.size && inside(raw, block.bytes()));
        // The second value of a multi counter, or the 8 bytes after the value.
        sum += block.value_at(def.offset + def.size, 4) + block.value_at(def.offset + 8, 8);
    }
    return sum;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
    // The registry source's repair for Wine's shifted objects must only ever
    // give a block that parses, with every object it claims reached.
    std::vector<std::byte> unshifted;
    if (wpo::unshift_wine_objects(bytes, unshifted)) {
        auto moved = wpo::BlockView::parse(unshifted);
        check(moved.ok() && unshifted.size() == moved->header().total_byte_length &&
              moved->left_out().not_reached() == 0 && !moved->has_phantom_objects() &&
              moved->object_count() + moved->left_out().count() == moved->header().num_object_types);
    }
    auto parsed = wpo::BlockView::parse(bytes);
    if (!parsed) {
        check(!parsed.error().message().empty());
        // The registry source's repair for over-counted objects must only
        // ever turn a block into one that parses.
        std::vector<std::byte> copy(bytes.begin(), bytes.end());
        if (wpo::drop_phantom_objects(copy))
            check(wpo::BlockView::parse(copy).ok());
        return 0;
    }
    const wpo::BlockView& block = *parsed;
    const auto whole = block.bytes();
    check(inside(whole, bytes));

    // What was left out: listed in block order, each really unsound.
    const wpo::LeftOutObjects& left = block.left_out();
    check(left.listed().size() <= left.count() && left.listed().size() <= wpo::LeftOutObjects::kListed);
    check(std::uint64_t(block.object_count()) + left.count() + left.not_reached() == block.header().num_object_types);
    std::uint64_t previous_offset = 0;
    for (std::size_t i = 0; i < left.listed().size(); ++i) {
        const wpo::LeftOutObject& bad = left.listed()[i];
        check(bad.block_offset >= block.header().header_length && bad.block_offset <= whole.size());
        check(i == 0 || bad.block_offset > previous_offset);
        previous_offset = bad.block_offset;
        check(bad.not_reached == 0 || bad.ends_walk());
        check(!bad.ends_walk() || i + 1 == left.listed().size());
        check(!bad.message().empty());
        const auto again = wpo::ObjectView::check(whole.subspan(bad.block_offset));
        check(again && again->code == bad.code() && again->kind == bad.fault.kind);
    }
    // The registry source's repair turns a phantom count into a whole block.
    if (block.has_phantom_objects()) {
        std::vector<std::byte> copy(bytes.begin(), bytes.end());
        check(wpo::drop_phantom_objects(copy));
        auto repaired = wpo::BlockView::parse(copy);
        check(repaired.ok() && !repaired->has_phantom_objects() && repaired->object_count() == block.object_count() &&
              repaired->left_out().count() + 1 == left.count());
    }

    const wpo::BlockHeader& h = block.header();
    std::uint64_t sum = h.total_byte_length + h.num_object_types + std::uint64_t(h.perf_time) +
                        std::uint64_t(h.perf_freq) + h.system_time.year + block.system_name().size();

    std::uint32_t objects = 0;
    for (const wpo::ObjectView& object : block.objects()) {
        ++objects;
        check(inside(object.bytes(), whole));
        // Validation is a property of the bytes: the object alone passes again,
        // and so it does with the rest of the block behind it.
        check(wpo::ObjectView::parse(object.bytes()).ok());
        const auto offset = static_cast<std::size_t>(object.bytes().data() - whole.data());
        check(!wpo::ObjectView::check(whole.subspan(offset)));
        for (const wpo::LeftOutObject& bad : left.listed())
            check(bad.block_offset != offset);
        const wpo::ObjectHeader& oh = object.header();
        sum += oh.name_index + oh.help_index + oh.detail_level + std::uint64_t(oh.perf_time) + oh.code_page;

        std::uint32_t counters = 0;
        wpo::CounterDefinition last;
        for (const wpo::CounterDefinition& def : object.counters()) {
            ++counters;
            sum += def.byte_length + def.name_index + def.type + def.size + def.offset +
                   wpo::counter_type::is_visible(def.type) + wpo::counter_type::name(def.type).size();
            last = def;
        }
        check(counters == object.counter_count());
        if (counters > 0) {
            const wpo::CounterDefinition again = object.counter(counters - 1);
            check(again.offset == last.offset && again.type == last.type && again.size == last.size);
        }
        sum += names().find_counter(object, "% Processor Time").value_or(0);

        if (object.has_instances()) {
            std::uint32_t instances = 0;
            for (const wpo::InstanceView& instance : object.instances()) {
                ++instances;
                check(inside(instance.definition_bytes(), object.bytes()));
                sum += instance.parent_object_index() + instance.parent_instance() +
                       std::uint32_t(instance.unique_id()) + instance.name().size();
                sum += walk_values(object, instance.counters(), object.bytes());
            }
            check(instances == object.instance_count());
        } else {
            sum += walk_values(object, object.counter_block(), object.bytes());
        }
        if (const auto found = block.find_object(oh.name_index))
            check(found->name_index() == oh.name_index);
    }
    check(objects == block.object_count());
    g_sink = g_sink + sum;
    return 0;
}
