// SPDX-License-Identifier: Apache-2.0
// decode(): the golden vectors (every counter type, every edge case), the
// Windows 11 Process-object facts of docs/performance-data-format.md §13.1, and the small helpers.
#include "decode/decoder.h"
#include "decode/object_layout.h"
#include "format/counter_type.h"
#include "golden_vectors.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <set>
#include <string>

namespace wpo {
namespace {

using namespace counter_type;
using test::Golden;

Value decode_golden(const Golden& g)
{
    const DecodeOptions options{.cap_percent = g.cap};
    const RawValue* before = g.has_before ? &g.before : nullptr;
    const TimeStamps* before_time = g.has_before ? &g.before_time : nullptr;
    if (g.no_base) {
        CounterLayout layout;
        layout.definition.type = g.type;
        layout.definition.size = 8;
        layout.has_base = false;
        return decode(layout, g.now, g.now_time, before, before_time, options);
    }
    return decode(g.type, g.now, g.now_time, before, before_time, options);
}

void expect_golden(const Golden& g, const Value& v)
{
    ASSERT_EQ(v.status, g.status) << to_string(v.status) << " instead of " << to_string(g.status);
    if (g.status != ValueStatus::valid)
        return;
    ASSERT_EQ(v.type, g.value_type);
    switch (g.value_type) {
    case ValueType::int32: EXPECT_EQ(v.i32, g.i); break;
    case ValueType::int64: EXPECT_EQ(v.i64, g.i); break;
    case ValueType::float64: EXPECT_DOUBLE_EQ(v.f64, g.f); break;
    }
}

class GoldenDecode : public testing::TestWithParam<Golden> {};

TEST_P(GoldenDecode, MatchesHandComputedValue)
{
    const Golden& g = GetParam();
    expect_golden(g, decode_golden(g));
}

INSTANTIATE_TEST_SUITE_P(AllTypesAndEdgeCases, GoldenDecode, testing::ValuesIn(test::golden_vectors()),
                         [](const testing::TestParamInfo<Golden>& row) { return test::golden_name(row.param); });

TEST(GoldenVectors, CoverEveryNamedTypeOfTheMasterTable)
{
    std::set<std::uint32_t> covered;
    for (const Golden& g : test::golden_vectors())
        covered.insert(g.type);
    const std::uint32_t named[] = {
        PERF_COUNTER_RAWCOUNT_HEX,
        PERF_COUNTER_LARGE_RAWCOUNT_HEX,
        PERF_COUNTER_TEXT,
        PERF_COUNTER_RAWCOUNT,
        PERF_COUNTER_LARGE_RAWCOUNT,
        PERF_DOUBLE_RAW,
        PERF_COUNTER_DELTA,
        PERF_COUNTER_LARGE_DELTA,
        PERF_SAMPLE_COUNTER,
        PERF_COUNTER_QUEUELEN_TYPE,
        PERF_COUNTER_LARGE_QUEUELEN_TYPE,
        PERF_COUNTER_100NS_QUEUELEN_TYPE,
        PERF_COUNTER_OBJ_TIME_QUEUELEN_TYPE,
        PERF_COUNTER_COUNTER,
        PERF_COUNTER_BULK_COUNT,
        PERF_RAW_FRACTION,
        PERF_LARGE_RAW_FRACTION,
        PERF_COUNTER_TIMER,
        PERF_PRECISION_SYSTEM_TIMER,
        PERF_100NSEC_TIMER,
        PERF_PRECISION_100NS_TIMER,
        PERF_OBJ_TIME_TIMER,
        PERF_PRECISION_OBJECT_TIMER,
        PERF_SAMPLE_FRACTION,
        PERF_COUNTER_TIMER_INV,
        PERF_100NSEC_TIMER_INV,
        PERF_COUNTER_MULTI_TIMER,
        PERF_100NSEC_MULTI_TIMER,
        PERF_COUNTER_MULTI_TIMER_INV,
        PERF_100NSEC_MULTI_TIMER_INV,
        PERF_AVERAGE_TIMER,
        PERF_ELAPSED_TIME,
        PERF_COUNTER_NODATA,
        PERF_AVERAGE_BULK,
        PERF_SAMPLE_BASE,
        PERF_AVERAGE_BASE,
        PERF_RAW_BASE,
        PERF_LARGE_RAW_BASE,
        PERF_COUNTER_MULTI_BASE,
        PERF_COUNTER_HISTOGRAM_TYPE,
    };
    for (std::uint32_t type : named)
        EXPECT_TRUE(covered.count(type)) << name(type) << " has no golden vector";
}

// The counter types of a real Windows 11 Process object (§13.1 there), given as
// the decimal numbers seen in the dump, are recognised as the named types and
// give their value type.
struct Win11Type {
    const char* name;
    std::uint32_t decimal;
    const char* type_name;
    ValueType value_type;
};

class Windows11ProcessTypes : public testing::TestWithParam<Win11Type> {};

TEST_P(Windows11ProcessTypes, DecimalValueIsTheNamedType)
{
    EXPECT_EQ(counter_type::name(GetParam().decimal), GetParam().type_name);
    EXPECT_EQ(value_type(GetParam().decimal), GetParam().value_type);
}

INSTANTIATE_TEST_SUITE_P(
    Spec10, Windows11ProcessTypes,
    testing::Values(
        Win11Type{"PercentProcessorTime_100nsecTimer", 542180608u, "PERF_100NSEC_TIMER", ValueType::float64},
        Win11Type{"WorkingSet_LargeRawcount", 65792u, "PERF_COUNTER_LARGE_RAWCOUNT", ValueType::int64},
        Win11Type{"PageFaultsPerSec_CounterCounter", 272696320u, "PERF_COUNTER_COUNTER", ValueType::float64},
        Win11Type{"HandleCount_Rawcount", 65536u, "PERF_COUNTER_RAWCOUNT", ValueType::int32},
        Win11Type{"ElapsedTime", 807666944u, "PERF_ELAPSED_TIME", ValueType::float64},
        Win11Type{"IoReadBytesPerSec_BulkCount", 272696576u, "PERF_COUNTER_BULK_COUNT", ValueType::float64}),
    [](const testing::TestParamInfo<Win11Type>& row) { return std::string(row.param.name); });

TEST(Windows11Process, OneSecondOfRealTimeStamps)
{
    // Two Process samples one second apart with the real clocks of §13.1 there:
    // QPC at 10 MHz, PerfTime100nSec and object PerfTime as FILETIMEs.
    const TimeStamps t0 = test::kT0;
    TimeStamps t1 = t0;
    t1.perf_time += 10'000'000;
    t1.perf_time_100ns += 10'000'000;
    t1.object_time += 10'000'000;

    // % Processor Time (542180608): 2.5 s of CPU in 1 s on a multi-core machine.
    const RawValue cpu0{1'000'000'000}, cpu1{1'025'000'000};
    EXPECT_DOUBLE_EQ(decode(542180608u, cpu1, t1, &cpu0, &t0, {.cap_percent = false}).f64, 250.0);  // 100·2.5e7/1e7
    EXPECT_DOUBLE_EQ(decode(542180608u, cpu1, t1, &cpu0, &t0).f64, 100.0);                          // PDH cap
    // Page Faults/sec (272696320, 4 bytes): 1234 faults in 1 s.
    const RawValue pf0{4'000'000'000}, pf1{4'000'001'234};
    EXPECT_DOUBLE_EQ(decode(272696320u, pf1, t1, &pf0, &t0).f64, 1234.0);  // 1234·1e7/1e7
    // Elapsed Time (807666944) of Idle one second later: 924313.3728294 + 1.
    const RawValue idle{133'707'369'666'486'855};
    EXPECT_DOUBLE_EQ(decode(807666944u, idle, t1, nullptr, nullptr).f64, 924'314.3728294);
    // Pool Paged Bytes is a 32-bit RAWCOUNT (65536) on Windows 11.
    const Value pool = decode(65536u, RawValue{123'456'789}, t1, nullptr, nullptr);
    EXPECT_EQ(pool.type, ValueType::int32);
    EXPECT_EQ(pool.i32, 123'456'789);
}

TEST(Decode, SameResultWithOrWithoutUnusedPrevious)
{
    // Single-sample types ignore whatever the previous sample holds.
    const RawValue now{25, 200}, before{7, 3};
    const Value a = decode(PERF_RAW_FRACTION, now, test::kT1, nullptr, nullptr);
    const Value b = decode(PERF_RAW_FRACTION, now, test::kT1, &before, &test::kT0);
    EXPECT_EQ(a.status, b.status);
    EXPECT_EQ(a.f64, b.f64);
}

TEST(Decode, PreviousValueWithoutPreviousTimeIsAFirstSample)
{
    const RawValue now{2}, before{1};
    EXPECT_EQ(decode(PERF_100NSEC_TIMER, now, test::kT1, &before, nullptr).status, ValueStatus::first_sample);
}

TEST(Decode, LayoutWithBaseDecodesLikeTheType)
{
    CounterLayout layout;
    layout.definition.type = PERF_RAW_FRACTION;
    layout.has_base = true;
    const Value v = decode(layout, RawValue{25, 200}, test::kT1, nullptr, nullptr);
    ASSERT_TRUE(v.valid());
    EXPECT_DOUBLE_EQ(v.f64, 12.5);
    // Types that need no base never report missing_base.
    layout.definition.type = PERF_100NSEC_TIMER;
    layout.has_base = false;
    EXPECT_EQ(decode(layout, RawValue{2}, test::kT1, nullptr, nullptr).status, ValueStatus::first_sample);
}

TEST(Decode, ExtremeTimeStampsDoNotOverflow)
{
    // Wrapping subtraction: a nonsense delta, but no UB (checked under UBSan).
    TimeStamps t0{}, t1{};
    t0.perf_time = std::numeric_limits<std::int64_t>::min();
    t1.perf_time = std::numeric_limits<std::int64_t>::max();
    t1.perf_freq = 10'000'000;
    const RawValue n0{0}, n1{1};
    const Value v = decode(PERF_COUNTER_COUNTER, n1, t1, &n0, &t0);
    EXPECT_EQ(v.status, ValueStatus::bad_time_delta);  // max - min wraps to -1
}

struct TypeFact {
    const char* name;
    std::uint32_t type;
    bool two_samples;
    ValueType value_type;
};

class TypeFacts : public testing::TestWithParam<TypeFact> {};

TEST_P(TypeFacts, NeedsTwoSamplesAndValueType)
{
    EXPECT_EQ(needs_two_samples(GetParam().type), GetParam().two_samples);
    EXPECT_EQ(value_type(GetParam().type), GetParam().value_type);
}

INSTANTIATE_TEST_SUITE_P(
    Decode, TypeFacts,
    testing::Values(TypeFact{"Rawcount", PERF_COUNTER_RAWCOUNT, false, ValueType::int32},
                    TypeFact{"RawcountHex", PERF_COUNTER_RAWCOUNT_HEX, false, ValueType::int32},
                    TypeFact{"LargeRawcount", PERF_COUNTER_LARGE_RAWCOUNT, false, ValueType::int64},
                    TypeFact{"CounterDelta", PERF_COUNTER_DELTA, true, ValueType::int64},
                    TypeFact{"CounterLargeDelta", PERF_COUNTER_LARGE_DELTA, true, ValueType::int64},
                    TypeFact{"CounterCounter", PERF_COUNTER_COUNTER, true, ValueType::float64},
                    TypeFact{"AverageTimer", PERF_AVERAGE_TIMER, true, ValueType::float64},
                    TypeFact{"AverageBulk", PERF_AVERAGE_BULK, true, ValueType::float64},
                    TypeFact{"RawFraction", PERF_RAW_FRACTION, false, ValueType::float64},
                    TypeFact{"ElapsedTime", PERF_ELAPSED_TIME, false, ValueType::float64},
                    TypeFact{"DoubleRaw", PERF_DOUBLE_RAW, false, ValueType::float64},
                    TypeFact{"Text", PERF_COUNTER_TEXT, false, ValueType::float64}),
    [](const testing::TestParamInfo<TypeFact>& row) { return std::string(row.param.name); });

TEST(ValueStatus, ToString)
{
    EXPECT_EQ(to_string(ValueStatus::valid), "valid");
    EXPECT_EQ(to_string(ValueStatus::first_sample), "first sample");
    EXPECT_EQ(to_string(ValueStatus::negative_delta), "negative delta");
    EXPECT_EQ(to_string(ValueStatus::bad_time_delta), "bad time delta");
    EXPECT_EQ(to_string(ValueStatus::bad_base), "bad base");
    EXPECT_EQ(to_string(ValueStatus::missing_base), "missing base");
    EXPECT_EQ(to_string(ValueStatus::not_numeric), "not numeric");
    EXPECT_EQ(to_string(static_cast<ValueStatus>(200)), "unknown status");
}

TEST(Value, AsDouble)
{
    const Value i32 = decode(PERF_COUNTER_RAWCOUNT, RawValue{42}, test::kT1, nullptr, nullptr);
    const Value i64 = decode(PERF_COUNTER_RAWCOUNT, RawValue{0xFFFF'FFFF}, test::kT1, nullptr, nullptr);
    EXPECT_EQ(i32.as_double(), 42.0);
    EXPECT_EQ(i64.as_double(), 4294967295.0);
}

}  // namespace
}  // namespace wpo
