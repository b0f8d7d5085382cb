// SPDX-License-Identifier: Apache-2.0
// counter_layouts(), read_raw() and time_stamps() on blocks written with
// BlockBuilder: base pairing, missing bases, multi counts, unaligned and
// odd-sized values, and a Windows 11 Process object.
#include "decode/object_layout.h"
#include "format/block_builder.h"
#include "format/counter_type.h"
#include "test_blocks.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace wpo {
namespace {

using namespace counter_type;

// The first object of a block that must parse.
ObjectView first_object(const std::vector<std::byte>& bytes)
{
    auto block = BlockView::parse(bytes);
    EXPECT_TRUE(block.ok()) << (block.ok() ? "" : block.error().describe());
    return *block->objects().begin();
}

TimeStamps stamps_of(const std::vector<std::byte>& bytes, const ObjectView& object)
{
    auto block = BlockView::parse(bytes);
    return time_stamps(block->header(), object.header());
}

TEST(CounterLayouts, PairsEachBaseWithTheDefinitionBeforeIt)
{
    std::vector<std::byte> out;
    BlockBuilder b(out);
    b.begin(test::fixed_times(), "H");
    b.begin_object({.name_index = 236, .has_instances = true});
    const auto id = b.add_counter({.name_index = 784, .type = PERF_COUNTER_RAWCOUNT});
    const auto free_space = b.add_counter({.name_index = 408, .type = PERF_RAW_FRACTION});
    const auto free_base = b.add_counter({.name_index = 408, .type = PERF_RAW_BASE});  // same name index
    const auto disk_time = b.add_counter({.name_index = 200, .type = PERF_PRECISION_100NS_TIMER});
    const auto disk_stamp = b.add_counter({.name_index = 200, .type = PERF_PRECISION_TIMESTAMP});
    b.add_counter({.name_index = 0, .type = PERF_COUNTER_NODATA});
    const auto sec_per = b.add_counter({.name_index = 208, .type = PERF_AVERAGE_TIMER});
    const auto sec_base = b.add_counter({.name_index = 208, .type = PERF_AVERAGE_BASE});
    const auto hits = b.add_counter({.name_index = 1500, .type = PERF_SAMPLE_FRACTION});
    const auto hits_base = b.add_counter({.name_index = 1500, .type = PERF_SAMPLE_BASE});
    const auto bytes_per = b.add_counter({.name_index = 1600, .type = PERF_AVERAGE_BULK});
    const auto bytes_base = b.add_counter({.name_index = 1600, .type = PERF_AVERAGE_BASE});
    b.begin_instance("C:");
    b.set(id, 7);
    b.set(free_space, 25);
    b.set(free_base, 200);
    b.set(disk_time, 11);
    b.set(disk_stamp, 0x1'0000'0000ULL);
    b.set(sec_per, 31);
    b.set(sec_base, 32);
    b.set(hits, 41);
    b.set(hits_base, 42);
    b.set(bytes_per, 51);
    b.set(bytes_base, 52);
    b.end_object();
    b.finish();

    const ObjectView object = first_object(out);
    const auto layouts = counter_layouts(object);
    ASSERT_EQ(layouts.size(), 6u);  // 12 definitions - 5 bases - NODATA

    const std::uint32_t positions[] = {0, 1, 3, 6, 8, 10};
    const std::uint32_t types[] = {PERF_COUNTER_RAWCOUNT, PERF_RAW_FRACTION,    PERF_PRECISION_100NS_TIMER,
                                   PERF_AVERAGE_TIMER,    PERF_SAMPLE_FRACTION, PERF_AVERAGE_BULK};
    const std::uint32_t base_types[] = {
        0, PERF_RAW_BASE, PERF_PRECISION_TIMESTAMP, PERF_AVERAGE_BASE, PERF_SAMPLE_BASE, PERF_AVERAGE_BASE};
    for (std::size_t i = 0; i < layouts.size(); ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(layouts[i].position, positions[i]);
        EXPECT_EQ(layouts[i].definition.type, types[i]);
        EXPECT_EQ(layouts[i].has_base, i != 0);
        EXPECT_FALSE(layouts[i].base_follows_value);
        if (i != 0) {
            EXPECT_EQ(layouts[i].base.type, base_types[i]);
            // A base named like its numerator is still the base, not the counter.
            EXPECT_EQ(layouts[i].base.name_index, layouts[i].definition.name_index);
        }
    }

    const CounterBlock block = (*object.instances().begin()).counters();
    const std::uint64_t expected[][2] = {{7, 0}, {25, 200}, {11, 0x1'0000'0000ULL}, {31, 32}, {41, 42}, {51, 52}};
    for (std::size_t i = 0; i < layouts.size(); ++i) {
        const RawValue raw = read_raw(layouts[i], block);
        EXPECT_EQ(raw.value, expected[i][0]) << i;
        EXPECT_EQ(raw.base, expected[i][1]) << i;
    }
    // % Free Space through the layout: 100 · 25 / 200.
    const Value free = decode(layouts[1], read_raw(layouts[1], block), stamps_of(out, object), nullptr, nullptr);
    ASSERT_TRUE(free.valid());
    EXPECT_DOUBLE_EQ(free.f64, 12.5);
}

TEST(CounterLayouts, BaseOfAnotherKindIsStillTheBase)
{
    // Only "is the next definition a base" matters (docs/performance-data-format.md §10.3), not which base.
    std::vector<std::byte> out;
    BlockBuilder b(out);
    b.begin(test::fixed_times(), "H");
    b.begin_object({.name_index = 4});
    const auto fraction = b.add_counter({.name_index = 10, .type = PERF_RAW_FRACTION});
    const auto base = b.add_counter({.name_index = 10, .type = PERF_AVERAGE_BASE});
    b.begin_values();
    b.set(fraction, 1);
    b.set(base, 4);
    b.end_object();
    b.finish();

    const ObjectView object = first_object(out);
    const auto layouts = counter_layouts(object);
    ASSERT_EQ(layouts.size(), 1u);
    EXPECT_TRUE(layouts[0].has_base);
    const Value v =
        decode(layouts[0], read_raw(layouts[0], object.counter_block()), stamps_of(out, object), nullptr, nullptr);
    EXPECT_DOUBLE_EQ(v.f64, 25.0);  // 100 · 1 / 4
}

TEST(CounterLayouts, MissingBaseDecodesAsMissingBase)
{
    std::vector<std::byte> out;
    BlockBuilder b(out);
    b.begin(test::fixed_times(), "H");
    b.begin_object({.name_index = 4});
    const auto orphan_fraction = b.add_counter({.name_index = 10, .type = PERF_RAW_FRACTION});
    const auto count = b.add_counter({.name_index = 12, .type = PERF_COUNTER_RAWCOUNT});  // not a base
    b.add_counter({.name_index = 14, .type = PERF_RAW_BASE});  // orphan base after a rawcount: hidden
    const auto last = b.add_counter({.name_index = 16, .type = PERF_PRECISION_SYSTEM_TIMER});  // nothing follows
    b.begin_values();
    b.set(orphan_fraction, 5);
    b.set(count, 6);
    b.set(last, 7);
    b.end_object();
    b.finish();

    const ObjectView object = first_object(out);
    const auto layouts = counter_layouts(object);
    ASSERT_EQ(layouts.size(), 3u);
    EXPECT_EQ(layouts[0].definition.type, PERF_RAW_FRACTION);
    EXPECT_FALSE(layouts[0].has_base);
    EXPECT_EQ(layouts[1].definition.type, PERF_COUNTER_RAWCOUNT);
    EXPECT_EQ(layouts[2].definition.type, PERF_PRECISION_SYSTEM_TIMER);
    EXPECT_EQ(layouts[2].position, 3u);
    EXPECT_FALSE(layouts[2].has_base);

    const TimeStamps t = stamps_of(out, object);
    const CounterBlock block = object.counter_block();
    const RawValue raw0 = read_raw(layouts[0], block);
    EXPECT_EQ(raw0.value, 5u);
    EXPECT_EQ(raw0.base, 0u);
    EXPECT_EQ(decode(layouts[0], raw0, t, nullptr, nullptr).status, ValueStatus::missing_base);
    EXPECT_EQ(decode(layouts[2], read_raw(layouts[2], block), t, &raw0, &t).status, ValueStatus::missing_base);
    EXPECT_EQ(decode(layouts[1], read_raw(layouts[1], block), t, nullptr, nullptr).i32, 6);
}

TEST(ReadRaw, UnalignedEightByteValues)
{
    // 8-byte values at 4-mod-8 offsets (docs/performance-data-format.md §6): read through memcpy.
    std::vector<std::byte> out;
    BlockBuilder b(out);
    b.begin(test::fixed_times(), "H");
    b.begin_object({.name_index = 4});
    const auto small = b.add_counter({.name_index = 10, .type = PERF_COUNTER_RAWCOUNT, .offset = 8});
    const auto large = b.add_counter({.name_index = 12, .type = PERF_COUNTER_LARGE_RAWCOUNT, .offset = 12});
    const auto fraction = b.add_counter({.name_index = 14, .type = PERF_LARGE_RAW_FRACTION, .offset = 20});
    const auto base = b.add_counter({.name_index = 14, .type = PERF_LARGE_RAW_BASE, .offset = 28});
    b.begin_values();
    b.set(small, 0xFFFF'FFFF);
    b.set(large, 0x0102'0304'0506'0708ULL);
    b.set(fraction, 0x0000'0001'0000'0000ULL);
    b.set(base, 0x0000'0004'0000'0000ULL);
    b.end_object();
    b.finish();

    const ObjectView object = first_object(out);
    const auto layouts = counter_layouts(object);
    ASSERT_EQ(layouts.size(), 3u);
    EXPECT_EQ(layouts[1].definition.offset % 8, 4u);
    const CounterBlock block = object.counter_block();
    const RawValue r0 = read_raw(layouts[0], block);
    EXPECT_EQ(r0.value, 0xFFFF'FFFFu);  // zero-extended, not sign-extended
    EXPECT_EQ(read_raw(layouts[1], block).value, 0x0102'0304'0506'0708ULL);
    const RawValue r2 = read_raw(layouts[2], block);
    EXPECT_EQ(r2.value, 0x0000'0001'0000'0000ULL);
    EXPECT_EQ(r2.base, 0x0000'0004'0000'0000ULL);

    const TimeStamps t = stamps_of(out, object);
    const Value dword = decode(layouts[0], r0, t, nullptr, nullptr);
    EXPECT_EQ(dword.type, ValueType::int64);
    EXPECT_EQ(dword.i64, 4'294'967'295);
    EXPECT_DOUBLE_EQ(decode(layouts[2], r2, t, nullptr, nullptr).f64, 25.0);  // 100 · 2^32 / 2^34
}

// Multi timers: M from the next definition when it is PERF_COUNTER_MULTI_BASE,
// else from the 8 bytes after the value (docs/performance-data-format.md §4, §10.8).
struct MultiCase {
    const char* name;
    bool base_definition;     // a PERF_COUNTER_MULTI_BASE definition follows (at offset 24)
    bool other_base_follows;  // a PERF_LARGE_RAW_BASE (value 7, at offset 32) follows instead
    bool slot_inside_block;   // the +8 slot (offset 16) holds 4 and lies inside the block
    bool has_base_follows_value;
    std::uint64_t expected_m;
};

class MultiBase : public testing::TestWithParam<MultiCase> {};

TEST_P(MultiBase, CountComesFromTheRightPlace)
{
    const MultiCase& c = GetParam();
    std::vector<std::byte> samples[2];
    for (int s = 0; s < 2; ++s) {
        BlockBuilder b(samples[s]);
        BlockTimes times = test::fixed_times();
        times.perf_time_100ns += s * 10'000'000;  // 1 s apart
        b.begin(times, "H");
        b.begin_object({.name_index = 4});
        std::uint32_t slot = 0;
        if (c.slot_inside_block)
            slot = b.add_counter({.name_index = 8, .type = PERF_COUNTER_LARGE_RAWCOUNT, .offset = 16});
        const auto multi = b.add_counter({.name_index = 10, .type = PERF_100NSEC_MULTI_TIMER, .offset = 8});
        std::uint32_t base = 0;
        if (c.base_definition)
            base = b.add_counter({.name_index = 10, .type = PERF_COUNTER_MULTI_BASE, .offset = 24});
        if (c.other_base_follows)
            base = b.add_counter({.name_index = 10, .type = PERF_LARGE_RAW_BASE, .offset = 32});
        b.begin_values();
        b.set(multi, s * 20'000'000);  // 2 s of busy time in 1 s
        if (c.slot_inside_block)
            b.set(slot, 4);
        if (c.base_definition)
            b.set(base, 5);
        if (c.other_base_follows)
            b.set(base, 7);
        b.end_object();
        b.finish();
    }
    const ObjectView before = first_object(samples[0]);
    const ObjectView now = first_object(samples[1]);
    const auto layouts = counter_layouts(now);
    const CounterLayout* multi = nullptr;
    for (const CounterLayout& l : layouts)
        if (l.definition.type == PERF_100NSEC_MULTI_TIMER)
            multi = &l;
    ASSERT_NE(multi, nullptr);
    EXPECT_TRUE(multi->has_base);
    EXPECT_EQ(multi->base_follows_value, c.has_base_follows_value);
    const RawValue raw1 = read_raw(*multi, now.counter_block());
    const RawValue raw0 = read_raw(*multi, before.counter_block());
    EXPECT_EQ(raw1.base, c.expected_m);

    const TimeStamps t0 = stamps_of(samples[0], before);
    const TimeStamps t1 = stamps_of(samples[1], now);
    const Value v = decode(*multi, raw1, t1, &raw0, &t0);
    if (c.expected_m == 0) {
        EXPECT_EQ(v.status, ValueStatus::bad_base);
    } else {
        ASSERT_TRUE(v.valid()) << to_string(v.status);
        EXPECT_DOUBLE_EQ(v.f64, 100.0 * 2.0 / static_cast<double>(c.expected_m));  // 100 · (2·10^7/10^7) / M
    }
}

INSTANTIATE_TEST_SUITE_P(
    CounterLayouts, MultiBase,
    testing::Values(MultiCase{"NextDefinitionIsMultiBase", true, false, true, false, 5},        // 100·2/5 = 40
                    MultiCase{"NoBaseDefinition_SlotAfterValue", false, false, true, true, 4},  // 100·2/4 = 50
                    MultiCase{"OtherBaseFollows_SlotAfterValue", false, true, true, true, 4},   // not the 7
                    MultiCase{"SlotOutsideBlock_BadBase", false, false, false, true, 0}),
    [](const testing::TestParamInfo<MultiCase>& row) { return std::string(row.param.name); });

// PERF_AVERAGE_TIMER's type says DWORD but some providers write 8 bytes
// (docs/performance-data-format.md §10.3): CounterSize decides, and 4 bytes never pick up the neighbour.
struct AverageTimerSize {
    const char* name;
    std::uint32_t size;
    std::uint64_t n0, n1;
    double expected;
};

class AverageTimerWidth : public testing::TestWithParam<AverageTimerSize> {};

TEST_P(AverageTimerWidth, ReadsCounterSizeBytes)
{
    const AverageTimerSize& c = GetParam();
    std::vector<std::byte> samples[2];
    const std::uint64_t n[2] = {c.n0, c.n1};
    const std::uint64_t bases[2] = {100, 104};
    for (int s = 0; s < 2; ++s) {
        BlockBuilder b(samples[s]);
        b.begin(test::fixed_times(9'242'655'165'203 + s * 10'000'000), "H");
        b.begin_object({.name_index = 234});
        const auto avg = b.add_counter({.name_index = 1406, .type = PERF_AVERAGE_TIMER, .size = c.size, .offset = 8});
        const auto base = b.add_counter({.name_index = 1406, .type = PERF_AVERAGE_BASE, .offset = 16});
        std::uint32_t neighbour = 0;
        if (c.size == 4)  // the 4 bytes right after the value change between samples
            neighbour = b.add_counter({.name_index = 1408, .type = PERF_COUNTER_RAWCOUNT, .offset = 12});
        b.begin_values();
        b.set(avg, n[s]);
        b.set(base, bases[s]);
        if (c.size == 4)
            b.set(neighbour, 1 + s);
        b.end_object();
        b.finish();
    }
    const ObjectView o0 = first_object(samples[0]);
    const ObjectView o1 = first_object(samples[1]);
    const auto layouts = counter_layouts(o1);
    ASSERT_GE(layouts.size(), 1u);
    ASSERT_EQ(layouts[0].definition.size, c.size);
    const RawValue r0 = read_raw(layouts[0], o0.counter_block());
    const RawValue r1 = read_raw(layouts[0], o1.counter_block());
    EXPECT_EQ(r0.value, c.n0);
    EXPECT_EQ(r1.value, c.n1);
    const TimeStamps t0 = stamps_of(samples[0], o0);
    const TimeStamps t1 = stamps_of(samples[1], o1);
    const Value v = decode(layouts[0], r1, t1, &r0, &t0);
    ASSERT_TRUE(v.valid()) << to_string(v.status);
    EXPECT_DOUBLE_EQ(v.f64, c.expected);
}

INSTANTIATE_TEST_SUITE_P(Decode, AverageTimerWidth,
                         testing::Values(
                             // (10^6 / 10^7) / 4 = 0.025 s
                             AverageTimerSize{"FourBytes", 4, 10'000'000, 11'000'000, 0.025},
                             // ΔN = (2^33 + 10^7) - 2^32 = 4304967296 ticks = 430.4967296 s; / 4 = 107.6241824 s
                             AverageTimerSize{"EightBytes", 8, 4'294'967'296, 8'599'934'592, 107.6241824}),
                         [](const testing::TestParamInfo<AverageTimerSize>& row) {
                             return std::string(row.param.name);
                         });

TEST(ReadRaw, OddCounterSizes)
{
    // Zero-size (NODATA) and variable-size (text) data read without leaving
    // the block; they decode as not_numeric.
    std::vector<std::byte> out;
    BlockBuilder b(out);
    b.begin(test::fixed_times(), "H");
    b.begin_object({.name_index = 4});
    const auto text = b.add_counter({.name_index = 10, .type = PERF_COUNTER_TEXT, .size = 12});
    const auto three = b.add_counter({.name_index = 12, .type = PERF_COUNTER_RAWCOUNT, .size = 3});
    b.begin_values();
    const std::byte letters[12] = {std::byte{'A'}, std::byte{0}, std::byte{'B'}, std::byte{0}};
    b.set_bytes(text, letters);
    b.set(three, 0x00AB'CDEF);
    b.end_object();
    b.finish();

    const ObjectView object = first_object(out);
    const auto layouts = counter_layouts(object);
    ASSERT_EQ(layouts.size(), 2u);
    const CounterBlock block = object.counter_block();
    EXPECT_EQ(read_raw(layouts[0], block).value, 0x0042'0041u);  // first 8 bytes of the text
    EXPECT_EQ(read_raw(layouts[1], block).value, 0x00AB'CDEFu);
    const TimeStamps t = stamps_of(out, object);
    EXPECT_EQ(decode(layouts[0], read_raw(layouts[0], block), t, nullptr, nullptr).status, ValueStatus::not_numeric);
    EXPECT_EQ(decode(layouts[1], read_raw(layouts[1], block), t, nullptr, nullptr).i32, 0xAB'CDEF);
}

TEST(TimeStamps, FromBlockAndObjectHeaders)
{
    const auto bytes = test::sample_block();
    auto block = BlockView::parse(bytes);
    ASSERT_TRUE(block.ok());
    auto process = block->find_object(230);
    ASSERT_TRUE(process);
    const TimeStamps t = time_stamps(block->header(), process->header());
    EXPECT_EQ(t.perf_time, 9'242'655'165'203);
    EXPECT_EQ(t.perf_freq, 10'000'000);
    EXPECT_EQ(t.perf_time_100ns, 133'716'612'800'215'149);
    EXPECT_EQ(t.object_time, 133'716'612'800'215'149);
    EXPECT_EQ(t.object_freq, 10'000'000);
}

// The Process object of a real Windows 11 machine (docs/performance-data-format.md §13.1): 28 counters of
// six types, no bases, Idle's Elapsed Time from the dump.
TEST(CounterLayouts, Windows11ProcessObject)
{
    struct Def {
        std::uint32_t index;
        std::uint32_t type;
    };
    const Def defs[] = {
        {6, 542180608u},    {142, 542180608u},  {144, 542180608u},  {172, 65792u},      {174, 65792u},
        {28, 272696320u},   {178, 65792u},      {180, 65792u},      {182, 65792u},      {184, 65792u},
        {186, 65792u},      {680, 65536u},      {682, 65536u},      {684, 807666944u},  {784, 65536u},
        {1410, 65536u},     {56, 65536u},       {58, 65536u},       {952, 65536u},      {1412, 272696576u},
        {1414, 272696576u}, {1416, 272696576u}, {1418, 272696576u}, {1420, 272696576u}, {1422, 272696576u},
        {1424, 272696576u}, {1426, 272696576u}, {1478, 65792u},
    };
    std::vector<std::byte> out;
    BlockBuilder b(out);
    b.begin(test::fixed_times(), "WIN11", 238);
    b.begin_object({.name_index = 230,
                    .help_index = 231,
                    .has_instances = true,
                    .perf_time = 133'716'612'800'215'149,
                    .perf_freq = 10'000'000});
    std::uint32_t elapsed = 0, page_faults = 0;
    for (const Def& d : defs) {
        const auto handle = b.add_counter({.name_index = d.index, .help_index = d.index + 1, .type = d.type});
        if (d.index == 684)
            elapsed = handle;
        if (d.index == 28)
            page_faults = handle;
    }
    b.begin_instance("Idle");
    b.set(elapsed, 133'707'369'666'486'855);
    b.set(page_faults, 9);
    b.end_object();
    b.finish();

    const ObjectView process = first_object(out);
    const auto layouts = counter_layouts(process);
    ASSERT_EQ(layouts.size(), 28u);
    for (const CounterLayout& l : layouts)
        EXPECT_FALSE(l.has_base);
    EXPECT_EQ(layouts[5].definition.size, 4u);   // Page Faults/sec is a DWORD
    EXPECT_EQ(layouts[13].definition.size, 8u);  // Elapsed Time
    const CounterBlock idle = (*process.instances().begin()).counters();
    const TimeStamps t = stamps_of(out, process);
    const Value v = decode(layouts[13], read_raw(layouts[13], idle), t, nullptr, nullptr);
    ASSERT_TRUE(v.valid());
    // (133716612800215149 - 133707369666486855) / 10^7 = 9243133728294 / 10^7 s
    EXPECT_DOUBLE_EQ(v.f64, 924'313.3728294);
    EXPECT_EQ(decode(layouts[5], read_raw(layouts[5], idle), t, nullptr, nullptr).status, ValueStatus::first_sample);
}

}  // namespace
}  // namespace wpo
