// SPDX-License-Identifier: Apache-2.0
// Replay through snapshot entities: the values decoded from a recording equal
// the values the same entities decode from the original blocks, served in
// the same order by a plain in-memory source.
#include "query/platform_source.h"
#include "recording/recording_writer.h"
#include "recording/replay_source.h"
#include "recording_samples.h"
#include "snapshot/snapshot.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <thread>

namespace wpo::recording {
namespace {

using test::Sample;

// The original blocks, one at a time: what a decoder reads without any recording.
class BlockListSource : public Source {
public:
    explicit BlockListSource(std::vector<Sample> samples, NameTable names = {})
        : m_samples(std::move(samples)), m_names(std::move(names))
    {}
    Status collect(std::string_view, std::vector<std::byte>& buffer) override
    {
        buffer = m_samples[m_at].block;
        return {};
    }
    Result<NameTable> load_names() override { return m_names; }
    void next() { ++m_at; }
    std::chrono::nanoseconds now() const
    {
        const RecordTimes& t = m_samples[m_at].times;
        return std::chrono::nanoseconds(static_cast<std::int64_t>(static_cast<long double>(t.perf_time) * 1e9L /
                                                                  static_cast<long double>(t.perf_freq)));
    }
    static std::chrono::nanoseconds clock(void* self) { return static_cast<BlockListSource*>(self)->now(); }

private:
    std::vector<Sample> m_samples;
    NameTable m_names;
    std::size_t m_at = 0;
};

std::filesystem::path record(const std::string& name, const std::vector<Sample>& samples, const char* query)
{
    const auto path = test::temp_path(name);
    WriterOptions options;
    options.max_blocks_per_chunk = 4;
    auto writer = RecordingWriter::create(path.string(), {"testbox", "Linux", test::machine_names()}, options);
    EXPECT_TRUE(writer);
    for (const Sample& s : samples)
        EXPECT_TRUE(writer->append(query, s.block, s.times));
    EXPECT_TRUE(writer->close());
    return path;
}

// One entity's values after each of the samples after the first.
template <class Step>
std::vector<std::vector<CalculatedValue>> run(Source& source, PerfObjectCache& cache,
                                              std::span<const CounterRequest> requests, std::size_t steps, Step step)
{
    SharedSource shared(source);
    SnapshotOptions options;
    options.cache = &cache;
    options.collect_only_requested = true;  // narrowed queries: the replay answers with whole objects
    auto snapshot = Snapshot::create(shared, SnapshotType::custom, requests, options);
    EXPECT_TRUE(snapshot) << snapshot.error().describe();
    std::vector<std::vector<CalculatedValue>> out;
    for (std::size_t i = 0; i < steps; ++i) {
        step();
        EXPECT_TRUE((*snapshot)->prepare());
        auto sampled = (*snapshot)->sample();
        EXPECT_TRUE(sampled) << sampled.error().describe();
        auto decoded = (*snapshot)->decode();
        EXPECT_TRUE(decoded) << decoded.error().describe();
        std::vector<CalculatedValue> values;
        EXPECT_TRUE((*snapshot)->copy_values(values));
        out.push_back(std::move(values));
    }
    return out;
}

void expect_same_values(const std::vector<std::vector<CalculatedValue>>& replayed,
                        const std::vector<std::vector<CalculatedValue>>& original)
{
    ASSERT_EQ(replayed.size(), original.size());
    for (std::size_t s = 0; s < original.size(); ++s) {
        ASSERT_EQ(replayed[s].size(), original[s].size()) << "sample " << s;
        for (std::size_t v = 0; v < original[s].size(); ++v) {
            const CalculatedValue& r = replayed[s][v];
            const CalculatedValue& o = original[s][v];
            EXPECT_EQ(r.object_index, o.object_index);
            EXPECT_EQ(r.counter_index, o.counter_index);
            EXPECT_EQ(r.instance, o.instance);
            EXPECT_EQ(r.value.status, o.value.status);
            if (o.value.valid()) {
                EXPECT_EQ(r.value.as_double(), o.value.as_double()) << "sample " << s << " value " << v;
            }
        }
    }
}

TEST(ReplaySource, SnapshotValuesEqualThoseOfTheOriginalBlocks)
{
    constexpr std::size_t kSamples = 12;
    const auto samples = test::machine_samples(kSamples);
    const auto path = record("replay", samples, test::kMachineQuery);

    // A narrowed request (one counter of Processor, one of Process) is
    // answered from the whole recorded objects.
    const CounterRequest requests[] = {{wpo::test::kProcessor, wpo::test::kProcessorTime},
                                       {wpo::test::kProcess, wpo::test::kProcessorTime}};

    BlockListSource originals(samples);
    PerfObjectCache original_cache(CacheOptions{std::chrono::milliseconds(500), &BlockListSource::clock, &originals});
    const auto want = run(originals, original_cache, requests, kSamples - 1, [&] { originals.next(); });

    auto replay = ReplaySource::open(path.string());
    ASSERT_TRUE(replay) << replay.error().describe();
    ASSERT_TRUE(*(*replay)->next());
    PerfObjectCache replay_cache(CacheOptions{std::chrono::milliseconds(500), &ReplaySource::clock, replay->get()});
    const auto got = run(**replay, replay_cache, requests, kSamples - 1, [&] { ASSERT_TRUE(*(*replay)->next()); });
    expect_same_values(got, want);

    // And by formula: "burner" burns a quarter of a CPU, so its
    // % Processor Time is 25 in every interval.
    std::size_t burner_values = 0;
    for (const auto& values : got) {
        for (const CalculatedValue& v : values) {
            if (v.object_index == wpo::test::kProcess && v.instance == 1 && v.value.valid()) {
                EXPECT_NEAR(v.value.as_double(), 25.0, 1e-9);
                ++burner_values;
            }
        }
    }
    EXPECT_EQ(burner_values, got.size());
    EXPECT_FALSE(*(*replay)->next());  // past the last record
    std::filesystem::remove(path);
}

TEST(ReplaySource, ServesTheRecordedNamesAndSeeks)
{
    const auto samples = test::machine_samples(10);
    const auto path = record("names", samples, test::kMachineQuery);
    auto replay = ReplaySource::open(path.string());
    ASSERT_TRUE(replay);
    auto names = (*replay)->load_names();
    ASSERT_TRUE(names);
    EXPECT_EQ(names->name(238), "Processor");

    std::vector<std::byte> block;
    EXPECT_EQ((*replay)->collect("238", block).error().code(), Errc::invalid_state);  // before next()
    auto found = (*replay)->seek(samples[6].times.time_100ns - 1);
    ASSERT_TRUE(found);
    ASSERT_TRUE(*found);
    ASSERT_TRUE((*replay)->collect("238/12:6", block));
    EXPECT_EQ(block, samples[6].block);
    ASSERT_TRUE(*(*replay)->next());
    ASSERT_TRUE((*replay)->collect("Global", block));
    EXPECT_EQ(block, samples[7].block);
    // Costly: the header alone, so nothing is listed twice.
    ASSERT_TRUE((*replay)->collect("Costly", block));
    auto costly = BlockView::parse(block);
    ASSERT_TRUE(costly) << costly.error().describe();
    EXPECT_EQ(costly->object_count(), 0u);
    EXPECT_EQ(costly->header().perf_time, samples[7].times.perf_time);
    EXPECT_FALSE(*(*replay)->seek(samples[9].times.time_100ns + 1));
    std::filesystem::remove(path);
}

TEST(ReplaySource, RealProcfsReplaysLikeTheOriginals)
{
    auto source = query::make_platform_source();
    ASSERT_TRUE(source);
    std::vector<Sample> samples;
    for (int i = 0; i < 4; ++i) {
        Sample s;
        ASSERT_TRUE((*source)->collect("238 4 2", s.block));
        auto view = BlockView::parse(s.block);
        ASSERT_TRUE(view);
        s.times = RecordTimes::of(view->header());
        samples.push_back(std::move(s));
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    const auto path = record("procfs-replay", samples, "238 4 2");
    const CounterRequest requests[] = {{238, 0}, {4, 0}, {2, 0}};

    BlockListSource originals(samples);
    PerfObjectCache original_cache(CacheOptions{std::chrono::milliseconds(500), &BlockListSource::clock, &originals});
    const auto want = run(originals, original_cache, requests, 3, [&] { originals.next(); });

    auto replay = ReplaySource::open(path.string());
    ASSERT_TRUE(replay);
    ASSERT_TRUE(*(*replay)->next());
    PerfObjectCache replay_cache(CacheOptions{std::chrono::milliseconds(500), &ReplaySource::clock, replay->get()});
    const auto got = run(**replay, replay_cache, requests, 3, [&] { ASSERT_TRUE(*(*replay)->next()); });
    ASSERT_FALSE(want.empty());
    EXPECT_FALSE(want.front().empty());
    expect_same_values(got, want);
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace wpo::recording
