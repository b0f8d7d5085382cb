// SPDX-License-Identifier: Apache-2.0
#include "recording/block_decoder.h"
#include "recording/block_encoder.h"
#include "recording/crc32c.h"
#include "recording_samples.h"

#include <gtest/gtest.h>

#include <string_view>

namespace wpo::recording {
namespace {

TEST(Crc32c, CheckValueOfTheNineDigits)
{
    constexpr std::string_view digits = "123456789";
    EXPECT_EQ(crc32c(std::as_bytes(std::span<const char>(digits.data(), digits.size()))), 0xE3069283u);
}

TEST(Crc32c, ContinuesOverPieces)
{
    constexpr std::string_view digits = "123456789";
    const auto bytes = std::as_bytes(std::span<const char>(digits.data(), digits.size()));
    EXPECT_EQ(crc32c(bytes.subspan(4), crc32c(bytes.first(4))), crc32c(bytes));
}

TEST(BlockCodec, RoundTripIsByteExactAndDeltasAreSmall)
{
    const auto samples = test::machine_samples(12);
    ASSERT_EQ(samples.size(), 12u);
    BlockEncoder encoder;
    BlockDecoder decoder;
    std::size_t key_bytes = 0;
    std::size_t delta_bytes = 0;
    std::size_t deltas = 0;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        if (i % 4 == 0) {
            encoder.start_chunk();
            decoder.start_chunk();
        }
        std::vector<std::byte> frame;
        auto kind = encoder.encode(test::kMachineQuery, samples[i].block, frame);
        ASSERT_TRUE(kind) << kind.error().describe();
        EXPECT_EQ(*kind, i % 4 == 0 ? BlockKind::key : BlockKind::delta) << i;
        (*kind == BlockKind::key ? key_bytes : delta_bytes) += frame.size();
        deltas += *kind == BlockKind::delta;
        auto back =
            decoder.decode(test::kMachineQuery, *kind, frame, static_cast<std::uint32_t>(samples[i].block.size()));
        ASSERT_TRUE(back) << back.error().describe();
        ASSERT_TRUE(std::equal(back->begin(), back->end(), samples[i].block.begin(), samples[i].block.end())) << i;
    }
    // Three key blocks, nine deltas: a delta costs less than a key block.
    EXPECT_LT(delta_bytes / deltas, key_bytes / 3);
}

TEST(BlockCodec, QueriesAreSeparateStreams)
{
    const auto samples = test::machine_samples(2);
    BlockEncoder encoder;
    std::vector<std::byte> frame;
    ASSERT_EQ(*encoder.encode("238", samples[0].block, frame), BlockKind::key);
    ASSERT_EQ(*encoder.encode("230", samples[1].block, frame), BlockKind::key);
    ASSERT_EQ(*encoder.encode("238", samples[1].block, frame), BlockKind::delta);
}

TEST(BlockCodec, DeltaWithoutKeyBlockIsAnError)
{
    const auto samples = test::machine_samples(2);
    BlockEncoder encoder;
    std::vector<std::byte> key, delta;
    ASSERT_TRUE(encoder.encode("238", samples[0].block, key));
    ASSERT_TRUE(encoder.encode("238", samples[1].block, delta));
    BlockDecoder decoder;
    auto back = decoder.decode("238", BlockKind::delta, delta, static_cast<std::uint32_t>(samples[1].block.size()));
    ASSERT_FALSE(back);
    EXPECT_EQ(back.error().code(), Errc::invalid_state);
}

TEST(BlockCodec, WrongLengthOrDamagedFrameIsAnError)
{
    const auto samples = test::machine_samples(1);
    BlockEncoder encoder;
    std::vector<std::byte> frame;
    ASSERT_TRUE(encoder.encode("238", samples[0].block, frame));
    const auto size = static_cast<std::uint32_t>(samples[0].block.size());
    BlockDecoder decoder;
    EXPECT_FALSE(decoder.decode("238", BlockKind::key, frame, size + 1));
    EXPECT_FALSE(decoder.decode("238", BlockKind::key, frame, 0));
    EXPECT_FALSE(decoder.decode("238", static_cast<BlockKind>(7), frame, size));
    std::vector<std::byte> damaged = frame;
    damaged[damaged.size() / 2] ^= std::byte{0x5A};
    damaged.resize(damaged.size() - 3);
    EXPECT_FALSE(decoder.decode("238", BlockKind::key, damaged, size));
    EXPECT_TRUE(decoder.decode("238", BlockKind::key, frame, size));
}

}  // namespace
}  // namespace wpo::recording
