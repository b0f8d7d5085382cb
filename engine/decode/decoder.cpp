// SPDX-License-Identifier: Apache-2.0
#include "decode/decoder.h"

#include "decode/decode_kernel.h"

namespace wpo {

using namespace decode_detail;

Value decode(std::uint32_t type, const RawValue& current, const TimeStamps& current_time, const RawValue* previous,
             const TimeStamps* previous_time, const DecodeOptions& options)
{
    const Plan plan = classify(type);
    const bool has_previous = previous != nullptr && previous_time != nullptr;
    const Clock clock = make_clock(plan.time_base, current_time, has_previous ? previous_time : nullptr);
    return compute(plan, current.value, current.base, has_previous ? previous->value : 0,
                   has_previous ? previous->base : 0, has_previous, clock, options.cap_percent);
}

bool needs_two_samples(std::uint32_t type)
{
    return classify(type).two_samples;
}

ValueType value_type(std::uint32_t type)
{
    const Plan plan = classify(type);
    switch (plan.formula) {
    case Formula::zero: return ValueType::int32;
    case Formula::raw: return plan.dword ? ValueType::int32 : ValueType::int64;
    case Formula::delta: return ValueType::int64;
    default: return ValueType::float64;
    }
}

}  // namespace wpo
