// SPDX-License-Identifier: Apache-2.0
// Golden vectors for decode(): every counter type of docs/performance-data-format.md §10.2 and one row per
// edge case, with the expected value worked out by hand from the formulas
// (the arithmetic is in a comment on each row of golden_vectors.cpp).
// decoder_test checks decode() against them; object_decoder_test writes the
// same rows into real blocks and checks the bulk path against them.
#pragma once

#include "decode/decoder.h"

#include <cstdint>
#include <span>
#include <string>

namespace wpo::test {

// Two samples 2 s of ticks apart. The three clocks deliberately disagree so
// that a formula reading the wrong time base gives a wrong number:
//   tick   (block PerfTime, F = 10^7):  ΔD = 20,000,000
//   100ns  (block PerfTime100nSec):     ΔD = 10,000,000
//   object (object PerfTime, F = 10^7): ΔD =  4,000,000
// T0 is the real Windows 11 sample of docs/performance-data-format.md §13.1: PerfTime 9,242,655,165,203,
// PerfFreq 10^7, PerfTime100nSec = object PerfTime = 133716612800215149.
inline constexpr TimeStamps kT0{9'242'655'165'203, 10'000'000, 133'716'612'800'215'149, 133'716'612'800'215'149,
                                10'000'000};
inline constexpr TimeStamps kT1{9'242'675'165'203, 10'000'000, 133'716'612'810'215'149, 133'716'612'804'215'149,
                                10'000'000};

struct Golden {
    const char* name;  // test name suffix
    std::uint32_t type;
    RawValue now;            // N1, B1
    RawValue before;         // N0, B0
    bool has_before = true;  // false: first (or only) sample
    TimeStamps now_time = kT1;
    TimeStamps before_time = kT0;
    bool cap = true;       // DecodeOptions::cap_percent
    bool no_base = false;  // decode through a CounterLayout whose base is missing
    ValueStatus status = ValueStatus::valid;
    ValueType value_type = ValueType::float64;
    std::int64_t i = 0;  // expected int32/int64 value
    double f = 0.0;      // expected float64 value
};

std::span<const Golden> golden_vectors();

inline std::string golden_name(const Golden& g)
{
    return g.name;
}

}  // namespace wpo::test
