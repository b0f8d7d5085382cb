// SPDX-License-Identifier: Apache-2.0
// The plain API's sampler below JNI, over the snapshot tests' TestMachine:
// wildcard columns follow the instances, every sample has its data's time,
// scratch is sized by the data and a short array gets a short copy.
#include "native/bridge.h"
#include "native/path_sampler.h"
#include "../snapshot/test_machine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace perfscope::jni {
namespace {

using namespace wpo::test;

class Forward final : public wpo::Source {
public:
    explicit Forward(wpo::Source& s) : m_s(s) {}
    wpo::Status collect(std::string_view q, std::vector<std::byte>& b) override { return m_s.collect(q, b); }
    wpo::Result<wpo::NameTable> load_names() override
    {
        wpo::NameTable names;
        names.set_name(kSystem, "System");
        names.set_name(kProcessor, "Processor");
        names.set_name(kProcess, "Process");
        names.set_name(kThread, "Thread");
        names.set_name(kProcessorTime, "% Processor Time");
        names.set_name(kIdProcess, "ID Process");
        names.set_name(kIdThread, "ID Thread");
        names.set_name(kWorkingSet, "Working Set");
        names.set_name(kElapsedTime, "Elapsed Time");
        names.set_name(kProcesses, "Processes");
        names.set_name(kContextSwitches, "Context Switches/sec");
        return names;
    }

private:
    wpo::Source& m_s;
};

struct PathSamplerTest : ::testing::Test {
    TestMachine machine;
    wpo::PerfObjectCache cache;
    std::unique_ptr<Bridge> bridge;
    std::string message;

    void SetUp() override
    {
        machine.start_process("bash", 100, 0.25);
        machine.start_process("java", 200, 0.5);
        wpo::SnapshotOptions options;
        options.cache = &cache;
        bridge = std::make_unique<Bridge>(std::make_unique<Forward>(machine.source()), options);
    }

    int open(std::vector<std::string> paths)
    {
        const int h = bridge->open_sampler(paths, message);
        EXPECT_GT(h, 0) << message;
        return h;
    }

    std::vector<std::string> headers(int h)
    {
        std::vector<std::string> out;
        std::vector<std::int32_t> paths;
        EXPECT_GE(bridge->sampler_columns(h, out, paths), 0);
        return out;
    }

    // The machine's clock as the sampler reports it: 100 ns since 1601 -> ns since 1970.
    std::int64_t machine_epoch_ns()
    {
        return (machine.source().times().perf_time_100ns - 116'444'736'000'000'000) * 100;
    }
};

// A sample that happened: 0, or an anomaly (instances came or went).
bool ok(int c)
{
    return c == code::ok || c == code::anomaly;
}

bool has(const std::vector<std::string>& list, const std::string& item)
{
    return std::find(list.begin(), list.end(), item) != list.end();
}

TEST_F(PathSamplerTest, WildcardColumnsFollowInstancesThatStartAndEnd)
{
    const int h = open({"\\Process(java:200)\\% Processor Time", "\\Process(*)\\ID Process"});
    ASSERT_EQ(headers(h).size(), 3u);
    std::vector<double> values(8);
    PathSampler::Sample sample;

    machine.advance(1.0);
    ASSERT_TRUE(ok(bridge->sampler_sample(h, values, sample, message))) << message;
    EXPECT_FALSE(sample.columns_changed) << "nothing started or ended";
    EXPECT_EQ(sample.columns, 3u);

    machine.start_process("cc", 300, 0.1);
    machine.advance(1.0);
    ASSERT_TRUE(ok(bridge->sampler_sample(h, values, sample, message))) << message;
    EXPECT_TRUE(sample.columns_changed);
    ASSERT_EQ(sample.columns, 4u);
    auto now = headers(h);
    EXPECT_EQ(now[0], "\\Process(java:200)\\% Processor Time") << "a named instance keeps its column";
    EXPECT_TRUE(has(now, "\\Process(cc:300)\\ID Process"));

    machine.advance(1.0);
    ASSERT_TRUE(ok(bridge->sampler_sample(h, values, sample, message))) << message;
    EXPECT_FALSE(sample.columns_changed);
    now = headers(h);
    const auto cc = std::find(now.begin(), now.end(), "\\Process(cc:300)\\ID Process") - now.begin();
    EXPECT_EQ(values[static_cast<std::size_t>(cc)], 300.0);
    EXPECT_NEAR(values[0], 50.0, 1e-9);

    machine.end_process(300);
    machine.end_process(200);
    machine.advance(1.0);
    ASSERT_TRUE(ok(bridge->sampler_sample(h, values, sample, message))) << message;
    EXPECT_TRUE(sample.columns_changed);
    now = headers(h);
    EXPECT_EQ(now,
              (std::vector<std::string>{"\\Process(java:200)\\% Processor Time", "\\Process(bash:100)\\ID Process"}));
    EXPECT_TRUE(std::isnan(values[0])) << "the named instance has gone: NaN";
    EXPECT_EQ(values[1], 100.0);
    EXPECT_EQ(bridge->close_sampler(h), code::ok);
}

TEST_F(PathSamplerTest, EveryCounterOfAWildcardAndAWildcardUnderAParentFollowToo)
{
    // Process has 4 counters in the TestMachine; Thread one instance per process (TID = PID + 1).
    const int h = open({"\\Process(*)\\*", "\\Thread(java:200/*)\\ID Thread"});
    constexpr std::size_t kProcessCounters = 4;
    ASSERT_EQ(headers(h).size(), 2 * kProcessCounters + 1);
    std::vector<double> values(16);
    PathSampler::Sample sample;
    machine.start_process("cc", 300);
    machine.advance(1.0);
    ASSERT_TRUE(ok(bridge->sampler_sample(h, values, sample, message))) << message;
    EXPECT_TRUE(sample.columns_changed);
    EXPECT_EQ(sample.columns, 3 * kProcessCounters + 1) << "cc's counters; java:200 still has one thread";
    auto now = headers(h);
    EXPECT_TRUE(has(now, "\\Process(cc:300)\\Working Set"));
    EXPECT_EQ(now.back(), "\\Thread(java:200/201)\\ID Thread");
    machine.advance(1.0);
    ASSERT_TRUE(ok(bridge->sampler_sample(h, values, sample, message))) << message;
    EXPECT_FALSE(sample.columns_changed);
    EXPECT_EQ(values[sample.columns - 1], 201.0);
    EXPECT_EQ(bridge->close_sampler(h), code::ok);
}

TEST_F(PathSamplerTest, EverySampleCarriesItsDataTime)
{
    const int h = open({"\\Process(*)\\ID Process", "\\Processor(_Total)\\% Processor Time"});
    std::vector<double> values(4);
    PathSampler::Sample sample;
    machine.advance(2.5);
    ASSERT_TRUE(ok(bridge->sampler_sample(h, values, sample, message))) << message;
    EXPECT_EQ(sample.collected_ns, machine_epoch_ns());

    // A snapshot's time is its last decode's.
    InputInfo input{true, static_cast<std::int32_t>(kProcess), 0};
    const int s = bridge->create(2, std::span<const InputInfo>(&input, 1), false);
    ASSERT_GT(s, 0);
    machine.advance(1.0);
    EXPECT_EQ(bridge->prepare(s), code::ok);
    EXPECT_TRUE(ok(bridge->sample(s)));
    EXPECT_EQ(bridge->decode(s), code::ok);
    std::int64_t collected = 0;
    EXPECT_EQ(bridge->collection_time(s, collected), code::ok);
    EXPECT_EQ(collected, machine_epoch_ns());
    EXPECT_EQ(bridge->set_max_age(s, -2), code::invalid_argument);
    EXPECT_EQ(bridge->set_max_age(s, -1), code::ok);
    EXPECT_EQ(bridge->set_max_age(s, 0), code::ok);
    EXPECT_EQ(bridge->set_max_age(-5, 0), code::invalid_handle);
    EXPECT_EQ(bridge->destroy(s), code::ok);

    EXPECT_EQ(bridge->sampler_set_max_age(h, -2, message), code::invalid_argument);
    EXPECT_NE(message.find("negative"), std::string::npos) << message;
    EXPECT_EQ(bridge->sampler_set_max_age(h, 0, message), code::ok);
    EXPECT_EQ(bridge->close_sampler(h), code::ok);
}

TEST_F(PathSamplerTest, ScratchIsSizedByTheDataAndAShortArrayGetsAShortCopy)
{
    const int h = open({"\\Process(*)\\ID Process", "\\Process(*)\\Working Set"});
    machine.advance(1.0);
    // No array at all: the sample still happens into the sampler's own storage.
    PathSampler::Sample sample;
    ASSERT_TRUE(ok(bridge->sampler_sample(h, std::span<double>(), sample, message))) << message;
    ASSERT_EQ(sample.columns, 4u);
    double one[1] = {-1.0};
    EXPECT_EQ(bridge->sampler_values(h, one), 4) << "a short copy says how many there are";
    EXPECT_EQ(one[0], 100.0);
    std::vector<double> all(4);
    EXPECT_EQ(bridge->sampler_values(h, all), 4);
    EXPECT_EQ(all, (std::vector<double>{100.0, 200.0, 100.0 * 4096, 200.0 * 4096}));
    // The older call names the problem when the array is too small.
    EXPECT_EQ(bridge->sampler_sample(h, std::span<double>(all.data(), 3), false, message), code::buffer_too_small);
    EXPECT_NE(message.find("holds 3 of 4"), std::string::npos) << message;
    EXPECT_EQ(bridge->sampler_values(-3, all), code::invalid_handle);

    // Value keys: capacities checked, the keys laid out by the values' count.
    InputInfo input{true, static_cast<std::int32_t>(kProcess), static_cast<std::int32_t>(kIdProcess)};
    const int s = bridge->create(2, std::span<const InputInfo>(&input, 1), false);
    ASSERT_GT(s, 0);
    machine.advance(1.0);
    EXPECT_EQ(bridge->prepare(s), code::ok);
    EXPECT_TRUE(ok(bridge->sample(s)));
    EXPECT_EQ(bridge->decode(s), code::ok);
    std::span<const std::int32_t> keys;
    EXPECT_EQ(bridge->value_keys(s, 2, 2, 1, keys), code::buffer_too_small);
    EXPECT_EQ(bridge->value_keys(s, 2, -1, 2, keys), code::null_argument);
    ASSERT_EQ(bridge->value_keys(s, 1000, 1000, 1000, keys), 2);
    ASSERT_EQ(keys.size(), 6u);
    EXPECT_EQ(keys[0], static_cast<std::int32_t>(kProcess));
    EXPECT_EQ(keys[2], static_cast<std::int32_t>(kIdProcess));
    EXPECT_EQ(keys[4], 0);
    EXPECT_EQ(keys[5], 1);
    EXPECT_EQ(bridge->destroy(s), code::ok);
    EXPECT_EQ(bridge->close_sampler(h), code::ok);
}

}  // namespace
}  // namespace perfscope::jni
