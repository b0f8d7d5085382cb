// SPDX-License-Identifier: Apache-2.0
// Decimal names of /proc entries and instances: which directory names are
// pids or tids, and the digits of a number for openat(2) paths and CPU instances.
#pragma once

#include <charconv>
#include <cstdint>
#include <string_view>

namespace wpo::procfs {

// Decimal digits of `value` into `out` (NUL-terminated), for openat paths.
inline const char* decimal(std::uint64_t value, char (&out)[24])
{
    const auto [end, ec] = std::to_chars(out, out + sizeof out - 1, value);
    *end = '\0';
    (void)ec;
    return out;
}

inline bool all_digits(std::string_view s)
{
    return !s.empty() && s.size() <= 10 && s.find_first_not_of("0123456789") == std::string_view::npos;
}

}  // namespace wpo::procfs
