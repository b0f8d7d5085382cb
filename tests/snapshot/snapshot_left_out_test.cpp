// SPDX-License-Identifier: Apache-2.0
// A snapshot over a source whose block has an unsound object: the object is
// left out and reported (Anomalies::object_left_out, Snapshot::left_out()),
// and every other object is measured as if nothing were wrong.
#include "snapshot/snapshot.h"

#include "damaging_source.h"
#include "test_machine.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace wpo {
namespace {

using namespace test;

struct SnapshotLeftOut : ::testing::Test {
    TestMachine machine;
    DamagingSource damaging{machine.source()};
    SharedSource shared{damaging};
    PerfObjectCache cache;

    SnapshotLeftOut()
    {
        machine.start_process("bash", 100, 0.25);
        machine.start_process("vim", 200, 0.5);
    }

    Result<std::unique_ptr<Snapshot>> make(SnapshotType type, std::vector<CounterRequest> requests = {})
    {
        SnapshotOptions options;
        options.cache = &cache;
        return Snapshot::create(shared, type, requests, options);
    }
};

std::vector<std::uint32_t> left_out_indices(const Snapshot& snapshot)
{
    std::vector<std::uint32_t> out;
    for (const LeftOutObject& bad : snapshot.left_out().listed())
        out.push_back(bad.name_index());
    return out;
}

// The System object's Processes value of the last decode.
std::optional<double> processes(const Snapshot& snapshot)
{
    const auto values = snapshot.values();
    for (const CalculatedValue& v : values.value())
        if (v.object_index == kSystem && v.counter_index == kProcesses && v.value.valid())
            return v.value.as_double();
    return std::nullopt;
}

TEST_F(SnapshotLeftOut, GlobalSnapshotKeepsEveryOtherObject)
{
    damaging.damage(kProcessor);
    auto snapshot = make(SnapshotType::global);
    ASSERT_TRUE(snapshot.ok()) << snapshot.error().describe();
    EXPECT_EQ(left_out_indices(**snapshot), (std::vector<std::uint32_t>{kProcessor}));
    const LeftOutObject& bad = (*snapshot)->left_out().listed()[0];
    EXPECT_EQ(bad.code(), Errc::out_of_bounds);
    EXPECT_NE(bad.message().find("object " + std::to_string(kProcessor)), std::string::npos) << bad.message();
    std::vector<std::uint32_t> objects;
    ASSERT_TRUE((*snapshot)->objects(objects).ok());
    EXPECT_EQ(std::count(objects.begin(), objects.end(), kProcessor), 0);
    EXPECT_EQ(std::count(objects.begin(), objects.end(), kSystem), 1);
    EXPECT_EQ(std::count(objects.begin(), objects.end(), kProcess), 1);

    // The objects of a Global snapshot are those its creation found; the
    // left-out one is not asked for again, so later samples are whole.
    machine.advance(1.0);
    ASSERT_TRUE((*snapshot)->prepare().ok());
    auto sampled = (*snapshot)->sample();
    ASSERT_TRUE(sampled.ok()) << sampled.error().describe();
    EXPECT_FALSE(sampled->object_left_out);
    EXPECT_TRUE((*snapshot)->left_out().empty());
    ASSERT_TRUE((*snapshot)->decode().ok());
    EXPECT_EQ(processes(**snapshot), 2.0);  // the machine's two processes

    // One of its objects turns bad: that one is missing, the others measured.
    damaging.damage(kThread);
    machine.advance(1.0);
    ASSERT_TRUE((*snapshot)->prepare().ok());
    sampled = (*snapshot)->sample();
    ASSERT_TRUE(sampled.ok()) << sampled.error().describe();
    EXPECT_TRUE(sampled->object_left_out);
    EXPECT_TRUE(sampled->object_missing);
    EXPECT_EQ(left_out_indices(**snapshot), (std::vector<std::uint32_t>{kThread}));
    ASSERT_TRUE((*snapshot)->decode().ok());
    EXPECT_EQ(processes(**snapshot), 2.0);
    const auto values = (*snapshot)->values();
    bool process_values = false;
    for (const CalculatedValue& v : values.value()) {
        EXPECT_NE(v.object_index, kThread);
        process_values |= v.object_index == kProcess;
    }
    EXPECT_TRUE(process_values) << "Process, which Thread brings, is still measured";
}

TEST_F(SnapshotLeftOut, RequestedObjectLeftOutLaterIsMissingAndReported)
{
    auto snapshot = make(SnapshotType::custom, {{kSystem, kProcesses}, {kProcessor, kProcessorTime}});
    ASSERT_TRUE(snapshot.ok()) << snapshot.error().describe();
    EXPECT_TRUE((*snapshot)->left_out().empty());

    damaging.damage(kProcessor);
    machine.advance(1.0);
    ASSERT_TRUE((*snapshot)->prepare().ok());
    auto sampled = (*snapshot)->sample();
    ASSERT_TRUE(sampled.ok());
    EXPECT_TRUE(sampled->object_left_out);
    EXPECT_TRUE(sampled->object_missing);
    EXPECT_EQ(left_out_indices(**snapshot), (std::vector<std::uint32_t>{kProcessor}));
    EXPECT_EQ((*snapshot)->left_out_lock().count(), 1u);
    ASSERT_TRUE((*snapshot)->decode().ok());
    EXPECT_EQ(processes(**snapshot), 2.0);
    const auto values = (*snapshot)->values();
    for (const CalculatedValue& v : values.value())
        EXPECT_EQ(v.object_index, kSystem);

    damaging.repair(kProcessor);
    machine.advance(1.0);
    ASSERT_TRUE((*snapshot)->prepare().ok());
    sampled = (*snapshot)->sample();
    ASSERT_TRUE(sampled.ok());
    EXPECT_FALSE(sampled->object_left_out);
    EXPECT_TRUE((*snapshot)->left_out().empty());
}

TEST_F(SnapshotLeftOut, RequestingALeftOutObjectSaysWhy)
{
    damaging.damage(kProcessor);
    auto snapshot = make(SnapshotType::custom, {{kProcessor, kProcessorTime}});
    ASSERT_FALSE(snapshot.ok());
    EXPECT_EQ(snapshot.error().code(), Errc::out_of_bounds);
    EXPECT_NE(snapshot.error().message().find("left out of the source's block"), std::string::npos)
        << snapshot.error().message();
}

}  // namespace
}  // namespace wpo
