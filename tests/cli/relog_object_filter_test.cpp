// SPDX-License-Identifier: Apache-2.0
// relog -f bin -c's filter on a block built here: the objects and instances
// kept are byte for byte the originals, a kept object's parent object comes
// along whole, and the lengths and counts follow what is kept.
#include "cli/relog_object_filter.h"
#include "recording/block_cut.h"
#include "format/block_builder.h"
#include "format/counter_type.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace {

using wpo::BlockBuilder;
using perfscope::cli::RelogObjectFilter;
using wpo::BlockView;
using wpo::recording::ObjectCut;

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
    const std::vector<ObjectCut> cuts = {{.name_index = kThread}, {.name_index = kSystem}};
    wpo::recording::cut_block(*block, cuts, kept);
    auto filtered = BlockView::parse(kept);
    ASSERT_TRUE(filtered) << filtered.error().describe();
    EXPECT_TRUE(filtered->left_out().empty());
    EXPECT_EQ(filtered->object_count(), 2u);
    EXPECT_EQ(filtered->header().num_object_types, 2u);
    EXPECT_FALSE(filtered->find_object(kProcess));
    for (std::uint32_t index : {kSystem, kThread})
        EXPECT_TRUE(same_bytes(filtered->find_object(index)->bytes(), block->find_object(index)->bytes())) << index;
    // The same header (this block's is what the builder writes), its lengths following the objects kept.
    const std::uint32_t header = block->header().header_length;
    EXPECT_EQ(filtered->header().header_length, header);
    EXPECT_EQ(filtered->header().total_byte_length,
              header + block->find_object(kSystem)->bytes().size() + block->find_object(kThread)->bytes().size());
    EXPECT_EQ(filtered->system_name(), "HOST");
    EXPECT_EQ(filtered->header().perf_time, block->header().perf_time);
    EXPECT_EQ(filtered->header().perf_freq, block->header().perf_freq);
    EXPECT_EQ(filtered->header().perf_time_100ns, block->header().perf_time_100ns);

    wpo::recording::cut_block(*block, {}, kept);
    auto none = BlockView::parse(kept);
    ASSERT_TRUE(none) << none.error().describe();
    EXPECT_EQ(none->object_count(), 0u);
    EXPECT_EQ(kept.size(), header);
}

TEST(RelogObjectFilter, CutsAnObjectToSomeInstances)
{
    const std::vector<std::byte> bytes = block_with_parents();
    auto block = BlockView::parse(bytes);
    ASSERT_TRUE(block);
    std::vector<std::byte> kept;
    // Thread's instances 0 and 2 (both of "init"); 7 is past the end and ignored.
    const std::vector<ObjectCut> cuts = {{.name_index = kThread, .whole = false, .positions = {0, 2, 7}}};
    wpo::recording::cut_block(*block, cuts, kept);
    auto filtered = BlockView::parse(kept);
    ASSERT_TRUE(filtered) << filtered.error().describe();
    EXPECT_TRUE(filtered->left_out().empty());
    const auto thread = filtered->find_object(kThread);
    ASSERT_TRUE(thread);
    ASSERT_EQ(thread->instance_count(), 2u);
    const wpo::ObjectView original = *block->find_object(kThread);
    EXPECT_TRUE(same_bytes(thread->definition_bytes(), original.definition_bytes()));
    std::vector<wpo::InstanceView> before(original.instances().begin(), original.instances().end());
    std::vector<wpo::InstanceView> after(thread->instances().begin(), thread->instances().end());
    for (std::size_t i = 0; i < 2; ++i) {
        const wpo::InstanceView& was = before[2 * i];
        EXPECT_EQ(after[i].name(), std::to_string(2 * i));
        EXPECT_TRUE(same_bytes(after[i].definition_bytes(), was.definition_bytes())) << i;
        EXPECT_TRUE(same_bytes(after[i].counters().bytes(), was.counters().bytes())) << i;
        EXPECT_EQ(after[i].counters().value(thread->counter(0)), 10 + 2 * i);
    }
    // The object's length: its definitions and the two instances kept, padded to 8.
    const std::size_t definitions = original.header().definition_length;
    std::size_t instances = 0;
    for (const wpo::InstanceView& i : after)
        instances += i.definition_bytes().size() + i.counters().bytes().size();
    EXPECT_EQ(thread->bytes().size(), (definitions + instances + 7) / 8 * 8);

    // No position: an object with no instances, still valid.
    wpo::recording::cut_block(*block, std::vector<ObjectCut>{{.name_index = kProcess, .whole = false}}, kept);
    auto empty = BlockView::parse(kept);
    ASSERT_TRUE(empty) << empty.error().describe();
    EXPECT_EQ(empty->find_object(kProcess)->instance_count(), 0u);
}

wpo::NameTable names()
{
    wpo::NameTable t;
    t.set_name(kSystem, "System");
    t.set_name(kProcess, "Process");
    t.set_name(kThread, "Thread");
    t.set_name(248, "Processes");
    t.set_name(784, "ID Process");
    t.set_name(804, "ID Thread");
    return t;
}

std::vector<std::string> instance_names_of(const BlockView& block, std::uint32_t object)
{
    std::vector<std::string> out;
    for (const wpo::InstanceView& instance : block.find_object(object)->instances())
        out.push_back(instance.name());
    return out;
}

// Process "init" (ID Process 1) and "bash" (2); threads 0, 1, 2 under init, bash, init.
TEST(RelogObjectFilter, PathsKeepTheInstancesTheySelect)
{
    const std::vector<std::byte> bytes = block_with_parents();
    auto block = BlockView::parse(bytes);
    ASSERT_TRUE(block);
    auto cut = [&](const std::vector<std::string>& paths) {
        auto filter = RelogObjectFilter::make(paths, names(), *block, "in.rec");
        EXPECT_TRUE(filter) << filter.error().describe();
        std::vector<std::byte> out;
        filter->cut(*block, out);
        auto parsed = BlockView::parse(out);
        EXPECT_TRUE(parsed) << parsed.error().describe();
        return std::pair(out, std::vector<std::uint32_t>(filter->objects().begin(), filter->objects().end()));
    };
    {
        auto [out, objects] = cut({"\\Process(bash)\\ID Process"});
        const BlockView view = *BlockView::parse(out);
        EXPECT_EQ(objects, std::vector<std::uint32_t>{kProcess});
        EXPECT_EQ(view.object_count(), 1u);
        EXPECT_EQ(instance_names_of(view, kProcess), std::vector<std::string>{"bash"});
    }
    {
        // By its PID-named display name, as query shows it.
        auto [out, objects] = cut({"\\Process(init:1)\\ID Process"});
        EXPECT_EQ(instance_names_of(*BlockView::parse(out), kProcess), std::vector<std::string>{"init"});
    }
    {
        auto [out, objects] = cut({"\\Process(*)\\ID Process", "\\System\\Processes"});
        const BlockView view = *BlockView::parse(out);
        EXPECT_EQ(objects, (std::vector<std::uint32_t>{kSystem, kProcess}));
        EXPECT_TRUE(same_bytes(view.find_object(kProcess)->bytes(), block->find_object(kProcess)->bytes()));
    }
    {
        // A thread keeps its Process object whole, even when a path names one process.
        auto [out, objects] = cut({"\\Thread(bash/*)\\ID Thread", "\\Process(init)\\ID Process"});
        const BlockView view = *BlockView::parse(out);
        EXPECT_EQ(objects, (std::vector<std::uint32_t>{kProcess, kThread}));
        EXPECT_EQ(instance_names_of(view, kProcess), (std::vector<std::string>{"init", "bash"}));
        EXPECT_EQ(instance_names_of(view, kThread), std::vector<std::string>{"1"});
    }
    auto missing = RelogObjectFilter::make({"\\Memory\\Available Bytes"}, names(), *block, "in.rec");
    EXPECT_FALSE(missing);
}

}  // namespace
