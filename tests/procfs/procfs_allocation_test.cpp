// SPDX-License-Identifier: Apache-2.0
// A steady procfs source allocates nothing: once its buffers, rows and handle
// cache have grown, a collect of Process (+ Thread), Processor or Global over
// an unchanged tree makes no heap allocation, whether the caller keeps its
// buffer or hands a new one (then exactly one: the block, reserved from the
// last one's size). Counts every global operator new of this executable,
// which is why these tests live alone.
#include "procfs_test_util.h"

#include "allocation_counter.h"

#include <gtest/gtest.h>

#include <vector>

namespace wpo {
namespace {

using test::allocations_in;

constexpr std::int64_t kMonotonic = 123'456'789'000;
constexpr std::int64_t kWall = kFiletimeUnixEpoch + 1'767'323'045LL * 10'000'000;

struct Row {
    const char* name;
    const char* query;
    const char* tree;
};

class ProcfsAllocation : public ::testing::TestWithParam<Row> {};

TEST(ProcfsAllocationCounter, CountingWorks)
{
    EXPECT_EQ(allocations_in([] { ::operator delete(::operator new(16)); }), 1u);
}

TEST_P(ProcfsAllocation, SteadyCollectAllocatesNothing)
{
    const Row row = GetParam();
    test::FixedClock clock(kMonotonic, kWall);
    ProcfsSource source(test::fixture_options(row.tree, clock));
    std::vector<std::byte> buffer;
    for (int i = 0; i < 3; ++i)
        ASSERT_TRUE(source.collect(row.query, buffer).ok());
    bool ok = true;
    EXPECT_EQ(allocations_in([&] {
                  for (int i = 0; i < 5; ++i)
                      ok = ok && source.collect(row.query, buffer).ok();
              }),
              0u);
    EXPECT_TRUE(ok);
}

TEST_P(ProcfsAllocation, ANewBufferEachTimeCostsOneAllocation)
{
    const Row row = GetParam();
    test::FixedClock clock(kMonotonic, kWall);
    ProcfsSource source(test::fixture_options(row.tree, clock));
    std::vector<std::byte> warm;
    for (int i = 0; i < 3; ++i)
        ASSERT_TRUE(source.collect(row.query, warm).ok());
    std::vector<std::byte> fresh;
    bool ok = true;
    EXPECT_EQ(allocations_in([&] { ok = source.collect(row.query, fresh).ok(); }), 1u);
    EXPECT_TRUE(ok);
    EXPECT_EQ(fresh, warm);
}

INSTANTIATE_TEST_SUITE_P(Queries, ProcfsAllocation,
                         ::testing::Values(Row{"ProcessThread_small", "230 232", "proc-small"},
                                           Row{"Process_small", "230", "proc-small"},
                                           Row{"ProcessThread_broken", "230 232", "proc-broken"},
                                           Row{"Processor_small", "238", "proc-small"},
                                           Row{"Global_small", "Global", "proc-small"}),
                         [](const auto& row) { return std::string(row.param.name); });

}  // namespace
}  // namespace wpo
