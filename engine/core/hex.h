// SPDX-License-Identifier: Apache-2.0
// One hexadecimal digit's value, for the parsers that read escapes (%XX in names and on the wire, \uXXXX in
// JSON, #RRGGBB colours).
#pragma once

namespace wpo {

// 0-15 for 0-9, a-f and A-F; -1 for any other character.
constexpr int hex_digit_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

}  // namespace wpo
