// SPDX-License-Identifier: Apache-2.0
// A decoded counter value (the thesis's COUNTER_CALC_VALUE payload, docs/snapshots-and-cache.md §1)
// and the status that says whether there is one. Value types
// (docs/performance-data-format.md §10.4): 32-bit integer, 64-bit integer or double; decoder.h says which
// counter type gives which. Only `valid` values carry a number; the union of
// any other status holds 0.0.
#pragma once

#include <cstdint>
#include <string_view>

namespace wpo {

enum class ValueType : std::uint8_t { int32, int64, float64 };

enum class ValueStatus : std::uint8_t {
    valid,
    first_sample,    // the type needs two samples and there is no older one yet
    negative_delta,  // the raw value went backwards (PDH_CALC_NEGATIVE_VALUE)
    bad_time_delta,  // the time stamps did not advance (PDH_CALC_NEGATIVE_TIMEBASE)
    bad_base,        // base (denominator) is zero or went backwards
    missing_base,    // a fraction/precision/multi timer without its base definition
    not_numeric,     // text, NODATA, a base definition, histogram: nothing to show
};

std::string_view to_string(ValueStatus status);

struct Value {
    ValueStatus status = ValueStatus::not_numeric;
    ValueType type = ValueType::float64;
    union {
        std::int32_t i32;
        std::int64_t i64;
        double f64 = 0.0;
    };

    bool valid() const { return status == ValueStatus::valid; }
    double as_double() const
    {
        switch (type) {
        case ValueType::int32: return i32;
        case ValueType::int64: return static_cast<double>(i64);
        case ValueType::float64: return f64;
        }
        return f64;
    }
};

}  // namespace wpo
