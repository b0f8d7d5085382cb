// SPDX-License-Identifier: Apache-2.0
// Reading well-formed blocks: header fields, objects, definitions, instances,
// counter blocks and unaligned values.
#include "format/block_view.h"
#include "format/counter_type.h"
#include "test_blocks.h"

#include <gtest/gtest.h>

#include <vector>

namespace wpo {
namespace {

using namespace counter_type;

TEST(BlockView, ReadsHeader)
{
    const auto bytes = test::sample_block();
    auto block = BlockView::parse(bytes);
    ASSERT_TRUE(block.ok()) << block.error().describe();
    const BlockHeader& h = block->header();
    EXPECT_EQ(h.total_byte_length, bytes.size());
    EXPECT_EQ(h.header_length, 112u);  // 88 + "TESTHOST\0" (18 bytes) rounded up to 8
    EXPECT_EQ(h.num_object_types, 2u);
    EXPECT_EQ(h.default_object, 238);
    EXPECT_EQ(h.perf_freq, 10'000'000);
    EXPECT_EQ(h.perf_time, 9'242'655'165'203);
    EXPECT_EQ(h.perf_time_100ns, 133716612800215149);
    EXPECT_EQ(h.system_time.year, 2024);
    EXPECT_EQ(h.system_time.milliseconds, 21);
    EXPECT_EQ(block->system_name(), "TESTHOST");
}

TEST(BlockView, WalksObjectsCountersAndInstances)
{
    const auto bytes = test::sample_block();
    auto block = BlockView::parse(bytes);
    ASSERT_TRUE(block.ok());

    std::vector<std::uint32_t> indices;
    for (const ObjectView& object : block->objects())
        indices.push_back(object.name_index());
    EXPECT_EQ(indices, (std::vector<std::uint32_t>{2, 230}));

    auto system = block->find_object(2);
    ASSERT_TRUE(system);
    EXPECT_FALSE(system->has_instances());
    EXPECT_EQ(system->counter_count(), 3u);
    const CounterBlock values = system->counter_block();
    EXPECT_EQ(values.value(system->counter(0)), 42u);
    EXPECT_EQ(values.value(system->counter(1)), 0x1'0000'0002ULL);
    EXPECT_EQ(system->counter(2).type, PERF_COUNTER_COUNTER);

    auto process = block->find_object(230);
    ASSERT_TRUE(process);
    EXPECT_EQ(process->instance_count(), 3u);
    EXPECT_EQ(process->header().perf_freq, 10'000'000);
    std::vector<std::string> names;
    std::vector<std::uint64_t> pids;
    const CounterDefinition pid = process->counter(0);
    for (const InstanceView& instance : process->instances()) {
        names.push_back(instance.name());
        pids.push_back(instance.counters().value(pid));
        EXPECT_EQ(instance.unique_id(), -1);
        EXPECT_EQ(instance.parent_object_index(), 0u);
    }
    EXPECT_EQ(names, (std::vector<std::string>{"Idle", "bash", "bash"}));
    EXPECT_EQ(pids, (std::vector<std::uint64_t>{0, 100, 200}));
    EXPECT_FALSE(block->find_object(4));
}

TEST(BlockView, CountersStepByByteLength)
{
    // A provider may write definitions longer than 40 bytes; walk by ByteLength.
    std::vector<std::byte> out;
    BlockBuilder b(out);
    b.begin(test::fixed_times(), "H");
    b.begin_object({.name_index = 4});
    b.add_counter({.name_index = 10, .type = PERF_COUNTER_RAWCOUNT});
    b.add_counter({.name_index = 12, .type = PERF_COUNTER_RAWCOUNT});
    b.begin_values();
    b.set(0, 7);
    b.set(1, 9);
    b.end_object();
    b.finish();
    // Grow the first definition by 8 bytes of padding.
    auto object = BlockView::parse(out)->find_object(4)->bytes();
    const std::size_t object_at = static_cast<std::size_t>(object.data() - out.data());
    const std::size_t first_def = object_at + layout::object::kSize;
    out.insert(out.begin() + static_cast<std::ptrdiff_t>(first_def + 40), 8, std::byte{0xAB});
    auto patch = [&](std::size_t at, std::uint32_t delta) {
        store<std::uint32_t>(&out[at], load_u32(&out[at]) + delta);
    };
    patch(first_def, 8);  // ByteLength
    patch(object_at + layout::object::kDefinitionLength, 8);
    patch(object_at + layout::object::kTotalByteLength, 8);
    patch(layout::block::kTotalByteLength, 8);

    auto block = BlockView::parse(out);
    ASSERT_TRUE(block.ok()) << block.error().describe();
    auto system = block->find_object(4);
    EXPECT_EQ(system->counter(1).name_index, 12u);
    EXPECT_EQ(system->counter_block().value(system->counter(1)), 9u);
}

TEST(BlockView, ReadsUnalignedValues)
{
    std::vector<std::byte> out;
    BlockBuilder b(out);
    b.begin(test::fixed_times(), "H");
    b.begin_object({.name_index = 4});
    // An 8-byte value at offset 4 (4 mod 8), as real providers write them.
    b.add_counter({.name_index = 10, .type = PERF_COUNTER_LARGE_RAWCOUNT, .offset = 4});
    b.begin_values();
    b.set(0, 0x0102030405060708ULL);
    b.end_object();
    b.finish();
    auto block = BlockView::parse(out);
    ASSERT_TRUE(block.ok()) << block.error().describe();
    auto object = block->find_object(4);
    EXPECT_EQ(object->counter_block().value(object->counter(0)), 0x0102030405060708ULL);
}

TEST(BlockView, MultiInstanceObjectWithNoInstances)
{
    std::vector<std::byte> out;
    BlockBuilder b(out);
    b.begin(test::fixed_times(), "H");
    b.begin_object({.name_index = 232, .has_instances = true});
    b.add_counter({.name_index = 804, .type = PERF_COUNTER_RAWCOUNT});
    b.end_object();
    b.begin_object({.name_index = 2});
    b.add_counter({.name_index = 250, .type = PERF_COUNTER_RAWCOUNT});
    b.end_object();
    b.finish();
    auto block = BlockView::parse(out);
    ASSERT_TRUE(block.ok()) << block.error().describe();
    auto thread = block->find_object(232);
    ASSERT_TRUE(thread);
    EXPECT_TRUE(thread->has_instances());
    EXPECT_EQ(thread->instance_count(), 0u);
    EXPECT_EQ(thread->instances().begin(), thread->instances().end());
    EXPECT_EQ(block->find_object(2)->counter_block().value(block->find_object(2)->counter(0)), 0u);
}

TEST(BlockView, NonUnicodeInstanceNamesAreLatin1)
{
    std::vector<std::byte> out;
    BlockBuilder b(out);
    b.begin(test::fixed_times(), "H");
    b.begin_object({.name_index = 500, .has_instances = true, .code_page = 1252});
    b.add_counter({.name_index = 502, .type = PERF_COUNTER_RAWCOUNT});
    b.begin_instance("caf\xC3\xA9");   // "café", written as the 4 bytes 63 61 66 E9
    b.begin_instance("\xE2\x82\xAC");  // "€" is not Latin-1
    b.end_object();
    b.finish();
    auto block = BlockView::parse(out);
    ASSERT_TRUE(block.ok());
    auto it = block->find_object(500)->instances().begin();
    const InstanceView cafe = *it++;
    EXPECT_EQ(cafe.name(), "caf\xC3\xA9");
    EXPECT_EQ(load_u32(cafe.definition_bytes().data() + layout::instance::kNameLength), 5u);
    EXPECT_EQ((*it).name(), "?");
}

}  // namespace
}  // namespace wpo
