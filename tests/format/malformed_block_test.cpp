// SPDX-License-Identifier: Apache-2.0
// Every way a block header can be malformed gives a typed error for the
// whole block, one named row each; every way an object can be malformed
// leaves that object out, typed, and keeps the other (left_out_object_test
// covers positions, neighbours' values and tolerated sloppiness). The rows
// patch fields of test::sample_block() (layout in test_blocks.h).
#include "format/block_view.h"
#include "format/phantom_objects.h"
#include "test_blocks.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

namespace wpo {
namespace {

using Bytes = std::vector<std::byte>;

// Offsets inside sample_block(), computed from its own walk.
struct Landmarks {
    std::size_t system;     // object 2
    std::size_t process;    // object 230
    std::size_t first_def;  // first definition of 230
    std::size_t instance0;  // first instance of 230
    std::size_t block0;     // its counter block
};

Landmarks landmarks(const Bytes& bytes)
{
    auto block = BlockView::parse(bytes).value();
    auto at = [&](std::span<const std::byte> s) { return static_cast<std::size_t>(s.data() - bytes.data()); };
    Landmarks l{};
    l.system = at(block.find_object(2)->bytes());
    auto process = *block.find_object(230);
    l.process = at(process.bytes());
    l.first_def = l.process + layout::object::kSize;
    const InstanceView first = *process.instances().begin();
    l.instance0 = at(first.definition_bytes());
    l.block0 = at(first.counters().bytes());
    return l;
}

void put32(Bytes& b, std::size_t at, std::uint32_t v)
{
    store<std::uint32_t>(&b[at], v);
}

struct Row {
    std::string name;
    std::function<void(Bytes&, const Landmarks&)> mutate;
    Errc expected;
};

void PrintTo(const Row& row, std::ostream* os)
{
    *os << row.name;
}

class MalformedBlock : public ::testing::TestWithParam<Row> {};

TEST_P(MalformedBlock, GivesTypedError)
{
    Bytes bytes = test::sample_block();
    const Landmarks l = landmarks(bytes);
    GetParam().mutate(bytes, l);
    auto block = BlockView::parse(bytes);
    ASSERT_FALSE(block.ok()) << "accepted a block with a malformed header";
    EXPECT_EQ(block.error().code(), GetParam().expected) << block.error().describe();
    EXPECT_FALSE(block.error().message().empty());
}

namespace B = layout::block;
namespace O = layout::object;
namespace C = layout::counter;
namespace I = layout::instance;

const Row kRows[] = {
    {"empty", [](Bytes& b, auto&) { b.clear(); }, Errc::truncated},
    {"header_cut", [](Bytes& b, auto&) { b.resize(87); }, Errc::truncated},
    {"bad_signature", [](Bytes& b, auto&) { b[0] = std::byte{'X'}; }, Errc::bad_signature},
    {"big_endian", [](Bytes& b, auto&) { put32(b, B::kLittleEndian, 0); }, Errc::unsupported},
    {"version_2", [](Bytes& b, auto&) { put32(b, B::kVersion, 2); }, Errc::unsupported},
    {"total_beyond_buffer", [](Bytes& b, auto&) { b.resize(b.size() - 8); }, Errc::truncated},
    {"header_length_short", [](Bytes& b, auto&) { put32(b, B::kHeaderLength, 80); }, Errc::out_of_bounds},
    {"header_length_beyond_total",
     [](Bytes& b, auto&) { put32(b, B::kHeaderLength, static_cast<std::uint32_t>(b.size() + 8)); },
     Errc::out_of_bounds},
    {"header_length_misaligned", [](Bytes& b, auto&) { put32(b, B::kHeaderLength, 108); }, Errc::misaligned},
    {"system_name_outside",
     [](Bytes& b, auto&) { put32(b, B::kSystemNameOffset, static_cast<std::uint32_t>(b.size() - 4)); },
     Errc::out_of_bounds},
    {"object_count_huge", [](Bytes& b, auto&) { put32(b, B::kNumObjectTypes, 0x10000000); }, Errc::count_exceeds_data},
};

INSTANTIATE_TEST_SUITE_P(Rows, MalformedBlock, ::testing::ValuesIn(kRows),
                         [](const auto& row) { return row.param.name; });

// Object 2 (System, first) or 230 (Process, second) is damaged: it is left
// out with the row's code, the other kept unless the damage hides it.
struct ObjectRow {
    std::string name;
    std::function<void(Bytes&, const Landmarks&)> mutate;
    Errc expected;
};

void PrintTo(const ObjectRow& row, std::ostream* os)
{
    *os << row.name;
}

class MalformedObject : public ::testing::TestWithParam<ObjectRow> {};

TEST_P(MalformedObject, IsLeftOutTyped)
{
    Bytes bytes = test::sample_block();
    const Landmarks l = landmarks(bytes);
    GetParam().mutate(bytes, l);
    auto block = BlockView::parse(bytes);
    ASSERT_TRUE(block.ok()) << block.error().describe();
    ASSERT_EQ(block->left_out().count(), 1u);
    const LeftOutObject& bad = block->left_out().listed()[0];
    EXPECT_EQ(bad.code(), GetParam().expected) << bad.message();
    EXPECT_EQ(bad.block_offset, bad.index == 0 ? l.system : l.process);
    EXPECT_FALSE(bad.message().empty());
    const std::uint32_t kept = bad.ends_walk() ? bad.index : 1;
    EXPECT_EQ(block->object_count(), kept);
    std::uint32_t walked = 0;
    for (const ObjectView& object : block->objects()) {
        EXPECT_NE(object.bytes().data() - bytes.data(), std::ptrdiff_t(bad.block_offset));
        ++walked;
    }
    EXPECT_EQ(walked, kept);
}

const ObjectRow kObjectRows[] = {
    {"object_zero_length", [](Bytes& b, auto& l) { put32(b, l.system + O::kTotalByteLength, 0); }, Errc::zero_length},
    {"object_beyond_block", [](Bytes& b, auto& l) { put32(b, l.process + O::kTotalByteLength, 1 << 20); },
     Errc::out_of_bounds},
    {"object_header_short", [](Bytes& b, auto& l) { put32(b, l.process + O::kHeaderLength, 60); }, Errc::out_of_bounds},
    {"definitions_beyond_object",
     [](Bytes& b, auto& l) { put32(b, l.process + O::kDefinitionLength, load_u32(&b[l.process]) + 8); },
     Errc::out_of_bounds},
    {"counter_count_huge", [](Bytes& b, auto& l) { put32(b, l.process + O::kNumCounters, 1000); },
     Errc::count_exceeds_data},
    {"counter_zero_length", [](Bytes& b, auto& l) { put32(b, l.first_def + C::kByteLength, 0); }, Errc::zero_length},
    {"counter_length_past_definitions", [](Bytes& b, auto& l) { put32(b, l.first_def + C::kByteLength, 4000); },
     Errc::out_of_bounds},
    {"counter_offset_outside_block", [](Bytes& b, auto& l) { put32(b, l.first_def + C::kCounterOffset, 4096); },
     Errc::out_of_bounds},
    {"counter_size_outside_block", [](Bytes& b, auto& l) { put32(b, l.first_def + C::kCounterSize, 0xFFFFFFF0u); },
     Errc::out_of_bounds},
    {"counter_offset_in_block_header", [](Bytes& b, auto& l) { put32(b, l.first_def + C::kCounterOffset, 0); },
     Errc::out_of_bounds},
    {"instance_count_huge", [](Bytes& b, auto& l) { put32(b, l.process + O::kNumInstances, 1 << 30); },
     Errc::count_exceeds_data},
    {"instance_count_negative", [](Bytes& b, auto& l) { put32(b, l.process + O::kNumInstances, 0xFFFFFFFEu); },
     Errc::out_of_bounds},
    {"instance_count_one_more", [](Bytes& b, auto& l) { put32(b, l.process + O::kNumInstances, 4); }, Errc::truncated},
    {"instance_zero_length", [](Bytes& b, auto& l) { put32(b, l.instance0 + I::kByteLength, 0); }, Errc::zero_length},
    {"instance_beyond_object", [](Bytes& b, auto& l) { put32(b, l.instance0 + I::kByteLength, 1 << 20); },
     Errc::out_of_bounds},
    {"instance_name_outside", [](Bytes& b, auto& l) { put32(b, l.instance0 + I::kNameLength, 200); },
     Errc::out_of_bounds},
    {"instance_name_in_header", [](Bytes& b, auto& l) { put32(b, l.instance0 + I::kNameOffset, 8); },
     Errc::out_of_bounds},
    {"counter_block_zero_length", [](Bytes& b, auto& l) { put32(b, l.block0, 0); }, Errc::zero_length},
    {"counter_block_too_short_for_data", [](Bytes& b, auto& l) { put32(b, l.block0, 8); }, Errc::out_of_bounds},
    {"counter_block_beyond_object", [](Bytes& b, auto& l) { put32(b, l.block0, 1 << 20); }, Errc::out_of_bounds},
    {"single_block_zero_length",
     [](Bytes& b, auto& l) { put32(b, l.system + load_u32(&b[l.system + O::kDefinitionLength]), 0); },
     Errc::zero_length},
};

INSTANTIATE_TEST_SUITE_P(Rows, MalformedObject, ::testing::ValuesIn(kObjectRows),
                         [](const auto& row) { return row.param.name; });

TEST(MalformedBlock, EveryTruncationIsAnErrorNotACrash)
{
    const Bytes full = test::sample_block();
    for (std::size_t n = 0; n < full.size(); ++n) {
        Bytes cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
        auto block = BlockView::parse(cut);
        EXPECT_FALSE(block.ok()) << "accepted " << n << " of " << full.size() << " bytes";
    }
}

TEST(PhantomObjects, CountLoweredToTheObjectsPresent)
{
    Bytes bytes = test::sample_block();
    put32(bytes, B::kNumObjectTypes, 4);  // two objects present, four claimed
    auto before = BlockView::parse(bytes);
    ASSERT_TRUE(before.ok()) << before.error().describe();
    EXPECT_TRUE(before->has_phantom_objects());
    EXPECT_EQ(before->object_count(), 2u);
    EXPECT_EQ(before->left_out().not_reached(), 1u);
    EXPECT_TRUE(drop_phantom_objects(bytes));
    auto block = BlockView::parse(bytes);
    ASSERT_TRUE(block.ok()) << block.error().describe();
    EXPECT_EQ(block->object_count(), 2u);
    EXPECT_TRUE(block->left_out().empty());
    EXPECT_FALSE(block->has_phantom_objects());
}

TEST(PhantomObjects, OtherDefectsAreLeftAlone)
{
    Bytes good = test::sample_block();
    EXPECT_FALSE(drop_phantom_objects(good)) << "a valid block is not touched";

    // A damaged object still counts as present (its TotalByteLength leads
    // on); the count is lowered and the damaged object is still reported.
    Bytes broken = test::sample_block();
    const Landmarks l = landmarks(broken);
    put32(broken, B::kNumObjectTypes, 4);
    put32(broken, l.instance0 + I::kByteLength, 0);
    EXPECT_TRUE(drop_phantom_objects(broken));
    EXPECT_EQ(load_u32(&broken[B::kNumObjectTypes]), 2u);
    auto block = BlockView::parse(broken);
    ASSERT_TRUE(block.ok());
    ASSERT_EQ(block->left_out().count(), 1u);
    EXPECT_EQ(block->left_out().listed()[0].name_index(), 230u);
    EXPECT_EQ(block->left_out().listed()[0].code(), Errc::zero_length);

    // Damage that hides the rest is not explained by over-counting.
    Bytes hidden = test::sample_block();
    put32(hidden, B::kNumObjectTypes, 4);
    put32(hidden, l.process + O::kTotalByteLength, 0);
    EXPECT_FALSE(drop_phantom_objects(hidden));

    Bytes trailing = test::sample_block();
    put32(trailing, B::kNumObjectTypes, 1);  // fewer claimed than present: bytes left over
    EXPECT_FALSE(drop_phantom_objects(trailing));
}

}  // namespace
}  // namespace wpo
