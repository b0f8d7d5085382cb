// SPDX-License-Identifier: Apache-2.0
// Errors as values: every fallible engine call returns an Error (inside a
// Result or a Status) instead of throwing. Front ends convert them exactly
// once: a message in the GUI, an exit code in the CLI, a code in JNI.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace wpo {

enum class Errc : std::uint8_t {
    truncated,           // data ends before a structure it announces
    out_of_bounds,       // an offset or length points outside its container
    zero_length,         // a length of zero that would make a walk loop forever
    count_exceeds_data,  // a count larger than the bytes could possibly hold
    bad_signature,       // not a PERF_DATA_BLOCK
    misaligned,          // a length that breaks the format's 8-byte rule
    unsupported,         // valid but not something we handle (big endian, version)
    bad_name_table,      // malformed REG_MULTI_SZ name/help table
    not_found,           // an object, counter, instance or file that is not there
    invalid_argument,    // a caller passed something meaningless
    io_error,            // the operating system refused a read
    permission_denied,   // ... because of access rights
    busy,                // a source stayed busy after retries
    too_large,           // a buffer would exceed its configured cap
    invalid_state,       // an operation in a state that does not allow it
};

std::string_view to_string(Errc code);

class Error {
public:
    Error(Errc code, std::string message) : m_code(code), m_message(std::move(message)) {}

    Errc code() const { return m_code; }
    const std::string& message() const { return m_message; }
    // "out of bounds: counter 3 of object 230 ..." — for logs and the CLI.
    std::string describe() const;

private:
    Errc m_code;
    std::string m_message;
};

}  // namespace wpo
