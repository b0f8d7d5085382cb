// SPDX-License-Identifier: Apache-2.0
// One bad object never costs the others (docs/performance-data-format.md §8):
// sloppy alignment and junk offsets of zero-size counters are accepted, an
// unsound object is left out and listed while its neighbours are kept and
// decode to the values they were built with, and damage that hides the next
// object ends the walk there, keeping what came before. One named row each.
#include "decode/object_layout.h"
#include "format/block_view.h"
#include "format/counter_type.h"
#include "format/phantom_objects.h"
#include "raw_object.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

namespace wpo {
namespace {

using namespace counter_type;
using test::Bytes;
using test::RawCounter;
using test::RawInstance;
using test::RawObject;
using test::RawValue;

void put32(Bytes& b, std::size_t at, std::uint32_t v)
{
    store<std::uint32_t>(&b[at], v);
}

// The raw value of every counter of every row of `object` (rows: instances,
// or the one block), in definition order.
std::vector<std::vector<std::uint64_t>> raw_values(const ObjectView& object)
{
    std::vector<std::vector<std::uint64_t>> rows;
    auto row = [&](const CounterBlock& block) {
        std::vector<std::uint64_t> values;
        for (const CounterDefinition& def : object.counters())
            values.push_back(block.value(def));
        rows.push_back(values);
    };
    if (object.has_instances())
        for (const InstanceView& instance : object.instances())
            row(instance.counters());
    else
        row(object.counter_block());
    return rows;
}

// --- tolerated: sloppy but in bounds ------------------------------------------

struct SloppyRow {
    std::string name;
    RawObject object;
    std::vector<std::vector<std::uint64_t>> values;  // what object.raw_values() must give
};

void PrintTo(const SloppyRow& row, std::ostream* os)
{
    *os << row.name;
}

// Two sound neighbours, so a wrong step over the sloppy object would show.
RawObject neighbour(std::uint32_t name_index, std::uint64_t value)
{
    RawObject o{.name_index = name_index};
    o.counters = {{.name_index = 10, .type = PERF_COUNTER_LARGE_RAWCOUNT, .size = 8, .offset = 8}};
    const RawValue v[] = {{8, 8, value}};
    o.counter_block = test::raw_counter_block(16, v);
    return o;
}

RawObject single(std::vector<RawCounter> counters, std::uint32_t block_length, std::vector<RawValue> values)
{
    RawObject o{.name_index = 500};
    o.counters = std::move(counters);
    o.counter_block = test::raw_counter_block(block_length, values);
    return o;
}

const RawCounter kRaw4{.name_index = 20, .type = PERF_COUNTER_RAWCOUNT, .size = 4, .offset = 4};

std::vector<SloppyRow> sloppy_rows()
{
    std::vector<SloppyRow> rows;
    {
        RawObject o = single({kRaw4}, 8, {{4, 4, 11}});
        o.tail_padding = 4;  // TotalByteLength 116
        rows.push_back({"object_length_not_multiple_of_8", o, {{11}}});
    }
    {
        RawCounter first = kRaw4;
        first.byte_length = 42;  // two bytes of private data: the next definition starts at 106
        RawCounter second{.name_index = 22, .type = PERF_COUNTER_RAWCOUNT, .size = 4, .offset = 8};
        rows.push_back({"counter_definition_length_not_multiple_of_4",
                        single({first, second}, 16, {{4, 4, 11}, {8, 4, 12}}),
                        {{11, 12}}});
    }
    {
        RawObject o = single({kRaw4}, 8, {{4, 4, 11}});
        o.definition_padding = 4;  // DefinitionLength 108
        rows.push_back({"definition_length_not_multiple_of_8", o, {{11}}});
    }
    {
        // 8-byte value at 5: the counter block is 13 bytes, the value its last 8.
        RawCounter c{.name_index = 24, .type = PERF_COUNTER_LARGE_RAWCOUNT, .size = 8, .offset = 5};
        rows.push_back({"counter_block_length_13_value_at_odd_offset",
                        single({c}, 13, {{5, 8, 0x0102030405060708ULL}}),
                        {{0x0102030405060708ULL}}});
    }
    {
        // Instances of 28 and 30 bytes, counter blocks of 12: nothing is 8-aligned after the first.
        RawObject o{.name_index = 500, .has_instances = true};
        o.counters = {{.name_index = 24, .type = PERF_COUNTER_LARGE_RAWCOUNT, .size = 8, .offset = 4}};
        const RawValue a[] = {{4, 8, 5'000'000'000ULL}};
        const RawValue b[] = {{4, 8, 6}};
        o.instances = {{"a", 0, test::raw_counter_block(12, a)}, {"bc", 0, test::raw_counter_block(12, b)}};
        rows.push_back({"counter_block_and_instance_lengths_misaligned", o, {{5'000'000'000ULL}, {6}}});
    }
    {
        RawObject o{.name_index = 500, .has_instances = true};
        o.counters = {kRaw4};
        const RawValue a[] = {{4, 4, 7}};
        o.instances = {{"a", 3, test::raw_counter_block(8, a)}, {"b", 1, test::raw_counter_block(8, a)}};
        rows.push_back({"instance_name_padding_odd", o, {{7}, {7}}});
    }
    for (const auto& [name, offset] : {std::pair<const char*, std::uint32_t>{"nodata_counter_junk_offset", 0xFFFFFFF0u},
                                       {"nodata_counter_offset_beyond_block", 4096},
                                       {"nodata_counter_offset_in_block_header", 0}}) {
        RawCounter nodata{.name_index = 26, .type = PERF_COUNTER_NODATA, .size = 0, .offset = offset};
        rows.push_back({name, single({nodata, kRaw4}, 8, {{4, 4, 11}}), {{0, 11}}});
    }
    return rows;
}

class SloppyObject : public ::testing::TestWithParam<SloppyRow> {};

TEST_P(SloppyObject, IsKeptAndReadsRight)
{
    const Bytes objects[] = {test::raw_object(neighbour(2, 1)), test::raw_object(GetParam().object),
                             test::raw_object(neighbour(4, 3))};
    const Bytes bytes = test::raw_block(objects);
    auto block = BlockView::parse(bytes);
    ASSERT_TRUE(block.ok()) << block.error().describe();
    ASSERT_TRUE(block->left_out().empty()) << block->left_out().listed()[0].message();
    ASSERT_EQ(block->object_count(), 3u);
    std::vector<std::uint32_t> order;
    for (const ObjectView& object : block->objects())
        order.push_back(object.name_index());
    EXPECT_EQ(order, (std::vector<std::uint32_t>{2, 500, 4}));
    EXPECT_EQ(raw_values(*block->find_object(500)), GetParam().values);
    EXPECT_EQ(raw_values(*block->find_object(2)), (std::vector<std::vector<std::uint64_t>>{{1}}));
    EXPECT_EQ(raw_values(*block->find_object(4)), (std::vector<std::vector<std::uint64_t>>{{3}}));
    // The object on its own passes too.
    EXPECT_TRUE(ObjectView::parse(block->find_object(500)->bytes()).ok());
}

INSTANTIATE_TEST_SUITE_P(Rows, SloppyObject, ::testing::ValuesIn(sloppy_rows()),
                         [](const auto& row) { return row.param.name; });

// --- left out: one unsound object among three ---------------------------------

// Three objects of the same shape, 2 instances each, counters:
//   0 RAWCOUNT at 4 (100 k + i), 1 RAW_FRACTION at 8 (25 (i + 1)), 2 RAW_BASE at 12 (100),
//   3 LARGE_RAWCOUNT at 16 (5e9 + k), for object k and instance i.
constexpr std::uint32_t kNames[3] = {2, 230, 238};

RawObject shaped(std::uint32_t k)
{
    RawObject o{.name_index = kNames[k], .has_instances = true};
    o.counters = {{.name_index = 20, .type = PERF_COUNTER_RAWCOUNT, .size = 4, .offset = 4},
                  {.name_index = 22, .type = PERF_RAW_FRACTION, .size = 4, .offset = 8},
                  {.name_index = 22, .type = PERF_RAW_BASE, .size = 4, .offset = 12},
                  {.name_index = 24, .type = PERF_COUNTER_LARGE_RAWCOUNT, .size = 8, .offset = 16}};
    for (std::uint32_t i = 0; i < 2; ++i) {
        const RawValue v[] = {{4, 4, 100 * k + i}, {8, 4, 25 * (i + 1)}, {12, 4, 100}, {16, 8, 5'000'000'000ULL + k}};
        o.instances.push_back({"i" + std::to_string(i), 2, test::raw_counter_block(24, v)});
    }
    return o;
}

// Decodes every visible counter and compares with the inputs of shaped(k).
void expect_decodes_as_built(const BlockView& block, std::uint32_t k)
{
    auto object = block.find_object(kNames[k]);
    ASSERT_TRUE(object) << "object " << kNames[k] << " was not kept";
    const auto layouts = counter_layouts(*object);
    ASSERT_EQ(layouts.size(), 3u);  // the base folds into the fraction
    const TimeStamps t = time_stamps(block.header(), object->header());
    std::uint32_t i = 0;
    for (const InstanceView& instance : object->instances()) {
        std::vector<double> got;
        for (const CounterLayout& layout : layouts) {
            const Value v = decode(layout, read_raw(layout, instance.counters()), t, nullptr, nullptr);
            ASSERT_TRUE(v.valid());
            got.push_back(v.as_double());
        }
        const std::vector<double> want = {double(100 * k + i), 100.0 * (25 * (i + 1)) / 100, 5e9 + k};
        EXPECT_EQ(got, want) << "object " << kNames[k] << " instance " << i;
        ++i;
    }
    EXPECT_EQ(i, 2u);
}

// Landmarks inside one shaped() object, relative to its start.
struct Marks {
    std::size_t def0 = 64, instance0 = 0, block0 = 0;
};

Marks marks(const Bytes& object)
{
    Marks m;
    m.instance0 = load_u32(&object[layout::object::kDefinitionLength]);
    m.block0 = m.instance0 + load_u32(&object[m.instance0]);
    return m;
}

struct Damage {
    std::string name;
    std::function<void(Bytes&, const Marks&)> apply;  // to the object's own bytes
    Errc expected;
    bool ends_walk = false;
};

namespace O = layout::object;
namespace C = layout::counter;
namespace I = layout::instance;

const Damage kDamages[] = {
    {"counter_offset_beyond_block", [](Bytes& b, auto& m) { put32(b, m.def0 + C::kCounterOffset, 4096); },
     Errc::out_of_bounds},
    {"counter_size_beyond_block", [](Bytes& b, auto& m) { put32(b, m.def0 + C::kCounterSize, 0xFFFFFFF0u); },
     Errc::out_of_bounds},
    {"counter_offset_in_block_header", [](Bytes& b, auto& m) { put32(b, m.def0 + C::kCounterOffset, 0); },
     Errc::out_of_bounds},
    {"counter_definition_zero_length", [](Bytes& b, auto& m) { put32(b, m.def0 + C::kByteLength, 0); },
     Errc::zero_length},
    {"counter_definition_past_definitions", [](Bytes& b, auto& m) { put32(b, m.def0 + C::kByteLength, 4000); },
     Errc::out_of_bounds},
    {"counter_count_huge", [](Bytes& b, auto&) { put32(b, O::kNumCounters, 1000); }, Errc::count_exceeds_data},
    {"object_header_short", [](Bytes& b, auto&) { put32(b, O::kHeaderLength, 60); }, Errc::out_of_bounds},
    {"definitions_beyond_object",
     [](Bytes& b, auto&) { put32(b, O::kDefinitionLength, static_cast<std::uint32_t>(b.size() + 8)); },
     Errc::out_of_bounds},
    {"instance_count_huge", [](Bytes& b, auto&) { put32(b, O::kNumInstances, 1 << 30); }, Errc::count_exceeds_data},
    {"instance_count_negative", [](Bytes& b, auto&) { put32(b, O::kNumInstances, 0xFFFFFFFEu); }, Errc::out_of_bounds},
    {"instance_count_one_more", [](Bytes& b, auto&) { put32(b, O::kNumInstances, 3); }, Errc::truncated},
    {"instance_zero_length", [](Bytes& b, auto& m) { put32(b, m.instance0 + I::kByteLength, 0); }, Errc::zero_length},
    {"instance_beyond_object", [](Bytes& b, auto& m) { put32(b, m.instance0 + I::kByteLength, 1 << 20); },
     Errc::out_of_bounds},
    {"instance_name_outside", [](Bytes& b, auto& m) { put32(b, m.instance0 + I::kNameLength, 200); },
     Errc::out_of_bounds},
    {"counter_block_zero_length", [](Bytes& b, auto& m) { put32(b, m.block0, 0); }, Errc::zero_length},
    {"counter_block_too_short_for_data", [](Bytes& b, auto& m) { put32(b, m.block0, 20); }, Errc::out_of_bounds},
    {"counter_block_beyond_object", [](Bytes& b, auto& m) { put32(b, m.block0, 1 << 20); }, Errc::out_of_bounds},
    // The object's own TotalByteLength is what leads to the next one.
    {"object_total_zero", [](Bytes& b, auto&) { put32(b, O::kTotalByteLength, 0); }, Errc::zero_length, true},
    {"object_total_beyond_block", [](Bytes& b, auto&) { put32(b, O::kTotalByteLength, 1 << 20); }, Errc::out_of_bounds,
     true},
};

struct LeftOutRow {
    std::string name;
    const Damage* damage;
    std::uint32_t position;  // which of the three objects is damaged
};

void PrintTo(const LeftOutRow& row, std::ostream* os)
{
    *os << row.name;
}

std::vector<LeftOutRow> left_out_rows()
{
    static const char* kWhere[] = {"first", "middle", "last"};
    std::vector<LeftOutRow> rows;
    for (const Damage& d : kDamages)
        for (std::uint32_t p = 0; p < 3; ++p)
            rows.push_back({d.name + "_" + kWhere[p], &d, p});
    return rows;
}

class OneBadObject : public ::testing::TestWithParam<LeftOutRow> {};

TEST_P(OneBadObject, IsLeftOutAndTheOthersKept)
{
    const LeftOutRow& row = GetParam();
    std::vector<Bytes> objects;
    for (std::uint32_t k = 0; k < 3; ++k)
        objects.push_back(test::raw_object(shaped(k)));
    row.damage->apply(objects[row.position], marks(objects[row.position]));
    const Bytes bytes = test::raw_block(objects);
    std::uint32_t offset = load_u32(&bytes[layout::block::kHeaderLength]);
    for (std::uint32_t k = 0; k < row.position; ++k)
        offset += static_cast<std::uint32_t>(objects[k].size());

    auto block = BlockView::parse(bytes);
    ASSERT_TRUE(block.ok()) << "one bad object failed the whole block: " << block.error().describe();
    const LeftOutObjects& left = block->left_out();
    ASSERT_EQ(left.count(), 1u);
    const LeftOutObject& bad = left.listed()[0];
    EXPECT_EQ(bad.index, row.position);
    EXPECT_EQ(bad.name_index(), kNames[row.position]);
    EXPECT_EQ(bad.block_offset, offset);
    EXPECT_EQ(bad.code(), row.damage->expected) << bad.message();
    EXPECT_EQ(bad.ends_walk(), row.damage->ends_walk);
    const std::string prefix =
        "object #" + std::to_string(row.position) + " at block offset " + std::to_string(offset) + ": ";
    EXPECT_EQ(bad.message().rfind(prefix, 0), 0u) << bad.message();
    EXPECT_NE(bad.message().find("object " + std::to_string(kNames[row.position])), std::string::npos) << bad.message();

    // Kept: every object before it, and those after it unless the walk ended.
    const std::uint32_t hidden = row.damage->ends_walk ? 2 - row.position : 0;
    EXPECT_EQ(bad.not_reached, hidden);
    EXPECT_EQ(left.not_reached(), hidden);
    std::vector<std::uint32_t> kept, want;
    for (const ObjectView& object : block->objects())
        kept.push_back(object.name_index());
    for (std::uint32_t k = 0; k < 3; ++k)
        if (k < row.position || (k > row.position && !row.damage->ends_walk))
            want.push_back(kNames[k]);
    EXPECT_EQ(kept, want);
    EXPECT_EQ(block->object_count(), want.size());
    EXPECT_FALSE(block->find_object(kNames[row.position])) << "a left-out object must not be found";
    for (std::uint32_t k = 0; k < 3; ++k)
        if (std::find(want.begin(), want.end(), kNames[k]) != want.end())
            expect_decodes_as_built(*block, k);
    EXPECT_FALSE(block->has_phantom_objects());
}

INSTANTIATE_TEST_SUITE_P(Rows, OneBadObject, ::testing::ValuesIn(left_out_rows()),
                         [](const auto& row) { return row.param.name; });

// --- the end of the walk ------------------------------------------------------

struct WalkEndRow {
    std::string name;
    std::function<void(Bytes&)> mutate;  // the whole block of the three shaped objects
    Errc expected;
    std::uint32_t index;  // of the walk-ending entry
    bool phantom;
};

void PrintTo(const WalkEndRow& row, std::ostream* os)
{
    *os << row.name;
}

const WalkEndRow kWalkEnds[] = {
    {"object_count_one_more", [](Bytes& b) { put32(b, layout::block::kNumObjectTypes, 4); }, Errc::truncated, 3, true},
    {"object_count_one_more_trailing_bytes",
     [](Bytes& b) {
         put32(b, layout::block::kNumObjectTypes, 4);
         b.resize(b.size() + 16);
         put32(b, layout::block::kTotalByteLength, static_cast<std::uint32_t>(b.size()));
     },
     Errc::truncated, 3, false},
};

class WalkEnd : public ::testing::TestWithParam<WalkEndRow> {};

TEST_P(WalkEnd, KeepsTheObjectsBefore)
{
    std::vector<Bytes> objects;
    for (std::uint32_t k = 0; k < 3; ++k)
        objects.push_back(test::raw_object(shaped(k)));
    Bytes bytes = test::raw_block(objects);
    GetParam().mutate(bytes);
    auto block = BlockView::parse(bytes);
    ASSERT_TRUE(block.ok()) << block.error().describe();
    ASSERT_EQ(block->left_out().count(), 1u);
    const LeftOutObject& end = block->left_out().listed()[0];
    EXPECT_EQ(end.index, GetParam().index);
    EXPECT_EQ(end.code(), GetParam().expected);
    EXPECT_TRUE(end.ends_walk());
    EXPECT_EQ(block->has_phantom_objects(), GetParam().phantom);
    EXPECT_EQ(block->object_count(), 3u);
    for (std::uint32_t k = 0; k < 3; ++k)
        expect_decodes_as_built(*block, k);
    // The registry source's repair applies to the exact case only.
    EXPECT_EQ(drop_phantom_objects(bytes), GetParam().phantom);
    if (GetParam().phantom) {
        auto repaired = BlockView::parse(bytes);
        ASSERT_TRUE(repaired.ok());
        EXPECT_TRUE(repaired->left_out().empty());
        EXPECT_EQ(repaired->object_count(), 3u);
    }
}

INSTANTIATE_TEST_SUITE_P(Rows, WalkEnd, ::testing::ValuesIn(kWalkEnds), [](const auto& row) { return row.param.name; });

// --- more bad objects than the list holds ---------------------------------------

TEST(LeftOutObjects, MoreThanListedAreStillSkipped)
{
    // 20 objects, every even one bad (a counter beyond its block), then one
    // whose TotalByteLength runs past the block and two it hides.
    std::vector<Bytes> objects;
    std::vector<std::uint32_t> want;
    for (std::uint32_t k = 0; k < 23; ++k) {
        RawObject o = shaped(1);
        o.name_index = 1000 + 2 * k;
        Bytes b = test::raw_object(o);
        if (k < 20 && k % 2 == 0)
            put32(b, 64 + C::kCounterOffset, 4096);
        else if (k < 20)
            want.push_back(o.name_index);
        if (k == 20)
            put32(b, O::kTotalByteLength, 1 << 20);
        objects.push_back(b);
    }
    const Bytes bytes = test::raw_block(objects);
    auto block = BlockView::parse(bytes);
    ASSERT_TRUE(block.ok()) << block.error().describe();
    const LeftOutObjects& left = block->left_out();
    EXPECT_EQ(left.count(), 11u);
    ASSERT_EQ(left.listed().size(), LeftOutObjects::kListed);
    for (std::uint32_t i = 0; i + 1 < LeftOutObjects::kListed; ++i)
        EXPECT_EQ(left.listed()[i].index, 2 * i);
    EXPECT_EQ(left.listed().back().index, 20u) << "the walk's end takes the last slot";
    EXPECT_TRUE(left.listed().back().ends_walk());
    EXPECT_EQ(left.not_reached(), 2u);
    std::vector<std::uint32_t> kept;
    for (const ObjectView& object : block->objects())
        kept.push_back(object.name_index());
    EXPECT_EQ(kept, want);
    EXPECT_EQ(block->object_count(), want.size());
}

TEST(LeftOutObjects, IteratorOutlivesATemporaryView)
{
    std::vector<Bytes> objects = {test::raw_object(shaped(0)), test::raw_object(shaped(1)),
                                  test::raw_object(shaped(2))};
    put32(objects[1], 64 + C::kCounterOffset, 4096);
    const Bytes bytes = test::raw_block(objects);
    std::vector<std::uint32_t> kept;
    // The Result and its BlockView die before the loop body runs.
    for (const ObjectView& object : BlockView::parse(bytes).value().objects())
        kept.push_back(object.name_index());
    EXPECT_EQ(kept, (std::vector<std::uint32_t>{2, 238}));
}

}  // namespace
}  // namespace wpo
