// SPDX-License-Identifier: Apache-2.0
// Wine's shifted provider objects (wine_shifted_objects.h,
// docs/windows-under-wine.md §5.2): areas are built from genuine blocks written
// by BlockBuilder, laid out the way Wine lays them out (the header, an
// untouched 88-byte gap, the objects, then the caller's slack), one named
// row per shape. A Wine row must come back as exactly the genuine block; a
// genuine block and every near miss must be left alone.
#include "format/wine_shifted_objects.h"

#include "core/byte_io.h"
#include "format/block_builder.h"
#include "format/block_view.h"
#include "format/counter_type.h"
#include "format/layout.h"
#include "format/phantom_objects.h"
#include "test_blocks.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

namespace wpo {
namespace {

using Bytes = std::vector<std::byte>;
using namespace counter_type;
namespace B = layout::block;
namespace O = layout::object;

// Objects shaped like a minimal test provider (First Counter 1848): a
// RAWCOUNT and a COUNTER_COUNTER, instances "alpha" and "beta"; a second
// provider's object (1900) has no instances.
Bytes provider_block(int objects, std::string_view host = "VM")
{
    Bytes out;
    BlockBuilder b(out);
    b.begin(test::fixed_times(), host);
    if (objects >= 1) {
        b.begin_object({.name_index = 1848, .help_index = 1849, .has_instances = true});
        const auto raw = b.add_counter({.name_index = 1850, .help_index = 1851, .type = PERF_COUNTER_RAWCOUNT});
        const auto rate = b.add_counter({.name_index = 1852, .help_index = 1853, .type = PERF_COUNTER_COUNTER});
        b.begin_instance("alpha");
        b.set(raw, 7);
        b.set(rate, 1000);
        b.begin_instance("beta");
        b.set(raw, 8);
        b.set(rate, 2000);
        b.end_object();
    }
    if (objects >= 2) {
        b.begin_object({.name_index = 1900, .help_index = 1901});
        const auto big = b.add_counter({.name_index = 1902, .help_index = 1903, .type = PERF_COUNTER_LARGE_RAWCOUNT});
        b.begin_values();
        b.set(big, 0x1'0000'0005ULL);
        b.end_object();
    }
    b.finish();
    return out;
}

std::uint32_t header_length(const Bytes& block)
{
    return load_u32(&block[B::kHeaderLength]);
}

// What the caller's buffer holds after Wine's query: the header, `shift`
// bytes Wine never wrote (`gap_fill`), the objects, then `slack` bytes.
Bytes wine_area(const Bytes& genuine, std::size_t shift = kWineObjectShift, std::byte gap_fill = std::byte{0},
                std::size_t slack = 128)
{
    const std::uint32_t header = header_length(genuine);
    Bytes area(genuine.begin(), genuine.begin() + header);
    area.insert(area.end(), shift, gap_fill);
    area.insert(area.end(), genuine.begin() + header, genuine.end());
    area.resize(genuine.size() + slack, std::byte{0});  // may cut the objects short
    return area;
}

Bytes with_slack(Bytes block, std::size_t slack = 128)
{
    block.resize(block.size() + slack, std::byte{0});
    return block;
}

struct ShiftedRow {
    const char* name;
    std::function<Bytes()> area;
    std::function<Bytes()> genuine;  // what the objects moved back must give
};

class WineShaped : public testing::TestWithParam<ShiftedRow> {};

TEST_P(WineShaped, ObjectsMoveBackToHeaderLength)
{
    const Bytes area = GetParam().area();
    const Bytes genuine = GetParam().genuine();
    // As a Windows reader would see it: the first object is not there.
    auto as_is = BlockView::parse(area);
    ASSERT_TRUE(as_is.ok());
    EXPECT_FALSE(as_is->left_out().empty());

    EXPECT_TRUE(has_wine_shifted_objects(area));
    Bytes out;
    ASSERT_TRUE(unshift_wine_objects(area, out));
    EXPECT_EQ(out, genuine);
    auto block = BlockView::parse(out);
    ASSERT_TRUE(block.ok()) << block.error().describe();
    EXPECT_EQ(block->header().total_byte_length, out.size());
}

INSTANTIATE_TEST_SUITE_P(
    WineShiftedObjects, WineShaped,
    testing::Values(
        ShiftedRow{"OneObjectZeroGap", [] { return wine_area(provider_block(1)); }, [] { return provider_block(1); }},
        // Wine leaves the gap as the buffer was; 0xAB is what its own heap held.
        ShiftedRow{"OneObjectGarbageGap", [] { return wine_area(provider_block(1), 88, std::byte{0xAB}); },
                   [] { return provider_block(1); }},
        ShiftedRow{"TwoObjects", [] { return wine_area(provider_block(2)); }, [] { return provider_block(2); }},
        // The slack is exactly the 88 bytes Wine overruns by.
        ShiftedRow{"ExactlyEightyEightBytesOfSlack", [] { return wine_area(provider_block(2), 88, std::byte{0}, 88); },
                   [] { return provider_block(2); }},
        // The header length depends on the computer name (docs/windows-under-wine.md §3).
        ShiftedRow{"LongComputerName", [] { return wine_area(provider_block(1, "BUILDMACHINE-015")); },
                   [] { return provider_block(1, "BUILDMACHINE-015"); }},
        ShiftedRow{"TwoObjectsSecondDefective",
                   [] {
                       // A later object with a defect of its own (a counter
                       // definition of length 0) still chains on: moved
                       // back, and left out by whoever parses.
                       Bytes genuine = provider_block(2);
                       const std::uint32_t h = header_length(genuine);
                       const std::uint32_t first = load_u32(&genuine[h]);
                       store<std::uint32_t>(&genuine[h + first + O::kSize], 0);  // its definition's ByteLength
                       return wine_area(genuine);
                   },
                   [] {
                       Bytes genuine = provider_block(2);
                       const std::uint32_t h = header_length(genuine);
                       const std::uint32_t first = load_u32(&genuine[h]);
                       store<std::uint32_t>(&genuine[h + first + O::kSize], 0);  // its definition's ByteLength
                       return genuine;
                   }}),
    [](const testing::TestParamInfo<ShiftedRow>& row) { return std::string(row.param.name); });

struct LeftAloneRow {
    const char* name;
    std::function<Bytes()> area;
};

class NotWineShaped : public testing::TestWithParam<LeftAloneRow> {};

TEST_P(NotWineShaped, IsLeftAlone)
{
    const Bytes area = GetParam().area();
    EXPECT_FALSE(has_wine_shifted_objects(area));
    Bytes out{std::byte{1}, std::byte{2}};
    EXPECT_FALSE(unshift_wine_objects(area, out));
    EXPECT_EQ(out, (Bytes{std::byte{1}, std::byte{2}})) << "out is untouched";
}

Bytes patched(Bytes bytes, std::size_t at, std::uint32_t value)
{
    store<std::uint32_t>(&bytes[at], value);
    return bytes;
}

INSTANTIATE_TEST_SUITE_P(
    WineShiftedObjects, NotWineShaped,
    testing::Values(
        // Genuine Windows blocks, with slack after them as the registry source has.
        LeftAloneRow{"GenuineSample", [] { return with_slack(test::sample_block()); }},
        LeftAloneRow{"GenuineOneObject", [] { return with_slack(provider_block(1)); }},
        LeftAloneRow{"GenuineTwoObjects", [] { return with_slack(provider_block(2)); }},
        LeftAloneRow{"GenuineNoSlack", [] { return provider_block(2); }},
        // Wine with no provider: the header alone.
        LeftAloneRow{"NoObjects", [] { return with_slack(provider_block(0)); }},
        // A genuine block whose slack happens to hold a copy of its objects
        // 88 bytes on: the sound object at HeaderLength decides.
        LeftAloneRow{"GenuineWithShiftedCopyInSlack",
                     [] {
                         Bytes genuine = provider_block(2);
                         Bytes area = wine_area(genuine);
                         const std::uint32_t h = header_length(genuine);
                         std::copy(genuine.begin() + h, genuine.end(), area.begin() + h);
                         return area;
                     }},
        // Near misses.
        LeftAloneRow{"ShiftedBy80", [] { return wine_area(provider_block(1), 80); }},
        LeftAloneRow{"ShiftedBy96", [] { return wine_area(provider_block(1), 96); }},
        LeftAloneRow{"SlackOneByteShort", [] { return wine_area(provider_block(1), 88, std::byte{0}, 87); }},
        LeftAloneRow{"GapCountedInTotal",
                     [] {
                         Bytes area = wine_area(provider_block(1));
                         const std::uint32_t total = load_u32(&area[B::kTotalByteLength]);
                         return patched(area, B::kTotalByteLength, total + 88);
                     }},
        LeftAloneRow{"OneObjectMoreClaimed",
                     [] { return patched(wine_area(provider_block(1)), B::kNumObjectTypes, 2); }},
        LeftAloneRow{"OneObjectFewerClaimed",
                     [] { return patched(wine_area(provider_block(2)), B::kNumObjectTypes, 1); }},
        LeftAloneRow{"FirstShiftedObjectUnsound",
                     [] {
                         Bytes genuine = provider_block(2);
                         const std::uint32_t h = header_length(genuine);
                         return wine_area(patched(genuine, h + O::kDefinitionLength, 12));
                     }},
        LeftAloneRow{"SecondShiftedObjectLengthBeyond",
                     [] {
                         Bytes genuine = provider_block(2);
                         const std::uint32_t h = header_length(genuine);
                         const std::uint32_t first = load_u32(&genuine[h]);
                         return wine_area(patched(genuine, h + first + O::kTotalByteLength, 4096));
                     }},
        LeftAloneRow{"BadSignature", [] { return patched(wine_area(provider_block(1)), B::kSignature, 0); }},
        LeftAloneRow{"TooShortForAHeader", [] { return Bytes(87); }}, LeftAloneRow{"Empty", [] { return Bytes(); }}),
    [](const testing::TestParamInfo<LeftAloneRow>& row) { return std::string(row.param.name); });

// The phantom-object repair and this one do not meet: a Wine block is not
// over-counted, and an over-counted genuine block is not Wine's.
TEST(WineShiftedObjects, PhantomRepairStillAppliesToGenuineBlocks)
{
    Bytes bytes = with_slack(provider_block(2));
    store<std::uint32_t>(&bytes[B::kNumObjectTypes], 3);
    EXPECT_FALSE(has_wine_shifted_objects(bytes));
    EXPECT_TRUE(drop_phantom_objects(bytes));
    EXPECT_EQ(load_u32(&bytes[B::kNumObjectTypes]), 2u);

    Bytes wine = wine_area(provider_block(2));
    EXPECT_FALSE(drop_phantom_objects(wine));
}

}  // namespace
}  // namespace wpo
