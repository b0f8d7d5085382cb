// SPDX-License-Identifier: Apache-2.0
#include "core/error.h"

namespace wpo {

std::string_view to_string(Errc code)
{
    switch (code) {
    case Errc::truncated: return "truncated";
    case Errc::out_of_bounds: return "out of bounds";
    case Errc::zero_length: return "zero length";
    case Errc::count_exceeds_data: return "count exceeds data";
    case Errc::bad_signature: return "bad signature";
    case Errc::misaligned: return "misaligned";
    case Errc::unsupported: return "unsupported";
    case Errc::bad_name_table: return "bad name table";
    case Errc::not_found: return "not found";
    case Errc::invalid_argument: return "invalid argument";
    case Errc::io_error: return "I/O error";
    case Errc::permission_denied: return "permission denied";
    case Errc::busy: return "busy";
    case Errc::too_large: return "too large";
    case Errc::invalid_state: return "invalid state";
    }
    return "unknown error";
}

std::string Error::describe() const
{
    std::string text(to_string(m_code));
    if (!m_message.empty()) {
        text += ": ";
        text += m_message;
    }
    return text;
}

}  // namespace wpo
