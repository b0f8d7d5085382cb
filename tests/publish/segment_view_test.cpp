// SPDX-License-Identifier: Apache-2.0
// SegmentView: reading a valid segment into a data block (indices, names,
// values, instances, query kinds), the not-ready rule, and every malformed
// segment as a clean error (one named row per fault).
#include "format/block_builder.h"
#include "format/block_view.h"
#include "published/segment_view.h"
#include "segment_image.h"

#include <gtest/gtest.h>

#include <functional>

namespace wpo {
namespace {

using published::SegmentView;
using test::SegmentImage;
namespace H = test::PL::header;
namespace O = test::PL::object;
namespace C = test::PL::counter;

constexpr std::uint32_t kBase = 1000;

// Item positions of test_definition(): Alpha 0 (A 1, B 2, F 3, F base 4),
// Beta 5 (X 6, Avg 7, Avg base 8), Gamma 9 (R 10).
constexpr std::uint32_t index_of(std::uint32_t item)
{
    return kBase + 2 * item;
}

struct Read {
    std::vector<std::byte> buffer;
    published::AppendResult result;
};

Read read(SegmentView& view, std::string_view query, std::uint32_t base = kBase)
{
    Read r;
    BlockBuilder b(r.buffer);
    b.begin({}, "HOST");
    ObjectQuery q;
    EXPECT_TRUE(q.parse(query).ok());
    published::ReadScratch scratch;
    r.result = view.append(b, q, base, scratch);
    b.finish();
    return r;
}

std::uint64_t value(const ObjectView& o, const CounterBlock& block, std::uint32_t name_index)
{
    for (const auto& def : o.counters()) {
        if (def.name_index == name_index)
            return block.value(def);
    }
    ADD_FAILURE() << "no counter " << name_index;
    return 0;
}

TEST(SegmentView, GlobalServesEveryObjectButTheCostlyOneAtItsIndices)
{
    SegmentImage image(test::test_definition());
    image.set(0, 0, 0, 0x1'0000'0005);  // raw32: the block keeps the low DWORD
    image.set(0, 0, 1, 0x1234'5678'9ABC);
    image.set(0, 0, 2, 3);
    image.set(0, 0, 3, 4);
    auto view = SegmentView::parse(image.bytes());
    ASSERT_TRUE(view.ok()) << view.error().describe();
    EXPECT_EQ(view->publisher(), "Test");
    EXPECT_EQ(view->pid(), 4242u);
    EXPECT_EQ(view->index_count(), 22u);

    auto r = read(*view, "Global");
    EXPECT_EQ(r.result.objects, 2u);
    EXPECT_EQ(r.result.not_ready, 0u);
    auto block = BlockView::parse(r.buffer);
    ASSERT_TRUE(block.ok()) << block.error().describe();
    ASSERT_EQ(block->object_count(), 2u);
    auto alpha = block->find_object(index_of(0));
    ASSERT_TRUE(alpha);
    EXPECT_FALSE(alpha->has_instances());
    EXPECT_EQ(alpha->header().help_index, index_of(0) + 1);
    ASSERT_EQ(alpha->counter_count(), 4u);
    const auto defs = alpha->counter(1);
    EXPECT_EQ(defs.name_index, index_of(2));
    EXPECT_EQ(defs.help_index, index_of(2) + 1);
    EXPECT_EQ(defs.default_scale, -1);
    EXPECT_EQ(defs.type, counter_type::PERF_COUNTER_LARGE_RAWCOUNT);
    EXPECT_EQ(alpha->counter(0).size, 4u);
    EXPECT_EQ(alpha->counter(1).size, 8u);
    const CounterBlock values = alpha->counter_block();
    EXPECT_EQ(value(*alpha, values, index_of(1)), 5u);
    EXPECT_EQ(value(*alpha, values, index_of(2)), 0x1234'5678'9ABCu);
    EXPECT_EQ(value(*alpha, values, index_of(3)), 3u);
    EXPECT_EQ(value(*alpha, values, index_of(4)), 4u);
    auto beta = block->find_object(index_of(5));
    ASSERT_TRUE(beta);
    EXPECT_TRUE(beta->has_instances());
    EXPECT_EQ(beta->instance_count(), 0u);
    EXPECT_EQ(beta->header().detail_level, 200u);
    EXPECT_FALSE(block->find_object(index_of(9)));
}

TEST(SegmentView, CostlyServesOnlyTheCostlyObject)
{
    SegmentImage image(test::test_definition());
    image.set(2, 0, 0, 77);
    auto view = SegmentView::parse(image.bytes());
    ASSERT_TRUE(view.ok());
    auto r = read(*view, "Costly");
    auto block = BlockView::parse(r.buffer);
    ASSERT_TRUE(block.ok());
    ASSERT_EQ(block->object_count(), 1u);
    auto gamma = block->find_object(index_of(9));
    ASSERT_TRUE(gamma);
    EXPECT_EQ(value(*gamma, gamma->counter_block(), index_of(10)), 77u);
}

TEST(SegmentView, AListServesTheListedObjectsOnly)
{
    SegmentImage image(test::test_definition());
    auto view = SegmentView::parse(image.bytes());
    ASSERT_TRUE(view.ok());
    auto r = read(*view, std::to_string(index_of(9)) + " 230 " + std::to_string(index_of(5)));
    auto block = BlockView::parse(r.buffer);
    ASSERT_TRUE(block.ok());
    EXPECT_EQ(block->object_count(), 2u);
    EXPECT_TRUE(block->find_object(index_of(5)));
    EXPECT_TRUE(block->find_object(index_of(9)));
    // A counter's index is not an object's.
    auto none = read(*view, std::to_string(index_of(1)));
    EXPECT_EQ(none.result.objects, 0u);
    // Another base moves every index.
    auto moved = read(*view, std::to_string(2000 + 2 * 5), 2000);
    EXPECT_EQ(moved.result.objects, 1u);
}

// The fixed bytes of an object are made once at parse() with indices from
// 0: each read adds its own base to a copy, never to the kept bytes.
TEST(SegmentView, ReadsWithAnotherBaseInBetweenGiveTheSameBlock)
{
    SegmentImage image(test::test_definition());
    image.set(0, 0, 0, 11);
    image.set(0, 0, 1, 12);
    auto view = SegmentView::parse(image.bytes());
    ASSERT_TRUE(view.ok());
    const auto first = read(*view, "Global");
    const auto moved = read(*view, "Global", 5000);
    const auto again = read(*view, "Global");
    EXPECT_EQ(first.buffer, again.buffer);
    auto block = BlockView::parse(moved.buffer);
    ASSERT_TRUE(block.ok());
    auto alpha = block->find_object(5000);
    ASSERT_TRUE(alpha);
    EXPECT_EQ(alpha->header().help_index, 5001u);
    for (std::uint32_t c = 0; c < 4; ++c) {
        EXPECT_EQ(alpha->counter(c).name_index, 5000 + 2 * (c + 1));
        EXPECT_EQ(alpha->counter(c).help_index, 5000 + 2 * (c + 1) + 1);
    }
    EXPECT_EQ(value(*alpha, alpha->counter_block(), 5002), 11u);
    EXPECT_EQ(value(*alpha, alpha->counter_block(), 5004), 12u);
    EXPECT_TRUE(block->find_object(5000 + 2 * 5));
}

// The kept bytes plus the values are exactly the block BlockBuilder makes
// counter by counter from the definition (the format's one writer).
TEST(SegmentView, TheBlockIsTheOneBlockBuilderMakesCounterByCounter)
{
    SegmentImage image(test::test_definition());
    image.set(0, 0, 0, 0x1'0000'0005);
    image.set(0, 0, 1, 0x1234'5678'9ABC);
    image.set(0, 0, 2, 3);
    image.set(0, 0, 3, 4);
    image.set_instance(1, 0, "first");
    image.set(1, 0, 0, 10);
    image.set(1, 0, 2, 7);
    image.set_instance(1, 2, "");
    image.set(1, 2, 1, 20);
    image.set_instance(1, 3, "fourth \xC3\xA9 seven");
    image.set(1, 3, 0, 40);
    auto view = SegmentView::parse(image.bytes());
    ASSERT_TRUE(view.ok());
    const auto got = read(*view, "Global");
    EXPECT_EQ(got.result.objects, 2u);

    std::vector<std::byte> expected;
    BlockBuilder b(expected);
    b.begin({}, "HOST");
    b.begin_object({.name_index = index_of(0), .help_index = index_of(0) + 1});
    b.add_counter(
        {.name_index = index_of(1), .help_index = index_of(1) + 1, .type = counter_type::PERF_COUNTER_RAWCOUNT});
    b.add_counter({.name_index = index_of(2),
                   .help_index = index_of(2) + 1,
                   .type = counter_type::PERF_COUNTER_LARGE_RAWCOUNT,
                   .default_scale = -1});
    b.add_counter({.name_index = index_of(3), .help_index = index_of(3) + 1, .type = counter_type::PERF_RAW_FRACTION});
    b.add_counter({.name_index = index_of(4), .help_index = index_of(4) + 1, .type = counter_type::PERF_RAW_BASE});
    b.begin_values();
    b.set(0, 5);
    b.set(1, 0x1234'5678'9ABC);
    b.set(2, 3);
    b.set(3, 4);
    b.end_object();
    b.begin_object(
        {.name_index = index_of(5), .help_index = index_of(5) + 1, .detail_level = 200, .has_instances = true});
    b.add_counter(
        {.name_index = index_of(6), .help_index = index_of(6) + 1, .type = counter_type::PERF_COUNTER_LARGE_RAWCOUNT});
    b.add_counter({.name_index = index_of(7), .help_index = index_of(7) + 1, .type = counter_type::PERF_AVERAGE_BULK});
    b.add_counter({.name_index = index_of(8), .help_index = index_of(8) + 1, .type = counter_type::PERF_AVERAGE_BASE});
    b.begin_instance("first");
    b.set(0, 10);
    b.set(2, 7);
    b.begin_instance("");
    b.set(1, 20);
    b.begin_instance("fourth \xC3\xA9 seven");
    b.set(0, 40);
    b.end_object();
    b.finish();
    EXPECT_EQ(got.buffer, expected);
}

TEST(SegmentView, LiveSlotsAreInstancesInSlotOrder)
{
    SegmentImage image(test::test_definition());
    image.set_instance(1, 0, "first");
    image.set(1, 0, 0, 10);
    image.set_instance(1, 1, "gone", false);
    image.set(1, 1, 0, 99);
    image.set_instance(1, 3, "fourth \xC3\xA9");
    image.set(1, 3, 0, 40);
    image.set(1, 3, 1, 600);
    image.set(1, 3, 2, 3);
    auto view = SegmentView::parse(image.bytes());
    ASSERT_TRUE(view.ok());
    auto r = read(*view, std::to_string(index_of(5)));
    auto block = BlockView::parse(r.buffer);
    ASSERT_TRUE(block.ok());
    auto beta = block->find_object(index_of(5));
    ASSERT_TRUE(beta);
    ASSERT_EQ(beta->instance_count(), 2u);
    std::vector<std::string> names;
    std::vector<std::uint64_t> xs;
    for (const auto& inst : beta->instances()) {
        names.push_back(inst.name());
        xs.push_back(value(*beta, inst.counters(), index_of(6)));
        EXPECT_EQ(inst.unique_id(), -1);
        EXPECT_EQ(inst.parent_object_index(), 0u);
    }
    EXPECT_EQ(names, (std::vector<std::string>{"first", "fourth \xC3\xA9"}));
    EXPECT_EQ(xs, (std::vector<std::uint64_t>{10, 40}));
}

TEST(SegmentView, AFullLengthInstanceNameIsCutAtItsCapacity)
{
    SegmentImage image(test::test_definition());
    // 64 bytes with no NUL: the reader stops at the capacity.
    image.set_instance(1, 0, std::string(64, 'n'));
    auto view = SegmentView::parse(image.bytes());
    ASSERT_TRUE(view.ok());
    auto r = read(*view, std::to_string(index_of(5)));
    auto block = BlockView::parse(r.buffer);
    ASSERT_TRUE(block.ok());
    auto beta = block->find_object(index_of(5));
    ASSERT_TRUE(beta);
    ASSERT_EQ(beta->instance_count(), 1u);
    EXPECT_EQ((*beta->instances().begin()).name(), std::string(64, 'n'));
}

TEST(SegmentView, ASlotWrittenThroughEveryAttemptLeavesItsObjectOutNotTorn)
{
    SegmentImage image(test::test_definition());
    image.put_u32(image.plan().objects[1].slots_offset + 2 * image.plan().objects[1].slot_size + test::PL::slot::kSeq,
                  7);  // odd: a writer stopped mid-update
    auto view = SegmentView::parse(image.bytes());
    ASSERT_TRUE(view.ok());
    auto r = read(*view, "Global");
    EXPECT_EQ(r.result.objects, 1u);
    EXPECT_EQ(r.result.not_ready, 1u);
    auto block = BlockView::parse(r.buffer);
    ASSERT_TRUE(block.ok());
    EXPECT_TRUE(block->find_object(index_of(0)));
    EXPECT_FALSE(block->find_object(index_of(5)));
}

TEST(SegmentView, NamesAndHelpTextsSitAtTheirIndices)
{
    SegmentImage image(test::test_definition());
    auto view = SegmentView::parse(image.bytes());
    ASSERT_TRUE(view.ok());
    NameTable names;
    view->add_names(names, kBase);
    EXPECT_EQ(names.name(index_of(0)), "Alpha");
    EXPECT_EQ(names.help(index_of(0) + 1), "Alpha help");
    EXPECT_EQ(names.name(index_of(4)), "F base");
    EXPECT_EQ(names.help(index_of(8) + 1), "Avg base help");
    EXPECT_EQ(names.name(index_of(10)), "R");
    EXPECT_EQ(names.names().size(), 11u);
    EXPECT_EQ(names.helps().size(), 11u);
}

TEST(SegmentView, AppendsAfterObjectsAnotherPartBuilt)
{
    SegmentImage image(test::test_definition());
    auto view = SegmentView::parse(image.bytes());
    ASSERT_TRUE(view.ok());
    std::vector<std::byte> buffer;
    {
        BlockBuilder b(buffer);
        b.begin({}, "HOST");
        b.begin_object({.name_index = 2, .help_index = 3});
        b.add_counter({.name_index = 4, .help_index = 5, .type = counter_type::PERF_COUNTER_RAWCOUNT});
        b.end_object();
        b.finish();
    }
    BlockBuilder b(buffer);
    b.resume();
    ObjectQuery q;
    ASSERT_TRUE(q.parse("Global").ok());
    published::ReadScratch scratch;
    view->append(b, q, kBase, scratch);
    b.finish();
    auto block = BlockView::parse(buffer);
    ASSERT_TRUE(block.ok()) << block.error().describe();
    EXPECT_EQ(block->object_count(), 3u);
    EXPECT_TRUE(block->find_object(2));
    EXPECT_TRUE(block->find_object(index_of(5)));
}

// --- malformed segments ---------------------------------------------------

struct Damage {
    const char* name;
    std::function<void(SegmentImage&)> apply;
    Errc code;
    std::size_t mapping_size = 0;  // 0 = the image's total size
    std::size_t mapping_offset = 0;
};

void add_u32(SegmentImage& s, std::size_t at, std::int64_t delta)
{
    s.put_u32(at, static_cast<std::uint32_t>(s.get_u32(at) + delta));
}

std::size_t object_at(SegmentImage& s, std::size_t object, std::uint32_t field)
{
    return static_cast<std::size_t>(s.object_record(object) - s.data()) + field;
}
std::size_t counter_at(SegmentImage& s, std::size_t counter, std::uint32_t field)
{
    return static_cast<std::size_t>(s.counter_record(counter) - s.data()) + field;
}

const Damage kDamages[] = {
    {"bad_magic", [](SegmentImage& s) { s.data()[3] = std::byte{'X'}; }, Errc::bad_signature},
    {"version_2", [](SegmentImage& s) { s.put_u32(H::kVersion, 2); }, Errc::unsupported},
    {"version_0", [](SegmentImage& s) { s.put_u32(H::kVersion, 0); }, Errc::unsupported},
    {"header_size_128", [](SegmentImage& s) { s.put_u32(H::kHeaderSize, 128); }, Errc::unsupported},
    {"state_building", [](SegmentImage& s) { s.put_u32(H::kState, 0); }, Errc::invalid_state},
    {"state_closed", [](SegmentImage& s) { s.put_u32(H::kState, 2); }, Errc::invalid_state},
    {"state_unknown", [](SegmentImage& s) { s.put_u32(H::kState, 9); }, Errc::invalid_state},
    {"shorter_than_header", [](SegmentImage&) {}, Errc::truncated, 63},
    {"mapping_not_8_aligned", [](SegmentImage&) {}, Errc::misaligned, 0, 4},
    {"total_size_past_the_mapping", [](SegmentImage& s) { add_u32(s, H::kTotalSize, 8); }, Errc::truncated},
    {"total_size_below_header", [](SegmentImage& s) { s.put_u32(H::kTotalSize, 32); }, Errc::out_of_bounds},
    {"object_count_zero", [](SegmentImage& s) { s.put_u32(H::kObjectCount, 0); }, Errc::count_exceeds_data},
    {"object_count_too_big", [](SegmentImage& s) { s.put_u32(H::kObjectCount, 257); }, Errc::count_exceeds_data},
    {"object_count_huge", [](SegmentImage& s) { s.put_u32(H::kObjectCount, 0xFFFFFFFF); }, Errc::count_exceeds_data},
    {"counter_count_zero", [](SegmentImage& s) { s.put_u32(H::kCounterCount, 0); }, Errc::count_exceeds_data},
    {"counter_count_too_big", [](SegmentImage& s) { s.put_u32(H::kCounterCount, 4097); }, Errc::count_exceeds_data},
    {"counter_count_past_the_end", [](SegmentImage& s) { s.put_u32(H::kCounterCount, 4000); }, Errc::out_of_bounds},
    {"counter_count_more_than_objects_use", [](SegmentImage& s) { add_u32(s, H::kCounterCount, 1); },
     Errc::count_exceeds_data},
    {"objects_offset_misaligned", [](SegmentImage& s) { add_u32(s, H::kObjectsOffset, 4); }, Errc::misaligned},
    {"objects_offset_inside_header", [](SegmentImage& s) { s.put_u32(H::kObjectsOffset, 8); }, Errc::out_of_bounds},
    {"objects_offset_past_the_end", [](SegmentImage& s) { s.put_u32(H::kObjectsOffset, 0xFFFFFFF8); },
     Errc::out_of_bounds},
    {"counters_offset_past_the_end", [](SegmentImage& s) { s.put_u32(H::kCountersOffset, s.plan().total_size); },
     Errc::out_of_bounds},
    {"counters_offset_misaligned", [](SegmentImage& s) { add_u32(s, H::kCountersOffset, 1); }, Errc::misaligned},
    {"strings_past_the_end", [](SegmentImage& s) { add_u32(s, H::kStringsSize, s.plan().total_size); },
     Errc::out_of_bounds},
    {"strings_size_wraps", [](SegmentImage& s) { s.put_u32(H::kStringsSize, 0xFFFFFFFF); }, Errc::out_of_bounds},
    {"publisher_name_out_of_range", [](SegmentImage& s) { s.put_u32(H::kPublisherName, 0x7FFFFFFF); },
     Errc::out_of_bounds},
    // The last string (Gamma's R's help) loses its NUL when the area is cut by one byte.
    {"name_not_terminated", [](SegmentImage& s) { add_u32(s, H::kStringsSize, -1); }, Errc::truncated},
    {"object_name_out_of_range", [](SegmentImage& s) { s.put_u32(object_at(s, 1, O::kName), 100000); },
     Errc::out_of_bounds},
    {"object_help_at_strings_end",
     [](SegmentImage& s) { s.put_u32(object_at(s, 0, O::kHelp), s.get_u32(H::kStringsSize)); }, Errc::out_of_bounds},
    {"counter_name_out_of_range", [](SegmentImage& s) { s.put_u32(counter_at(s, 2, C::kName), 0xFFFFFFFF); },
     Errc::out_of_bounds},
    {"counter_help_out_of_range", [](SegmentImage& s) { s.put_u32(counter_at(s, 7, C::kHelp), 0x80000000); },
     Errc::out_of_bounds},
    {"object_counter_count_zero", [](SegmentImage& s) { s.put_u32(object_at(s, 0, O::kCounterCount), 0); },
     Errc::count_exceeds_data},
    {"object_counter_count_too_big", [](SegmentImage& s) { s.put_u32(object_at(s, 0, O::kCounterCount), 257); },
     Errc::count_exceeds_data},
    {"object_counters_past_the_records", [](SegmentImage& s) { s.put_u32(object_at(s, 2, O::kFirstCounter), 8); },
     Errc::out_of_bounds},
    {"object_counters_overlap", [](SegmentImage& s) { s.put_u32(object_at(s, 1, O::kFirstCounter), 0); },
     Errc::out_of_bounds},
    {"object_counters_leave_a_gap",
     [](SegmentImage& s) {
         add_u32(s, object_at(s, 0, O::kCounterCount), -1);
         add_u32(s, object_at(s, 0, O::kSlotSize), -8);
     },
     Errc::out_of_bounds},
    {"unknown_flags", [](SegmentImage& s) { s.put_u32(object_at(s, 0, O::kFlags), 4); }, Errc::unsupported},
    {"no_instances_but_two_slots", [](SegmentImage& s) { s.put_u32(object_at(s, 0, O::kSlotCount), 2); },
     Errc::count_exceeds_data},
    {"instances_but_no_slot", [](SegmentImage& s) { s.put_u32(object_at(s, 1, O::kSlotCount), 0); },
     Errc::count_exceeds_data},
    {"slot_count_too_big", [](SegmentImage& s) { s.put_u32(object_at(s, 1, O::kSlotCount), 4097); },
     Errc::count_exceeds_data},
    {"slots_past_the_end", [](SegmentImage& s) { s.put_u32(object_at(s, 1, O::kSlotCount), 4096); },
     Errc::out_of_bounds},
    {"name_capacity_not_multiple_of_8", [](SegmentImage& s) { s.put_u32(object_at(s, 0, O::kNameCapacity), 60); },
     Errc::invalid_argument},
    {"name_capacity_zero", [](SegmentImage& s) { s.put_u32(object_at(s, 0, O::kNameCapacity), 0); },
     Errc::invalid_argument},
    {"name_capacity_too_big", [](SegmentImage& s) { s.put_u32(object_at(s, 0, O::kNameCapacity), 264); },
     Errc::invalid_argument},
    {"slot_size_not_matching_counters", [](SegmentImage& s) { add_u32(s, object_at(s, 1, O::kSlotSize), 8); },
     Errc::invalid_argument},
    {"slots_misaligned", [](SegmentImage& s) { add_u32(s, object_at(s, 1, O::kSlotsOffset), 4); }, Errc::misaligned},
    {"slots_offset_past_the_end", [](SegmentImage& s) { s.put_u32(object_at(s, 2, O::kSlotsOffset), 0xFFFFFFF0); },
     Errc::out_of_bounds},
    {"slots_inside_header", [](SegmentImage& s) { s.put_u32(object_at(s, 2, O::kSlotsOffset), 0); },
     Errc::out_of_bounds},
    {"unsupported_counter_type", [](SegmentImage& s) { s.put_u32(counter_at(s, 0, C::kType), 0x00000B00); },
     Errc::invalid_argument},
    {"fraction_without_its_base",
     [](SegmentImage& s) { s.put_u32(counter_at(s, 3, C::kType), counter_type::PERF_COUNTER_RAWCOUNT); },
     Errc::invalid_argument},
    {"average_with_the_wrong_base",
     [](SegmentImage& s) { s.put_u32(counter_at(s, 6, C::kType), counter_type::PERF_RAW_BASE); },
     Errc::invalid_argument},
    {"base_without_its_counter",
     [](SegmentImage& s) { s.put_u32(counter_at(s, 2, C::kType), counter_type::PERF_COUNTER_RAWCOUNT); },
     Errc::invalid_argument},
    {"default_scale_out_of_range", [](SegmentImage& s) { s.put_u32(counter_at(s, 1, C::kDefaultScale), 11); },
     Errc::invalid_argument},
    {"default_counter_out_of_range", [](SegmentImage& s) { s.put_u32(object_at(s, 2, O::kDefaultCounter), 1); },
     Errc::invalid_argument},
    {"empty_object_name",
     [](SegmentImage& s) { s.put_u32(object_at(s, 1, O::kName), s.get_u32(counter_at(s, 7, C::kHelp)) + 6); },
     Errc::invalid_argument},
    {"bad_publisher_name", [](SegmentImage& s) { s.put_u32(H::kPublisherName, s.get_u32(object_at(s, 0, O::kHelp))); },
     Errc::invalid_argument},
    {"two_objects_with_one_name",
     [](SegmentImage& s) { s.put_u32(object_at(s, 1, O::kName), s.get_u32(object_at(s, 0, O::kName))); },
     Errc::invalid_argument},
};

class MalformedSegment : public ::testing::TestWithParam<Damage> {};

TEST_P(MalformedSegment, IsACleanError)
{
    const Damage& d = GetParam();
    SegmentImage image(test::test_definition());
    d.apply(image);
    const std::size_t size = d.mapping_size ? d.mapping_size : image.plan().total_size;
    auto view = SegmentView::parse(std::span<const std::byte>(image.data() + d.mapping_offset, size));
    ASSERT_FALSE(view.ok()) << d.name;
    EXPECT_EQ(view.error().code(), d.code) << view.error().describe();
    EXPECT_NE(view.error().message().find("published segment"), std::string::npos) << view.error().describe();
}

INSTANTIATE_TEST_SUITE_P(Rows, MalformedSegment, ::testing::ValuesIn(kDamages),
                         [](const auto& row) { return std::string(row.param.name); });

}  // namespace
}  // namespace wpo
