// SPDX-License-Identifier: Apache-2.0
// CounterType: the bit fields of PERF_COUNTER_DEFINITION.CounterType
// (winperf.h; docs/performance-data-format.md §10.1) and the named types built from them (§10.2).
// Decoding always goes by these bits, never by counter index or name.
#pragma once

#include <cstdint>
#include <string_view>

namespace wpo::counter_type {

// Size field
inline constexpr std::uint32_t kSizeMask = 0x00000300;
inline constexpr std::uint32_t kSizeDword = 0x00000000;
inline constexpr std::uint32_t kSizeLarge = 0x00000100;
inline constexpr std::uint32_t kSizeZero = 0x00000200;
inline constexpr std::uint32_t kSizeVariableLen = 0x00000300;

// Type field
inline constexpr std::uint32_t kTypeMask = 0x00000C00;
inline constexpr std::uint32_t kTypeNumber = 0x00000000;
inline constexpr std::uint32_t kTypeCounter = 0x00000400;
inline constexpr std::uint32_t kTypeText = 0x00000800;
inline constexpr std::uint32_t kTypeZero = 0x00000C00;

// Subtype field: a 4-bit enumeration, never test it as flags (docs/performance-data-format.md §10.1).
inline constexpr std::uint32_t kSubtypeMask = 0x000F0000;
inline constexpr std::uint32_t kNumberHex = 0x00000000;
inline constexpr std::uint32_t kNumberDecimal = 0x00010000;
inline constexpr std::uint32_t kNumberDec1000 = 0x00020000;
inline constexpr std::uint32_t kCounterValue = 0x00000000;
inline constexpr std::uint32_t kCounterRate = 0x00010000;
inline constexpr std::uint32_t kCounterFraction = 0x00020000;
inline constexpr std::uint32_t kCounterBase = 0x00030000;
inline constexpr std::uint32_t kCounterElapsed = 0x00040000;
inline constexpr std::uint32_t kCounterQueuelen = 0x00050000;
inline constexpr std::uint32_t kCounterHistogram = 0x00060000;
inline constexpr std::uint32_t kCounterPrecision = 0x00070000;
inline constexpr std::uint32_t kTextUnicode = 0x00000000;
inline constexpr std::uint32_t kTextAscii = 0x00010000;

// Time base field
inline constexpr std::uint32_t kTimeMask = 0x00300000;
inline constexpr std::uint32_t kTimerTick = 0x00000000;
inline constexpr std::uint32_t kTimer100Ns = 0x00100000;
inline constexpr std::uint32_t kObjectTimer = 0x00200000;

// Calculation modifiers
inline constexpr std::uint32_t kDeltaCounter = 0x00400000;
inline constexpr std::uint32_t kDeltaBase = 0x00800000;
inline constexpr std::uint32_t kInverseCounter = 0x01000000;
inline constexpr std::uint32_t kMultiCounter = 0x02000000;

// Display flags
inline constexpr std::uint32_t kDisplayMask = 0xF0000000;
inline constexpr std::uint32_t kDisplayNoSuffix = 0x00000000;
inline constexpr std::uint32_t kDisplayPerSec = 0x10000000;
inline constexpr std::uint32_t kDisplayPercent = 0x20000000;
inline constexpr std::uint32_t kDisplaySeconds = 0x30000000;
inline constexpr std::uint32_t kDisplayNoShow = 0x40000000;

// Named types (docs/performance-data-format.md §10.2)
inline constexpr std::uint32_t PERF_COUNTER_RAWCOUNT_HEX = 0x00000000;
inline constexpr std::uint32_t PERF_COUNTER_LARGE_RAWCOUNT_HEX = 0x00000100;
inline constexpr std::uint32_t PERF_COUNTER_TEXT = 0x00000B00;
inline constexpr std::uint32_t PERF_COUNTER_RAWCOUNT = 0x00010000;
inline constexpr std::uint32_t PERF_COUNTER_LARGE_RAWCOUNT = 0x00010100;
inline constexpr std::uint32_t PERF_DOUBLE_RAW = 0x00012000;
inline constexpr std::uint32_t PERF_COUNTER_DELTA = 0x00400400;
inline constexpr std::uint32_t PERF_COUNTER_LARGE_DELTA = 0x00400500;
inline constexpr std::uint32_t PERF_SAMPLE_COUNTER = 0x00410400;
inline constexpr std::uint32_t PERF_COUNTER_QUEUELEN_TYPE = 0x00450400;
inline constexpr std::uint32_t PERF_COUNTER_LARGE_QUEUELEN_TYPE = 0x00450500;
inline constexpr std::uint32_t PERF_COUNTER_100NS_QUEUELEN_TYPE = 0x00550500;
inline constexpr std::uint32_t PERF_COUNTER_OBJ_TIME_QUEUELEN_TYPE = 0x00650500;
inline constexpr std::uint32_t PERF_COUNTER_COUNTER = 0x10410400;
inline constexpr std::uint32_t PERF_COUNTER_BULK_COUNT = 0x10410500;
inline constexpr std::uint32_t PERF_RAW_FRACTION = 0x20020400;
inline constexpr std::uint32_t PERF_LARGE_RAW_FRACTION = 0x20020500;
inline constexpr std::uint32_t PERF_COUNTER_TIMER = 0x20410500;
inline constexpr std::uint32_t PERF_PRECISION_SYSTEM_TIMER = 0x20470500;
inline constexpr std::uint32_t PERF_100NSEC_TIMER = 0x20510500;
inline constexpr std::uint32_t PERF_PRECISION_100NS_TIMER = 0x20570500;
inline constexpr std::uint32_t PERF_OBJ_TIME_TIMER = 0x20610500;
inline constexpr std::uint32_t PERF_PRECISION_OBJECT_TIMER = 0x20670500;
inline constexpr std::uint32_t PERF_SAMPLE_FRACTION = 0x20C20400;
inline constexpr std::uint32_t PERF_COUNTER_TIMER_INV = 0x21410500;
inline constexpr std::uint32_t PERF_100NSEC_TIMER_INV = 0x21510500;
inline constexpr std::uint32_t PERF_COUNTER_MULTI_TIMER = 0x22410500;
inline constexpr std::uint32_t PERF_100NSEC_MULTI_TIMER = 0x22510500;
inline constexpr std::uint32_t PERF_COUNTER_MULTI_TIMER_INV = 0x23410500;
inline constexpr std::uint32_t PERF_100NSEC_MULTI_TIMER_INV = 0x23510500;
inline constexpr std::uint32_t PERF_AVERAGE_TIMER = 0x30020400;
inline constexpr std::uint32_t PERF_ELAPSED_TIME = 0x30240500;
inline constexpr std::uint32_t PERF_COUNTER_NODATA = 0x40000200;
inline constexpr std::uint32_t PERF_AVERAGE_BULK = 0x40020500;
inline constexpr std::uint32_t PERF_SAMPLE_BASE = 0x40030401;
inline constexpr std::uint32_t PERF_AVERAGE_BASE = 0x40030402;
inline constexpr std::uint32_t PERF_RAW_BASE = 0x40030403;
inline constexpr std::uint32_t PERF_LARGE_RAW_BASE = 0x40030500;
inline constexpr std::uint32_t PERF_PRECISION_TIMESTAMP = PERF_LARGE_RAW_BASE;
inline constexpr std::uint32_t PERF_COUNTER_MULTI_BASE = 0x42030500;
inline constexpr std::uint32_t PERF_COUNTER_HISTOGRAM_TYPE = 0x80000000;

constexpr std::uint32_t subtype(std::uint32_t type)
{
    return type & kSubtypeMask;
}
constexpr bool is_counter(std::uint32_t type)
{
    return (type & kTypeMask) == kTypeCounter;
}

// A base definition (SAMPLE/AVERAGE/RAW/LARGE_RAW/MULTI base, precision
// timestamp): never displayed, read by the definition before it.
constexpr bool is_base(std::uint32_t type)
{
    return is_counter(type) && subtype(type) == kCounterBase;
}

// Types whose value needs the definition that follows (docs/performance-data-format.md §4, §10.3).
constexpr bool needs_base(std::uint32_t type)
{
    if (!is_counter(type))
        return false;
    const auto sub = subtype(type);
    return sub == kCounterFraction || sub == kCounterPrecision || (type & kMultiCounter) != 0;
}

// Whether PerfMon lists the counter: everything but bases and NODATA
// (NOSHOW alone does not hide: PERF_AVERAGE_BULK carries it and is shown).
constexpr bool is_visible(std::uint32_t type)
{
    return !is_base(type) && type != PERF_COUNTER_NODATA;
}

// "PERF_100NSEC_TIMER" for a named type, empty for an unnamed combination.
std::string_view name(std::uint32_t type);

}  // namespace wpo::counter_type
