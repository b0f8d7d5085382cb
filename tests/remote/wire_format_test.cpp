// SPDX-License-Identifier: Apache-2.0
// The bodies of the agent's answers: written and read back, and every cut or damaged body refused.
#include "remote/wire_format.h"

#include <gtest/gtest.h>

namespace wpo::remote {
namespace {

std::vector<std::byte> bytes_of(std::string_view text)
{
    const auto span = std::as_bytes(std::span<const char>(text.data(), text.size()));
    return {span.begin(), span.end()};
}

TEST(WireFormat, NamesRoundTrip)
{
    NamesReply reply{"box", "Linux", bytes_of(std::string("2\0S\0\0", 5)), bytes_of(std::string("3\0h\0\0", 5))};
    std::string body;
    write_names_reply(reply, body);
    // Magic and four length-prefixed fields.
    EXPECT_EQ(body.size(), 4 + 4 * 4 + 3 + 5 + 5 + 5);
    auto read = read_names_reply(body);
    ASSERT_TRUE(read) << read.error().message();
    EXPECT_EQ(read->machine, "box");
    EXPECT_EQ(read->os, "Linux");
    EXPECT_EQ(read->counter_table, reply.counter_table);
    EXPECT_EQ(read->help_table, reply.help_table);
}

TEST(WireFormat, BlockRoundTrip)
{
    const BlockReplyHeader header{0x1122334455667788ull, 42, recording::BlockKind::delta, 4096, -5};
    const std::vector<std::byte> frame = bytes_of("frame bytes");
    std::string body;
    write_block_reply(header, frame, body);
    EXPECT_EQ(body.size(), 40 + frame.size());
    auto read = read_block_reply(body);
    ASSERT_TRUE(read) << read.error().message();
    EXPECT_EQ(read->header.epoch, header.epoch);
    EXPECT_EQ(read->header.sequence, 42u);
    EXPECT_EQ(read->header.kind, recording::BlockKind::delta);
    EXPECT_EQ(read->header.raw_length, 4096u);
    EXPECT_EQ(read->header.collected_unix_ns, -5);
    EXPECT_TRUE(std::equal(read->frame.begin(), read->frame.end(), frame.begin(), frame.end()));
}

TEST(WireFormat, EveryCutBodyIsRefused)
{
    std::string names;
    write_names_reply({"m", "Linux", bytes_of("ab"), bytes_of("cd")}, names);
    for (std::size_t n = 0; n < names.size(); ++n)
        EXPECT_FALSE(read_names_reply(std::string_view(names).substr(0, n))) << "cut at " << n;
    EXPECT_FALSE(read_names_reply(names + "x"));
    std::string block;
    write_block_reply({1, 1, recording::BlockKind::key, 10, 0}, bytes_of("xyz"), block);
    for (std::size_t n = 0; n < block.size(); ++n)
        EXPECT_FALSE(read_block_reply(std::string_view(block).substr(0, n))) << "cut at " << n;
    EXPECT_FALSE(read_block_reply(block + "x"));
}

TEST(WireFormat, BadHeaderFieldsAreRefused)
{
    std::string zero_length;
    write_block_reply({1, 1, recording::BlockKind::key, 0, 0}, bytes_of("xyz"), zero_length);
    EXPECT_EQ(read_block_reply(zero_length).error().code(), Errc::out_of_bounds);
    std::string huge;
    write_block_reply({1, 1, recording::BlockKind::key, recording::kMaxBlockBytes + 1, 0}, bytes_of("x"), huge);
    EXPECT_EQ(read_block_reply(huge).error().code(), Errc::out_of_bounds);
    std::string kind;
    write_block_reply({1, 1, recording::BlockKind::key, 10, 0}, bytes_of("x"), kind);
    kind[20] = 7;  // after magic, epoch and sequence
    EXPECT_EQ(read_block_reply(kind).error().code(), Errc::unsupported);
    std::string frame_too_long;
    write_block_reply({1, 1, recording::BlockKind::key, 10, 0}, bytes_of("x"), frame_too_long);
    frame_too_long[36] = 9;  // the frame's length says 9, 1 byte follows
    EXPECT_EQ(read_block_reply(frame_too_long).error().code(), Errc::out_of_bounds);
    EXPECT_EQ(read_names_reply("PSB1").error().code(), Errc::bad_signature);
}

TEST(WireFormat, PercentEncodingRoundTrips)
{
    const std::string text = "230/1234:6,180 238&x=%+\x01\xff";
    const std::string encoded = percent_encode(text);
    EXPECT_EQ(encoded, "230/1234:6,180%20238%26x%3D%25%2B%01%FF");
    EXPECT_EQ(percent_encode("4 230/12:6,180"), "4%20230/12:6,180");
    auto decoded = percent_decode(encoded);
    ASSERT_TRUE(decoded);
    EXPECT_EQ(*decoded, text);
    EXPECT_EQ(*percent_decode("a+b"), "a+b");  // as cpp-httplib reads a query string
    EXPECT_FALSE(percent_decode("%"));
    EXPECT_FALSE(percent_decode("%4"));
    EXPECT_FALSE(percent_decode("%zz"));
    EXPECT_FALSE(percent_decode("ab%4"));
}

}  // namespace
}  // namespace wpo::remote
