// SPDX-License-Identifier: Apache-2.0
// RegistrySource against a scripted PerfRegistryApi: the buffer growth loop,
// busy retries, the size cap, error mapping, query validation and the
// RegCloseKey policy, deterministically (the real HKEY_PERFORMANCE_DATA is in
// registry_source_wine_test.cpp).
#include "sources/registry/registry_source.h"

#include "core/byte_io.h"
#include "format/block_builder.h"
#include "format/block_view.h"
#include "format/counter_type.h"
#include "format/layout.h"
#include "test_blocks.h"

#include <gtest/gtest.h>

#include <malloc.h>

#include <chrono>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

namespace wpo {
namespace {

// Row names for INSTANTIATE_TEST_SUITE_P: every case struct has `name`.
template <class Case>
std::string case_name(const testing::TestParamInfo<Case>& row)
{
    return row.param.name;
}

using namespace std::chrono_literals;

constexpr std::uint32_t kSuccess = 0;
constexpr std::uint32_t kAccessDenied = 5;
constexpr std::uint32_t kFileNotFound = 2;
constexpr std::uint32_t kInvalidHandle = 6;
constexpr std::uint32_t kNotReady = 21;
constexpr std::uint32_t kLockFailed = 167;
constexpr std::uint32_t kBusy = 170;
constexpr std::uint32_t kMoreData = 234;
constexpr std::uint32_t kWaitTimeout = 258;
constexpr std::uint32_t kRpcCallFailed = 1726;
constexpr std::uint32_t kRegBinary = 3;
constexpr std::uint32_t kRegMultiSz = 7;

struct Call {
    std::wstring value_name;
    std::uint32_t offered = 0;
    std::uint32_t result = 0;
};

// Serves `values` by name the way HKEY_PERFORMANCE_DATA does: ERROR_MORE_DATA
// with *size = `more_data_size` when the buffer is too small. `script` forces
// the result of the next calls (ERROR_BUSY, ...) before that logic applies.
class FakeRegistry {
public:
    std::vector<std::pair<std::wstring, std::vector<std::byte>>> values;
    std::deque<std::uint32_t> script;
    std::uint32_t more_data_size = 0;  // Wine's answer
    std::uint32_t overrun = 0;         // bytes written past *size, like Wine's provider bug
    // Wine's query_perf_data (docs/windows-under-wine.md §5.2): the objects
    // of a block value are written this many bytes past HeaderLength, the
    // bytes in between are not written, the reported size is unchanged.
    std::uint32_t shift = 0;
    std::vector<Call> calls;
    int closes = 0;
    std::uint32_t close_result = kSuccess;

    PerfRegistryApi api()
    {
        return {
            [this](const wchar_t* name, std::uint32_t* type, std::byte* data, std::uint32_t* size) {
                return query(name, type, data, size);
            },
            [this] {
                ++closes;
                return close_result;
            },
        };
    }

    std::vector<std::uint32_t> offered() const
    {
        std::vector<std::uint32_t> sizes;
        for (const Call& c : calls)
            sizes.push_back(c.offered);
        return sizes;
    }

private:
    std::uint32_t query(const wchar_t* name, std::uint32_t* type, std::byte* data, std::uint32_t* size)
    {
        calls.push_back({name, *size, 0});
        std::uint32_t& result = calls.back().result;
        if (!script.empty()) {
            result = script.front();
            script.pop_front();
            if (result != kSuccess)
                return result;
        }
        const std::vector<std::byte>* value = nullptr;
        for (const auto& [value_name, bytes] : values)
            if (value_name == name)
                value = &bytes;
        if (!value)
            return result = kFileNotFound;
        if (value->size() > *size) {
            *size = more_data_size;
            return result = kMoreData;
        }
        if (shift > 0 && value->size() >= 88) {
            const std::uint32_t header = load_u32(value->data() + layout::block::kHeaderLength);
            std::memcpy(data, value->data(), header);
            std::memcpy(data + header + shift, value->data() + header, value->size() - header);
        } else {
            std::memcpy(data, value->data(), value->size());
        }
        std::memset(data + value->size() + shift, 0xCC, overrun);
        *size = static_cast<std::uint32_t>(value->size());
        *type = name[0] == L'C' || name[0] == L'H' ? kRegMultiSz : kRegBinary;
        return result = kSuccess;
    }
};

// 16, 32, ... up to the first size >= need (or `cap`).
std::vector<std::uint32_t> doublings(std::uint32_t from, std::size_t need, std::uint32_t cap = 0xFFFFFFFF)
{
    std::vector<std::uint32_t> sizes{from};
    while (sizes.back() < need && sizes.back() < cap)
        sizes.push_back(std::min(sizes.back() * 2, cap));
    return sizes;
}

RegistrySourceOptions fast(std::size_t initial = 64 * 1024)
{
    return {.initial_size = initial, .busy_delay = 0ms};
}

TEST(RegistrySource, GrowsByDoublingFromTheInitialSize)
{
    FakeRegistry fake;
    fake.values = {{L"Global", test::sample_block()}};
    RegistrySource source(fast(16), fake.api());
    std::vector<std::byte> buffer;
    ASSERT_TRUE(source.collect("Global", buffer).ok());

    EXPECT_EQ(buffer, test::sample_block());
    const auto expected = doublings(16, buffer.size());
    EXPECT_EQ(fake.offered(), expected);
    for (std::size_t i = 0; i + 1 < fake.calls.size(); ++i)
        EXPECT_EQ(fake.calls[i].result, kMoreData);
    EXPECT_EQ(fake.calls.back().result, kSuccess);
    EXPECT_EQ(source.buffer_size(), expected.back());
}

TEST(RegistrySource, KeepsTheGrownBufferBetweenPolls)
{
    FakeRegistry fake;
    fake.values = {{L"Global", test::sample_block()}};
    RegistrySource source(fast(16), fake.api());
    std::vector<std::byte> buffer;
    ASSERT_TRUE(source.collect("Global", buffer).ok());
    const std::size_t grown = source.buffer_size();
    fake.calls.clear();

    ASSERT_TRUE(source.collect("Global", buffer).ok());
    ASSERT_EQ(fake.calls.size(), 1u);
    EXPECT_EQ(fake.calls[0].offered, grown);
    EXPECT_EQ(buffer, test::sample_block());
}

TEST(RegistrySource, StartsAt64KiBByDefault)
{
    FakeRegistry fake;
    fake.values = {{L"Global", test::sample_block()}};
    RegistrySource source({}, fake.api());
    std::vector<std::byte> buffer;
    ASSERT_TRUE(source.collect("Global", buffer).ok());
    EXPECT_EQ(fake.offered(), std::vector<std::uint32_t>{64 * 1024});
}

// Wine's 88-byte overrun (docs/windows-under-wine.md §5.2) lands in the slack:
// the allocation behind `data` is at least 128 bytes larger than offered.
TEST(RegistrySource, AllocatesSlackPastWhatItOffers)
{
    FakeRegistry fake;
    fake.values = {{L"Global", test::sample_block()}};
    fake.overrun = 88;
    std::vector<std::size_t> allocations;
    PerfRegistryApi api = fake.api();
    api.query = [&, inner = api.query](const wchar_t* name, std::uint32_t* type, std::byte* data, std::uint32_t* size) {
        // operator new is malloc in libstdc++; _msize is the CRT's size of that block.
        allocations.push_back(_msize(data));
        const std::uint32_t offered = *size;
        const std::uint32_t rc = inner(name, type, data, size);
        EXPECT_GE(allocations.back(), std::size_t(offered) + 128);
        return rc;
    };
    RegistrySource source(fast(16), api);
    std::vector<std::byte> buffer;
    ASSERT_TRUE(source.collect("Global", buffer).ok());
    EXPECT_EQ(buffer, test::sample_block());
    EXPECT_EQ(allocations.size(), fake.calls.size());
}

struct SizeHintCase {
    const char* name;
    std::uint32_t reported;
    bool exact_need = false;  // report the size the value really needs
};

class RegistrySourceSizeHint : public testing::TestWithParam<SizeHintCase> {};

// Whatever *size says after ERROR_MORE_DATA, the loop only doubles.
TEST_P(RegistrySourceSizeHint, IsIgnored)
{
    FakeRegistry fake;
    const auto block = test::sample_block();
    fake.values = {{L"Global", block}};
    fake.more_data_size = GetParam().exact_need ? std::uint32_t(block.size()) : GetParam().reported;
    RegistrySource source(fast(16), fake.api());
    std::vector<std::byte> buffer;
    ASSERT_TRUE(source.collect("Global", buffer).ok());
    EXPECT_EQ(fake.offered(), doublings(16, block.size()));
}

INSTANTIATE_TEST_SUITE_P(RegistrySource, RegistrySourceSizeHint,
                         testing::Values(SizeHintCase{"ZeroLikeWine", 0}, SizeHintCase{"ExactNeed", 0, true},
                                         SizeHintCase{"Smaller", 8}, SizeHintCase{"Huge", 0xFFFFFFFF}),
                         case_name<SizeHintCase>);

struct MoreDataCase {
    const char* name;
    int times;
};

class RegistrySourceMoreData : public testing::TestWithParam<MoreDataCase> {};

TEST_P(RegistrySourceMoreData, DoublesOncePerRefusal)
{
    FakeRegistry fake;
    fake.values = {{L"Global", test::sample_block()}};
    for (int i = 0; i < GetParam().times; ++i)
        fake.script.push_back(kMoreData);
    RegistrySource source(fast(1024), fake.api());
    std::vector<std::byte> buffer;
    ASSERT_TRUE(source.collect("Global", buffer).ok());
    std::vector<std::uint32_t> expected;
    for (int i = 0; i <= GetParam().times; ++i)
        expected.push_back(1024u << i);
    EXPECT_EQ(fake.offered(), expected);
    EXPECT_EQ(source.buffer_size(), expected.back());
}

INSTANTIATE_TEST_SUITE_P(RegistrySource, RegistrySourceMoreData,
                         testing::Values(MoreDataCase{"Never", 0}, MoreDataCase{"Once", 1},
                                         MoreDataCase{"FiveTimes", 5}, MoreDataCase{"TwelveTimes", 12}),
                         case_name<MoreDataCase>);

TEST(RegistrySource, StopsAtTheCap)
{
    FakeRegistry fake;
    fake.values = {{L"Global", std::vector<std::byte>(1000)}};
    RegistrySource source({.initial_size = 16, .max_size = 100, .busy_delay = 0ms}, fake.api());
    std::vector<std::byte> buffer{std::byte{1}};
    const Status status = source.collect("Global", buffer);
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().code(), Errc::too_large);
    EXPECT_NE(status.error().message().find("100"), std::string::npos) << status.error().message();
    // The last step is clamped to the cap itself, then nothing larger is tried.
    EXPECT_EQ(fake.offered(), (std::vector<std::uint32_t>{16, 32, 64, 100}));
    EXPECT_TRUE(buffer.empty());
}

TEST(RegistrySource, ReachesExactlyTheCap)
{
    FakeRegistry fake;
    const auto block = test::sample_block();
    fake.values = {{L"Global", block}};
    const auto cap = static_cast<std::uint32_t>(block.size());
    RegistrySource source({.initial_size = 16, .max_size = cap, .busy_delay = 0ms}, fake.api());
    std::vector<std::byte> buffer;
    ASSERT_TRUE(source.collect("Global", buffer).ok());
    EXPECT_EQ(fake.offered().back(), cap);
}

struct TransientCase {
    const char* name;
    std::uint32_t code;
};

class RegistrySourceTransient : public testing::TestWithParam<TransientCase> {};

TEST_P(RegistrySourceTransient, IsRetriedThenSucceeds)
{
    FakeRegistry fake;
    fake.values = {{L"Global", test::sample_block()}};
    fake.script = {GetParam().code, GetParam().code, GetParam().code};
    RegistrySource source({.busy_retries = 3, .busy_delay = 0ms}, fake.api());
    std::vector<std::byte> buffer;
    ASSERT_TRUE(source.collect("Global", buffer).ok());
    EXPECT_EQ(fake.calls.size(), 4u);
}

TEST_P(RegistrySourceTransient, GivesUpAsBusy)
{
    FakeRegistry fake;
    fake.values = {{L"Global", test::sample_block()}};
    fake.script.assign(10, GetParam().code);
    RegistrySource source({.busy_retries = 3, .busy_delay = 0ms}, fake.api());
    std::vector<std::byte> buffer;
    const Status status = source.collect("Global", buffer);
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().code(), Errc::busy);
    EXPECT_EQ(fake.calls.size(), 4u);  // the first try and 3 retries
    EXPECT_NE(status.error().message().find("Win32 error " + std::to_string(GetParam().code)), std::string::npos)
        << status.error().message();
    EXPECT_TRUE(buffer.empty());
}

INSTANTIATE_TEST_SUITE_P(RegistrySource, RegistrySourceTransient,
                         testing::Values(TransientCase{"Busy", kBusy}, TransientCase{"NotReady", kNotReady},
                                         TransientCase{"LockFailed", kLockFailed},
                                         TransientCase{"WaitTimeout", kWaitTimeout}),
                         case_name<TransientCase>);

TEST(RegistrySource, SleepsBetweenBusyRetries)
{
    FakeRegistry fake;
    fake.values = {{L"Global", test::sample_block()}};
    fake.script = {kBusy, kBusy};
    RegistrySource source({.busy_retries = 2, .busy_delay = 20ms}, fake.api());
    std::vector<std::byte> buffer;
    const auto start = std::chrono::steady_clock::now();
    ASSERT_TRUE(source.collect("Global", buffer).ok());
    EXPECT_GE(std::chrono::steady_clock::now() - start, 40ms);
}

TEST(RegistrySource, BusyBudgetIsPerCollectAndApartFromGrowth)
{
    FakeRegistry fake;
    fake.values = {{L"Global", test::sample_block()}};
    fake.script = {kBusy, kMoreData, kBusy, kMoreData};
    RegistrySource source({.initial_size = 4096, .busy_retries = 2, .busy_delay = 0ms}, fake.api());
    std::vector<std::byte> buffer;
    ASSERT_TRUE(source.collect("Global", buffer).ok());
    EXPECT_EQ(fake.offered(), (std::vector<std::uint32_t>{4096, 4096, 8192, 8192, 16384}));

    fake.calls.clear();
    fake.script = {kBusy, kBusy};
    ASSERT_TRUE(source.collect("Global", buffer).ok());
    EXPECT_EQ(fake.calls.size(), 3u);
}

TEST(RegistrySource, ReopensOnceAfterAnInvalidHandle)
{
    FakeRegistry fake;
    fake.values = {{L"Global", test::sample_block()}};
    fake.script = {kInvalidHandle};
    {
        RegistrySource source(fast(), fake.api());
        std::vector<std::byte> buffer;
        ASSERT_TRUE(source.collect("Global", buffer).ok());
        EXPECT_EQ(fake.calls.size(), 2u);
        EXPECT_EQ(fake.closes, 1);

        fake.script = {kInvalidHandle, kInvalidHandle};
        const Status status = source.collect("Global", buffer);
        ASSERT_FALSE(status.ok());
        EXPECT_EQ(status.error().code(), Errc::io_error);
    }
    EXPECT_EQ(fake.closes, 3);  // two reopen attempts and the destructor
}

struct FailureCase {
    const char* name;
    std::uint32_t code;
    Errc expected;
};

class RegistrySourceFailure : public testing::TestWithParam<FailureCase> {};

TEST_P(RegistrySourceFailure, CarriesTheWin32Error)
{
    FakeRegistry fake;
    fake.script = {GetParam().code};
    RegistrySource source(fast(), fake.api());
    std::vector<std::byte> buffer{std::byte{1}};
    const Status status = source.collect("230", buffer);
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().code(), GetParam().expected);
    const std::string& message = status.error().message();
    EXPECT_NE(message.find("\"230\""), std::string::npos) << message;
    EXPECT_NE(message.find("Win32 error " + std::to_string(GetParam().code) + " ("), std::string::npos) << message;
    EXPECT_EQ(fake.calls.size(), 1u);
    EXPECT_TRUE(buffer.empty());
}

INSTANTIATE_TEST_SUITE_P(RegistrySource, RegistrySourceFailure,
                         testing::Values(FailureCase{"AccessDenied", kAccessDenied, Errc::permission_denied},
                                         FailureCase{"FileNotFound", kFileNotFound, Errc::not_found},
                                         FailureCase{"RpcCallFailed", kRpcCallFailed, Errc::io_error}),
                         case_name<FailureCase>);

TEST(RegistrySource, RejectsAReportedSizeLargerThanOffered)
{
    FakeRegistry fake;
    PerfRegistryApi api = fake.api();
    api.query = [](const wchar_t*, std::uint32_t*, std::byte*, std::uint32_t* size) {
        *size += 1;
        return kSuccess;
    };
    RegistrySource source(fast(), api);
    std::vector<std::byte> buffer;
    const Status status = source.collect("Global", buffer);
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().code(), Errc::io_error);
}

struct BadBlockCase {
    const char* name;
    std::vector<std::byte> bytes;
    Errc expected;
};

class RegistrySourceBadBlock : public testing::TestWithParam<BadBlockCase> {};

TEST_P(RegistrySourceBadBlock, IsRejectedByBlockView)
{
    FakeRegistry fake;
    fake.values = {{L"Global", GetParam().bytes}};
    RegistrySource source(fast(), fake.api());
    std::vector<std::byte> buffer;
    const Status status = source.collect("Global", buffer);
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().code(), GetParam().expected) << status.error().describe();
    EXPECT_TRUE(buffer.empty());
}

std::vector<std::byte> bad_signature()
{
    auto block = test::sample_block();
    block[0] = std::byte{'X'};
    return block;
}

std::vector<std::byte> cut_short()
{
    auto block = test::sample_block();
    block.resize(block.size() - 8);
    return block;
}

INSTANTIATE_TEST_SUITE_P(RegistrySource, RegistrySourceBadBlock,
                         testing::Values(BadBlockCase{"Empty", {}, Errc::truncated},
                                         BadBlockCase{"BadSignature", bad_signature(), Errc::bad_signature},
                                         BadBlockCase{"CutShort", cut_short(), Errc::truncated}),
                         case_name<BadBlockCase>);

TEST(RegistrySource, ToleratesAProviderThatOvercountsItsObjects)
{
    auto block = test::sample_block();
    store<std::uint32_t>(block.data() + layout::block::kNumObjectTypes, 4);  // MSMQ-style: 2 present
    FakeRegistry fake;
    fake.values = {{L"Global", block}};
    RegistrySource source(fast(), fake.api());
    std::vector<std::byte> buffer;
    const Status status = source.collect("Global", buffer);
    ASSERT_TRUE(status.ok()) << status.error().describe();
    EXPECT_EQ(BlockView::parse(buffer)->object_count(), 2u);
    EXPECT_EQ(load_u32(buffer.data() + layout::block::kNumObjectTypes), 2u) << "repaired silently";
    EXPECT_TRUE(BlockView::parse(buffer)->left_out().empty());
}

TEST(RegistrySource, OneBadObjectCostsOnlyItself)
{
    // A provider's object with a counter outside its counter block: the
    // block is returned, the object left out when parsed, the other kept.
    auto block = test::sample_block();
    const auto parsed = BlockView::parse(block);
    const std::size_t process = static_cast<std::size_t>(parsed->find_object(230)->bytes().data() - block.data());
    store<std::uint32_t>(block.data() + process + layout::object::kSize + layout::counter::kCounterOffset, 4096);
    FakeRegistry fake;
    fake.values = {{L"Global", block}};
    RegistrySource source(fast(), fake.api());
    std::vector<std::byte> buffer;
    const Status status = source.collect("Global", buffer);
    ASSERT_TRUE(status.ok()) << status.error().describe();
    auto got = BlockView::parse(buffer);
    ASSERT_TRUE(got.ok());
    EXPECT_EQ(got->object_count(), 1u);
    EXPECT_TRUE(got->find_object(2));
    ASSERT_EQ(got->left_out().count(), 1u);
    EXPECT_EQ(got->left_out().listed()[0].name_index(), 230u);
    EXPECT_EQ(got->left_out().listed()[0].code(), Errc::out_of_bounds);
}

struct QueryCase {
    const char* name;
    const char* query;
    const wchar_t* sent;  // nullptr: rejected before the registry is asked
};

class RegistrySourceQuery : public testing::TestWithParam<QueryCase> {};

TEST_P(RegistrySourceQuery, IsValidatedAndCanonical)
{
    FakeRegistry fake;
    RegistrySource source(fast(), fake.api());
    std::vector<std::byte> buffer;
    const Status status = source.collect(GetParam().query, buffer);
    if (!GetParam().sent) {
        ASSERT_FALSE(status.ok());
        EXPECT_EQ(status.error().code(), Errc::invalid_argument);
        EXPECT_TRUE(fake.calls.empty());
        return;
    }
    ASSERT_EQ(fake.calls.size(), 1u);
    EXPECT_EQ(fake.calls[0].value_name, GetParam().sent);
}

INSTANTIATE_TEST_SUITE_P(
    RegistrySource, RegistrySourceQuery,
    testing::Values(QueryCase{"Global", "Global", L"Global"}, QueryCase{"LowerCaseGlobal", "global", L"Global"},
                    QueryCase{"Empty", "", L"Global"}, QueryCase{"Blank", "   ", L"Global"},
                    QueryCase{"Costly", "COSTLY", L"Costly"}, QueryCase{"OneIndex", "230", L"230"},
                    QueryCase{"IndicesSortedUnique", " 232 230  232 ", L"230 232"},
                    QueryCase{"Foreign", "Foreign", nullptr}, QueryCase{"Comma", "230,232", nullptr},
                    QueryCase{"Word", "Process", nullptr}, QueryCase{"Negative", "-2", nullptr},
                    QueryCase{"TooLarge", "4294967296", nullptr}, QueryCase{"GlobalAndIndex", "Global 230", nullptr},
                    QueryCase{"Tab", "230\t232", nullptr}),
    case_name<QueryCase>);

std::vector<std::byte> fake_counter_table()
{
    NameTable t;
    t.set_name(1, "1847");
    t.set_name(2, "System");
    t.set_name(230, "Process");
    return t.counter_multi_sz();
}

std::vector<std::byte> fake_help_table()
{
    NameTable t;
    t.set_help(3, "The System object");
    t.set_help(231, "The Process object");
    return t.help_multi_sz();
}

TEST(RegistrySource, LoadsNamesThroughTheGrowthLoop)
{
    FakeRegistry fake;
    fake.values = {{L"Counter 009", fake_counter_table()}, {L"Help 009", fake_help_table()}};
    RegistrySource source(fast(16), fake.api());
    auto names = source.load_names();
    ASSERT_TRUE(names.ok()) << names.error().describe();
    EXPECT_EQ(names->name(230), "Process");
    EXPECT_EQ(names->name(2), "System");
    EXPECT_EQ(names->help(231), "The Process object");
    EXPECT_EQ(names->name(4), "");
    ASSERT_GT(fake.calls.size(), 2u);
    EXPECT_EQ(fake.calls.front().value_name, L"Counter 009");
    EXPECT_EQ(fake.calls.back().value_name, L"Help 009");
    EXPECT_EQ(fake.calls.front().offered, 16u);
}

TEST(RegistrySource, LoadsNamesOfTheConfiguredLanguage)
{
    FakeRegistry fake;
    fake.values = {{L"Counter 007", fake_counter_table()}, {L"Help 007", fake_help_table()}};
    RegistrySource source({.language = "007"}, fake.api());
    auto names = source.load_names();
    ASSERT_TRUE(names.ok()) << names.error().describe();
    EXPECT_EQ(names->name(230), "Process");
}

TEST(RegistrySource, RejectsAnInvalidLanguage)
{
    FakeRegistry fake;
    RegistrySource source({.language = "en-US"}, fake.api());
    auto names = source.load_names();
    ASSERT_FALSE(names.ok());
    EXPECT_EQ(names.error().code(), Errc::invalid_argument);
    EXPECT_TRUE(fake.calls.empty());
}

TEST(RegistrySource, ReportsAMissingNameTable)
{
    FakeRegistry fake;
    fake.values = {{L"Counter 009", fake_counter_table()}};
    RegistrySource source(fast(), fake.api());
    auto names = source.load_names();
    ASSERT_FALSE(names.ok());
    EXPECT_EQ(names.error().code(), Errc::not_found);
    EXPECT_NE(names.error().message().find("Help 009"), std::string::npos) << names.error().message();
}

TEST(RegistrySource, ReportsAMalformedNameTable)
{
    FakeRegistry fake;
    // "1" "1847" "x" "System": an index that is not a number.
    const char16_t text[] = u"1\0"
                            "1847\0"
                            "x\0"
                            "System\0";
    std::vector<std::byte> bad(sizeof text);
    std::memcpy(bad.data(), text, sizeof text);
    fake.values = {{L"Counter 009", bad}, {L"Help 009", fake_help_table()}};
    RegistrySource source(fast(), fake.api());
    auto names = source.load_names();
    ASSERT_FALSE(names.ok());
    EXPECT_EQ(names.error().code(), Errc::bad_name_table) << names.error().describe();
}

TEST(RegistrySource, ClosesOnlyWhatItOpened)
{
    FakeRegistry fake;
    fake.values = {{L"Global", test::sample_block()}};
    {
        RegistrySource unused(fast(), fake.api());
    }
    EXPECT_EQ(fake.closes, 0);

    {
        RegistrySource source(fast(), fake.api());
        std::vector<std::byte> buffer;
        ASSERT_TRUE(source.collect("Global", buffer).ok());
        ASSERT_TRUE(source.collect("Global", buffer).ok());
        EXPECT_EQ(fake.closes, 0);  // kept open between polls
        EXPECT_TRUE(source.close().ok());
        EXPECT_EQ(fake.closes, 1);
        EXPECT_TRUE(source.close().ok());  // nothing open any more
        EXPECT_EQ(fake.closes, 1);
        ASSERT_TRUE(source.collect("Global", buffer).ok());  // reopens
    }
    EXPECT_EQ(fake.closes, 2);
}

TEST(RegistrySource, ReportsAFailedClose)
{
    FakeRegistry fake;
    fake.values = {{L"Global", test::sample_block()}};
    fake.close_result = kInvalidHandle;
    RegistrySource source(fast(), fake.api());
    std::vector<std::byte> buffer;
    ASSERT_TRUE(source.collect("Global", buffer).ok());
    const Status status = source.close();
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().code(), Errc::io_error);
    EXPECT_NE(status.error().message().find("RegCloseKey"), std::string::npos);
    EXPECT_TRUE(source.close().ok());  // the handle is gone either way
    EXPECT_EQ(fake.closes, 1);
}

// Wine's shifted provider objects: returned where Windows puts them.
std::vector<std::byte> provider_block(int objects)
{
    std::vector<std::byte> out;
    BlockBuilder b(out);
    b.begin(test::fixed_times(), "VM");
    for (int i = 0; i < objects; ++i) {
        const std::uint32_t index = 1848 + 100 * static_cast<std::uint32_t>(i);
        b.begin_object({.name_index = index, .help_index = index + 1, .has_instances = true});
        const auto raw = b.add_counter(
            {.name_index = index + 2, .help_index = index + 3, .type = counter_type::PERF_COUNTER_RAWCOUNT});
        b.begin_instance("alpha");
        b.set(raw, 7 + static_cast<std::uint32_t>(i));
        b.end_object();
    }
    b.finish();
    return out;
}

struct WineShiftCase {
    const char* name;
    int objects;
    std::size_t initial_size;
};

class RegistrySourceWineShift : public testing::TestWithParam<WineShiftCase> {};

TEST_P(RegistrySourceWineShift, ObjectsAreMovedBack)
{
    FakeRegistry fake;
    fake.shift = 88;
    const auto genuine = provider_block(GetParam().objects);
    fake.values = {{L"Global", genuine}};
    // 0: offer exactly the block's size.
    const std::size_t initial = GetParam().initial_size ? GetParam().initial_size : genuine.size();
    RegistrySource source(fast(initial), fake.api());
    std::vector<std::byte> buffer;
    const Status status = source.collect("Global", buffer);
    ASSERT_TRUE(status.ok()) << status.error().describe();
    EXPECT_EQ(buffer, genuine);
    auto block = BlockView::parse(buffer);
    ASSERT_TRUE(block.ok());
    EXPECT_TRUE(block->left_out().empty());
    EXPECT_EQ(block->object_count(), static_cast<std::uint32_t>(GetParam().objects));

    // The next poll reuses the buffer, gap and all.
    ASSERT_TRUE(source.collect("Global", buffer).ok());
    EXPECT_EQ(buffer, genuine);
}

INSTANTIATE_TEST_SUITE_P(RegistrySource, RegistrySourceWineShift,
                         testing::Values(WineShiftCase{"OneObject", 1, 64 * 1024},
                                         WineShiftCase{"TwoObjects", 2, 64 * 1024},
                                         WineShiftCase{"TwoObjectsGrownFromTinyBuffer", 2, 16},
                                         // The reported size fills the offered buffer exactly:
                                         // the objects end 88 bytes into the slack.
                                         WineShiftCase{"ExactFit", 2, 0}),
                         case_name<WineShiftCase>);

TEST(RegistrySource, GenuineBlocksAreNotShifted)
{
    FakeRegistry fake;
    fake.values = {{L"Global", test::sample_block()}, {L"238", provider_block(2)}};
    RegistrySource source(fast(), fake.api());
    std::vector<std::byte> buffer;
    ASSERT_TRUE(source.collect("Global", buffer).ok());
    EXPECT_EQ(buffer, test::sample_block());
    ASSERT_TRUE(source.collect("238", buffer).ok());
    EXPECT_EQ(buffer, provider_block(2));
}

// What an earlier query left at HeaderLength must not hide Wine's shape:
// Wine never writes the 88 bytes there.
TEST(RegistrySource, AnEarlierObjectAtHeaderLengthDoesNotHideTheShift)
{
    FakeRegistry fake;
    const auto genuine = provider_block(1);
    fake.values = {{L"Global", genuine}, {L"1848", genuine}};
    RegistrySource source(fast(), fake.api());
    std::vector<std::byte> buffer;
    ASSERT_TRUE(source.collect("1848", buffer).ok());  // a sound object at HeaderLength
    fake.shift = 88;
    ASSERT_TRUE(source.collect("Global", buffer).ok());
    EXPECT_EQ(buffer, genuine);
}

}  // namespace
}  // namespace wpo
