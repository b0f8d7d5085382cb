// SPDX-License-Identifier: Apache-2.0
// relog -f bin -c's object filter on a block built here: the objects kept
// are byte for byte the originals, a kept object's parent object comes along,
// and the header's length and object count follow what is kept.
#include "cli/relog_object_filter.h"
#include "format/block_builder.h"
#include "format/counter_type.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace {

using wpo::BlockBuilder;
using wpo::BlockView;

constexpr std::uint32_t kSystem = 2;
constexpr std::uint32_t kProcess = 230;
constexpr std::uint32_t kThread = 232;

// System (no instances), Process (two), Thread (three, whose parents are the processes).
std::vector<std::byte> block_with_parents()
{
    std::vector<std::byte> out;
    BlockBuilder b(out);
    wpo::BlockTimes times;
    times.perf_time = 1000;
    times.perf_freq = 10'000'000;
    times.perf_time_100ns = 133'716'612'800'215'149;
    b.begin(times, "HOST");
    b.begin_object({.name_index = kSystem, .help_index = 3});
    const auto processes =
        b.add_counter({.name_index = 248, .help_index = 249, .type = wpo::counter_type::PERF_COUNTER_RAWCOUNT});
    b.begin_values();
    b.set(processes, 2);
    b.end_object();
    b.begin_object({.name_index = kProcess, .help_index = 231, .has_instances = true});
    const auto pid =
        b.add_counter({.name_index = 784, .help_index = 785, .type = wpo::counter_type::PERF_COUNTER_RAWCOUNT});
    for (std::uint32_t i = 0; i < 2; ++i) {
        b.begin_instance(i == 0 ? "init" : "bash");
        b.set(pid, i + 1);
    }
    b.end_object();
    b.begin_object({.name_index = kThread, .help_index = 233, .has_instances = true});
    const auto tid =
        b.add_counter({.name_index = 804, .help_index = 805, .type = wpo::counter_type::PERF_COUNTER_RAWCOUNT});
    for (std::uint32_t i = 0; i < 3; ++i) {
        b.begin_instance(std::to_string(i), kProcess, i % 2);
        b.set(tid, 10 + i);
    }
    b.end_object();
    b.finish();
    return out;
}

bool same_bytes(std::span<const std::byte> a, std::span<const std::byte> b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
}

TEST(RelogObjectFilter, ThreadBringsItsParentProcess)
{
    const std::vector<std::byte> bytes = block_with_parents();
    auto block = BlockView::parse(bytes);
    ASSERT_TRUE(block) << block.error().describe();
    EXPECT_EQ(perfscope::cli::with_parent_objects(*block, {kThread}), (std::set<std::uint32_t>{kProcess, kThread}));
    EXPECT_EQ(perfscope::cli::with_parent_objects(*block, {kSystem}), (std::set<std::uint32_t>{kSystem}));
    EXPECT_EQ(perfscope::cli::with_parent_objects(*block, {kProcess}), (std::set<std::uint32_t>{kProcess}));
}

TEST(RelogObjectFilter, KeepsTheObjectsAskedForAsTheyWere)
{
    const std::vector<std::byte> bytes = block_with_parents();
    auto block = BlockView::parse(bytes);
    ASSERT_TRUE(block);
    std::vector<std::byte> kept;
    perfscope::cli::keep_objects(*block, {kSystem, kThread}, kept);
    auto filtered = BlockView::parse(kept);
    ASSERT_TRUE(filtered) << filtered.error().describe();
    EXPECT_TRUE(filtered->left_out().empty());
    EXPECT_EQ(filtered->object_count(), 2u);
    EXPECT_EQ(filtered->header().num_object_types, 2u);
    EXPECT_FALSE(filtered->find_object(kProcess));
    for (std::uint32_t index : {kSystem, kThread})
        EXPECT_TRUE(same_bytes(filtered->find_object(index)->bytes(), block->find_object(index)->bytes())) << index;
    // The header as it was but for the two fields that follow the objects kept.
    const std::uint32_t header = block->header().header_length;
    EXPECT_EQ(filtered->header().header_length, header);
    EXPECT_EQ(filtered->header().total_byte_length,
              header + block->find_object(kSystem)->bytes().size() + block->find_object(kThread)->bytes().size());
    EXPECT_EQ(filtered->system_name(), "HOST");
    EXPECT_EQ(filtered->header().perf_time_100ns, block->header().perf_time_100ns);

    perfscope::cli::keep_objects(*block, {}, kept);
    auto none = BlockView::parse(kept);
    ASSERT_TRUE(none) << none.error().describe();
    EXPECT_EQ(none->object_count(), 0u);
    EXPECT_EQ(kept.size(), header);
}

}  // namespace
