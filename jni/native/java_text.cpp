// SPDX-License-Identifier: Apache-2.0
#include "native/java_text.h"

#include "core/utf.h"

namespace perfscope::jni {

namespace {

bool is_high(char16_t u)
{
    return u >= 0xD800 && u <= 0xDBFF;
}

bool is_low(char16_t u)
{
    return u >= 0xDC00 && u <= 0xDFFF;
}

}  // namespace

bool utf8_from_java(std::u16string_view text, std::string& out, std::size_t& bad_at)
{
    out.clear();
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char16_t u = text[i];
        if (u < 0x80) {
            out.push_back(static_cast<char>(u));
            continue;
        }
        char32_t cp = u;
        if (is_high(u) && i + 1 < text.size() && is_low(text[i + 1])) {
            cp = 0x10000 + ((static_cast<char32_t>(u) - 0xD800) << 10) + (static_cast<char32_t>(text[i + 1]) - 0xDC00);
            ++i;
        } else if (is_high(u) || is_low(u)) {
            bad_at = i;
            return false;
        }
        wpo::append_utf8(out, cp);
    }
    return true;
}

void java_from_utf8(std::string_view text, std::u16string& out)
{
    out.resize(wpo::utf16_length(text));
    // UTF-16LE bytes straight into char16_t storage: every target is little endian.
    wpo::encode_utf16le(text, reinterpret_cast<std::byte*>(out.data()));
}

}  // namespace perfscope::jni
