// SPDX-License-Identifier: Apache-2.0
// The writer's size cap: stopping at it, and (circular) keeping the newest
// chunks within it, the file a plain recording after every chunk.
#include "recording/recording_reader.h"
#include "recording/recording_writer.h"
#include "recording_samples.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace wpo::recording {
namespace {

using test::read_all;
using test::Sample;

RecordingInfo machine_info()
{
    return {"testbox", "Linux", test::machine_names()};
}

// The bytes of a recording of `samples` with `per_chunk` blocks a chunk and
// no cap, and the size of its header (the first chunk's offset).
struct Uncapped {
    std::uint64_t file_bytes = 0;
    std::uint64_t header_bytes = 0;
    std::uint64_t largest_chunk = 0;
};

Uncapped uncapped(const std::vector<Sample>& samples, std::uint32_t per_chunk)
{
    const auto path = test::temp_path("uncapped");
    WriterOptions options;
    options.max_blocks_per_chunk = per_chunk;
    {
        auto writer = RecordingWriter::create(path.string(), machine_info(), options);
        EXPECT_TRUE(writer);
        for (const Sample& s : samples)
            EXPECT_TRUE(writer->append(test::kMachineQuery, s.block, s.times));
        EXPECT_TRUE(writer->close());
    }
    auto reader = RecordingReader::open(path.string());
    EXPECT_TRUE(reader);
    Uncapped u;
    u.file_bytes = std::filesystem::file_size(path);
    u.header_bytes = reader->chunks().front().offset;
    const auto& chunks = reader->chunks();
    // The index starts where the last chunk ends: its entry count is known.
    const std::uint64_t index_offset = u.file_bytes - 16 - (4 + 4 + 24 * chunks.size() + 4);
    for (std::size_t i = 0; i < chunks.size(); ++i) {
        const std::uint64_t end = i + 1 < chunks.size() ? chunks[i + 1].offset : index_offset;
        u.largest_chunk = std::max(u.largest_chunk, end - chunks[i].offset);
    }
    std::filesystem::remove(path);
    return u;
}

TEST(RecordingCap, StopsBeforeTheChunkThatWouldNotFit)
{
    const auto samples = test::machine_samples(30);
    const Uncapped whole = uncapped(samples, 2);
    // Room for about half of the recording.
    WriterOptions options;
    options.max_blocks_per_chunk = 2;
    options.max_file_bytes = whole.header_bytes + (whole.file_bytes - whole.header_bytes) / 2;
    const auto path = test::temp_path("capped");
    auto writer = RecordingWriter::create(path.string(), machine_info(), options);
    ASSERT_TRUE(writer) << writer.error().describe();
    std::size_t accepted = 0;
    for (const Sample& s : samples) {
        Status status = writer->append(test::kMachineQuery, s.block, s.times);
        if (!status) {
            EXPECT_EQ(status.error().code(), Errc::too_large) << status.error().describe();
            EXPECT_NE(status.error().message().find("size cap"), std::string::npos);
            break;
        }
        ++accepted;
    }
    ASSERT_TRUE(writer->full());
    ASSERT_LT(accepted, samples.size());
    ASSERT_GT(accepted, 0u);
    EXPECT_FALSE(writer->append(test::kMachineQuery, samples.back().block, samples.back().times));
    ASSERT_TRUE(writer->close());
    const std::uint64_t size = std::filesystem::file_size(path);
    EXPECT_LE(size, options.max_file_bytes);
    // It stopped only when the next chunk could not fit: one more chunk of
    // the largest size would have crossed the cap.
    EXPECT_GT(size + whole.largest_chunk + 24, options.max_file_bytes);

    auto reader = RecordingReader::open(path.string());
    ASSERT_TRUE(reader) << reader.error().describe();
    EXPECT_FALSE(reader->index_rebuilt());
    const auto all = read_all(*reader);
    ASSERT_EQ(all.size(), accepted);
    for (std::size_t i = 0; i < accepted; ++i) {
        EXPECT_EQ(all[i].bytes, samples[i].block) << i;
        EXPECT_EQ(all[i].times.time_100ns, samples[i].times.time_100ns) << i;
    }
    std::filesystem::remove(path);
}

TEST(RecordingCap, CircularKeepsTheNewestChunksWithinTheCap)
{
    const auto samples = test::machine_samples(60);
    const Uncapped whole = uncapped(samples, 2);
    WriterOptions options;
    options.max_blocks_per_chunk = 2;
    options.circular = true;
    // A third of the recording's chunks, at least four of its largest chunks.
    options.max_file_bytes = whole.header_bytes + std::max<std::uint64_t>((whole.file_bytes - whole.header_bytes) / 3,
                                                                          4 * whole.largest_chunk + 1024);
    ASSERT_LT(options.max_file_bytes, whole.file_bytes / 2);
    const auto path = test::temp_path("circular");
    auto writer = RecordingWriter::create(path.string(), machine_info(), options);
    ASSERT_TRUE(writer) << writer.error().describe();
    for (const Sample& s : samples) {
        Status status = writer->append(test::kMachineQuery, s.block, s.times);
        ASSERT_TRUE(status) << status.error().describe();
        // Every moment within the cap (the index, written at close, was kept room for).
        EXPECT_LE(std::filesystem::file_size(path), options.max_file_bytes);
        EXPECT_EQ(std::filesystem::file_size(path), writer->file_bytes());
    }
    EXPECT_GT(writer->compactions(), 0u);
    EXPECT_GT(writer->written_bytes(), writer->file_bytes());
    const std::uint64_t dropped = writer->chunks_dropped();
    ASSERT_TRUE(writer->close());
    EXPECT_LE(std::filesystem::file_size(path), options.max_file_bytes);
    EXPECT_FALSE(std::filesystem::exists(path.string() + ".compacting"));

    auto reader = RecordingReader::open(path.string());
    ASSERT_TRUE(reader) << reader.error().describe();
    EXPECT_FALSE(reader->index_rebuilt());
    const auto all = read_all(*reader);
    // The newest samples, in order, ending with the last; the dropped chunks
    // of two blocks each were the oldest.
    ASSERT_EQ(all.size(), samples.size() - 2 * dropped);
    const std::size_t first = samples.size() - all.size();
    EXPECT_GT(first, 0u);
    for (std::size_t i = 0; i < all.size(); ++i) {
        EXPECT_EQ(all[i].bytes, samples[first + i].block) << i;
        EXPECT_EQ(all[i].times.time_100ns, samples[first + i].times.time_100ns) << i;
    }
    // At least half of the space after the header holds data when the last
    // compaction kept half of it and new chunks came after.
    EXPECT_GT(std::filesystem::file_size(path), whole.header_bytes + whole.largest_chunk);
    std::filesystem::remove(path);
}

TEST(RecordingCap, TooSmallCapsAreRefused)
{
    const auto path = test::temp_path("tiny");
    WriterOptions circular_without_cap;
    circular_without_cap.circular = true;
    EXPECT_FALSE(RecordingWriter::create(path.string(), machine_info(), circular_without_cap));
    WriterOptions tiny;
    tiny.max_file_bytes = 100;
    auto refused = RecordingWriter::create(path.string(), machine_info(), tiny);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message().find("too small"), std::string::npos) << refused.error().describe();

    // A circular cap that cannot hold four chunks of one sample: 64 KiB that
    // do not compress (the writer does not look inside blocks).
    std::vector<std::byte> noise(64 * 1024);
    std::uint32_t x = 2463534242u;
    for (std::byte& b : noise) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        b = static_cast<std::byte>(x);
    }
    WriterOptions small;
    small.circular = true;
    small.max_file_bytes = 64 * 1024;
    auto writer = RecordingWriter::create(path.string(), machine_info(), small);
    ASSERT_TRUE(writer) << writer.error().describe();
    Status status = writer->append(test::kMachineQuery, noise, RecordTimes{1, 1, 1});
    ASSERT_FALSE(status);
    EXPECT_EQ(status.error().code(), Errc::too_large);
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace wpo::recording
