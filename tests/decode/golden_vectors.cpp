// SPDX-License-Identifier: Apache-2.0
#include "golden_vectors.h"

#include "format/counter_type.h"

#include <bit>

namespace wpo::test {
namespace {

using namespace counter_type;
using S = ValueStatus;
using T = ValueType;

constexpr TimeStamps with(TimeStamps t, std::int64_t TimeStamps::*field, std::int64_t value)
{
    t.*field = value;
    return t;
}

// Unnamed combinations, built from the fields (docs/performance-data-format.md §10.1).
// clang-format off
constexpr std::uint32_t kDec1000Dword = kTypeNumber | kNumberDec1000 | kSizeDword;              // 0x00020000
constexpr std::uint32_t kDec1000Large = kTypeNumber | kNumberDec1000 | kSizeLarge;              // 0x00020100
constexpr std::uint32_t kTypeZeroDword = kTypeZero | kSizeDword;                                // 0x00000C00
constexpr std::uint32_t kCounterValue32 = kTypeCounter | kCounterValue | kSizeDword;            // 0x00000400
constexpr std::uint32_t kElapsedTick = PERF_ELAPSED_TIME & ~kTimeMask;                          // 0x30040500
constexpr std::uint32_t kElapsed100Ns = (PERF_ELAPSED_TIME & ~kTimeMask) | kTimer100Ns;         // 0x30140500
constexpr std::uint32_t kHistogramTimer = PERF_100NSEC_TIMER | PERF_COUNTER_HISTOGRAM_TYPE;     // 0xA0510500
constexpr std::uint32_t kUndefinedTimeBase = (PERF_100NSEC_TIMER & ~kTimeMask) | kTimeMask;     // 0x20710500
constexpr std::uint32_t kHistogramSubtype = kTypeCounter | kCounterHistogram | kSizeLarge;      // 0x00060500
// clang-format on

constexpr std::uint64_t kIdleStart = 133'707'369'666'486'855;  // Idle's Elapsed Time raw value (§13.1)
constexpr std::int64_t kNow = 133'716'612'800'215'149;         // object PerfTime of kT0

// clang-format off
const Golden kGolden[] = {
    // ---- Instantaneous numbers (§10.4): one sample, the previous one is ignored.
    {.name = "RawcountHex", .type = PERF_COUNTER_RAWCOUNT_HEX, .now = {0x1234}, .has_before = false,
     .value_type = T::int32, .i = 0x1234},  // N1 = 4660
    {.name = "RawcountHex_TopBitSet_IsUnsigned", .type = PERF_COUNTER_RAWCOUNT_HEX, .now = {0xDEADBEEF},
     .has_before = false, .value_type = T::int64, .i = 3'735'928'559},  // 0xDEADBEEF >= 2^31: int64, unsigned
    {.name = "LargeRawcountHex", .type = PERF_COUNTER_LARGE_RAWCOUNT_HEX, .now = {0x0000'7FF6'1234'5678},
     .has_before = false, .value_type = T::int64, .i = 140'694'844'102'264},  // 0x7FF612345678
    {.name = "Rawcount", .type = PERF_COUNTER_RAWCOUNT, .now = {28}, .before = {9},
     .value_type = T::int32, .i = 28},  // N1 = 28 (Thread Count); N0 ignored
    {.name = "Rawcount_AllOnes_IsUnsigned", .type = PERF_COUNTER_RAWCOUNT, .now = {0xFFFF'FFFF},
     .has_before = false, .value_type = T::int64, .i = 4'294'967'295},  // DWORD 0xFFFFFFFF, not -1
    {.name = "Rawcount_Int32Max", .type = PERF_COUNTER_RAWCOUNT, .now = {0x7FFF'FFFF}, .has_before = false,
     .value_type = T::int32, .i = 2'147'483'647},  // largest DWORD that is still int32
    {.name = "LargeRawcount", .type = PERF_COUNTER_LARGE_RAWCOUNT, .now = {123'456'789'012}, .has_before = false,
     .value_type = T::int64, .i = 123'456'789'012},  // Working Set
    {.name = "LargeRawcount_AllOnes", .type = PERF_COUNTER_LARGE_RAWCOUNT, .now = {~std::uint64_t(0)},
     .has_before = false, .value_type = T::int64, .i = -1},  // QWORD bits reinterpreted as int64
    {.name = "DoubleRaw", .type = PERF_DOUBLE_RAW, .now = {std::bit_cast<std::uint64_t>(3.25)},
     .has_before = false, .f = 3.25},  // 0x400A000000000000 = 3.25
    {.name = "DoubleRaw_Negative", .type = PERF_DOUBLE_RAW, .now = {std::bit_cast<std::uint64_t>(-0.5)},
     .has_before = false, .f = -0.5},  // 0xBFE0000000000000 = -0.5
    {.name = "Dec1000_Dword", .type = kDec1000Dword, .now = {12'345}, .has_before = false,
     .f = 12.345},  // 12345 / 1000
    {.name = "Dec1000_Large", .type = kDec1000Large, .now = {1'234'567'890'123}, .has_before = false,
     .f = 1'234'567'890.123},  // 1234567890123 / 1000
    {.name = "CounterValueWithoutDelta", .type = kCounterValue32, .now = {77}, .has_before = false,
     .value_type = T::int32, .i = 77},  // COUNTER/VALUE without DELTA: N1

    // ---- Nothing to show.
    {.name = "TypeZero_IsValidZero", .type = kTypeZeroDword, .now = {77}, .has_before = false,
     .value_type = T::int32, .i = 0},  // "display a zero", whatever the data
    {.name = "Text", .type = PERF_COUNTER_TEXT, .now = {0x0041'0042}, .status = S::not_numeric},
    {.name = "Nodata", .type = PERF_COUNTER_NODATA, .status = S::not_numeric},
    {.name = "SampleBase", .type = PERF_SAMPLE_BASE, .now = {5}, .status = S::not_numeric},
    {.name = "AverageBase", .type = PERF_AVERAGE_BASE, .now = {5}, .status = S::not_numeric},
    {.name = "RawBase", .type = PERF_RAW_BASE, .now = {5}, .status = S::not_numeric},
    {.name = "LargeRawBase_PrecisionTimestamp", .type = PERF_LARGE_RAW_BASE, .now = {5}, .status = S::not_numeric},
    {.name = "MultiBase", .type = PERF_COUNTER_MULTI_BASE, .now = {5}, .status = S::not_numeric},
    {.name = "Histogram", .type = PERF_COUNTER_HISTOGRAM_TYPE, .now = {5}, .status = S::not_numeric},
    {.name = "HistogramBitOnATimer", .type = kHistogramTimer, .now = {5}, .status = S::not_numeric},
    {.name = "HistogramSubtype", .type = kHistogramSubtype, .now = {5}, .status = S::not_numeric},
    {.name = "UndefinedTimeBase", .type = kUndefinedTimeBase, .now = {5}, .status = S::not_numeric},

    // ---- Differences (§10.2): int64.
    {.name = "CounterDelta", .type = PERF_COUNTER_DELTA, .now = {250}, .before = {100},
     .value_type = T::int64, .i = 150},  // 250 - 100
    {.name = "CounterDelta_AcrossBit31", .type = PERF_COUNTER_DELTA, .now = {0x8000'0000}, .before = {0x7FFF'FFFF},
     .value_type = T::int64, .i = 1},  // unsigned DWORDs: 2147483648 - 2147483647
    {.name = "CounterLargeDelta", .type = PERF_COUNTER_LARGE_DELTA, .now = {1'099'511'627'781},
     .before = {1'099'511'627'776}, .value_type = T::int64, .i = 5},  // (2^40 + 5) - 2^40

    // ---- Rates (§10.5): ΔN·F/ΔD, tick base, ΔD = 2·10^7, F = 10^7.
    {.name = "SampleCounter", .type = PERF_SAMPLE_COUNTER, .now = {1'600}, .before = {1'000},
     .f = 300.0},  // 600 · 10^7 / (2·10^7)
    {.name = "CounterCounter", .type = PERF_COUNTER_COUNTER, .now = {1'005'000}, .before = {1'000'000},
     .f = 2'500.0},  // Page Faults/sec: 5000 · 10^7 / (2·10^7); a rate is not capped
    {.name = "BulkCount", .type = PERF_COUNTER_BULK_COUNT, .now = {10'001'048'576}, .before = {10'000'000'000},
     .f = 524'288.0},  // IO Read Bytes/sec: 1048576 · 10^7 / (2·10^7)
    {.name = "CounterCounter_AcrossBit31", .type = PERF_COUNTER_COUNTER, .now = {0x8000'0000},
     .before = {0x7FFF'FFFF}, .f = 0.5},  // unsigned ΔN = 1: 1 · 10^7 / (2·10^7)
    {.name = "BulkCount_AcrossBit63", .type = PERF_COUNTER_BULK_COUNT, .now = {0x8000'0000'0000'0000},
     .before = {0x7FFF'FFFF'FFFF'FFFF}, .f = 0.5},  // unsigned ΔN = 1 (signed it would go backwards)

    // ---- Queue lengths (§10.10): ΔN/ΔD in the type's own time base.
    {.name = "QueuelenType", .type = PERF_COUNTER_QUEUELEN_TYPE, .now = {50'000'000}, .before = {0},
     .f = 2.5},  // 5·10^7 / 2·10^7 (tick)
    {.name = "LargeQueuelenType", .type = PERF_COUNTER_LARGE_QUEUELEN_TYPE, .now = {1'000'030'000'000},
     .before = {1'000'000'000'000}, .f = 1.5},  // 3·10^7 / 2·10^7 (tick)
    {.name = "100nsQueuelenType", .type = PERF_COUNTER_100NS_QUEUELEN_TYPE, .now = {125'000'000},
     .before = {100'000'000}, .f = 2.5},  // 2.5·10^7 / 10^7 (100ns)
    {.name = "100nsQueuelenType_NotCapped", .type = PERF_COUNTER_100NS_QUEUELEN_TYPE, .now = {2'500'000'000},
     .before = {0}, .f = 250.0},  // 2.5·10^9 / 10^7; not a percentage
    {.name = "ObjTimeQueuelenType", .type = PERF_COUNTER_OBJ_TIME_QUEUELEN_TYPE, .now = {16'000'000},
     .before = {10'000'000}, .f = 1.5},  // 6·10^6 / 4·10^6 (object)

    // ---- Timers (§10.7): 100·ΔN/ΔD.
    {.name = "CounterTimer", .type = PERF_COUNTER_TIMER, .now = {105'000'000}, .before = {100'000'000},
     .f = 25.0},  // 100 · 5·10^6 / 2·10^7 (tick)
    {.name = "100nsecTimer", .type = PERF_100NSEC_TIMER, .now = {1'002'500'000}, .before = {1'000'000'000},
     .f = 25.0},  // % Processor Time: 100 · 2.5·10^6 / 10^7 (100ns)
    {.name = "ObjTimeTimer", .type = PERF_OBJ_TIME_TIMER, .now = {3'000'000}, .before = {2'000'000},
     .f = 25.0},  // 100 · 10^6 / 4·10^6 (object)
    {.name = "CounterTimerInv", .type = PERF_COUNTER_TIMER_INV, .now = {15'000'000}, .before = {0},
     .f = 25.0},  // 100 · (1 - 1.5·10^7/2·10^7) = 100 · 0.25
    {.name = "100nsecTimerInv", .type = PERF_100NSEC_TIMER_INV, .now = {17'500'000}, .before = {10'000'000},
     .f = 25.0},  // 100 · (1 - 7.5·10^6/10^7) = 100 · 0.25

    // ---- Precision timers (§10.9): 100·ΔN/ΔB, B = provider time stamp; block/object times unused.
    {.name = "PrecisionSystemTimer", .type = PERF_PRECISION_SYSTEM_TIMER, .now = {1'300, 11'200},
     .before = {1'000, 10'000}, .f = 25.0},  // 100 · 300 / 1200
    {.name = "Precision100nsTimer", .type = PERF_PRECISION_100NS_TIMER, .now = {5'000'000, 108'000'000},
     .before = {4'000'000, 100'000'000}, .f = 12.5},  // % Disk Time: 100 · 10^6 / 8·10^6
    {.name = "PrecisionObjectTimer", .type = PERF_PRECISION_OBJECT_TIMER, .now = {10, 24}, .before = {7, 20},
     .f = 75.0},  // 100 · 3 / 4

    // ---- Multi timers (§10.8, dimensionally consistent reading), M = B1 = 4.
    {.name = "CounterMultiTimer", .type = PERF_COUNTER_MULTI_TIMER, .now = {30'000'000, 4}, .before = {0, 4},
     .f = 37.5},  // 100 · (3·10^7/2·10^7) / 4 = 100 · 1.5 / 4
    {.name = "100nsecMultiTimer", .type = PERF_100NSEC_MULTI_TIMER, .now = {20'000'000, 4}, .before = {0, 4},
     .f = 50.0},  // 100 · (2·10^7/10^7) / 4 = 100 · 2 / 4
    {.name = "CounterMultiTimerInv_NoCap", .type = PERF_COUNTER_MULTI_TIMER_INV, .now = {30'000'000, 4},
     .before = {0, 4}, .cap = false, .f = 250.0},  // 100 · (4 - 3·10^7/2·10^7) = 100 · 2.5
    {.name = "CounterMultiTimerInv_Capped", .type = PERF_COUNTER_MULTI_TIMER_INV, .now = {30'000'000, 4},
     .before = {0, 4}, .f = 100.0},  // 250 capped at 100 (PDH default)
    {.name = "100nsecMultiTimerInv_NoCap", .type = PERF_100NSEC_MULTI_TIMER_INV, .now = {25'000'000, 4},
     .before = {0, 4}, .cap = false, .f = 150.0},  // 100 · (4 - 2.5·10^7/10^7) = 100 · 1.5
    {.name = "100nsecMultiTimerInv_SkewClampsToZero", .type = PERF_100NSEC_MULTI_TIMER_INV,
     .now = {50'000'000, 4}, .before = {0, 4}, .f = 0.0},  // 100 · (4 - 5) = -100 -> 0
    {.name = "CounterMultiTimer_ZeroCount", .type = PERF_COUNTER_MULTI_TIMER, .now = {30'000'000, 0},
     .before = {0, 4}, .status = S::bad_base},  // M = 0
    {.name = "100nsecMultiTimerInv_ZeroCount", .type = PERF_100NSEC_MULTI_TIMER_INV, .now = {30'000'000, 0},
     .before = {0, 0}, .status = S::bad_base},  // M = 0

    // ---- Fractions (§10.9).
    {.name = "RawFraction", .type = PERF_RAW_FRACTION, .now = {25, 200}, .has_before = false,
     .f = 12.5},  // 100 · 25 / 200, single sample
    {.name = "LargeRawFraction", .type = PERF_LARGE_RAW_FRACTION, .now = {3'000'000'000, 4'000'000'000},
     .has_before = false, .f = 75.0},  // 100 · 3·10^9 / 4·10^9
    {.name = "RawFraction_IgnoresPrevious", .type = PERF_RAW_FRACTION, .now = {25, 200}, .before = {1000, 1},
     .f = 12.5},  // still 100 · 25 / 200
    {.name = "SampleFraction", .type = PERF_SAMPLE_FRACTION, .now = {1'090, 2'120}, .before = {1'000, 2'000},
     .f = 75.0},  // 100 · 90 / 120

    // ---- Averages (§10.6): two samples although no DELTA bit.
    {.name = "AverageTimer", .type = PERF_AVERAGE_TIMER, .now = {11'500'000, 130}, .before = {10'000'000, 100},
     .f = 0.005},  // (1.5·10^6 / 10^7) / 30 = 0.15 s / 30
    {.name = "AverageBulk", .type = PERF_AVERAGE_BULK, .now = {1'196'608, 13}, .before = {1'000'000, 10},
     .f = 65'536.0},  // 196608 / 3

    // ---- Elapsed time (§10.11): (object PerfTime - N) / object PerfFreq, one sample.
    {.name = "ElapsedTime_IdleWindows11", .type = PERF_ELAPSED_TIME, .now = {kIdleStart}, .has_before = false,
     .now_time = kT0, .f = 924'313.3728294},  // (133716612800215149 - 133707369666486855) / 10^7 = 9243133728294 / 10^7
    {.name = "ElapsedTime_IgnoresPrevious", .type = PERF_ELAPSED_TIME, .now = {kIdleStart}, .before = {1},
     .now_time = kT0, .before_time = kT1, .f = 924'313.3728294},  // same, the older sample plays no part
    {.name = "ElapsedTime_TickBase", .type = kElapsedTick, .now = {242'655'165'203}, .has_before = false,
     .now_time = kT0, .f = 900'000.0},  // (9242655165203 - 242655165203) / 10^7 = 9·10^12 / 10^7
    {.name = "ElapsedTime_100nsBase", .type = kElapsed100Ns, .now = {kNow - 50'000'000}, .has_before = false,
     .now_time = with(kT0, &TimeStamps::object_time, 1), .f = 5.0},  // (PerfTime100nSec - N) / 10^7 = 5·10^7 / 10^7
    {.name = "ElapsedTime_ZeroStart", .type = PERF_ELAPSED_TIME, .now = {0}, .has_before = false, .now_time = kT0,
     .f = 0.0},  // N == 0
    {.name = "ElapsedTime_StartAfterNow", .type = PERF_ELAPSED_TIME, .now = {kNow + 1}, .has_before = false,
     .now_time = kT0, .f = 0.0},  // N > object PerfTime
    {.name = "ElapsedTime_StartEqualsNow", .type = PERF_ELAPSED_TIME, .now = {kNow}, .has_before = false,
     .now_time = kT0, .f = 0.0},  // (T - T) / F
    {.name = "ElapsedTime_ZeroFrequency", .type = PERF_ELAPSED_TIME, .now = {kIdleStart}, .has_before = false,
     .now_time = with(kT0, &TimeStamps::object_freq, 0), .f = 0.0},  // F <= 0
    {.name = "ElapsedTime_NegativeFrequency", .type = PERF_ELAPSED_TIME, .now = {kIdleStart}, .has_before = false,
     .now_time = with(kT0, &TimeStamps::object_freq, -1), .f = 0.0},  // F <= 0
    {.name = "ElapsedTime_ZeroObjectTime", .type = PERF_ELAPSED_TIME, .now = {5}, .has_before = false,
     .now_time = with(kT0, &TimeStamps::object_time, 0), .f = 0.0},  // N > T = 0

    // ---- First sample: every type that needs two samples, none that does not.
    {.name = "FirstSample_100nsecTimer", .type = PERF_100NSEC_TIMER, .now = {5}, .has_before = false,
     .status = S::first_sample},
    {.name = "FirstSample_CounterCounter", .type = PERF_COUNTER_COUNTER, .now = {5}, .has_before = false,
     .status = S::first_sample},
    {.name = "FirstSample_CounterDelta", .type = PERF_COUNTER_DELTA, .now = {5}, .has_before = false,
     .status = S::first_sample},
    {.name = "FirstSample_LargeQueuelen", .type = PERF_COUNTER_LARGE_QUEUELEN_TYPE, .now = {5},
     .has_before = false, .status = S::first_sample},
    {.name = "FirstSample_SampleFraction", .type = PERF_SAMPLE_FRACTION, .now = {5, 5}, .has_before = false,
     .status = S::first_sample},
    {.name = "FirstSample_Precision100ns", .type = PERF_PRECISION_100NS_TIMER, .now = {5, 5},
     .has_before = false, .status = S::first_sample},
    {.name = "FirstSample_MultiTimer", .type = PERF_100NSEC_MULTI_TIMER, .now = {5, 1}, .has_before = false,
     .status = S::first_sample},
    {.name = "FirstSample_AverageTimerWithoutDeltaBit", .type = PERF_AVERAGE_TIMER, .now = {5, 5},
     .has_before = false, .status = S::first_sample},
    {.name = "FirstSample_AverageBulkWithoutDeltaBit", .type = PERF_AVERAGE_BULK, .now = {5, 5},
     .has_before = false, .status = S::first_sample},

    // ---- Negative deltas: compared unsigned on the counter's width, never wrap-corrected.
    {.name = "NegativeDelta_32bitCounterWrap", .type = PERF_COUNTER_COUNTER, .now = {0x10}, .before = {0xFFFF'FFF0},
     .status = S::negative_delta},  // a DWORD wrap is a decrease (PDH: invalid data)
    {.name = "NegativeDelta_32bitDelta", .type = PERF_COUNTER_DELTA, .now = {99}, .before = {100},
     .status = S::negative_delta},
    {.name = "NegativeDelta_64bitBulk", .type = PERF_COUNTER_BULK_COUNT, .now = {4'999'999'999},
     .before = {5'000'000'000}, .status = S::negative_delta},
    {.name = "NegativeDelta_64bitHighBit", .type = PERF_COUNTER_LARGE_DELTA, .now = {0x7FFF'FFFF'FFFF'FFFF},
     .before = {0x8000'0000'0000'0000}, .status = S::negative_delta},
    {.name = "NegativeDelta_Timer", .type = PERF_100NSEC_TIMER, .now = {1'000}, .before = {1'001},
     .status = S::negative_delta},
    {.name = "NegativeDelta_InverseTimer", .type = PERF_100NSEC_TIMER_INV, .now = {1'000}, .before = {1'001},
     .status = S::negative_delta},
    {.name = "NegativeDelta_AverageTimer", .type = PERF_AVERAGE_TIMER, .now = {1'000, 10}, .before = {1'001, 5},
     .status = S::negative_delta},
    {.name = "NegativeDelta_SampleFraction", .type = PERF_SAMPLE_FRACTION, .now = {1, 10}, .before = {2, 5},
     .status = S::negative_delta},

    // ---- Time stamps that do not advance, or no frequency to divide by.
    {.name = "ZeroTimeDelta_100nsecTimer", .type = PERF_100NSEC_TIMER, .now = {2}, .before = {1},
     .now_time = kT0, .before_time = kT0, .status = S::bad_time_delta},
    {.name = "NegativeTimeDelta_CounterCounter", .type = PERF_COUNTER_COUNTER, .now = {2}, .before = {1},
     .now_time = kT0, .before_time = kT1, .status = S::bad_time_delta},
    {.name = "ZeroTimeDelta_ObjectQueuelen", .type = PERF_COUNTER_OBJ_TIME_QUEUELEN_TYPE, .now = {2}, .before = {1},
     .now_time = with(kT1, &TimeStamps::object_time, kT0.object_time), .status = S::bad_time_delta},
    {.name = "ZeroTimeDelta_MultiTimer", .type = PERF_COUNTER_MULTI_TIMER, .now = {2, 4}, .before = {1, 4},
     .now_time = kT0, .before_time = kT0, .status = S::bad_time_delta},
    {.name = "ZeroFrequency_CounterCounter", .type = PERF_COUNTER_COUNTER, .now = {2}, .before = {1},
     .now_time = with(kT1, &TimeStamps::perf_freq, 0), .status = S::bad_time_delta},
    {.name = "ZeroFrequency_AverageTimer", .type = PERF_AVERAGE_TIMER, .now = {2, 2}, .before = {1, 1},
     .now_time = with(kT1, &TimeStamps::perf_freq, 0), .status = S::bad_time_delta},
    {.name = "ZeroTimeDelta_OtherBaseAdvances", .type = PERF_100NSEC_TIMER, .now = {2}, .before = {1},
     .now_time = with(kT1, &TimeStamps::perf_time_100ns, kT0.perf_time_100ns),
     .status = S::bad_time_delta},  // tick and object advanced, 100ns did not
    {.name = "PrecisionTimer_IgnoresTimeStamps", .type = PERF_PRECISION_100NS_TIMER, .now = {2, 8},
     .before = {1, 4}, .now_time = kT0, .before_time = kT0, .f = 25.0},  // 100 · 1 / 4: no block time needed

    // ---- Bases that are zero or go backwards.
    {.name = "ZeroBase_RawFraction", .type = PERF_RAW_FRACTION, .now = {0, 0}, .has_before = false,
     .status = S::bad_base},
    {.name = "ZeroBaseDelta_SampleFraction", .type = PERF_SAMPLE_FRACTION, .now = {10, 20}, .before = {5, 20},
     .status = S::bad_base},
    {.name = "NegativeBaseDelta_SampleFraction", .type = PERF_SAMPLE_FRACTION, .now = {10, 19}, .before = {5, 20},
     .status = S::bad_base},
    {.name = "ZeroBaseDelta_PrecisionTimer", .type = PERF_PRECISION_SYSTEM_TIMER, .now = {10, 20},
     .before = {5, 20}, .status = S::bad_base},
    {.name = "AverageTimer_ZeroBaseDeltaIsZero", .type = PERF_AVERAGE_TIMER, .now = {10'000'000, 100},
     .before = {10'000'000, 100}, .f = 0.0},  // idle disk: no transfers, PerfMon shows 0
    {.name = "AverageTimer_ZeroBaseDeltaWithTicksIsZero", .type = PERF_AVERAGE_TIMER, .now = {20'000'000, 100},
     .before = {10'000'000, 100}, .f = 0.0},  // ΔB == 0 wins over ΔN
    {.name = "AverageBulk_ZeroBaseDeltaIsZero", .type = PERF_AVERAGE_BULK, .now = {500, 7}, .before = {500, 7},
     .f = 0.0},
    {.name = "AverageTimer_NegativeBaseDelta", .type = PERF_AVERAGE_TIMER, .now = {20'000'000, 99},
     .before = {10'000'000, 100}, .status = S::bad_base},
    {.name = "AverageBulk_NegativeBaseDelta", .type = PERF_AVERAGE_BULK, .now = {600, 6}, .before = {500, 7},
     .status = S::bad_base},

    // ---- Missing base (decoded through a CounterLayout without it).
    {.name = "MissingBase_RawFraction", .type = PERF_RAW_FRACTION, .now = {25, 200}, .has_before = false,
     .no_base = true, .status = S::missing_base},
    {.name = "MissingBase_SampleFraction", .type = PERF_SAMPLE_FRACTION, .now = {25, 200}, .has_before = false,
     .no_base = true, .status = S::missing_base},  // missing_base is reported before first_sample
    {.name = "MissingBase_PrecisionTimer", .type = PERF_PRECISION_100NS_TIMER, .now = {2, 8}, .before = {1, 4},
     .no_base = true, .status = S::missing_base},
    {.name = "MissingBase_AverageTimer", .type = PERF_AVERAGE_TIMER, .now = {2, 8}, .before = {1, 4},
     .no_base = true, .status = S::missing_base},
    {.name = "MissingBase_AverageBulk", .type = PERF_AVERAGE_BULK, .now = {2, 8}, .before = {1, 4},
     .no_base = true, .status = S::missing_base},

    // ---- The 100 % cap (PDH default) and PDH_FMT_NOCAP100.
    {.name = "Cap_100nsecTimerAbove100", .type = PERF_100NSEC_TIMER, .now = {35'000'000}, .before = {0},
     .f = 100.0},  // Process % Processor Time on 4 cores: 350 capped
    {.name = "NoCap_100nsecTimerAbove100", .type = PERF_100NSEC_TIMER, .now = {35'000'000}, .before = {0},
     .cap = false, .f = 350.0},  // 100 · 3.5·10^7 / 10^7
    {.name = "Cap_RawFractionAbove100", .type = PERF_RAW_FRACTION, .now = {300, 200}, .has_before = false,
     .f = 100.0},
    {.name = "NoCap_RawFractionAbove100", .type = PERF_RAW_FRACTION, .now = {300, 200}, .has_before = false,
     .cap = false, .f = 150.0},  // 100 · 300 / 200
    {.name = "Cap_Exactly100", .type = PERF_100NSEC_TIMER, .now = {10'000'000}, .before = {0},
     .f = 100.0},  // 100 · 10^7 / 10^7
    {.name = "Cap_NotApplied_Rate", .type = PERF_COUNTER_BULK_COUNT, .now = {1'000'000}, .before = {0},
     .f = 500'000.0},  // 10^6 · 10^7 / 2·10^7; not a percentage

    // ---- Inverse timers: sampling skew clamps to 0 (§10.7).
    {.name = "InverseSkew_100nsecTimerInv", .type = PERF_100NSEC_TIMER_INV, .now = {10'200'000}, .before = {0},
     .f = 0.0},  // 100 · (1 - 1.02·10^7/10^7) = -2 -> 0
    {.name = "InverseSkew_CounterTimerInv", .type = PERF_COUNTER_TIMER_INV, .now = {20'000'001}, .before = {0},
     .f = 0.0},  // 100 · (1 - 20000001/2·10^7) < 0 -> 0
    {.name = "InverseSkew_NoCapStillClamps", .type = PERF_100NSEC_TIMER_INV, .now = {10'200'000}, .before = {0},
     .cap = false, .f = 0.0},
    {.name = "Inverse_FullyIdle", .type = PERF_100NSEC_TIMER_INV, .now = {10'000'000}, .before = {0},
     .f = 0.0},  // 100 · (1 - 1) = 0
    {.name = "Inverse_FullyBusy", .type = PERF_100NSEC_TIMER_INV, .now = {0}, .before = {0},
     .f = 100.0},  // 100 · (1 - 0)
};
// clang-format on

}  // namespace

std::span<const Golden> golden_vectors()
{
    return kGolden;
}

}  // namespace wpo::test
