// Fuzz target: BlockView::parse on arbitrary bytes and, when it accepts them,
// a walk over everything the views hand out: every object, definition,
// instance, name and counter value. The walk must stay inside the block; the
// views do not check bounds themselves (parse did), so ASan/UBSan builds
// turn any gap in parse's validation into a crash here, and the explicit
// containment checks below catch it even in builds without sanitizers.
#include "format/block_view.h"
#include "format/phantom_objects.h"
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

    const wpo::BlockHeader& h = block.header();
    std::uint64_t sum = h.total_byte_length + h.num_object_types + std::uint64_t(h.perf_time) +
                        std::uint64_t(h.perf_freq) + h.system_time.year + block.system_name().size();

    std::uint32_t objects = 0;
    for (const wpo::ObjectView& object : block.objects()) {
        ++objects;
        check(inside(object.bytes(), whole));
        // Validation is a property of the bytes: the object alone passes again.
        check(wpo::ObjectView::parse(object.bytes()).ok());
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
