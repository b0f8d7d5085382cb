// SPDX-License-Identifier: Apache-2.0
// Java strings are UTF-16; the engine speaks standard UTF-8. JNI's own UTF-8
// calls (GetStringUTFChars, NewStringUTF) use *modified* UTF-8, which encodes
// a character outside the BMP as two 3-byte surrogates, so every string
// crossing JNI goes through these instead, with the UTF-16 calls.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace perfscope::jni {

// UTF-16 (any content, NULs included) -> UTF-8. False when `text` holds an
// unpaired surrogate, which has no UTF-8 form; `bad_at` is then its index.
bool utf8_from_java(std::u16string_view text, std::string& out, std::size_t& bad_at);

// UTF-8 -> UTF-16 (invalid sequences become U+FFFD, as everywhere in the engine).
void java_from_utf8(std::string_view text, std::u16string& out);

}  // namespace perfscope::jni
