// SPDX-License-Identifier: Apache-2.0
// The one place where engine errors become what Java sees (HACKING: errors
// are converted once at each boundary). The thesis fixes 0 = success and
// -6 = measurement anomaly and "other negative = failure" (docs/java.md §2); these are
// the other negative codes, mirrored by org.perfscope.wpo.WPOError (values and
// names; the test jni_error_codes_parity fails when the two differ).
#pragma once

#include "core/error.h"

#include <cstdint>
#include <string_view>

namespace perfscope::jni {

namespace code {
inline constexpr int ok = 0;
inline constexpr int failure = -1;            // an engine error without a closer code
inline constexpr int invalid_handle = -2;     // unknown, destroyed or forged handle
inline constexpr int null_argument = -3;      // a null array or a null element
inline constexpr int buffer_too_small = -4;   // a caller's array cannot hold the result
inline constexpr int not_found = -5;          // unknown object, counter or instance
inline constexpr int anomaly = -6;            // the thesis's measurement anomaly (not a failure)
inline constexpr int invalid_argument = -7;   // a value out of range, a malformed path
inline constexpr int invalid_state = -8;      // prepare/sample/decode out of order, values before decode
inline constexpr int io_error = -9;           // the source could not be read
inline constexpr int too_many_handles = -10;  // the handle table is full
}  // namespace code

// Engine error -> code.
int code_of(wpo::Errc errc);
inline int code_of(const wpo::Error& error)
{
    return code_of(error.code());
}

// "invalid handle", ... (also the Java exception's prefix).
std::string_view code_name(int code);

}  // namespace perfscope::jni
