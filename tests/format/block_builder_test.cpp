// SPDX-License-Identifier: Apache-2.0
// The builder writes what the view reads back, and what it writes follows the
// format's rules (8-byte lengths, definitions before instances).
#include "format/block_builder.h"
#include "format/counter_type.h"
#include "test_blocks.h"

#include <gtest/gtest.h>

#include <climits>
#include <cstdint>

namespace wpo {
namespace {

using namespace counter_type;

TEST(BlockBuilder, RoundTripsParentsAndUniqueIds)
{
    std::vector<std::byte> out;
    BlockBuilder b(out);
    b.begin(test::fixed_times(), "HOST");
    b.begin_object({.name_index = 232, .help_index = 233, .has_instances = true});
    const auto tid = b.add_counter({.name_index = 804, .type = PERF_COUNTER_LARGE_RAWCOUNT});
    b.begin_instance("0", 230, 5, 77);
    b.set(tid, 1234);
    b.begin_instance("1", 230, 6);
    b.set(tid, 1235);
    b.end_object();
    b.finish();

    auto block = BlockView::parse(out);
    ASSERT_TRUE(block.ok()) << block.error().describe();
    auto thread = block->find_object(232);
    auto it = thread->instances().begin();
    const InstanceView first = *it++;
    const InstanceView second = *it;
    EXPECT_EQ(first.parent_object_index(), 230u);
    EXPECT_EQ(first.parent_instance(), 5u);
    EXPECT_EQ(first.unique_id(), 77);
    EXPECT_EQ(second.unique_id(), -1);
    EXPECT_EQ(second.counters().value(thread->counter(0)), 1235u);
}

TEST(BlockBuilder, LengthsAreMultiplesOfEight)
{
    const auto bytes = test::sample_block();
    auto block = BlockView::parse(bytes);
    ASSERT_TRUE(block.ok());
    EXPECT_EQ(bytes.size() % 8, 0u);
    for (const ObjectView& object : block->objects()) {
        EXPECT_EQ(object.bytes().size() % 8, 0u);
        for (const InstanceView& instance : object.instances()) {
            EXPECT_EQ(instance.definition_bytes().size() % 8, 0u);
            EXPECT_EQ(instance.counters().bytes().size() % 8, 0u);
        }
    }
}

TEST(BlockBuilder, NaturalAlignmentAndSharedOffsets)
{
    std::vector<std::byte> out;
    BlockBuilder b(out);
    b.begin(test::fixed_times(), "H");
    b.begin_object({.name_index = 4});
    b.add_counter({.name_index = 10, .type = PERF_COUNTER_RAWCOUNT});        // 4..8
    b.add_counter({.name_index = 12, .type = PERF_COUNTER_LARGE_RAWCOUNT});  // 8..16
    b.add_counter({.name_index = 14, .type = PERF_COUNTER_RAWCOUNT});        // 16..20
    b.add_counter({.name_index = 16, .type = PERF_COUNTER_LARGE_RAWCOUNT, .offset = 8});
    b.add_counter({.name_index = 18, .type = PERF_COUNTER_NODATA});
    b.begin_values();
    b.set(1, 99);
    b.end_object();
    b.finish();
    auto object = BlockView::parse(out)->find_object(4).value();
    EXPECT_EQ(object.counter(0).offset, 4u);
    EXPECT_EQ(object.counter(1).offset, 8u);
    EXPECT_EQ(object.counter(2).offset, 16u);
    EXPECT_EQ(object.counter(4).size, 0u);
    EXPECT_EQ(object.counter_block().value(object.counter(3)), 99u);
    EXPECT_EQ(object.counter_block().bytes().size(), 24u);
}

TEST(BlockBuilder, ReusesTheBufferCapacity)
{
    std::vector<std::byte> out;
    for (int round = 0; round < 3; ++round) {
        BlockBuilder b(out);
        b.begin(test::fixed_times(), "H");
        b.begin_object({.name_index = 4});
        b.add_counter({.name_index = 10, .type = PERF_COUNTER_RAWCOUNT});
        b.begin_values();
        b.set(0, static_cast<std::uint64_t>(round));
        b.end_object();
        b.finish();
        auto block = BlockView::parse(out);
        ASSERT_TRUE(block.ok());
        EXPECT_EQ(block->object_count(), 1u);
        auto object = block->find_object(4).value();
        EXPECT_EQ(object.counter_block().value(object.counter(0)), static_cast<std::uint64_t>(round));
    }
}

// set() on a 4-byte counter: what fits is written as is; what does not
// asserts (debug builds) instead of wrapping silently. A negative 32-bit value
// passed sign-extended fits.
struct SetRow {
    const char* name;
    std::uint64_t value;
    bool fits;
    std::uint32_t written;  // the DWORD read back when it fits
};
std::ostream& operator<<(std::ostream& os, const SetRow& r)
{
    return os << r.name;
}

class BlockBuilderDwordSet : public ::testing::TestWithParam<SetRow> {};

void build_dword(std::vector<std::byte>& out, std::uint64_t value)
{
    BlockBuilder b(out);
    b.begin(test::fixed_times(), "H");
    b.begin_object({.name_index = 4});
    b.add_counter({.name_index = 10, .type = PERF_COUNTER_RAWCOUNT});
    b.begin_values();
    b.set(0, value);
    b.end_object();
    b.finish();
}

TEST_P(BlockBuilderDwordSet, WritesOrRefuses)
{
    const SetRow& r = GetParam();
    std::vector<std::byte> out;
    if (r.fits) {
        build_dword(out, r.value);
        auto block = BlockView::parse(out);
        ASSERT_TRUE(block.ok());
        auto object = block->find_object(4).value();
        EXPECT_EQ(object.counter_block().value(object.counter(0)), r.written);
    } else {
        EXPECT_DEBUG_DEATH(build_dword(out, r.value), "fits");
    }
}

INSTANTIATE_TEST_SUITE_P(
    Values, BlockBuilderDwordSet,
    ::testing::Values(SetRow{"Zero", 0, true, 0}, SetRow{"Max", 0xFFFFFFFFu, true, 0xFFFFFFFFu},
                      SetRow{"MinusOne", ~std::uint64_t(0), true, 0xFFFFFFFFu},
                      SetRow{"Int32Min", static_cast<std::uint64_t>(std::int64_t(INT32_MIN)), true, 0x80000000u},
                      SetRow{"TwoTo32", std::uint64_t(1) << 32, false, 0},
                      SetRow{"JustPastTwoTo32", (std::uint64_t(1) << 32) + 5, false, 0},
                      SetRow{"BelowInt32Min", static_cast<std::uint64_t>(std::int64_t(INT32_MIN) - 1), false, 0}),
    [](const ::testing::TestParamInfo<SetRow>& p) { return std::string(p.param.name); });

}  // namespace
}  // namespace wpo
