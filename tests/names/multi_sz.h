// SPDX-License-Identifier: Apache-2.0
// REG_MULTI_SZ bytes for name table tests.
#pragma once

#include "core/utf.h"

#include <cstddef>
#include <initializer_list>
#include <string_view>
#include <vector>

namespace wpo::test {

using Bytes = std::vector<std::byte>;

// UTF-16LE of `text` with every '|' written as a NUL code unit, so a row
// reads like the registry value: "1|1847|2|System||".
inline Bytes piped(std::string_view text)
{
    Bytes out(2 * utf16_length(text));
    encode_utf16le(text, out.data());
    for (std::size_t i = 0; i < out.size(); i += 2)
        if (out[i] == std::byte{'|'} && out[i + 1] == std::byte{0})
            out[i] = std::byte{0};
    return out;
}

// Well-formed REG_MULTI_SZ: each string NUL-terminated, then one more NUL.
inline Bytes multi_sz(std::initializer_list<std::string_view> strings)
{
    Bytes out;
    for (std::string_view s : strings) {
        const std::size_t at = out.size();
        out.resize(at + 2 * utf16_length(s) + 2);
        encode_utf16le(s, out.data() + at);
    }
    out.resize(out.size() + 2);
    return out;
}

}  // namespace wpo::test
