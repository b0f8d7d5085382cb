// SPDX-License-Identifier: Apache-2.0
#include "core/utf.h"

#include <gtest/gtest.h>

#include <vector>

namespace wpo {
namespace {

std::string round_trip(std::string_view text)
{
    std::vector<std::byte> buffer(2 * utf16_length(text) + 2);
    const auto units = encode_utf16le(text, buffer.data());
    return utf16le_to_utf8(buffer.data(), units + 1);
}

TEST(Utf, RoundTrips)
{
    EXPECT_EQ(round_trip(""), "");
    EXPECT_EQ(round_trip("svchost"), "svchost");
    EXPECT_EQ(round_trip("Prozessorzeit (%) – ä"), "Prozessorzeit (%) – ä");
    EXPECT_EQ(round_trip("emoji 😀"), "emoji 😀");
    EXPECT_EQ(utf16_length("😀"), 2u);
}

TEST(Utf, InvalidInputBecomesReplacementCharacters)
{
    EXPECT_EQ(round_trip("\xff"), "\xEF\xBF\xBD");
    const std::byte lone_surrogate[] = {std::byte{0x00}, std::byte{0xD8}, std::byte{'a'}, std::byte{0}};
    EXPECT_EQ(utf16le_to_utf8(lone_surrogate, 2), "\xEF\xBF\xBD"
                                                  "a");
}

TEST(Utf, StopsAtNul)
{
    const std::byte text[] = {std::byte{'a'}, std::byte{0}, std::byte{0}, std::byte{0}, std::byte{'b'}, std::byte{0}};
    EXPECT_EQ(utf16le_to_utf8(text, 3), "a");
}

TEST(Utf, CaseInsensitiveAscii)
{
    EXPECT_TRUE(iequals("% Processor Time", "% processor time"));
    EXPECT_FALSE(iequals("Process", "Processor"));
}

}  // namespace
}  // namespace wpo
