// SPDX-License-Identifier: Apache-2.0
// ProcessRanking over blocks the test source builds from known values: every
// expected figure is the difference of the raw values the test put in.
#include "query/process_ranking.h"

#include "format/counter_type.h"
#include "test_source.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

using namespace wpo;
using namespace wpo::counter_type;
using wpo::query::ProcessRanking;
using wpo::query::ProcessUsage;
using wpo::query::RankBy;

constexpr std::int64_t kFreq = 10'000'000;  // the object clock ticks in 100 ns, as Elapsed Time does

struct Row {
    std::string name;
    std::uint64_t pid = 0;
    std::uint64_t start = 0;  // raw Elapsed Time, on the object clock
    std::uint64_t cpu = 0;    // 100 ns ticks
    std::uint64_t faults = 0;
    std::uint64_t working_set = 0;
    std::uint64_t read = 0;
    std::uint64_t write = 0;
};

// Process with the counters the ranking reads, in Windows' types and sizes
// (Page Faults/sec a DWORD, as on Windows).
TestObject process_object(std::int64_t object_time, const std::vector<Row>& rows)
{
    TestObject o;
    o.name_index = 230;
    o.has_instances = true;
    o.perf_time = object_time;
    o.perf_freq = kFreq;
    o.counters = {{6, 7, PERF_100NSEC_TIMER},
                  {28, 29, PERF_COUNTER_COUNTER},
                  {180, 181, PERF_COUNTER_LARGE_RAWCOUNT},
                  {684, 685, PERF_ELAPSED_TIME},
                  {784, 785, PERF_COUNTER_RAWCOUNT},
                  {1420, 1421, PERF_COUNTER_BULK_COUNT},
                  {1422, 1423, PERF_COUNTER_BULK_COUNT}};
    for (const Row& r : rows)
        o.instances.push_back({r.name, {r.cpu, r.faults, r.working_set, r.start, r.pid, r.read, r.write}});
    return o;
}

class Samples {
public:
    // One sample at `seconds` on the object clock (which started long before the range).
    void add(double seconds, const std::vector<Row>& rows)
    {
        const auto time = static_cast<std::int64_t>((kBase + seconds) * kFreq);
        TestSource source({process_object(time, rows)});
        ASSERT_TRUE(source.collect("230", m_buffer).ok());
        auto block = BlockView::parse(m_buffer);
        ASSERT_TRUE(block.ok());
        ASSERT_TRUE(m_ranking.add(*block));
        auto sample = wpo::query::process_sample(*block);
        ASSERT_TRUE(sample);
        sample->names.clear();
        m_kept.push_back(*sample);
    }
    static std::uint64_t at(double seconds) { return static_cast<std::uint64_t>((kBase + seconds) * kFreq); }
    ProcessRanking& ranking() { return m_ranking; }
    // The samples as a history keeps them (names dropped), in order.
    const std::vector<wpo::query::ProcessSample>& kept() const { return m_kept; }

private:
    static constexpr double kBase = 1000;
    ProcessRanking m_ranking;
    std::vector<std::byte> m_buffer;
    std::vector<wpo::query::ProcessSample> m_kept;
};

const ProcessUsage* find(const std::vector<ProcessUsage>& all, std::uint32_t pid, std::uint64_t start)
{
    for (const ProcessUsage& u : all)
        if (u.pid == pid && u.start == start)
            return &u;
    return nullptr;
}

TEST(ProcessRanking, TwoSnapshotsGiveDifferencesAndShares)
{
    Samples s;
    const std::uint64_t old = Samples::at(-500);
    s.add(0, {{"a", 10, old, 1'000, 50, 4'096, 100, 200}, {"b", 20, old, 5'000, 70, 8'192, 0, 0}});
    s.add(10, {{"a", 10, old, 31'000, 90, 4'096 + 12'288, 1'100, 2'200}, {"b", 20, old, 15'000, 75, 4'096, 10, 0}});

    ProcessRanking& r = s.ranking();
    EXPECT_EQ(r.sample_count(), 2u);
    EXPECT_DOUBLE_EQ(r.seconds(), 10.0);
    const auto all = r.usages();
    ASSERT_EQ(all.size(), 2u);
    const ProcessUsage* a = find(all, 10, old);
    const ProcessUsage* b = find(all, 20, old);
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->cpu_100ns, 31'000u - 1'000u);
    EXPECT_EQ(a->io_bytes, (1'100u + 2'200u) - (100u + 200u));
    EXPECT_EQ(a->faults, 90u - 50u);
    EXPECT_EQ(a->working_set_growth, 12'288);
    EXPECT_EQ(b->cpu_100ns, 15'000u - 5'000u);
    EXPECT_EQ(b->io_bytes, 10u);
    EXPECT_EQ(b->faults, 5u);
    EXPECT_EQ(b->working_set_growth, 4'096 - 8'192);
    EXPECT_FALSE(a->started_inside || a->ended_inside || b->started_inside || b->ended_inside);

    const auto cpu = r.rank(RankBy::cpu);
    ASSERT_EQ(cpu.size(), 2u);
    EXPECT_EQ(cpu[0].usage.pid, 10u);
    EXPECT_DOUBLE_EQ(cpu[0].share, 30'000.0 / (30'000.0 + 10'000.0));
    EXPECT_DOUBLE_EQ(cpu[1].share, 10'000.0 / (30'000.0 + 10'000.0));
    EXPECT_DOUBLE_EQ(r.total(RankBy::io), 3'000.0 + 10.0);

    // A working set that shrank is ranked last with no share; the growths are the whole.
    const auto ws = r.rank(RankBy::working_set);
    EXPECT_EQ(ws[0].usage.pid, 10u);
    EXPECT_DOUBLE_EQ(ws[0].share, 1.0);
    EXPECT_DOUBLE_EQ(ws[1].value, -4'096.0);
    EXPECT_DOUBLE_EQ(ws[1].share, 0.0);
}

TEST(ProcessRanking, ReusedPidIsTwoProcesses)
{
    Samples s;
    const std::uint64_t old = Samples::at(-100);
    const std::uint64_t reborn = Samples::at(6);
    s.add(0, {{"first", 42, old, 2'000, 0, 0, 0, 0}});
    s.add(5, {{"first", 42, old, 9'000, 0, 0, 0, 0}});
    // The first process ended; a new one got PID 42 at 6 s and used 4'000 ticks by 10 s.
    s.add(10, {{"second", 42, reborn, 4'000, 3, 1'000, 0, 0}});

    const auto all = s.ranking().usages();
    ASSERT_EQ(all.size(), 2u);
    const ProcessUsage* first = find(all, 42, old);
    const ProcessUsage* second = find(all, 42, reborn);
    ASSERT_TRUE(first && second);
    EXPECT_EQ(first->name, "first");
    EXPECT_EQ(first->cpu_100ns, 9'000u - 2'000u);  // up to its last sample
    EXPECT_TRUE(first->ended_inside);
    EXPECT_FALSE(first->started_inside);
    EXPECT_EQ(second->cpu_100ns, 4'000u);  // everything since it started lies in the range
    EXPECT_EQ(second->faults, 3u);
    EXPECT_EQ(second->working_set_growth, 1'000);
    EXPECT_TRUE(second->started_inside);
    EXPECT_FALSE(second->ended_inside);
}

TEST(ProcessRanking, ProcessMissedAtTheStartButOlderCountsFromItsFirstSample)
{
    Samples s;
    const std::uint64_t old = Samples::at(-100);
    s.add(0, {{"x", 1, old, 0, 0, 0, 0, 0}});
    s.add(5, {{"x", 1, old, 0, 0, 0, 0, 0}, {"late", 2, old, 70'000, 0, 500, 0, 0}});
    s.add(10, {{"x", 1, old, 0, 0, 0, 0, 0}, {"late", 2, old, 71'000, 0, 800, 0, 0}});
    const auto usages = s.ranking().usages();  // find() points into it
    const ProcessUsage* late = find(usages, 2, old);
    ASSERT_TRUE(late);
    EXPECT_EQ(late->cpu_100ns, 1'000u);
    EXPECT_EQ(late->working_set_growth, 300);
    EXPECT_FALSE(late->started_inside);
}

TEST(ProcessRanking, DwordCounterWrapsAcrossSamples)
{
    Samples s;
    const std::uint64_t old = Samples::at(-100);
    const std::uint64_t near_top = 0xFFFF'FFF0;
    s.add(0, {{"p", 7, old, 0, near_top, 0, 0, 0}});
    s.add(1, {{"p", 7, old, 0, 0x20, 0, 0, 0}});
    const auto usages = s.ranking().usages();  // find() points into it
    const ProcessUsage* p = find(usages, 7, old);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->faults, (0x1'0000'0000u - near_top) + 0x20u);
}

TEST(ProcessRanking, TotalAndIdleAreLeftOut)
{
    Samples s;
    const std::uint64_t old = Samples::at(-100);
    s.add(0, {{"Idle", 0, old, 0, 0, 0, 0, 0}, {"p", 3, old, 0, 0, 0, 0, 0}, {"_Total", 0, 0, 0, 0, 0, 0, 0}});
    s.add(1, {{"Idle", 0, old, 9'000'000, 0, 0, 0, 0},
              {"p", 3, old, 1'000, 0, 0, 0, 0},
              {"_Total", 0, 0, 9'001'000, 0, 0, 0, 0}});
    const auto cpu = s.ranking().rank(RankBy::cpu);
    ASSERT_EQ(cpu.size(), 1u);
    EXPECT_EQ(cpu[0].usage.pid, 3u);
    EXPECT_DOUBLE_EQ(cpu[0].share, 1.0);
}

TEST(ProcessRanking, LimitKeepsTheLargestAndTiesGoByPid)
{
    Samples s;
    const std::uint64_t old = Samples::at(-100);
    s.add(0, {{"c", 30, old, 0, 0, 0, 0, 0}, {"b", 20, old, 0, 0, 0, 0, 0}, {"a", 10, old, 0, 0, 0, 0, 0}});
    s.add(1, {{"c", 30, old, 500, 0, 0, 0, 0}, {"b", 20, old, 500, 0, 0, 0, 0}, {"a", 10, old, 100, 0, 0, 0, 0}});
    const auto top = s.ranking().rank(RankBy::cpu, 2);
    ASSERT_EQ(top.size(), 2u);
    EXPECT_EQ(top[0].usage.pid, 20u);
    EXPECT_EQ(top[1].usage.pid, 30u);
    EXPECT_DOUBLE_EQ(top[0].share, 500.0 / 1'100.0);
}

// A history's samples without names rank as the blocks they came from do.
TEST(ProcessRanking, KeptSamplesRankAsTheirBlocks)
{
    Samples s;
    const std::uint64_t old = Samples::at(-100);
    s.add(0, {{"a", 10, old, 1'000, 5, 4'096, 10, 20}, {"b", 20, old, 0, 0, 0, 0, 0}});
    s.add(3, {{"a", 10, old, 9'000, 9, 8'192, 40, 80}, {"c", 30, Samples::at(1), 500, 2, 1'024, 7, 0}});
    ProcessRanking from_samples;
    for (const auto& sample : s.kept()) {
        EXPECT_EQ(sample.points.size(), 2u);
        from_samples.add(sample);
    }
    const auto expected = s.ranking().usages();
    const auto got = from_samples.usages();
    ASSERT_EQ(got.size(), expected.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
        EXPECT_TRUE(got[i].name.empty());
        EXPECT_EQ(got[i].pid, expected[i].pid);
        EXPECT_EQ(got[i].cpu_100ns, expected[i].cpu_100ns);
        EXPECT_EQ(got[i].io_bytes, expected[i].io_bytes);
        EXPECT_EQ(got[i].faults, expected[i].faults);
        EXPECT_EQ(got[i].working_set_growth, expected[i].working_set_growth);
        EXPECT_EQ(got[i].started_inside, expected[i].started_inside);
        EXPECT_EQ(got[i].ended_inside, expected[i].ended_inside);
    }
    EXPECT_EQ(from_samples.first_time_100ns(), s.ranking().first_time_100ns());
    EXPECT_DOUBLE_EQ(from_samples.seconds(), 3.0);
}

TEST(ProcessRanking, BlockWithoutProcessIsSkipped)
{
    TestObject memory;
    memory.name_index = 4;
    memory.counters = {{1380, 1381, PERF_COUNTER_LARGE_RAWCOUNT}};
    memory.values = {1};
    TestSource source({memory});
    std::vector<std::byte> buffer;
    ASSERT_TRUE(source.collect("4", buffer).ok());
    auto block = BlockView::parse(buffer);
    ASSERT_TRUE(block.ok());
    ProcessRanking ranking;
    EXPECT_FALSE(ranking.add(*block));
    EXPECT_EQ(ranking.sample_count(), 0u);
    EXPECT_TRUE(ranking.rank(RankBy::cpu).empty());
}

}  // namespace
