// SPDX-License-Identifier: Apache-2.0
// The bridge tells its source when it goes idle: once the last snapshot and
// sampler are gone, and only then, so that the JNI library keeps nothing open
// on behalf of an application that closed everything.
#include "native/bridge.h"
#include "../snapshot/test_machine.h"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

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
        names.set_name(kProcess, "Process");
        names.set_name(kProcessorTime, "% Processor Time");
        names.set_name(kIdProcess, "ID Process");
        return names;
    }

private:
    wpo::Source& m_s;
};

struct BridgeIdleTest : ::testing::Test {
    TestMachine machine;
    wpo::PerfObjectCache cache;
    std::unique_ptr<Bridge> bridge;
    std::atomic<int> releases{0};

    void SetUp() override
    {
        machine.start_process("java", 200, 0.5);
        wpo::SnapshotOptions options;
        options.cache = &cache;
        bridge = std::make_unique<Bridge>(std::make_unique<Forward>(machine.source()), options);
        bridge->set_idle_release([this] { releases.fetch_add(1); });
    }

    int snapshot()
    {
        std::vector<InputInfo> inputs = {{true, kProcess, 0}};
        return bridge->create(2, inputs, false);
    }
    int sampler()
    {
        std::string message;
        std::vector<std::string> paths = {"\\Process(java:200)\\% Processor Time"};
        return bridge->open_sampler(paths, message);
    }
};

TEST_F(BridgeIdleTest, TheLastSnapshotOrSamplerClosedReleasesOnce)
{
    const int s1 = snapshot();
    const int s2 = snapshot();
    const int p1 = sampler();
    ASSERT_GT(s1, 0);
    ASSERT_GT(s2, 0);
    ASSERT_GT(p1, 0);
    EXPECT_EQ(bridge->destroy(s1), code::ok);
    EXPECT_EQ(bridge->close_sampler(p1), code::ok);
    EXPECT_EQ(releases.load(), 0) << "a snapshot is still open";
    EXPECT_EQ(bridge->destroy(s2), code::ok);
    EXPECT_EQ(releases.load(), 1);
    EXPECT_EQ(bridge->destroy(s2), code::invalid_handle);
    EXPECT_EQ(releases.load(), 1) << "a stale handle changes nothing";

    const int p2 = sampler();
    ASSERT_GT(p2, 0);
    EXPECT_EQ(bridge->close_sampler(p2), code::ok);
    EXPECT_EQ(releases.load(), 2) << "every time the bridge goes idle again";
}

TEST_F(BridgeIdleTest, AFailedOpenLeavesTheBridgeIdle)
{
    std::string message;
    std::vector<std::string> bad = {"\\Process(nobody)\\% Processor Time"};
    EXPECT_EQ(bridge->open_sampler(bad, message), code::not_found);
    std::vector<InputInfo> inputs = {{true, 999, 0}};
    EXPECT_LT(bridge->create(2, inputs, false), 0);
    EXPECT_EQ(releases.load(), 2) << "each attempt held the source, and let it go";
}

// ThreadCpu holds the source like a sampler, and lists its process's threads only.
TEST_F(BridgeIdleTest, AThreadCpuIsAUserAndListsOneProcessesThreads)
{
    machine.start_process("other", 300, 0.25);
    std::string message;
    const int h = bridge->open_thread_cpu(200, message);
    ASSERT_GT(h, 0) << message;
    EXPECT_EQ(bridge->live_thread_cpus(), 1u);
    std::vector<ThreadCpuReader::Row> rows;
    ASSERT_EQ(bridge->thread_cpu_sample(h, rows, message), 1) << message;
    EXPECT_EQ(rows[0].id, 201);  // the test machine's TID is pid + 1
    std::vector<std::string> names;
    EXPECT_EQ(bridge->thread_cpu_names(h, names), 1);
    EXPECT_EQ(bridge->thread_cpu_rows(h, rows), 1);
    EXPECT_EQ(releases.load(), 0);
    EXPECT_EQ(bridge->close_thread_cpu(h), code::ok);
    EXPECT_EQ(releases.load(), 1);
    EXPECT_EQ(bridge->close_thread_cpu(h), code::invalid_handle);
    EXPECT_EQ(bridge->thread_cpu_sample(h, rows, message), code::invalid_handle);
    EXPECT_EQ(bridge->thread_cpu_rows(h, rows), code::invalid_handle);
    EXPECT_EQ(bridge->thread_cpu_names(h, names), code::invalid_handle);
    EXPECT_EQ(bridge->open_thread_cpu(0, message), code::invalid_argument);
    EXPECT_EQ(releases.load(), 2) << "a failed open held the source, and let it go";
}

TEST_F(BridgeIdleTest, ThreadsOpeningAndClosingEndIdle)
{
    std::vector<std::thread> threads;
    std::atomic<int> failures{0};
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            for (int i = 0; i < 50; ++i) {
                const int h = (i % 2) ? sampler() : snapshot();
                if (h <= 0) {
                    failures.fetch_add(1);
                    continue;
                }
                const int c = (i % 2) ? bridge->close_sampler(h) : bridge->destroy(h);
                if (c != code::ok)
                    failures.fetch_add(1);
            }
        });
    }
    for (auto& t : threads)
        t.join();
    EXPECT_EQ(failures.load(), 0);
    EXPECT_EQ(bridge->live_snapshots(), 0u);
    EXPECT_EQ(bridge->live_samplers(), 0u);
    EXPECT_GE(releases.load(), 1);
    const int releases_before = releases.load();
    const int h = snapshot();
    ASSERT_GT(h, 0);
    EXPECT_EQ(bridge->destroy(h), code::ok);
    EXPECT_EQ(releases.load(), releases_before + 1) << "the count of users came back to zero exactly";
}

}  // namespace
}  // namespace perfscope::jni
