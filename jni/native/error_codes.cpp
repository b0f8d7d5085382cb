// SPDX-License-Identifier: Apache-2.0
#include "native/error_codes.h"

namespace perfscope::jni {

int code_of(wpo::Errc errc)
{
    using wpo::Errc;
    switch (errc) {
    case Errc::not_found: return code::not_found;
    case Errc::invalid_argument: return code::invalid_argument;
    case Errc::invalid_state: return code::invalid_state;
    case Errc::io_error:
    case Errc::permission_denied:
    case Errc::busy: return code::io_error;
    case Errc::too_large: return code::buffer_too_small;
    case Errc::truncated:
    case Errc::out_of_bounds:
    case Errc::zero_length:
    case Errc::count_exceeds_data:
    case Errc::bad_signature:
    case Errc::misaligned:
    case Errc::unsupported:
    case Errc::bad_name_table: return code::failure;
    }
    return code::failure;
}

std::string_view code_name(int c)
{
    switch (c) {
    case code::ok: return "success";
    case code::failure: return "failure";
    case code::invalid_handle: return "invalid handle";
    case code::null_argument: return "null argument";
    case code::buffer_too_small: return "buffer too small";
    case code::not_found: return "not found";
    case code::anomaly: return "measurement anomaly";
    case code::invalid_argument: return "invalid argument";
    case code::invalid_state: return "invalid state";
    case code::io_error: return "I/O error";
    case code::too_many_handles: return "too many handles";
    default: return "unknown error";
    }
}

}  // namespace perfscope::jni
