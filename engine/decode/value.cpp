// SPDX-License-Identifier: Apache-2.0
#include "decode/value.h"

namespace wpo {

std::string_view to_string(ValueStatus status)
{
    switch (status) {
    case ValueStatus::valid: return "valid";
    case ValueStatus::first_sample: return "first sample";
    case ValueStatus::negative_delta: return "negative delta";
    case ValueStatus::bad_time_delta: return "bad time delta";
    case ValueStatus::bad_base: return "bad base";
    case ValueStatus::missing_base: return "missing base";
    case ValueStatus::not_numeric: return "not numeric";
    }
    return "unknown status";
}

}  // namespace wpo
