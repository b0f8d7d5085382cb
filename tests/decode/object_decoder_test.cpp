// SPDX-License-Identifier: Apache-2.0
// ObjectDecoder, the bulk path: every golden vector written into real blocks
// must decode exactly as decode() does; instance pairing, plan changes and
// argument errors.
#include "decode/object_decoder.h"
#include "format/block_builder.h"
#include "format/counter_type.h"
#include "golden_vectors.h"
#include "test_blocks.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <vector>

namespace wpo {
namespace {

using namespace counter_type;
using test::Golden;

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

std::uint64_t payload(const Value& v)
{
    switch (v.type) {
    case ValueType::int32: return static_cast<std::uint32_t>(v.i32);
    case ValueType::int64: return static_cast<std::uint64_t>(v.i64);
    case ValueType::float64: return std::bit_cast<std::uint64_t>(v.f64);
    }
    return 0;
}

// Same status, type and bits.
void expect_identical(const Value& a, const Value& b)
{
    EXPECT_EQ(a.status, b.status) << to_string(a.status) << " vs " << to_string(b.status);
    if (a.status == ValueStatus::valid && b.status == ValueStatus::valid) {
        EXPECT_EQ(a.type, b.type);
        EXPECT_EQ(payload(a), payload(b)) << a.as_double() << " vs " << b.as_double();
    }
}

// One sample of a golden row as a block: one object with one instance whose
// counter block holds N (and B in a base definition when the type needs one,
// unless the row is about a missing base).
std::vector<std::byte> golden_block(const Golden& g, const TimeStamps& t, const RawValue& raw)
{
    std::vector<std::byte> out;
    BlockBuilder b(out);
    BlockTimes times = test::fixed_times(t.perf_time);
    times.perf_freq = t.perf_freq;
    times.perf_time_100ns = t.perf_time_100ns;
    b.begin(times, "GOLDEN");
    b.begin_object({.name_index = 1000, .has_instances = true, .perf_time = t.object_time, .perf_freq = t.object_freq});
    const bool eight = g.type == PERF_DOUBLE_RAW || (g.type & kSizeMask) == kSizeVariableLen;
    const auto counter = b.add_counter({.name_index = 1002, .type = g.type, .size = eight ? 8u : 0u});
    std::uint32_t base = 0;
    const bool with_base = needs_base(g.type) && !g.no_base;
    if (with_base) {
        const std::uint32_t base_type = (g.type & kMultiCounter) ? PERF_COUNTER_MULTI_BASE : PERF_LARGE_RAW_BASE;
        base = b.add_counter({.name_index = 1002, .type = base_type});
    }
    b.begin_instance("only");
    b.set(counter, raw.value);
    if (with_base)
        b.set(base, raw.base);
    b.end_object();
    b.finish();
    return out;
}

class GoldenBulk : public testing::TestWithParam<Golden> {};

TEST_P(GoldenBulk, BlockDecodesLikeDecode)
{
    const Golden& g = GetParam();
    const auto now_bytes = golden_block(g, g.now_time, g.now);
    const auto before_bytes = golden_block(g, g.before_time, g.before);
    const ObjectView now = first_object(now_bytes);
    const ObjectView before = first_object(before_bytes);

    ObjectDecoder decoder;
    if (!is_visible(g.type)) {
        EXPECT_EQ(decoder.value_count(now), 0u);  // bases and NODATA are no column
        return;
    }
    ASSERT_EQ(decoder.value_count(now), 1u);
    const TimeStamps t1 = stamps_of(now_bytes, now);
    const TimeStamps t0 = stamps_of(before_bytes, before);
    ASSERT_EQ(t1.perf_time_100ns, g.now_time.perf_time_100ns);
    ASSERT_EQ(t1.object_freq, g.now_time.object_freq);

    Value out[1];
    const Status s = decoder.decode(now, t1, g.has_before ? &before : nullptr, g.has_before ? &t0 : nullptr, {},
                                    {.cap_percent = g.cap}, out);
    ASSERT_TRUE(s.ok()) << s.error().describe();

    ASSERT_EQ(out[0].status, g.status) << to_string(out[0].status);
    if (g.status == ValueStatus::valid) {
        ASSERT_EQ(out[0].type, g.value_type);
        switch (g.value_type) {
        case ValueType::int32: EXPECT_EQ(out[0].i32, g.i); break;
        case ValueType::int64: EXPECT_EQ(out[0].i64, g.i); break;
        case ValueType::float64: EXPECT_DOUBLE_EQ(out[0].f64, g.f); break;
        }
    }
    if (!g.no_base) {
        const Value scalar = decode(g.type, g.now, g.now_time, g.has_before ? &g.before : nullptr,
                                    g.has_before ? &g.before_time : nullptr, {.cap_percent = g.cap});
        expect_identical(out[0], scalar);
    }
}

INSTANTIATE_TEST_SUITE_P(AllTypesAndEdgeCases, GoldenBulk, testing::ValuesIn(test::golden_vectors()),
                         [](const testing::TestParamInfo<Golden>& row) { return test::golden_name(row.param); });

// A small Process object: ID Process, % Processor Time, Page Faults/sec,
// Elapsed Time. Sample s is 1 s after sample s-1 on every clock.
struct Proc {
    const char* name;
    std::uint32_t pid;
    std::uint64_t cpu;
    std::uint64_t faults;
};

constexpr std::int64_t kBoot = 133'707'369'666'486'855;

std::vector<std::byte> process_block(int s, std::initializer_list<Proc> procs)
{
    std::vector<std::byte> out;
    BlockBuilder b(out);
    BlockTimes times = test::fixed_times(9'242'655'165'203 + s * 10'000'000);
    times.perf_time_100ns += s * 10'000'000;
    b.begin(times, "H");
    b.begin_object(
        {.name_index = 230, .has_instances = true, .perf_time = times.perf_time_100ns, .perf_freq = 10'000'000});
    const auto pid = b.add_counter({.name_index = 784, .type = PERF_COUNTER_RAWCOUNT});
    const auto cpu = b.add_counter({.name_index = 6, .type = PERF_100NSEC_TIMER});
    const auto faults = b.add_counter({.name_index = 28, .type = PERF_COUNTER_COUNTER});
    const auto elapsed = b.add_counter({.name_index = 684, .type = PERF_ELAPSED_TIME});
    for (const Proc& p : procs) {
        b.begin_instance(p.name);
        b.set(pid, p.pid);
        b.set(cpu, p.cpu);
        b.set(faults, p.faults);
        b.set(elapsed, kBoot);
    }
    b.end_object();
    b.finish();
    return out;
}

constexpr std::size_t kColumns = 4;

struct Samples {
    std::vector<std::byte> before_bytes, now_bytes;
    ObjectView before, now;
    TimeStamps t0, t1;
};

Samples make_samples(std::initializer_list<Proc> before, std::initializer_list<Proc> now)
{
    Samples s;
    s.before_bytes = process_block(0, before);
    s.now_bytes = process_block(1, now);
    s.before = first_object(s.before_bytes);
    s.now = first_object(s.now_bytes);
    s.t0 = stamps_of(s.before_bytes, s.before);
    s.t1 = stamps_of(s.now_bytes, s.now);
    return s;
}

TEST(ObjectDecoder, PairsInstancesByPreviousInstanceOf)
{
    const Samples s = make_samples({{"A", 10, 1'000, 100}, {"B", 20, 2'000, 200}, {"C", 30, 3'000, 300}},
                                   {{"C", 30, 5'003'000, 350}, {"A", 10, 1'001'000, 120}, {"D", 40, 7'000'000, 5}});
    ObjectDecoder decoder;
    std::vector<Value> out(decoder.value_count(s.now));
    ASSERT_EQ(out.size(), 3 * kColumns);
    ASSERT_EQ(decoder.counter_count(), kColumns);
    const std::int32_t previous_of[] = {2, 0, -1};
    ASSERT_TRUE(decoder.decode(s.now, s.t1, &s.before, &s.t0, previous_of, {}, out).ok());

    // Row 0 = C against C: 100 · 5·10^6 / 10^7 = 50 %, 50 · 10^7 / 10^7 = 50/s.
    EXPECT_EQ(out[0].i32, 30);
    EXPECT_DOUBLE_EQ(out[1].f64, 50.0);
    EXPECT_DOUBLE_EQ(out[2].f64, 50.0);
    // A second after the sample of docs/performance-data-format.md §13.1.
    EXPECT_DOUBLE_EQ(out[3].f64, 924'314.3728294);
    // Row 1 = A against A: 100 · 10^6 / 10^7 = 10 %, 20/s.
    EXPECT_EQ(out[4].i32, 10);
    EXPECT_DOUBLE_EQ(out[5].f64, 10.0);
    EXPECT_DOUBLE_EQ(out[6].f64, 20.0);
    // Row 2 = D is new: single-sample counters valid, the others first_sample.
    EXPECT_EQ(out[8].i32, 40);
    EXPECT_EQ(out[9].status, ValueStatus::first_sample);
    EXPECT_EQ(out[10].status, ValueStatus::first_sample);
    EXPECT_TRUE(out[11].valid());
}

TEST(ObjectDecoder, PairsByPositionWhenTheMapIsEmpty)
{
    const Samples s = make_samples({{"A", 10, 0, 0}, {"B", 20, 0, 0}},
                                   {{"A", 10, 2'000'000, 1}, {"B", 20, 4'000'000, 2}, {"C", 30, 1, 1}});
    ObjectDecoder decoder(s.now);
    std::vector<Value> out(3 * kColumns);
    ASSERT_TRUE(decoder.decode(s.now, s.t1, &s.before, &s.t0, {}, {}, out).ok());
    EXPECT_DOUBLE_EQ(out[1].f64, 20.0);                   // 100 · 2·10^6 / 10^7
    EXPECT_DOUBLE_EQ(out[5].f64, 40.0);                   // 100 · 4·10^6 / 10^7
    EXPECT_EQ(out[9].status, ValueStatus::first_sample);  // no third instance before
}

TEST(ObjectDecoder, OutOfRangeIndicesMeanNewInstances)
{
    const Samples s = make_samples({{"A", 10, 0, 0}}, {{"A", 10, 1, 1}, {"B", 20, 1, 1}, {"C", 30, 1, 1}});
    ObjectDecoder decoder;
    std::vector<Value> out(3 * kColumns);
    const std::int32_t previous_of[] = {1, -7, 0};
    ASSERT_TRUE(decoder.decode(s.now, s.t1, &s.before, &s.t0, previous_of, {}, out).ok());
    EXPECT_EQ(out[1].status, ValueStatus::first_sample);
    EXPECT_EQ(out[5].status, ValueStatus::first_sample);
    EXPECT_TRUE(out[9].valid());
}

TEST(ObjectDecoder, NoPreviousSample)
{
    const Samples s = make_samples({}, {{"A", 10, 5, 5}});
    ObjectDecoder decoder;
    std::vector<Value> out(kColumns);
    ASSERT_TRUE(decoder.decode(s.now, s.t1, nullptr, nullptr, {}, {}, out).ok());
    EXPECT_EQ(out[0].i32, 10);
    EXPECT_EQ(out[1].status, ValueStatus::first_sample);
    EXPECT_EQ(out[2].status, ValueStatus::first_sample);
    EXPECT_DOUBLE_EQ(out[3].f64, 924'314.3728294);
}

TEST(ObjectDecoder, RawValuesAreTheCountersN)
{
    const Samples s = make_samples({{"A", 10, 1'000, 100}}, {{"A", 10, 5'000'000'123, 7}, {"B", 20, 42, 0}});
    ObjectDecoder decoder;
    std::vector<Value> out(2 * kColumns);
    DecodeOptions raw;
    raw.raw_values = true;
    const std::int32_t previous_of[] = {0, -1};
    ASSERT_TRUE(decoder.decode(s.now, s.t1, &s.before, &s.t0, previous_of, raw, out).ok());
    // Every counter's N as an int64, valid without a previous sample: no formula, no difference.
    for (const Value& v : out) {
        EXPECT_TRUE(v.valid());
        EXPECT_EQ(v.type, ValueType::int64);
    }
    EXPECT_EQ(out[0].i64, 10);
    EXPECT_EQ(out[1].i64, 5'000'000'123);
    EXPECT_EQ(out[2].i64, 7);
    EXPECT_EQ(out[5].i64, 42);
    EXPECT_EQ(out[6].i64, 0);
}

TEST(ObjectDecoder, ZeroInstances)
{
    const Samples s = make_samples({{"A", 10, 0, 0}}, {});
    ObjectDecoder decoder;
    EXPECT_EQ(decoder.value_count(s.now), 0u);
    EXPECT_TRUE(decoder.decode(s.now, s.t1, &s.before, &s.t0, {}, {}, {}).ok());
}

TEST(ObjectDecoder, RejectsBadArguments)
{
    const Samples s = make_samples({{"A", 10, 0, 0}}, {{"A", 10, 1, 1}, {"B", 20, 1, 1}});
    ObjectDecoder decoder;
    std::vector<Value> small(2 * kColumns - 1);
    Status st = decoder.decode(s.now, s.t1, &s.before, &s.t0, {}, {}, small);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code(), Errc::invalid_argument);

    std::vector<Value> out(2 * kColumns);
    const std::int32_t wrong_size[] = {0};
    st = decoder.decode(s.now, s.t1, &s.before, &s.t0, wrong_size, {}, out);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code(), Errc::invalid_argument);
}

TEST(ObjectDecoder, PreviousWithOtherDefinitionsIsNotComparable)
{
    // The same object with one counter less: two-sample counters restart.
    std::vector<std::byte> before_bytes;
    {
        BlockBuilder b(before_bytes);
        b.begin(test::fixed_times(), "H");
        b.begin_object({.name_index = 230, .has_instances = true});
        const auto pid = b.add_counter({.name_index = 784, .type = PERF_COUNTER_RAWCOUNT});
        b.begin_instance("A");
        b.set(pid, 10);
        b.end_object();
        b.finish();
    }
    const Samples s = make_samples({}, {{"A", 10, 1, 1}});
    const ObjectView before = first_object(before_bytes);
    const TimeStamps t0 = stamps_of(before_bytes, before);
    ObjectDecoder decoder;
    std::vector<Value> out(kColumns);
    ASSERT_TRUE(decoder.decode(s.now, s.t1, &before, &t0, {}, {}, out).ok());
    EXPECT_EQ(out[0].i32, 10);
    EXPECT_EQ(out[1].status, ValueStatus::first_sample);
    EXPECT_EQ(out[2].status, ValueStatus::first_sample);
}

TEST(ObjectDecoder, RemakesThePlanWhenDefinitionsChange)
{
    const Samples s = make_samples({{"A", 10, 0, 0}}, {{"A", 10, 1'000'000, 1}});
    ObjectDecoder decoder(s.now);
    EXPECT_EQ(decoder.counter_count(), kColumns);

    // A System object: single instance, two counters.
    std::vector<std::byte> system_bytes = test::sample_block();
    auto block = BlockView::parse(system_bytes);
    ASSERT_TRUE(block.ok());
    const ObjectView system = *block->find_object(2);
    ASSERT_EQ(decoder.value_count(system), 3u);  // one row, three counters
    std::vector<Value> out(3);
    ASSERT_TRUE(
        decoder.decode(system, time_stamps(block->header(), system.header()), nullptr, nullptr, {}, {}, out).ok());
    EXPECT_EQ(out[0].i32, 42);
    EXPECT_EQ(out[1].i64, 0x1'0000'0002LL);
    EXPECT_EQ(out[2].status, ValueStatus::first_sample);

    // And back: the Process values are right again.
    std::vector<Value> again(kColumns);
    ASSERT_TRUE(decoder.decode(s.now, s.t1, &s.before, &s.t0, {}, {}, again).ok());
    EXPECT_EQ(decoder.counter_count(), kColumns);
    EXPECT_DOUBLE_EQ(again[1].f64, 10.0);  // 100 · 10^6 / 10^7
}

TEST(ObjectDecoder, SingleInstanceObjects)
{
    std::vector<std::byte> samples[2];
    for (int s = 0; s < 2; ++s) {
        BlockBuilder b(samples[s]);
        b.begin(test::fixed_times(9'242'655'165'203 + s * 20'000'000), "H");
        b.begin_object({.name_index = 2});
        const auto switches = b.add_counter({.name_index = 146, .type = PERF_COUNTER_COUNTER});
        b.begin_values();
        b.set(switches, 1'000 + s * 3'000);
        b.end_object();
        b.finish();
    }
    const ObjectView o0 = first_object(samples[0]);
    const ObjectView o1 = first_object(samples[1]);
    const TimeStamps t0 = stamps_of(samples[0], o0);
    ObjectDecoder decoder;
    Value out[1];
    ASSERT_TRUE(decoder.decode(o1, stamps_of(samples[1], o1), &o0, &t0, {}, {}, out).ok());
    EXPECT_DOUBLE_EQ(out[0].f64, 1'500.0);  // 3000 · 10^7 / 2·10^7

    // A single-instance previous for a multi-instance current is not comparable.
    const Samples s = make_samples({}, {{"A", 10, 1, 1}});
    std::vector<Value> rows(kColumns);
    ObjectDecoder other;
    ASSERT_TRUE(other.decode(s.now, s.t1, &o0, &t0, {}, {}, rows).ok());
    EXPECT_EQ(rows[1].status, ValueStatus::first_sample);
}

TEST(ObjectDecoder, MultiCountAfterTheValue)
{
    std::vector<std::byte> samples[2];
    for (int s = 0; s < 2; ++s) {
        BlockBuilder b(samples[s]);
        BlockTimes times = test::fixed_times();
        times.perf_time_100ns += s * 10'000'000;
        b.begin(times, "H");
        b.begin_object({.name_index = 4, .has_instances = true});
        const auto slot = b.add_counter({.name_index = 8, .type = PERF_COUNTER_LARGE_RAWCOUNT, .offset = 16});
        const auto multi = b.add_counter({.name_index = 10, .type = PERF_100NSEC_MULTI_TIMER, .offset = 8});
        b.begin_instance("x");
        b.set(slot, 4);
        b.set(multi, s * 20'000'000);
        b.end_object();
        b.finish();
    }
    const ObjectView o0 = first_object(samples[0]);
    const ObjectView o1 = first_object(samples[1]);
    const TimeStamps t0 = stamps_of(samples[0], o0);
    ObjectDecoder decoder;
    Value out[2];
    ASSERT_TRUE(decoder.decode(o1, stamps_of(samples[1], o1), &o0, &t0, {}, {}, out).ok());
    EXPECT_EQ(out[0].i64, 4);
    EXPECT_DOUBLE_EQ(out[1].f64, 50.0);  // 100 · (2·10^7/10^7) / 4
}

TEST(DecodeObject, OneOffFunctionMatchesTheDecoder)
{
    const Samples s = make_samples({{"A", 10, 0, 0}, {"B", 20, 0, 0}}, {{"B", 20, 3'000'000, 9}, {"A", 10, 1, 1}});
    const std::int32_t previous_of[] = {1, 0};
    std::vector<Value> a(2 * kColumns), b(2 * kColumns);
    ASSERT_TRUE(decode_object(s.now, s.t1, &s.before, &s.t0, previous_of, {}, a).ok());
    ObjectDecoder decoder;
    ASSERT_TRUE(decoder.decode(s.now, s.t1, &s.before, &s.t0, previous_of, {}, b).ok());
    for (std::size_t i = 0; i < a.size(); ++i)
        expect_identical(a[i], b[i]);
    EXPECT_DOUBLE_EQ(a[1].f64, 30.0);  // 100 · 3·10^6 / 10^7
}

}  // namespace
}  // namespace wpo
