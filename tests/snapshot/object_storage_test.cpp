// SPDX-License-Identifier: Apache-2.0
// ObjectStorage keeps every object it is given, whatever state it starts a
// fill in: seal() writes the block header in front of the objects, so an
// add() that put an object where the header goes (a storage never cleared)
// lost that object's first bytes. Each row starts the fill in one state, adds
// objects, seals, and checks the assembled block against the input objects
// byte for byte and through BlockView::parse (which validates every object).
#include "format/block_builder.h"
#include "format/counter_type.h"
#include "format/layout.h"
#include "snapshot/object_storage.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace wpo {
namespace {

constexpr std::uint32_t kFirst = 230;
constexpr std::uint32_t kSecond = 238;

// A block of one object with two instances; `index` names it, `perf_time`
// tells blocks apart, the values are index * 1000 + instance * 10 + counter.
std::vector<std::byte> make_block(std::uint32_t index, std::int64_t perf_time)
{
    std::vector<std::byte> out;
    BlockBuilder b(out);
    BlockTimes times;
    times.perf_time = perf_time;
    times.perf_freq = 10'000'000;
    times.perf_time_100ns = 133'000'000'000'000'000 + perf_time;
    b.begin(times, "HOST");
    b.begin_object({.name_index = index, .help_index = index + 1, .has_instances = true});
    const std::uint32_t raw =
        b.add_counter({.name_index = 180, .help_index = 181, .type = counter_type::PERF_COUNTER_LARGE_RAWCOUNT});
    const std::uint32_t dword =
        b.add_counter({.name_index = 784, .help_index = 785, .type = counter_type::PERF_COUNTER_RAWCOUNT});
    for (std::uint32_t i = 0; i < 2; ++i) {
        b.begin_instance("instance" + std::to_string(i));
        b.set(raw, index * 1000 + i * 10 + 0);
        b.set(dword, index * 1000 + i * 10 + 1);
    }
    b.end_object();
    b.finish();
    return out;
}

struct Source {
    std::vector<std::byte> bytes;
    BlockView block;
    ObjectView object;
};

Source load(std::uint32_t index, std::int64_t perf_time)
{
    Source s;
    s.bytes = make_block(index, perf_time);
    auto block = BlockView::parse(s.bytes);
    EXPECT_TRUE(block.ok());
    s.block = *block;
    s.object = *s.block.find_object(index);
    return s;
}

struct Row {
    const char* name;
    // Brings a storage into the state the fill starts in; gets the two
    // sources to fill an earlier round with.
    void (*start)(ObjectStorage& storage, const Source& first, const Source& second);
    // Objects the sealed storage must hold after this row adds `second` (and
    // `first`, if listed here) to it.
    bool first_added;
    std::vector<std::uint32_t> expected;
};

void PrintTo(const Row& row, std::ostream* out)
{
    *out << row.name;
}

void never_cleared(ObjectStorage&, const Source&, const Source&)
{}

void moved_from(ObjectStorage& storage, const Source& first, const Source&)
{
    storage.clear();
    storage.add(first.object.bytes(), first.block.header());
    storage.seal();
    ObjectStorage taker(std::move(storage));
    ASSERT_TRUE(taker.find(kFirst).has_value());
}

void cleared(ObjectStorage& storage, const Source& first, const Source& second)
{
    // A previous fill with other contents, then clear(): the documented way.
    storage.add(second.object.bytes(), second.block.header());
    storage.add(first.object.bytes(), first.block.header());
    storage.seal();
    storage.clear();
}

void sealed_then_added(ObjectStorage& storage, const Source& first, const Source&)
{
    storage.clear();
    storage.add(first.object.bytes(), first.block.header());
    storage.seal();
}

class ObjectStorageFill : public testing::TestWithParam<Row> {};

TEST_P(ObjectStorageFill, KeepsEveryObjectWhole)
{
    const Row& row = GetParam();
    const Source first = load(kFirst, 1'000);
    const Source second = load(kSecond, 2'000);
    ObjectStorage storage;
    row.start(storage, first, second);
    if (row.first_added)
        storage.add(first.object.bytes(), first.block.header());
    storage.add(second.object.bytes(), second.block.header());
    storage.seal();

    auto parsed = BlockView::parse(storage.block().bytes());
    ASSERT_TRUE(parsed.ok()) << parsed.error().describe();
    EXPECT_EQ(parsed->object_count(), row.expected.size());
    // The header's length is the header and the objects, nothing else.
    std::size_t object_bytes = 0;
    for (const std::uint32_t index : row.expected)
        object_bytes += (index == kFirst ? first : second).object.bytes().size();
    EXPECT_EQ(parsed->header().total_byte_length, layout::block::kSize + object_bytes);

    for (const std::uint32_t index : row.expected) {
        SCOPED_TRACE(index);
        const Source& source = index == kFirst ? first : second;
        auto entry = storage.find(index);
        ASSERT_TRUE(entry.has_value());
        const auto want = source.object.bytes();
        const auto got = entry->object.bytes();
        ASSERT_EQ(got.size(), want.size());
        EXPECT_TRUE(std::equal(got.begin(), got.end(), want.begin()));
        EXPECT_EQ(entry->origin->perf_time, source.block.header().perf_time);
        auto in_block = parsed->find_object(index);
        ASSERT_TRUE(in_block.has_value());
        EXPECT_EQ(in_block->instance_count(), 2u);
    }
}

const Row kRows[] = {
    // add() on a new storage: the first object used to start at offset 0.
    {"never_cleared", never_cleared, true, {kFirst, kSecond}},
    // A moved-from storage has no bytes either.
    {"moved_from", moved_from, true, {kFirst, kSecond}},
    // The documented cycle: what an earlier fill held is gone.
    {"cleared", cleared, false, {kSecond}},
    // add() after seal() without clear() appends to the sealed fill.
    {"sealed_then_added", sealed_then_added, false, {kFirst, kSecond}},
};

INSTANTIATE_TEST_SUITE_P(States, ObjectStorageFill, testing::ValuesIn(kRows),
                         [](const auto& row) { return std::string(row.param.name); });

}  // namespace
}  // namespace wpo
