// SPDX-License-Identifier: Apache-2.0
// org.perfscope.wpo.Recording below JNI: a recording written here with raw
// values given by formula, opened as a bridge of its own, its samplers
// stepped and sought through it; the values, rates and times by that formula.
// Also a sampler that samples on one thread while another moves the recording
// (run under TSan by the sanitizer presets).
#include "native/recording_bridge.h"

#include "format/block_view.h"
#include "format/counter_type.h"
#include "recording/recording_writer.h"
#include "test_source.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace perfscope::jni {
namespace {

constexpr std::int64_t k1601To1970 = 116'444'736'000'000'000;
constexpr std::int64_t kStartEpochSeconds = 1'709'294'400;  // 2024-03-01T12:00:00Z
constexpr std::int64_t kIntervalNs = 1'500'000'000;
constexpr int kSamples = 12;

std::int64_t time_ns(int sample)
{
    return kStartEpochSeconds * 1'000'000'000LL + kIntervalNs * sample;
}

double level(int i)
{
    return 1000.0 + 7.0 * i;
}

double turns(int i)
{
    return (50.0 * i * i - 50.0 * (i - 1) * (i - 1)) / (static_cast<double>(kIntervalNs) / 1e9);
}

std::filesystem::path temp_file(const std::string& name)
{
    static std::atomic<int> serial{0};
    const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
    return std::filesystem::temp_directory_path() /
           ("jni-recording-" + name + "-" + std::to_string(stamp) + "-" + std::to_string(serial++) + ".psrec");
}

// \Widgets\Level = 1000 + 7 i, \Widgets\Turns/sec counts 50 i^2, kIntervalNs apart, four samples a chunk.
void write_recording(const std::filesystem::path& path)
{
    wpo::NameTable names;
    names.set_name(1000, "Widgets");
    names.set_name(1002, "Level");
    names.set_name(1004, "Turns/sec");
    wpo::TestObject widgets;
    widgets.name_index = 1000;
    widgets.counters = {{1002, 1003, wpo::counter_type::PERF_COUNTER_LARGE_RAWCOUNT, 0},
                        {1004, 1005, wpo::counter_type::PERF_COUNTER_COUNTER, 0}};
    widgets.values = {0, 0};
    wpo::TestSource source({widgets}, names);
    source.times().perf_freq = 10'000'000;
    source.times().perf_time = 1'000'000'000;
    source.times().perf_time_100ns = kStartEpochSeconds * 10'000'000 + k1601To1970;

    wpo::recording::WriterOptions options;
    options.max_blocks_per_chunk = 4;
    auto writer = wpo::recording::RecordingWriter::create(path.string(), {"jnitest", "Linux", names}, options);
    ASSERT_TRUE(writer) << writer.error().describe();
    std::vector<std::byte> block;
    for (int i = 0; i < kSamples; ++i) {
        const auto n = static_cast<std::uint64_t>(i);
        source.find(1000)->values = {1000 + 7 * n, 50 * n * n};
        ASSERT_TRUE(source.collect("1000", block));
        auto view = wpo::BlockView::parse(block);
        ASSERT_TRUE(view);
        ASSERT_TRUE(writer->append("1000", block, wpo::recording::RecordTimes::of(view->header())));
        source.advance_seconds(static_cast<double>(kIntervalNs) / 1e9);
    }
    ASSERT_TRUE(writer->close());
}

struct RecordingBridgeTest : ::testing::Test {
    std::filesystem::path path = temp_file("widgets");
    std::shared_ptr<RecordingBridge> recording;
    std::string message;

    void SetUp() override
    {
        write_recording(path);
        auto opened = RecordingBridge::open(path.string());
        ASSERT_TRUE(opened) << opened.error().describe();
        recording = std::move(*opened);
    }

    void TearDown() override
    {
        recording.reset();
        std::filesystem::remove(path);
    }

    int open_sampler(std::vector<std::string> paths)
    {
        const int handle = recording->bridge().open_sampler(paths, message);
        EXPECT_GT(handle, 0) << message;
        return handle;
    }

    std::vector<double> sample(int handle)
    {
        std::vector<double> values(8, -1.0);
        PathSampler::Sample s;
        const int c = recording->bridge().sampler_sample(handle, values, s, message);
        EXPECT_TRUE(c == code::ok || c == code::anomaly) << c << " " << message;
        values.resize(s.columns);
        last_time = s.collected_ns;
        return values;
    }

    std::int64_t last_time = 0;
};

TEST_F(RecordingBridgeTest, HeaderAndTimesFromTheFile)
{
    EXPECT_EQ(recording->info().machine, "jnitest");
    EXPECT_EQ(recording->info().os, "Linux");
    EXPECT_EQ(recording->info().first_ns, time_ns(0));
    EXPECT_EQ(recording->info().last_ns, time_ns(kSamples - 1));
    EXPECT_FALSE(recording->info().index_rebuilt);
    EXPECT_EQ(recording->time_ns(), time_ns(0));
}

TEST_F(RecordingBridgeTest, StepsThroughEverySample)
{
    const int handle = open_sampler({"\\Widgets\\Level", "\\Widgets\\Turns/sec"});
    for (int i = 1; i < kSamples; ++i) {
        auto moved = recording->next();
        ASSERT_TRUE(moved && *moved) << i;
        EXPECT_EQ(recording->time_ns(), time_ns(i));
        const auto values = sample(handle);
        ASSERT_EQ(values.size(), 2u);
        EXPECT_EQ(values[0], level(i)) << i;
        EXPECT_NEAR(values[1], turns(i), 1e-9) << i;
        EXPECT_EQ(last_time, time_ns(i));
    }
    auto past = recording->next();
    ASSERT_TRUE(past);
    EXPECT_FALSE(*past);
    EXPECT_EQ(recording->time_ns(), 0);
    // Past the end a sample fails; after a seek back the sampler reads again.
    std::vector<double> values(2);
    PathSampler::Sample s;
    const int c = recording->bridge().sampler_sample(handle, values, s, message);
    EXPECT_TRUE(c < 0 && c != code::anomaly) << c;
    auto back = recording->seek(time_ns(4));
    ASSERT_TRUE(back && *back);
    EXPECT_EQ(sample(handle)[0], level(4));
    ASSERT_TRUE(recording->next());
    const auto after = sample(handle);
    EXPECT_EQ(after[0], level(5));
    EXPECT_NEAR(after[1], turns(5), 1e-9);
}

TEST_F(RecordingBridgeTest, SamplingTwiceInPlaceReadsTheSameRecord)
{
    const int first = open_sampler({"\\Widgets\\Level"});
    const int second = open_sampler({"\\Widgets\\Level"});
    ASSERT_TRUE(recording->next());
    EXPECT_EQ(sample(first)[0], level(1));
    EXPECT_EQ(sample(second)[0], level(1));
    EXPECT_EQ(sample(first)[0], level(1));
}

TEST_F(RecordingBridgeTest, SeekForwardAndBackAcrossChunks)
{
    const int handle = open_sampler({"\\Widgets\\Level", "\\Widgets\\Turns/sec"});
    // Between samples 9 and 10 (the third chunk): 10.
    auto found = recording->seek(time_ns(9) + 1);
    ASSERT_TRUE(found && *found);
    EXPECT_EQ(recording->time_ns(), time_ns(10));
    EXPECT_EQ(sample(handle)[0], level(10));
    // Back to sample 2, then one step: the rate over one recorded interval.
    found = recording->seek(time_ns(2));
    ASSERT_TRUE(found && *found);
    EXPECT_EQ(sample(handle)[0], level(2));
    ASSERT_TRUE(recording->next());
    const auto values = sample(handle);
    EXPECT_EQ(values[0], level(3));
    EXPECT_NEAR(values[1], turns(3), 1e-9);
    // Any time at all: before the first sample, past the last, the extremes.
    found = recording->seek(std::numeric_limits<std::int64_t>::min());
    ASSERT_TRUE(found && *found);
    EXPECT_EQ(recording->time_ns(), time_ns(0));
    found = recording->seek(std::numeric_limits<std::int64_t>::max());
    ASSERT_TRUE(found);
    EXPECT_FALSE(*found);
    found = recording->seek(time_ns(kSamples - 1) + 1);
    ASSERT_TRUE(found);
    EXPECT_FALSE(*found);
}

TEST_F(RecordingBridgeTest, SamplingWhileAnotherThreadMoves)
{
    const int handle = open_sampler({"\\Widgets\\Level"});
    std::atomic<bool> done{false};
    std::thread mover([&] {
        for (int round = 0; round < 20; ++round) {
            (void)recording->seek(time_ns(0));
            while (true) {
                auto moved = recording->next();
                if (!moved || !*moved)
                    break;
            }
        }
        done = true;
    });
    std::vector<double> values(1);
    while (!done) {
        PathSampler::Sample s;
        // Past the end a sample fails; standing on a record it reads that record's level.
        const int c = recording->bridge().sampler_sample(handle, values, s, message);
        if ((c == code::ok || c == code::anomaly) && s.columns == 1 && !std::isnan(values[0])) {
            const double i = (values[0] - 1000.0) / 7.0;
            EXPECT_EQ(i, std::floor(i));
            EXPECT_GE(i, 0);
            EXPECT_LT(i, kSamples);
        }
    }
    mover.join();
}

TEST(RecordingBridgeOpen, BadFilesAreErrorsNamingTheFile)
{
    const auto missing = temp_file("missing");
    auto opened = RecordingBridge::open(missing.string());
    ASSERT_FALSE(opened);
    EXPECT_NE(opened.error().message().find(missing.string()), std::string::npos) << opened.error().describe();

    const auto text = temp_file("text");
    std::ofstream(text) << std::string(200, 'x');
    opened = RecordingBridge::open(text.string());
    ASSERT_FALSE(opened);
    EXPECT_EQ(code_of(opened.error()), code::failure) << opened.error().describe();
    EXPECT_NE(opened.error().message().find(text.string()), std::string::npos) << opened.error().describe();
    std::filesystem::remove(text);
}

}  // namespace
}  // namespace perfscope::jni
