// Turns raw counter values of one or two samples into the value PerfMon/PDH
// shows, by counter type (spec §3-§5). Pure arithmetic: no allocation, no
// I/O, safe to call from any thread.
#pragma once

#include "decode/value.h"

#include <cstdint>

namespace wpo {

// The raw inputs of one counter of one instance in one sample.
struct RawValue {
    std::uint64_t value = 0;  // N: the counter's data, zero-extended
    std::uint64_t base = 0;   // B: the base definition's data, or the multi count
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
};

// `previous`/`previous_time` are null for the first sample; types that need
// two samples then give ValueStatus::first_sample.
Value decode(std::uint32_t type, const RawValue& current, const TimeStamps& current_time,
             const RawValue* previous, const TimeStamps* previous_time, const DecodeOptions& options = {});

}  // namespace wpo
