// SPDX-License-Identifier: Apache-2.0
#include "core/utf.h"

#include "core/byte_io.h"

#include <cstdint>

namespace wpo {

void append_utf8(std::string& out, char32_t cp)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

namespace {

constexpr char32_t kReplacement = 0xFFFD;

// Decodes one code point from UTF-8 at text[i]; advances i. Malformed input
// yields U+FFFD and consumes one byte.
char32_t next_code_point(std::string_view text, std::size_t& i)
{
    const auto b0 = static_cast<unsigned char>(text[i++]);
    if (b0 < 0x80)
        return b0;
    int extra = 0;
    char32_t cp = 0;
    if ((b0 & 0xE0) == 0xC0) {
        extra = 1;
        cp = b0 & 0x1F;
    } else if ((b0 & 0xF0) == 0xE0) {
        extra = 2;
        cp = b0 & 0x0F;
    } else if ((b0 & 0xF8) == 0xF0) {
        extra = 3;
        cp = b0 & 0x07;
    } else {
        return kReplacement;
    }
    if (i + extra > text.size())
        return kReplacement;
    for (int k = 0; k < extra; ++k) {
        const auto b = static_cast<unsigned char>(text[i + k]);
        if ((b & 0xC0) != 0x80)
            return kReplacement;
        cp = (cp << 6) | (b & 0x3F);
    }
    i += extra;
    static constexpr char32_t kMin[] = {0, 0x80, 0x800, 0x10000};
    if (cp < kMin[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return kReplacement;
    return cp;
}

}  // namespace

std::string utf16le_to_utf8(const std::byte* bytes, std::size_t units)
{
    std::string out;
    out.reserve(units);
    for (std::size_t i = 0; i < units; ++i) {
        const char32_t u = load<std::uint16_t>(bytes + 2 * i);
        if (u == 0)
            break;
        if (u >= 0xD800 && u <= 0xDBFF && i + 1 < units) {
            const char32_t lo = load<std::uint16_t>(bytes + 2 * (i + 1));
            if (lo >= 0xDC00 && lo <= 0xDFFF) {
                append_utf8(out, 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00));
                ++i;
                continue;
            }
        }
        append_utf8(out, (u >= 0xD800 && u <= 0xDFFF) ? kReplacement : u);
    }
    return out;
}

std::size_t utf16_length(std::string_view text)
{
    std::size_t units = 0;
    for (std::size_t i = 0; i < text.size();)
        units += next_code_point(text, i) >= 0x10000 ? 2 : 1;
    return units;
}

std::size_t encode_utf16le(std::string_view text, std::byte* out)
{
    std::size_t units = 0;
    for (std::size_t i = 0; i < text.size();) {
        const char32_t cp = next_code_point(text, i);
        if (cp >= 0x10000) {
            const char32_t v = cp - 0x10000;
            store<std::uint16_t>(out + 2 * units++, static_cast<std::uint16_t>(0xD800 + (v >> 10)));
            store<std::uint16_t>(out + 2 * units++, static_cast<std::uint16_t>(0xDC00 + (v & 0x3FF)));
        } else {
            store<std::uint16_t>(out + 2 * units++, static_cast<std::uint16_t>(cp));
        }
    }
    return units;
}

std::size_t latin1_length(std::string_view text)
{
    std::size_t n = 0;
    for (std::size_t i = 0; i < text.size(); ++n)
        next_code_point(text, i);
    return n;
}

std::size_t encode_latin1(std::string_view text, std::byte* out)
{
    std::size_t n = 0;
    for (std::size_t i = 0; i < text.size();) {
        const char32_t cp = next_code_point(text, i);
        out[n++] = static_cast<std::byte>(cp <= 0xFF ? cp : U'?');
    }
    return n;
}

std::string latin1_to_utf8(const std::byte* bytes, std::size_t count)
{
    std::string out;
    out.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        const auto c = static_cast<unsigned char>(bytes[i]);
        if (c == 0)
            break;
        append_utf8(out, c);
    }
    return out;
}

bool iequals(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        auto x = static_cast<unsigned char>(a[i]);
        auto y = static_cast<unsigned char>(b[i]);
        if (x >= 'A' && x <= 'Z')
            x += 'a' - 'A';
        if (y >= 'A' && y <= 'Z')
            y += 'a' - 'A';
        if (x != y)
            return false;
    }
    return true;
}

}  // namespace wpo
