// Every way a block can be malformed gives a typed error, one named row each.
// The rows patch fields of test::sample_block() (layout in test_blocks.h).
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
    std::size_t system;      // object 2
    std::size_t process;     // object 230
    std::size_t first_def;   // first definition of 230
    std::size_t instance0;   // first instance of 230
    std::size_t block0;      // its counter block
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

void put32(Bytes& b, std::size_t at, std::uint32_t v) { store<std::uint32_t>(&b[at], v); }

struct Row {
    std::string name;
    std::function<void(Bytes&, const Landmarks&)> mutate;
    Errc expected;
};

void PrintTo(const Row& row, std::ostream* os) { *os << row.name; }

class MalformedBlock : public ::testing::TestWithParam<Row> {};

TEST_P(MalformedBlock, GivesTypedError)
{
    Bytes bytes = test::sample_block();
    const Landmarks l = landmarks(bytes);
    GetParam().mutate(bytes, l);
    auto block = BlockView::parse(bytes);
    ASSERT_FALSE(block.ok()) << "accepted a malformed block";
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
    {"object_count_huge", [](Bytes& b, auto&) { put32(b, B::kNumObjectTypes, 0x10000000); },
     Errc::count_exceeds_data},
    {"object_count_one_more", [](Bytes& b, auto&) { put32(b, B::kNumObjectTypes, 3); }, Errc::truncated},
    {"object_zero_length", [](Bytes& b, auto& l) { put32(b, l.system + O::kTotalByteLength, 0); },
     Errc::zero_length},
    {"object_beyond_block", [](Bytes& b, auto& l) { put32(b, l.process + O::kTotalByteLength, 1 << 20); },
     Errc::out_of_bounds},
    {"object_length_misaligned",
     [](Bytes& b, auto& l) { put32(b, l.system + O::kTotalByteLength, load_u32(&b[l.system]) - 4); },
     Errc::misaligned},
    {"object_header_short", [](Bytes& b, auto& l) { put32(b, l.process + O::kHeaderLength, 60); },
     Errc::out_of_bounds},
    {"definitions_beyond_object",
     [](Bytes& b, auto& l) { put32(b, l.process + O::kDefinitionLength, load_u32(&b[l.process]) + 8); },
     Errc::out_of_bounds},
    {"counter_count_huge", [](Bytes& b, auto& l) { put32(b, l.process + O::kNumCounters, 1000); },
     Errc::count_exceeds_data},
    {"counter_zero_length", [](Bytes& b, auto& l) { put32(b, l.first_def + C::kByteLength, 0); },
     Errc::zero_length},
    {"counter_length_past_definitions", [](Bytes& b, auto& l) { put32(b, l.first_def + C::kByteLength, 4000); },
     Errc::out_of_bounds},
    {"counter_length_misaligned", [](Bytes& b, auto& l) { put32(b, l.first_def + C::kByteLength, 42); },
     Errc::misaligned},
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
    {"instance_count_one_more", [](Bytes& b, auto& l) { put32(b, l.process + O::kNumInstances, 4); },
     Errc::truncated},
    {"instance_zero_length", [](Bytes& b, auto& l) { put32(b, l.instance0 + I::kByteLength, 0); },
     Errc::zero_length},
    {"instance_length_misaligned", [](Bytes& b, auto& l) { put32(b, l.instance0 + I::kByteLength, 36); },
     Errc::misaligned},
    {"instance_beyond_object", [](Bytes& b, auto& l) { put32(b, l.instance0 + I::kByteLength, 1 << 20); },
     Errc::out_of_bounds},
    {"instance_name_outside", [](Bytes& b, auto& l) { put32(b, l.instance0 + I::kNameLength, 200); },
     Errc::out_of_bounds},
    {"instance_name_in_header", [](Bytes& b, auto& l) { put32(b, l.instance0 + I::kNameOffset, 8); },
     Errc::out_of_bounds},
    {"counter_block_zero_length", [](Bytes& b, auto& l) { put32(b, l.block0, 0); }, Errc::zero_length},
    {"counter_block_misaligned", [](Bytes& b, auto& l) { put32(b, l.block0, load_u32(&b[l.block0]) - 4); },
     Errc::misaligned},
    {"counter_block_too_short_for_data", [](Bytes& b, auto& l) { put32(b, l.block0, 8); }, Errc::out_of_bounds},
    {"counter_block_beyond_object", [](Bytes& b, auto& l) { put32(b, l.block0, 1 << 20); }, Errc::out_of_bounds},
    {"single_block_zero_length",
     [](Bytes& b, auto& l) { put32(b, l.system + load_u32(&b[l.system + O::kDefinitionLength]), 0); },
     Errc::zero_length},
};

INSTANTIATE_TEST_SUITE_P(Rows, MalformedBlock, ::testing::ValuesIn(kRows),
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
    ASSERT_FALSE(BlockView::parse(bytes).ok());
    EXPECT_TRUE(drop_phantom_objects(bytes));
    auto block = BlockView::parse(bytes);
    ASSERT_TRUE(block.ok()) << block.error().describe();
    EXPECT_EQ(block->object_count(), 2u);
}

TEST(PhantomObjects, OtherDefectsAreLeftAlone)
{
    Bytes good = test::sample_block();
    EXPECT_FALSE(drop_phantom_objects(good)) << "a valid block is not touched";

    Bytes broken = test::sample_block();
    const Landmarks l = landmarks(broken);
    put32(broken, B::kNumObjectTypes, 4);
    put32(broken, l.instance0 + I::kByteLength, 0);  // and an object is damaged
    EXPECT_FALSE(drop_phantom_objects(broken));
    EXPECT_EQ(load_u32(&broken[B::kNumObjectTypes]), 4u);

    Bytes trailing = test::sample_block();
    put32(trailing, B::kNumObjectTypes, 1);  // fewer claimed than present: bytes left over
    EXPECT_FALSE(drop_phantom_objects(trailing));
}

}  // namespace
}  // namespace wpo
