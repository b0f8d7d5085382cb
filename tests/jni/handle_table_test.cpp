// SPDX-License-Identifier: Apache-2.0
// HandleTable (jni/native/handle_table.h): a destroyed handle never becomes
// valid again, however often its slot is reused.
#include "native/handle_table.h"

#include <gtest/gtest.h>

#include <set>

namespace {

using Table = perfscope::jni::HandleTable<int>;

// Every generation a slot can carry: kGenerationMask (the field's all-ones value, 0 is never used).
constexpr std::uint32_t kGenerationsPerSlot = Table::kGenerationMask;

TEST(HandleTable, ADestroyedHandleStaysInvalidPastTheGenerationRange)
{
    Table table;
    const std::int32_t first = table.add(std::make_shared<int>(-1));
    ASSERT_GT(first, 0);
    ASSERT_NE(table.remove(first), nullptr);

    // One live handle at a time: the same slot is reused until it is used up,
    // well past 2^15 reuses in all.
    const int reuses = (1 << 15) + 1000;
    std::set<std::int32_t> seen{first};
    for (int i = 0; i < reuses; ++i) {
        const std::int32_t h = table.add(std::make_shared<int>(i));
        ASSERT_GT(h, 0);
        ASSERT_TRUE(seen.insert(h).second) << "handle " << h << " handed out twice, at reuse " << i;
        ASSERT_EQ(table.lookup(first), nullptr) << "the first handle came back at reuse " << i;
        ASSERT_EQ(*table.lookup(h), i);
        ASSERT_NE(table.remove(h), nullptr);
    }
    EXPECT_EQ(table.lookup(first), nullptr);
    EXPECT_EQ(table.remove(first), nullptr);
    // The first slot gave all its generations and was retired; the rest ran in the second slot.
    EXPECT_EQ(table.retired(), 1u);
    EXPECT_EQ(table.live(), 0u);
}

TEST(HandleTable, TheLastGenerationOfASlotIsAPositiveHandle)
{
    Table table;
    std::int32_t h = 0;
    for (std::uint32_t g = 1; g <= kGenerationsPerSlot; ++g) {
        h = table.add(std::make_shared<int>(0));
        ASSERT_EQ(static_cast<std::uint32_t>(h), (g << Table::kIndexBits) | 1u);
        if (g < kGenerationsPerSlot)
            table.remove(h);
    }
    EXPECT_GT(h, 0);
    EXPECT_NE(table.lookup(h), nullptr);
    table.remove(h);
    EXPECT_EQ(table.lookup(h), nullptr);
    // The used-up slot is not handed out again: the next handle names slot 2.
    const std::int32_t next = table.add(std::make_shared<int>(0));
    EXPECT_EQ(static_cast<std::uint32_t>(next), (1u << Table::kIndexBits) | 2u);
}

}  // namespace
