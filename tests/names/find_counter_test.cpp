// SPDX-License-Identifier: Apache-2.0
// NameTable::find_counter: a counter name resolves inside one object, by that
// object's definitions, skipping bases and NODATA.
#include "format/block_builder.h"
#include "format/block_view.h"
#include "format/counter_type.h"
#include "names/name_table.h"
#include "test_blocks.h"

#include <gtest/gtest.h>

namespace wpo {
namespace {

using namespace counter_type;

// The example of docs/performance-data-format.md §9.5: "% Idle Time" is 1746 in Processor and 1482 in
// PhysicalDisk; "% Processor Time" is 6 in Processor and a machine-specific
// index (here 5018) in "Processor Information".
NameTable names()
{
    NameTable t;
    t.set_name(6, "% Processor Time");
    t.set_name(200, "% Disk Time");
    t.set_name(234, "PhysicalDisk");
    t.set_name(238, "Processor");
    t.set_name(784, "ID Process");
    t.set_name(1482, "% Idle Time");
    t.set_name(1746, "% Idle Time");
    t.set_name(1748, "% C1 Time");
    t.set_name(5016, "Processor Information");
    t.set_name(5018, "% Processor Time");
    t.set_name(6000, "Hidden");
    return t;
}

class FindCounter : public ::testing::Test {
protected:
    void SetUp() override
    {
        BlockBuilder b(m_bytes);
        b.begin(test::fixed_times(), "HOST");

        b.begin_object({.name_index = 238, .has_instances = true});
        b.add_counter({.name_index = 6, .type = PERF_100NSEC_TIMER_INV});
        b.add_counter({.name_index = 1746, .type = PERF_100NSEC_TIMER});
        b.add_counter({.name_index = 1748, .type = PERF_100NSEC_TIMER});
        b.begin_instance("0");
        b.begin_instance("_Total");
        b.end_object();

        // A provider that gave the base of "% Disk Time" a stale index that
        // happens to be Processor's "% Idle Time": it must not shadow the
        // real "% Idle Time" definition that follows.
        b.begin_object({.name_index = 234, .has_instances = true});
        b.add_counter({.name_index = 200, .type = PERF_PRECISION_100NS_TIMER});
        b.add_counter({.name_index = 1746, .type = PERF_PRECISION_TIMESTAMP});
        b.add_counter({.name_index = 1482, .type = PERF_PRECISION_100NS_TIMER});
        b.add_counter({.name_index = 1482, .type = PERF_PRECISION_TIMESTAMP});  // base sharing its index
        b.begin_instance("0 C:");
        b.end_object();

        b.begin_object({.name_index = 5016, .has_instances = true});
        b.add_counter({.name_index = 5018, .type = PERF_100NSEC_TIMER_INV});
        b.end_object();

        // Only a base and a NODATA definition carry these names here.
        b.begin_object({.name_index = 230});
        b.add_counter({.name_index = 784, .type = PERF_COUNTER_RAWCOUNT});
        b.add_counter({.name_index = 6, .type = PERF_RAW_BASE});
        b.add_counter({.name_index = 6000, .type = PERF_COUNTER_NODATA});
        b.add_counter({.name_index = 6002, .type = PERF_COUNTER_RAWCOUNT});  // no name in the table
        b.end_object();

        b.begin_object({.name_index = 2});  // no counters at all
        b.end_object();
        b.finish();

        auto block = BlockView::parse(m_bytes);
        ASSERT_TRUE(block.ok()) << block.error().describe();
        m_block = *block;
    }

    ObjectView object(std::uint32_t index) const { return *m_block.find_object(index); }

    std::vector<std::byte> m_bytes;
    BlockView m_block;
    NameTable m_names = names();
};

TEST_F(FindCounter, SameNameDifferentIndexPerObject)
{
    EXPECT_EQ(m_names.find_counter(object(238), "% Idle Time"), 1746u);
    EXPECT_EQ(m_names.find_counter(object(234), "% Idle Time"), 1482u);
    EXPECT_EQ(m_names.find_counter(object(238), "% Processor Time"), 6u);
    EXPECT_EQ(m_names.find_counter(object(5016), "% Processor Time"), 5018u);
}

TEST_F(FindCounter, CaseInsensitive)
{
    EXPECT_EQ(m_names.find_counter(object(238), "% idle time"), 1746u);
    EXPECT_EQ(m_names.find_counter(object(234), "% DISK TIME"), 200u);
}

TEST_F(FindCounter, BaseDefinitionsNeverMatchNorShadow)
{
    // The base with index 1746 comes first in PhysicalDisk; the numerator wins.
    EXPECT_EQ(m_names.find_counter(object(234), "% Idle Time"), 1482u);
    // A name carried only by a base is not a counter of the object.
    EXPECT_EQ(m_names.find_counter(object(230), "% Processor Time"), std::nullopt);
    EXPECT_EQ(m_names.find_counter(object(230), "ID Process"), 784u);
}

TEST_F(FindCounter, NoDataIsSkipped)
{
    EXPECT_EQ(m_names.find_counter(object(230), "Hidden"), std::nullopt);
}

TEST_F(FindCounter, NamesOfOtherObjectsAreNotFound)
{
    EXPECT_EQ(m_names.find_counter(object(238), "% Disk Time"), std::nullopt);
    EXPECT_EQ(m_names.find_counter(object(238), "Nonexistent"), std::nullopt);
    EXPECT_EQ(m_names.find_counter(object(2), "% Processor Time"), std::nullopt);
}

TEST_F(FindCounter, EmptyNameMatchesNothing)
{
    // 6002 has no name in the table; an empty query must not find it.
    EXPECT_EQ(m_names.find_counter(object(230), ""), std::nullopt);
}

TEST_F(FindCounter, EmptyTableFindsNothing)
{
    const NameTable empty;
    EXPECT_EQ(empty.find_counter(object(238), "% Idle Time"), std::nullopt);
}

}  // namespace
}  // namespace wpo
