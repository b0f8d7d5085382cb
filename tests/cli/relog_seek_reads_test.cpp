// SPDX-License-Identifier: Apache-2.0
// Seeking in a long recording reads only the chunks it needs: the bytes this
// process reads from files (rchar of /proc/self/io) around a seek are held to
// the sizes of the chunk holding the time and the one after it (a time after
// a chunk's last record is found at the next chunk's start), taken from the
// recording's index. The same for relog's input entered at -b.
#include "cli/relog_stream.h"
#include "format/block_view.h"
#include "recording/recording_reader.h"
#include "recording/replay_source.h"
#include "replay_seek_synth.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

constexpr std::uint64_t kSeconds = 3600;  // one hour of 1 s samples

class RelogSeekReads : public ::testing::Test {
protected:
    static inline fs::path file;
    static inline std::vector<std::uint64_t> chunk_bytes;  // per chunk, from the index's offsets
    static inline std::uint64_t header_bytes = 0;          // where the first chunk starts
    static inline std::uint64_t stdio_buffer = 0;          // what one buffered read may fetch

    static void SetUpTestSuite()
    {
        file = fs::temp_directory_path() / ("perfscope-seek-" + std::to_string(getpid()) + ".psrec");
        const wpo::Status made = perfscope::bench::ensure_synthetic_recording(file.string(), kSeconds, 5);
        ASSERT_TRUE(made) << made.error().describe();
        auto reader = wpo::recording::RecordingReader::open(file.string());
        ASSERT_TRUE(reader);
        const auto& chunks = reader->chunks();
        const std::uint64_t size = fs::file_size(file);
        header_bytes = chunks.front().offset;
        struct stat info {};
        ASSERT_EQ(stat(file.c_str(), &info), 0);
        stdio_buffer = std::max<std::uint64_t>(static_cast<std::uint64_t>(info.st_blksize), BUFSIZ);
        for (std::size_t c = 0; c < chunks.size(); ++c)
            chunk_bytes.push_back((c + 1 < chunks.size() ? chunks[c + 1].offset : size - 16) - chunks[c].offset);
    }
    static void TearDownTestSuite() { fs::remove(file); }

    // What reading chunk c (and c + 1, when there is one) may cost: the chunks,
    // and for each of the two reads of a chunk (its header, then the whole
    // chunk) a stdio buffer filled beyond what was asked.
    static std::uint64_t allowance(std::size_t c)
    {
        return chunk_bytes[c] + (c + 1 < chunk_bytes.size() ? chunk_bytes[c + 1] : 0) + 4 * stdio_buffer;
    }
};

TEST_F(RelogSeekReads, SeekReadsOnlyTheChunkItNeeds)
{
    auto source = wpo::recording::ReplaySource::open(file.string());
    ASSERT_TRUE(source);
    // Chunks of at most 10 s (the writer's default span) over an hour.
    ASSERT_GE(source->get()->reader().chunks().size(), kSeconds / 11);
    std::mt19937_64 random(20261126);
    std::uniform_int_distribution<std::int64_t> offset(0, static_cast<std::int64_t>(kSeconds - 1) * 10'000'000);
    for (int i = 0; i < 40; ++i) {
        const std::int64_t t = perfscope::bench::kSyntheticStart100ns + offset(random);
        const std::size_t c = *source->get()->reader().chunk_at(t);
        const std::uint64_t before = perfscope::bench::bytes_read_by_this_process();
        auto found = source->get()->seek(t);
        const std::uint64_t read = perfscope::bench::bytes_read_by_this_process() - before;
        ASSERT_TRUE(found && *found);
        // The first sample at or after t: samples are whole seconds from the start.
        const std::int64_t step = 10'000'000;
        const std::int64_t since = t - perfscope::bench::kSyntheticStart100ns;
        EXPECT_EQ(source->get()->current().times.time_100ns,
                  perfscope::bench::kSyntheticStart100ns + (since + step - 1) / step * step);
        EXPECT_TRUE(wpo::BlockView::parse(source->get()->current().bytes));
        EXPECT_GT(read, 0u);
        EXPECT_LE(read, allowance(c)) << "seek " << i << " to chunk " << c;
    }
}

TEST_F(RelogSeekReads, RelogEntersItsInputAtBegin)
{
    const std::uint64_t file_size = fs::file_size(file);
    const std::int64_t begin = perfscope::bench::kSyntheticStart100ns + 1800LL * 10'000'000 + 5'000'000;
    const std::uint64_t before = perfscope::bench::bytes_read_by_this_process();
    auto stream = perfscope::cli::RelogStream::open({file.string()}, {begin, begin + 25LL * 10'000'000, 1});
    ASSERT_TRUE(stream) << stream.error().describe();
    std::uint64_t records = 1;
    while (true) {
        auto more = (*stream)->next();
        ASSERT_TRUE(more);
        if (!*more)
            break;
        ++records;
    }
    const std::uint64_t read = perfscope::bench::bytes_read_by_this_process() - before;
    EXPECT_EQ(records, 25u);  // 1800.5 s .. 1825.5 s: samples 1801 to 1825
    // The header, the index and the chunks from 1800 s to 1830 s; far from the whole file.
    auto reader = wpo::recording::RecordingReader::open(file.string());
    const std::size_t c = *reader->chunk_at(begin);
    const std::uint64_t chunks = chunk_bytes[c] + chunk_bytes[c + 1] + chunk_bytes[c + 2] + chunk_bytes[c + 3];
    const std::uint64_t head_and_index = header_bytes + 8 + 24 * chunk_bytes.size() + 4 + 16;
    EXPECT_LE(read, head_and_index + chunks + 12 * stdio_buffer);
    EXPECT_LT(read, file_size / 8);
}

}  // namespace
