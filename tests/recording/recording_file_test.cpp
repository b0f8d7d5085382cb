// SPDX-License-Identifier: Apache-2.0
#include "format/object_query.h"
#include "query/platform_source.h"
#include "recording/recording_reader.h"
#include "recording/recording_writer.h"
#include "recording_samples.h"

#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace wpo::recording {
namespace {

using test::read_all;
using test::Sample;

// Five blocks a chunk, so 20 samples make four chunks.
WriterOptions small_chunks()
{
    WriterOptions options;
    options.max_blocks_per_chunk = 5;
    return options;
}

RecordingInfo machine_info()
{
    return {"testbox", "Linux", test::machine_names()};
}

std::filesystem::path write_recording(const std::string& name, const std::vector<Sample>& samples,
                                      WriterOptions options)
{
    const auto path = test::temp_path(name);
    auto writer = RecordingWriter::create(path.string(), machine_info(), options);
    EXPECT_TRUE(writer) << writer.error().describe();
    for (const Sample& s : samples)
        EXPECT_TRUE(writer->append(test::kMachineQuery, s.block, s.times));
    EXPECT_TRUE(writer->close());
    return path;
}

void expect_samples(const std::vector<RecordedBlock>& got, const std::vector<Sample>& want, std::size_t count)
{
    ASSERT_EQ(got.size(), count);
    for (std::size_t i = 0; i < count; ++i) {
        EXPECT_EQ(got[i].query, test::kMachineQuery);
        EXPECT_EQ(got[i].bytes, want[i].block) << "block " << i;
        EXPECT_EQ(got[i].times.time_100ns, want[i].times.time_100ns);
        EXPECT_EQ(got[i].times.perf_time, want[i].times.perf_time);
        EXPECT_EQ(got[i].times.perf_freq, want[i].times.perf_freq);
    }
}

TEST(RecordingFile, RoundTripIsBlockExactWithIndex)
{
    const auto samples = test::machine_samples(20);
    const auto path = write_recording("roundtrip", samples, small_chunks());
    auto reader = RecordingReader::open(path.string());
    ASSERT_TRUE(reader) << reader.error().describe();
    EXPECT_FALSE(reader->index_rebuilt());
    EXPECT_EQ(reader->info().machine, "testbox");
    EXPECT_EQ(reader->info().os, "Linux");
    EXPECT_EQ(reader->info().names.names(), test::machine_names().names());
    EXPECT_EQ(reader->info().names.helps(), test::machine_names().helps());
    ASSERT_EQ(reader->chunks().size(), 4u);
    for (std::size_t c = 0; c < 4; ++c) {
        EXPECT_EQ(reader->chunks()[c].first_time, samples[c * 5].times.time_100ns);
        EXPECT_EQ(reader->chunks()[c].last_time, samples[c * 5 + 4].times.time_100ns);
    }
    expect_samples(read_all(*reader), samples, samples.size());
    std::filesystem::remove(path);
}

TEST(RecordingFile, ChunksEndAfterTheirTimeSpan)
{
    // 1 s apart and a 3 s span: a chunk holds the blocks at 0, 1, 2, 3 s.
    const auto samples = test::machine_samples(10);
    WriterOptions options;
    options.max_chunk_span_100ns = 3 * 10'000'000LL;
    const auto path = write_recording("span", samples, options);
    auto reader = RecordingReader::open(path.string());
    ASSERT_TRUE(reader);
    ASSERT_EQ(reader->chunks().size(), 3u);  // 4 + 4 + 2
    std::vector<RecordedBlock> chunk;
    ASSERT_TRUE(reader->read_chunk(0, chunk));
    EXPECT_EQ(chunk.size(), 4u);
    EXPECT_EQ(chunk[0].kind, BlockKind::key);
    EXPECT_EQ(chunk[1].kind, BlockKind::delta);
    std::filesystem::remove(path);
}

TEST(RecordingFile, ChunkAtFindsTheChunkHoldingATime)
{
    const auto samples = test::machine_samples(20);
    const auto path = write_recording("seek", samples, small_chunks());
    auto reader = RecordingReader::open(path.string());
    ASSERT_TRUE(reader);
    EXPECT_EQ(reader->chunk_at(samples[0].times.time_100ns - 1), 0u);
    EXPECT_EQ(reader->chunk_at(samples[7].times.time_100ns), 1u);
    EXPECT_EQ(reader->chunk_at(samples[10].times.time_100ns), 2u);
    EXPECT_EQ(reader->chunk_at(samples[19].times.time_100ns + 10'000'000), 3u);
    std::filesystem::remove(path);
}

TEST(RecordingFile, MissingIndexIsRebuiltByWalking)
{
    const auto samples = test::machine_samples(20);
    // Not closed: the writer's destructor would write the index, so the file
    // is copied while the writer is still open.
    const auto path = test::temp_path("noindex");
    auto writer = RecordingWriter::create(path.string(), machine_info(), small_chunks());
    ASSERT_TRUE(writer);
    for (const Sample& s : samples)
        ASSERT_TRUE(writer->append(test::kMachineQuery, s.block, s.times));
    auto bytes = test::read_file(path);
    ASSERT_TRUE(writer->close());
    auto reader = RecordingReader::from_bytes(bytes);
    ASSERT_TRUE(reader) << reader.error().describe();
    EXPECT_TRUE(reader->index_rebuilt());
    EXPECT_FALSE(reader->damage_offset());
    ASSERT_EQ(reader->chunks().size(), 4u);
    expect_samples(read_all(*reader), samples, samples.size());

    // A closed file with its trailer cut off walks too, and stops at the index.
    auto closed = test::read_file(path);
    closed.resize(closed.size() - 1);
    auto cut = RecordingReader::from_bytes(closed);
    ASSERT_TRUE(cut);
    EXPECT_TRUE(cut->index_rebuilt());
    EXPECT_EQ(cut->chunks().size(), 4u);
    std::filesystem::remove(path);
}

TEST(RecordingFile, CutAtEveryOffsetOfTheLastChunkLosesOnlyThatChunk)
{
    const auto samples = test::machine_samples(15);
    const auto path = write_recording("cut", samples, small_chunks());
    const auto bytes = test::read_file(path);
    auto whole = RecordingReader::from_bytes(bytes);
    ASSERT_TRUE(whole);
    ASSERT_EQ(whole->chunks().size(), 3u);
    const std::size_t last = whole->chunks()[2].offset;
    std::size_t index_offset = 0;
    std::memcpy(&index_offset, bytes.data() + bytes.size() - 16, 8);
    for (std::size_t cut = last; cut < index_offset; ++cut) {
        std::vector<std::byte> head(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(cut));
        auto reader = RecordingReader::from_bytes(std::move(head));
        ASSERT_TRUE(reader) << "cut at " << cut;
        ASSERT_EQ(reader->chunks().size(), 2u) << "cut at " << cut;
        if (cut > last) {
            EXPECT_EQ(reader->damage_offset(), last) << "cut at " << cut;
        }
        if (cut == last || cut == last + 100) {
            expect_samples(read_all(*reader), samples, 10);
        }
    }
    std::filesystem::remove(path);
}

TEST(RecordingFile, CorruptChunkIsAnErrorForThatChunkAlone)
{
    const auto samples = test::machine_samples(15);
    const auto path = write_recording("crc", samples, small_chunks());
    auto bytes = test::read_file(path);
    auto sound = RecordingReader::from_bytes(bytes);
    ASSERT_TRUE(sound);
    const std::uint64_t middle = sound->chunks()[1].offset;
    bytes[middle + 40] ^= std::byte{0x01};
    auto reader = RecordingReader::from_bytes(bytes);
    ASSERT_TRUE(reader);
    std::vector<RecordedBlock> chunk;
    EXPECT_TRUE(reader->read_chunk(0, chunk));
    Status bad = reader->read_chunk(1, chunk);
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().code(), Errc::bad_signature);
    EXPECT_NE(bad.error().message().find("offset " + std::to_string(middle)), std::string::npos)
        << bad.error().message();
    EXPECT_NE(bad.error().message().find("CRC"), std::string::npos);
    ASSERT_TRUE(reader->read_chunk(2, chunk));
    EXPECT_EQ(chunk.front().bytes, samples[10].block);
    std::filesystem::remove(path);
}

TEST(RecordingFile, DamagedHeaderOrIndexIsHandled)
{
    const auto samples = test::machine_samples(10);
    const auto path = write_recording("header", samples, small_chunks());
    const auto bytes = test::read_file(path);
    for (std::size_t at : {std::size_t{0}, std::size_t{9}, std::size_t{14}, std::size_t{20}}) {
        auto damaged = bytes;
        damaged[at] ^= std::byte{0x10};
        EXPECT_FALSE(RecordingReader::from_bytes(damaged)) << "byte " << at;
    }
    // A damaged index is not trusted: the chunks are walked instead.
    auto damaged = bytes;
    damaged[damaged.size() - 20] ^= std::byte{0x10};
    auto reader = RecordingReader::from_bytes(damaged);
    ASSERT_TRUE(reader);
    EXPECT_TRUE(reader->index_rebuilt());
    expect_samples(read_all(*reader), samples, samples.size());
    std::filesystem::remove(path);
}

TEST(RecordingFile, NotARecordingIsRefused)
{
    EXPECT_EQ(RecordingReader::open(test::temp_path("absent").string()).error().code(), Errc::not_found);
    std::vector<std::byte> junk(100, std::byte{'x'});
    EXPECT_FALSE(RecordingReader::from_bytes(junk));
    EXPECT_FALSE(RecordingReader::from_bytes({}));
}

TEST(RecordingFile, RealProcfsBlocksRoundTrip)
{
    auto source = query::make_platform_source();
    ASSERT_TRUE(source) << source.error().describe();
    auto names = (*source)->load_names();
    ASSERT_TRUE(names);
    const auto path = test::temp_path("procfs");
    auto writer = RecordingWriter::create(path.string(), {"here", "Linux", *names}, small_chunks());
    ASSERT_TRUE(writer);
    std::vector<std::vector<std::byte>> originals;
    for (const char* query : {"Global", "Costly", "Global", "Costly", "Global", "Costly", "Global"}) {
        std::vector<std::byte> block;
        ASSERT_TRUE((*source)->collect(query, block));
        auto view = BlockView::parse(block);
        ASSERT_TRUE(view);
        ASSERT_TRUE(writer->append(query, block, RecordTimes::of(view->header())));
        originals.push_back(std::move(block));
    }
    ASSERT_TRUE(writer->close());
    auto reader = RecordingReader::open(path.string());
    ASSERT_TRUE(reader);
    EXPECT_EQ(reader->info().names.names(), names->names());
    const auto all = read_all(*reader);
    ASSERT_EQ(all.size(), originals.size());
    for (std::size_t i = 0; i < all.size(); ++i)
        EXPECT_EQ(all[i].bytes, originals[i]) << i;
    std::filesystem::remove(path);
}

// A write that fails (here: the file size limit, EFBIG, standing in for a
// full disk) ends the recording with the operating system's reason and
// leaves every chunk written before it readable. Runs in a child process,
// whose limit does not reach the test runner.
TEST(RecordingFile, FailedWriteLeavesTheChunksBeforeIt)
{
    const auto samples = test::machine_samples(40);
    // The limit falls inside the third chunk of the same recording written whole.
    const auto whole_path = write_recording("efbig-whole", samples, small_chunks());
    auto whole = RecordingReader::open(whole_path.string());
    ASSERT_TRUE(whole);
    ASSERT_GE(whole->chunks().size(), 4u);
    const auto file_limit = static_cast<rlim_t>(whole->chunks()[2].offset + 10);
    std::filesystem::remove(whole_path);
    const auto path = test::temp_path("efbig");
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        std::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{file_limit, file_limit};
        setrlimit(RLIMIT_FSIZE, &limit);
        auto writer = RecordingWriter::create(path.string(), machine_info(), small_chunks());
        if (!writer)
            _exit(3);
        for (const Sample& s : samples) {
            Status status = writer->append(test::kMachineQuery, s.block, s.times);
            if (!status) {
                const bool clear = status.error().code() == Errc::io_error &&
                                   status.error().message().find("too large") != std::string::npos;
                const bool refused = !writer->append(test::kMachineQuery, s.block, s.times);
                (void)writer->close();
                _exit(clear && refused ? 0 : 4);
            }
        }
        _exit(5);  // the limit was never reached
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    ASSERT_EQ(WEXITSTATUS(status), 0);
    auto reader = RecordingReader::open(path.string());
    ASSERT_TRUE(reader) << reader.error().describe();
    EXPECT_TRUE(reader->index_rebuilt());
    EXPECT_EQ(reader->damage_offset(), whole->chunks()[2].offset);
    ASSERT_EQ(reader->chunks().size(), 2u);
    const auto all = read_all(*reader);
    expect_samples(all, samples, reader->chunks().size() * 5);
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace wpo::recording
