// SPDX-License-Identifier: Apache-2.0
// The arithmetic behind decode() and ObjectDecoder, shared so that the
// single-value path and the bulk path give bit-identical results. Internal to
// engine/decode: other parts use decoder.h, object_layout.h and
// object_decoder.h.
//
// A CounterType is turned into a Plan once (classify); the Plan says which
// formula of docs/performance-data-format.md §10.2 applies and which time base it reads. compute() then
// only compares and divides. Every formula and every status decision of the
// engine lives in this file; decoder.h documents them for callers.
#pragma once

#include "decode/decoder.h"
#include "format/counter_type.h"

#include <bit>
#include <cstdint>
#include <limits>

// compute() is the body of the bulk decoder's inner loop; left to itself g++
// calls it out of line there, which costs about a third of the throughput.
#if defined(__GNUC__)
#define WPO_DECODE_INLINE [[gnu::always_inline]] inline
#else
#define WPO_DECODE_INLINE inline
#endif

namespace wpo::decode_detail {

enum class Formula : std::uint8_t {
    not_numeric,      // text, NODATA, bases, histogram, unknown combinations
    missing_base,     // set by the layout when a base-needing counter has no base
    zero,             // PERF_TYPE_ZERO: "displays a zero"
    raw,              // N1 (RAWCOUNT, LARGE_RAWCOUNT, the HEX variants, COUNTER_VALUE without DELTA)
    raw_dec1000,      // N1 / 1000 (PERF_NUMBER_DEC_1000)
    raw_double,       // the 8 bytes are an IEEE double (PERF_DOUBLE_RAW)
    delta,            // N1 - N0
    rate,             // ΔN·F/ΔD
    timer,            // 100·ΔN/ΔD
    timer_inv,        // 100·(1 - ΔN/ΔD), clamped at 0
    multi_timer,      // 100·ΔN/ΔD/M
    multi_timer_inv,  // 100·(M - ΔN/ΔD), clamped at 0
    queue_length,     // ΔN/ΔD
    raw_fraction,     // 100·N1/B1
    sample_fraction,  // 100·ΔN/ΔB
    precision_timer,  // 100·ΔN/ΔB, B = the provider's time stamp
    average_timer,    // (ΔN/F)/ΔB, F = block PerfFreq
    average_bulk,     // ΔN/ΔB
    elapsed,          // (D1 - N1)/F1
};

// Index into a Clock table: the time-base field of the type, shifted down.
inline constexpr std::uint8_t kTick = 0;    // PERF_TIMER_TICK
inline constexpr std::uint8_t k100Ns = 1;   // PERF_TIMER_100NS
inline constexpr std::uint8_t kObject = 2;  // PERF_OBJECT_TIMER
inline constexpr std::uint8_t kTimeBaseCount = 3;

struct Plan {
    Formula formula = Formula::not_numeric;
    std::uint8_t time_base = kTick;
    bool two_samples = false;  // needs an older sample of the same instance
    bool percent = false;      // PERF_DISPLAY_PERCENT: subject to DecodeOptions::cap_percent
    bool dword = false;        // size field says DWORD (raw counts: int32 when the value fits)
};

// By the bit fields only (docs/performance-data-format.md §10.1): the
// subtype is an enumeration compared whole, never tested as flags. Named types
// land on their formula of §10.2 there; unnamed combinations land on the
// formula their fields describe, or on not_numeric when the fields describe nothing we can compute.
constexpr Plan classify(std::uint32_t type)
{
    namespace ct = counter_type;
    Plan p;
    p.dword = (type & ct::kSizeMask) == ct::kSizeDword;
    p.percent = (type & ct::kDisplayMask) == ct::kDisplayPercent;
    const std::uint32_t time = (type & ct::kTimeMask) >> 20;  // 3 is undefined
    p.time_base = time < kTimeBaseCount ? static_cast<std::uint8_t>(time) : kTick;
    const bool delta = (type & ct::kDeltaCounter) != 0;
    const std::uint32_t size = type & ct::kSizeMask;
    const std::uint32_t display = type & ct::kDisplayMask;

    if ((type & ct::PERF_COUNTER_HISTOGRAM_TYPE) != 0)
        return p;  // no consumer supports histograms (docs/performance-data-format.md §10.12)
    if (type == ct::PERF_DOUBLE_RAW) {
        p.formula = Formula::raw_double;
        return p;
    }
    if (size == ct::kSizeZero || size == ct::kSizeVariableLen) {
        // No data (NODATA) or variable-length data (text): nothing to compute,
        // except that TYPE_ZERO needs no data at all.
        if ((type & ct::kTypeMask) == ct::kTypeZero)
            p.formula = Formula::zero;
        return p;
    }

    switch (type & ct::kTypeMask) {
    case ct::kTypeText: return p;
    case ct::kTypeZero: p.formula = Formula::zero; return p;
    case ct::kTypeNumber:
        switch (ct::subtype(type)) {
        case ct::kNumberHex:
        case ct::kNumberDecimal: p.formula = Formula::raw; break;
        case ct::kNumberDec1000: p.formula = Formula::raw_dec1000; break;
        default: break;
        }
        return p;
    default: break;  // kTypeCounter
    }

    const bool uses_time_base = time < kTimeBaseCount;
    switch (ct::subtype(type)) {
    case ct::kCounterValue: p.formula = delta ? Formula::delta : Formula::raw; break;
    case ct::kCounterRate:
        if (!uses_time_base)
            return p;
        if (p.percent) {
            const bool inverse = (type & ct::kInverseCounter) != 0;
            if ((type & ct::kMultiCounter) != 0)
                p.formula = inverse ? Formula::multi_timer_inv : Formula::multi_timer;
            else
                p.formula = inverse ? Formula::timer_inv : Formula::timer;
        } else {
            p.formula = Formula::rate;  // COUNTER_COUNTER, BULK_COUNT, SAMPLE_COUNTER
        }
        break;
    case ct::kCounterFraction:
        if (display == ct::kDisplaySeconds)
            p.formula = Formula::average_timer;
        else if (p.percent)
            p.formula = delta ? Formula::sample_fraction : Formula::raw_fraction;
        else
            p.formula = Formula::average_bulk;  // NOSHOW, yet PerfMon shows it (docs/performance-data-format.md §10.6)
        break;
    case ct::kCounterElapsed:
        if (!uses_time_base)
            return p;
        p.formula = Formula::elapsed;
        break;
    case ct::kCounterQueuelen:
        if (!uses_time_base)
            return p;
        p.formula = Formula::queue_length;
        break;
    case ct::kCounterPrecision: p.formula = Formula::precision_timer; break;
    default: return p;  // base, histogram, undefined subtypes
    }

    switch (p.formula) {
    case Formula::raw:
    case Formula::raw_fraction:
    case Formula::elapsed: p.two_samples = false; break;
    default: p.two_samples = true; break;  // including the averages, which have no DELTA bit (§10.6)
    }
    return p;
}

// What one time base contributes to a formula, for one pair of samples.
struct Clock {
    std::int64_t delta = 0;       // D1 - D0 (wrapping subtraction; only with a previous sample)
    std::int64_t now = 0;         // D1, for PERF_ELAPSED_TIME
    std::int64_t freq = 0;        // of this base in the newer sample: block PerfFreq, 10^7, object PerfFreq
    std::int64_t block_freq = 0;  // block PerfFreq of the newer sample, for PERF_AVERAGE_TIMER
};

// Wrapping, so that absurd time stamps give a nonsense delta instead of
// signed-overflow UB (C++20 defines the conversion).
constexpr std::int64_t wrapping_sub(std::int64_t a, std::int64_t b)
{
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b));
}

inline Clock make_clock(std::uint8_t base, const TimeStamps& now, const TimeStamps* before)
{
    Clock c;
    c.block_freq = now.perf_freq;
    switch (base) {
    case kTick:
        c.now = now.perf_time;
        c.freq = now.perf_freq;
        if (before)
            c.delta = wrapping_sub(now.perf_time, before->perf_time);
        break;
    case k100Ns:
        c.now = now.perf_time_100ns;
        c.freq = 10'000'000;  // PerfTime100nSec counts 100-ns units by definition
        if (before)
            c.delta = wrapping_sub(now.perf_time_100ns, before->perf_time_100ns);
        break;
    default:
        c.now = now.object_time;
        c.freq = now.object_freq;
        if (before)
            c.delta = wrapping_sub(now.object_time, before->object_time);
        break;
    }
    return c;
}

inline Value status_value(ValueStatus s)
{
    Value v;
    v.status = s;
    return v;
}

inline Value int32_value(std::int32_t x)
{
    Value v;
    v.status = ValueStatus::valid;
    v.type = ValueType::int32;
    v.i32 = x;
    return v;
}

inline Value int64_value(std::int64_t x)
{
    Value v;
    v.status = ValueStatus::valid;
    v.type = ValueType::int64;
    v.i64 = x;
    return v;
}

inline Value double_value(double x)
{
    Value v;
    v.status = ValueStatus::valid;
    v.type = ValueType::float64;
    v.f64 = x;
    return v;
}

// n1/b1 are the newer sample's N and B, n0/b0 the older one's (ignored
// without a previous sample). All raw values are unsigned and zero-extended
// from CounterSize, so "went backwards" is an unsigned comparison on the
// counter's own width: a DWORD going 0xFFFFFFF0 -> 0x10 is a decrease, not a
// wrap, and a QWORD going 0x7FFF...F -> 0x8000...0 is an increase.
WPO_DECODE_INLINE Value compute(const Plan& p, std::uint64_t n1, std::uint64_t b1, std::uint64_t n0, std::uint64_t b0,
                                bool has_previous, const Clock& clock, bool cap_percent)
{
    if (p.two_samples && !has_previous)
        return status_value(ValueStatus::first_sample);

    double v = 0.0;
    switch (p.formula) {
    case Formula::not_numeric: return status_value(ValueStatus::not_numeric);
    case Formula::missing_base: return status_value(ValueStatus::missing_base);
    case Formula::zero: return int32_value(0);
    case Formula::raw:
        if (p.dword && n1 <= std::uint64_t(std::numeric_limits<std::int32_t>::max()))
            return int32_value(static_cast<std::int32_t>(n1));
        return int64_value(static_cast<std::int64_t>(n1));
    case Formula::raw_dec1000: return double_value(static_cast<double>(static_cast<std::int64_t>(n1)) / 1000.0);
    case Formula::raw_double: return double_value(std::bit_cast<double>(n1));
    case Formula::elapsed:
        // Same edge cases as .NET GetElapsedTime and netdata (docs/performance-data-format.md §10.11): a
        // zero start, a start in the future or no frequency show 0 seconds.
        if (n1 == 0 || clock.freq <= 0 || clock.now <= 0 || n1 > static_cast<std::uint64_t>(clock.now))
            return double_value(0.0);
        return double_value(static_cast<double>(static_cast<std::uint64_t>(clock.now) - n1) /
                            static_cast<double>(clock.freq));
    case Formula::raw_fraction:
        if (b1 == 0)
            return status_value(ValueStatus::bad_base);
        v = 100.0 * static_cast<double>(n1) / static_cast<double>(b1);
        break;
    default: {
        // Everything else differences N first.
        if (n1 < n0)
            return status_value(ValueStatus::negative_delta);
        const std::uint64_t dn_int = n1 - n0;
        const double dn = static_cast<double>(dn_int);
        const double dt = static_cast<double>(clock.delta);
        switch (p.formula) {
        case Formula::delta: return int64_value(static_cast<std::int64_t>(dn_int));
        case Formula::rate:
            if (clock.delta <= 0 || clock.freq <= 0)
                return status_value(ValueStatus::bad_time_delta);
            v = dn * static_cast<double>(clock.freq) / dt;
            break;
        case Formula::timer:
            if (clock.delta <= 0)
                return status_value(ValueStatus::bad_time_delta);
            v = 100.0 * dn / dt;
            break;
        case Formula::timer_inv:
            if (clock.delta <= 0)
                return status_value(ValueStatus::bad_time_delta);
            v = 100.0 * (1.0 - dn / dt);
            // Idle time measured a little longer than the interval (sampling
            // skew) would give a negative busy percentage; PDH reports that as
            // PDH_CALC_NEGATIVE_VALUE and .NET as 0. A PerfMon look-alike
            // shows 0 (docs/performance-data-format.md §10.7).
            if (v < 0.0)
                v = 0.0;
            break;
        case Formula::multi_timer:
            if (clock.delta <= 0)
                return status_value(ValueStatus::bad_time_delta);
            if (b1 == 0)
                return status_value(ValueStatus::bad_base);
            // Dimensionally consistent reading (docs/performance-data-format.md §10.8: N and D in
            // the same unit, like every other tick/100ns timer; the variant that
            // divides ΔD by the frequency is not): busy% = 100·ΔN/ΔD/M.
            v = 100.0 * dn / dt / static_cast<double>(b1);
            break;
        case Formula::multi_timer_inv:
            if (clock.delta <= 0)
                return status_value(ValueStatus::bad_time_delta);
            if (b1 == 0)
                return status_value(ValueStatus::bad_base);
            // §10.8 there: 100·(M − ΔN/ΔD), range 0..100·M ("can exceed 100%"),
            // clamped at 0 for the same skew reason as timer_inv.
            v = 100.0 * (static_cast<double>(b1) - dn / dt);
            if (v < 0.0)
                v = 0.0;
            break;
        case Formula::queue_length:
            if (clock.delta <= 0)
                return status_value(ValueStatus::bad_time_delta);
            v = dn / dt;
            break;
        case Formula::sample_fraction:
        case Formula::precision_timer:
            if (b1 <= b0)
                return status_value(ValueStatus::bad_base);
            v = 100.0 * dn / static_cast<double>(b1 - b0);
            break;
        case Formula::average_timer:
            if (clock.block_freq <= 0)
                return status_value(ValueStatus::bad_time_delta);
            if (b1 < b0)
                return status_value(ValueStatus::bad_base);
            // No operations in the interval: PerfMon shows 0 for an idle
            // disk's Avg. Disk sec/Transfer (docs/performance-data-format.md §10.6).
            if (b1 == b0)
                return double_value(0.0);
            v = dn / static_cast<double>(clock.block_freq) / static_cast<double>(b1 - b0);
            break;
        case Formula::average_bulk:
            if (b1 < b0)
                return status_value(ValueStatus::bad_base);
            if (b1 == b0)
                return double_value(0.0);
            v = dn / static_cast<double>(b1 - b0);
            break;
        default: return status_value(ValueStatus::not_numeric);
        }
        break;
    }
    }
    if (p.percent && cap_percent && v > 100.0)
        v = 100.0;
    return double_value(v);
}

}  // namespace wpo::decode_detail
