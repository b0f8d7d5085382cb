// SPDX-License-Identifier: Apache-2.0
// Turns raw counter values of one or two samples into the value PerfMon/PDH
// shows, by counter type (docs/performance-data-format.md §10-§11). Pure arithmetic: no allocation, no
// I/O, no exceptions, safe to call from any thread.
//
// The type is classified by its bit fields (§10.1 there), never by counter index
// or name. Formulas, with N = counter value, B = base value, D = time stamp of
// the type's time base (tick: block PerfTime, 100ns: block PerfTime100nSec,
// object: object PerfTime), F = that base's frequency (block PerfFreq, 10^7,
// object PerfFreq), Δx = x(current) − x(previous), M = multi count (B):
//
//   RAWCOUNT(_HEX), LARGE_RAWCOUNT(_HEX)   N                      int32 / int64, one sample
//   PERF_NUMBER_DEC_1000 (any size)        N/1000                 float64, one sample
//   PERF_DOUBLE_RAW                        the 8 bytes as a double float64, one sample
//   COUNTER_DELTA, COUNTER_LARGE_DELTA     ΔN                     int64
//   COUNTER_COUNTER, BULK_COUNT,
//   SAMPLE_COUNTER                         ΔN·F/ΔD                float64 (SAMPLE_COUNTER ignores any base, §10.5)
//   *_QUEUELEN_TYPE (tick/100ns/object)    ΔN/ΔD                  float64
//   COUNTER_TIMER, 100NSEC_TIMER,
//   OBJ_TIME_TIMER                         100·ΔN/ΔD              float64, percent
//   COUNTER_TIMER_INV, 100NSEC_TIMER_INV   100·(1 − ΔN/ΔD)        float64, percent, < 0 clamps to 0
//   PRECISION_{SYSTEM,100NS,OBJECT}_TIMER  100·ΔN/ΔB              float64, percent (B = provider time stamp)
//   COUNTER_MULTI_TIMER, 100NSEC_MULTI_TIMER      100·ΔN/ΔD/M     float64, percent
//   COUNTER_MULTI_TIMER_INV, 100NSEC_MULTI_TIMER_INV 100·(M − ΔN/ΔD) float64, percent, < 0 clamps to 0
//   RAW_FRACTION, LARGE_RAW_FRACTION       100·N/B                float64, percent, one sample
//   SAMPLE_FRACTION                        100·ΔN/ΔB              float64, percent
//   AVERAGE_TIMER                          (ΔN/F)/ΔB, F = block PerfFreq   float64 seconds, two samples (no DELTA bit)
//   AVERAGE_BULK                           ΔN/ΔB                  float64, two samples (no DELTA bit)
//   ELAPSED_TIME                           (D − N)/F              float64 seconds, one sample
//   PERF_TYPE_ZERO                         0                      int32, valid
//   TEXT, NODATA, bases, HISTOGRAM, undefined field combinations  not_numeric
//
// Decisions (each also commented where it is implemented, decode_kernel.h):
// * Value types (§10.4): a DWORD raw count is int32
//   when it fits; raw data is unsigned (as PDH/PerfMon display a
//   DWORD), so a DWORD >= 2^31 comes out as int64 holding the unsigned value
//   rather than as a negative int32. QWORD raw counts are int64 (the bits
//   reinterpreted, as .NET and windows_exporter do). Deltas are int64 for both
//   widths: a DWORD delta is in [0, 2^32) and would not fit int32. Everything
//   computed is float64.
// * Multi timers: the dimensionally consistent reading of §10.8, N and D
//   in the same unit as for every other tick/100ns timer:
//   100·ΔN/ΔD/M and 100·(M − ΔN/ΔD) (the latter ranges 0..100·M). M is the
//   newer sample's count; M == 0 gives bad_base.
// * Averages with ΔB == 0 (no operations in the interval) are a valid 0, as
//   PerfMon shows for an idle disk's Avg. Disk sec/Transfer (§10.6);
//   ΔB < 0 is bad_base.
// * ELAPSED_TIME: N == 0, N > D, D <= 0 or F <= 0 give a valid 0, as .NET's
//   GetElapsedTime and netdata do (§10.11).
// * PERF_TYPE_ZERO is a valid int32 0: winperf.h defines it as "display a
//   zero", it needs no data and no older sample. (NODATA is not TYPE_ZERO; it
//   is a zero-size TYPE_NUMBER and is not_numeric.)
// * Inverse timers below 0 (idle measured a little longer than the interval)
//   clamp to 0 instead of PDH's PDH_CALC_NEGATIVE_VALUE (§10.7).
// * Percentages (PERF_DISPLAY_PERCENT) are capped at 100 when
//   DecodeOptions::cap_percent (PDH's default); uncapped = PDH_FMT_NOCAP100,
//   what PerfMon, typeperf and .NET show.
//
// Status rules, checked in this order:
// * first_sample: the type needs two samples (every DELTA type and the two
//   averages) and `previous` or `previous_time` is null.
// * negative_delta: N went backwards, compared unsigned on the counter's
//   width (values are zero-extended from CounterSize): a DWORD going from
//   0xFFFFFFF0 to 0x10 is a decrease, not a wrap (PDH does not wrap-correct,
//   §10.5, §11.2).
// * bad_time_delta: ΔD <= 0, or the frequency a formula divides by is <= 0.
// * bad_base: a base used as a denominator is 0 (RAW_FRACTION, multi count) or
//   did not advance (SAMPLE_FRACTION, precision timers), or went backwards
//   (averages; their ΔB == 0 is the valid 0 above).
// * missing_base: only from the CounterLayout overload in object_layout.h;
//   this overload trusts RawValue::base.
#pragma once

#include "decode/value.h"

#include <cstdint>

namespace wpo {

// The raw inputs of one counter of one instance in one sample.
struct RawValue {
    std::uint64_t value = 0;  // N: the counter's data, zero-extended from CounterSize
    std::uint64_t base = 0;   // B: the base definition's data, or the multi count M
};

// The time stamps of the sample a RawValue comes from.
struct TimeStamps {
    std::int64_t perf_time = 0;        // PERF_DATA_BLOCK.PerfTime (ticks)
    std::int64_t perf_freq = 0;        // PERF_DATA_BLOCK.PerfFreq (ticks/s)
    std::int64_t perf_time_100ns = 0;  // PERF_DATA_BLOCK.PerfTime100nSec
    std::int64_t object_time = 0;      // PERF_OBJECT_TYPE.PerfTime
    std::int64_t object_freq = 0;      // PERF_OBJECT_TYPE.PerfFreq
};

struct DecodeOptions {
    // Cap percentages at 100 as PDH does by default; false = PDH_FMT_NOCAP100.
    bool cap_percent = true;
    // Every counter's raw value N as it stands in the data, as an int64 (no
    // formula, no previous sample): the cumulative count or time under a
    // rate, for consumers that take their own differences. ObjectDecoder only.
    bool raw_values = false;
};

// `previous`/`previous_time` are null for the first sample; types that need
// two samples then give ValueStatus::first_sample. Frequencies (rates,
// AVERAGE_TIMER, ELAPSED_TIME) are taken from `current_time`.
Value decode(std::uint32_t type, const RawValue& current, const TimeStamps& current_time, const RawValue* previous,
             const TimeStamps* previous_time, const DecodeOptions& options = {});

// Whether decode() of this type reads an older sample (every DELTA type plus
// AVERAGE_TIMER and AVERAGE_BULK, which have no DELTA bit; docs/performance-data-format.md §10.6).
bool needs_two_samples(std::uint32_t type);

// The ValueType a valid result of this type has. For DWORD raw counts this is
// int32, although values >= 2^31 come out as int64 (see above).
ValueType value_type(std::uint32_t type);

}  // namespace wpo
