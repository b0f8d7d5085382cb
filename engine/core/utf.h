// SPDX-License-Identifier: Apache-2.0
// UTF-16LE (the format's strings, REG_MULTI_SZ tables) <-> UTF-8 (everything
// the engine hands out). Invalid sequences become U+FFFD; nothing throws.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace wpo {

// Decodes `units` UTF-16LE code units at `bytes` (any alignment), stopping at
// the first NUL.
// Appends the UTF-8 encoding of code point `cp` (at most U+10FFFF) to `out`.
void append_utf8(std::string& out, char32_t cp);

std::string utf16le_to_utf8(const std::byte* bytes, std::size_t units);

// Number of UTF-16 code units `text` encodes to.
std::size_t utf16_length(std::string_view text);

// Writes the UTF-16LE encoding of `text` (no terminator) to `out`, which has
// room for utf16_length(text) units; returns the units written.
std::size_t encode_utf16le(std::string_view text, std::byte* out);

// Latin-1 bytes (8-bit instance names with a non-zero CodePage) to UTF-8,
// stopping at the first NUL.
std::string latin1_to_utf8(const std::byte* bytes, std::size_t count);

// Characters `text` encodes to in Latin-1, and the encoding itself (no
// terminator; characters above U+00FF become '?'); returns the bytes written.
std::size_t latin1_length(std::string_view text);
std::size_t encode_latin1(std::string_view text, std::byte* out);

// Case-insensitive equality for ASCII letters, as PDH compares paths.
bool iequals(std::string_view a, std::string_view b);

}  // namespace wpo
