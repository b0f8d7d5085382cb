// SPDX-License-Identifier: Apache-2.0
// Java's UTF-16 <-> the engine's UTF-8 (jni/native/java_text.h).
#include "native/java_text.h"

#include <gtest/gtest.h>

namespace {

using perfscope::jni::java_from_utf8;
using perfscope::jni::utf8_from_java;

TEST(JavaText, ASurrogatePairBecomesOneFourByteCharacter)
{
    // U+1F600 = D83D DE00 in UTF-16, F0 9F 98 80 in UTF-8.
    const std::u16string java = u"\\Process(\U0001F600emoji)\\ID Process";
    std::string utf8;
    std::size_t bad = 0;
    ASSERT_TRUE(utf8_from_java(java, utf8, bad));
    EXPECT_EQ(utf8, std::string("\\Process(\xF0\x9F\x98\x80") + "emoji)\\ID Process");
    std::u16string back;
    java_from_utf8(utf8, back);
    EXPECT_EQ(back, java);
}

TEST(JavaText, BmpCharactersAndNulRoundTrip)
{
    const std::u16string java(u"a\u00e9\u20ac\0z", 5);  // 1-, 2-, 3-byte characters and a NUL
    std::string utf8;
    std::size_t bad = 0;
    ASSERT_TRUE(utf8_from_java(java, utf8, bad));
    EXPECT_EQ(utf8, std::string("a\xC3\xA9\xE2\x82\xAC\0z", 8));
    std::u16string back;
    java_from_utf8(utf8, back);
    EXPECT_EQ(back, java);
}

TEST(JavaText, AnUnpairedSurrogateIsReportedWithItsIndex)
{
    std::string utf8;
    std::size_t bad = 99;
    // A high surrogate with no low one after it.
    EXPECT_FALSE(utf8_from_java(std::u16string{u'a', u'b', char16_t{0xD83D}, u'c'}, utf8, bad));
    EXPECT_EQ(bad, 2u);
    EXPECT_FALSE(utf8_from_java(u"\xDE00", utf8, bad));  // low surrogate alone
    EXPECT_EQ(bad, 0u);
    EXPECT_FALSE(utf8_from_java(u"x\xD83D", utf8, bad));  // high surrogate at the end
    EXPECT_EQ(bad, 1u);
}

TEST(JavaText, InvalidUtf8BecomesReplacementCharacters)
{
    std::u16string java;
    java_from_utf8(std::string{'a', '\xFF', 'b'}, java);
    EXPECT_EQ(java, u"a\uFFFDb");
}

}  // namespace
