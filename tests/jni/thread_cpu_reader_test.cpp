// SPDX-License-Identifier: Apache-2.0
// ThreadCpuReader (jni/native/thread_cpu_reader.h) over a copy of a captured
// /proc tree whose stat files the tests rewrite between samples: one
// process's threads only, cumulative CPU from the raw 100 ns timer, and a
// reused thread id that never gets the old thread's time.
#include "native/thread_cpu_reader.h"

#include "snapshot/shared_source.h"
#include "sources/procfs/procfs_clock.h"
#include "sources/procfs/procfs_source.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

using perfscope::jni::ThreadCpuReader;

constexpr std::uint32_t kPid = 12966;
constexpr std::int64_t kTick = 100'000;         // USER_HZ 100 in 100 ns units
constexpr std::int64_t kBtime = 1'795'335'363;  // proc/stat of the fixture
constexpr std::int64_t kMonotonic = 123'456'789'000;
constexpr std::int64_t kWall = wpo::kFiletimeUnixEpoch + 1'795'336'206LL * 10'000'000;

class SettableClock final : public wpo::ProcfsClock {
public:
    std::int64_t monotonic_ns() const override { return m_monotonic; }
    std::int64_t wall_filetime() const override { return m_wall; }
    void advance(std::int64_t units_100ns)
    {
        m_monotonic += units_100ns * 100;
        m_wall += units_100ns;
    }

private:
    std::int64_t m_monotonic = kMonotonic;
    std::int64_t m_wall = kWall;
};

class ThreadCpuReaderTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_root = std::filesystem::temp_directory_path() / ("thread-cpu-reader-" + std::to_string(getpid()));
        std::filesystem::remove_all(m_root);
        std::filesystem::copy(std::string(PERFSCOPE_FIXTURES_DIR) + "/proc-small", m_root,
                              std::filesystem::copy_options::recursive);
        wpo::ProcfsOptions options;
        options.proc_root = (m_root / "proc").string();
        options.sys_root = (m_root / "sys").string();
        options.fs_root.clear();
        options.clock = &m_clock;
        options.host_name = "FIXTURE";
        options.ticks_per_second = 100;
        m_source = std::make_unique<wpo::ProcfsSource>(options);
        m_shared = std::make_unique<wpo::SharedSource>(*m_source);
    }
    void TearDown() override { std::filesystem::remove_all(m_root); }

    std::filesystem::path task_stat(std::uint32_t tid) const
    {
        return m_root / "proc" / std::to_string(kPid) / "task" / std::to_string(tid) / "stat";
    }
    // Rewrites utime, stime and starttime of a thread's stat file (fields 14, 15, 22).
    void set_stat(std::uint32_t tid, std::uint64_t utime, std::uint64_t stime, std::uint64_t starttime) const
    {
        std::ifstream in(task_stat(tid));
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const std::size_t close = text.rfind(')');
        std::istringstream rest(text.substr(close + 2));
        std::vector<std::string> fields;
        for (std::string f; rest >> f;)
            fields.push_back(f);
        fields[11] = std::to_string(utime);  // the fields after the name start at 3 (state)
        fields[12] = std::to_string(stime);
        fields[19] = std::to_string(starttime);
        std::string out = text.substr(0, close + 2);
        for (std::size_t i = 0; i < fields.size(); ++i)
            out += (i ? " " : "") + fields[i];
        std::ofstream(task_stat(tid), std::ios::trunc) << out << '\n';
    }
    // The wall clock and /proc/uptime move on together.
    void advance(std::int64_t units_100ns)
    {
        m_clock.advance(units_100ns);
        m_uptime += static_cast<double>(units_100ns) / 1e7;
        std::ofstream(m_root / "proc" / "uptime", std::ios::trunc) << std::fixed << m_uptime << " 1113.43\n";
    }
    std::vector<ThreadCpuReader::Row> sample(ThreadCpuReader& reader)
    {
        std::vector<ThreadCpuReader::Row> rows;
        EXPECT_TRUE(reader.sample(rows).ok());
        return rows;
    }
    static const ThreadCpuReader::Row* row(const std::vector<ThreadCpuReader::Row>& rows, std::int64_t id)
    {
        for (const auto& r : rows)
            if (r.id == id)
                return &r;
        return nullptr;
    }

    SettableClock m_clock;
    double m_uptime = 843.66;
    std::filesystem::path m_root;
    std::unique_ptr<wpo::ProcfsSource> m_source;
    std::unique_ptr<wpo::SharedSource> m_shared;
};

TEST_F(ThreadCpuReaderTest, ListsTheThreadsOfOneProcessWithTheirCumulativeTime)
{
    auto reader = ThreadCpuReader::open(*m_shared, kPid);
    ASSERT_TRUE(reader.ok());
    std::vector<ThreadCpuReader::Row> rows;
    (*reader)->rows(rows);
    std::vector<std::int64_t> ids;
    for (const auto& r : rows)
        ids.push_back(r.id);
    // The tree's other processes (12968, 12970, ...) have threads too; none is listed.
    EXPECT_EQ(ids, (std::vector<std::int64_t>{12966, 13013, 13014, 13015}));
    std::vector<std::string> names;
    (*reader)->names(names);
    EXPECT_EQ(names, (std::vector<std::string>{"python3", "worker-1", "worker-2", "worker-3"}));
    // utime 3 + stime 1 ticks; the workers have none yet.
    EXPECT_EQ(row(rows, 12966)->cpu_100ns, (3 + 1) * kTick);
    EXPECT_EQ(row(rows, 13013)->cpu_100ns, 0);
    // Start: boot time as a FILETIME plus starttime ticks (84193 for the workers).
    EXPECT_EQ(row(rows, 13013)->start, wpo::kFiletimeUnixEpoch + kBtime * 10'000'000 + 84193 * kTick);
    for (const auto& r : rows)
        EXPECT_TRUE(std::isnan(r.percent)) << r.id << ": no previous sample";
}

TEST_F(ThreadCpuReaderTest, PercentOverTheIntervalAndNeverAnotherThreadsTime)
{
    auto opened = ThreadCpuReader::open(*m_shared, kPid);
    ASSERT_TRUE(opened.ok());
    ThreadCpuReader& reader = **opened;
    constexpr std::int64_t kInterval = 2 * 10'000'000;  // 2 s
    set_stat(13014, 70, 30, 84193);                     // 100 ticks = 1 s of CPU in 2 s
    // 13013 ended and a new thread got its id: another start, 150 ticks of its own.
    set_stat(13013, 150, 0, 84300);
    advance(kInterval);
    auto rows = sample(reader);
    ASSERT_EQ(rows.size(), 4u);
    EXPECT_DOUBLE_EQ(row(rows, 13014)->percent, 100.0 * 100 * kTick / kInterval);
    EXPECT_EQ(row(rows, 13014)->cpu_100ns, 100 * kTick);
    EXPECT_DOUBLE_EQ(row(rows, 12966)->percent, 0.0);
    EXPECT_TRUE(std::isnan(row(rows, 13013)->percent)) << "a reused id is a new thread";
    EXPECT_EQ(row(rows, 13013)->cpu_100ns, 150 * kTick);
    EXPECT_EQ(row(rows, 13013)->start, wpo::kFiletimeUnixEpoch + kBtime * 10'000'000 + 84300 * kTick);

    // The new thread has a previous sample of its own from now on.
    set_stat(13013, 160, 10, 84300);
    advance(kInterval);
    rows = sample(reader);
    EXPECT_DOUBLE_EQ(row(rows, 13013)->percent, 100.0 * 20 * kTick / kInterval);
    EXPECT_DOUBLE_EQ(row(rows, 13014)->percent, 0.0);

    // A thread that ended is gone from the rows.
    std::filesystem::remove_all(task_stat(13015).parent_path());
    advance(kInterval);
    rows = sample(reader);
    EXPECT_EQ(rows.size(), 3u);
    EXPECT_EQ(row(rows, 13015), nullptr);
}

TEST_F(ThreadCpuReaderTest, AProcessThatIsNotThereHasNoThreads)
{
    auto reader = ThreadCpuReader::open(*m_shared, 4'000'000);
    ASSERT_TRUE(reader.ok());
    std::vector<ThreadCpuReader::Row> rows;
    (*reader)->rows(rows);
    EXPECT_TRUE(rows.empty());
    EXPECT_FALSE(ThreadCpuReader::open(*m_shared, 0).ok());
}

}  // namespace
