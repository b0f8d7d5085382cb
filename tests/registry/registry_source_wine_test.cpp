// SPDX-License-Identifier: Apache-2.0
// RegistrySource against the real HKEY_PERFORMANCE_DATA. Runs on Windows and
// under Wine; what only Wine does (no objects, the fixed two-entry name table,
// *size = 0 after ERROR_MORE_DATA; docs/windows-under-wine.md §3-§4) is checked
// only when the test detects Wine.
#include "sources/registry/registry_source.h"

#include "format/block_view.h"

#include <gtest/gtest.h>

#include <windows.h>

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

bool running_under_wine()
{
    const HMODULE ntdll = GetModuleHandleW(L"ntdll");
    return ntdll && GetProcAddress(ntdll, "wine_get_version") != nullptr;
}

// The real RegQueryValueExW, with every call recorded.
struct RecordedCall {
    std::uint32_t offered = 0;
    std::uint32_t result = 0;
    std::uint32_t size_after = 0;
};

PerfRegistryApi recording_api(std::vector<RecordedCall>& calls)
{
    PerfRegistryApi api;
    api.query = [&calls](const wchar_t* name, std::uint32_t* type, std::byte* data, std::uint32_t* size) {
        RecordedCall call;
        call.offered = *size;
        DWORD t = 0;
        DWORD s = *size;
        call.result = static_cast<std::uint32_t>(
            RegQueryValueExW(HKEY_PERFORMANCE_DATA, name, nullptr, &t, reinterpret_cast<LPBYTE>(data), &s));
        call.size_after = s;
        calls.push_back(call);
        *type = t;
        *size = s;
        return call.result;
    };
    return api;
}

struct QueryCase {
    const char* name;
    const char* query;
};

class RealRegistryQuery : public testing::TestWithParam<QueryCase> {};

TEST_P(RealRegistryQuery, GivesAValidBlock)
{
    RegistrySource source;
    std::vector<std::byte> buffer;
    const Status status = source.collect(GetParam().query, buffer);
    ASSERT_TRUE(status.ok()) << status.error().describe();

    auto block = BlockView::parse(buffer);  // signature "PERF", little endian, version 1.1
    ASSERT_TRUE(block.ok()) << block.error().describe();
    const BlockHeader& h = block->header();
    EXPECT_EQ(h.total_byte_length, buffer.size());
    // 88 + the NUL-terminated UTF-16 computer name, rounded up to 8: depends
    // on the host name, so it is not hard-coded.
    EXPECT_GE(h.header_length, 88u);
    EXPECT_EQ(h.header_length % 8, 0u);
    EXPECT_GT(h.perf_freq, 0);
    EXPECT_GT(h.perf_time_100ns, 0);
    EXPECT_FALSE(block->system_name().empty());
    EXPECT_LE(88u + h.system_name_length, h.header_length);
    if (running_under_wine()) {
        EXPECT_EQ(h.num_object_types, 0u);  // Wine has no built-in objects
        EXPECT_EQ(h.header_length, (88 + h.system_name_length + 7) / 8 * 8);
    }
}

INSTANTIATE_TEST_SUITE_P(RegistrySource, RealRegistryQuery,
                         testing::Values(QueryCase{"Global", "Global"}, QueryCase{"ProcessAndThread", "230 232"},
                                         QueryCase{"Costly", "Costly"}),
                         case_name<QueryCase>);

TEST(RealRegistry, GrowsFromATinyBuffer)
{
    std::vector<RecordedCall> calls;
    RegistrySource source({.initial_size = 16}, recording_api(calls));
    std::vector<std::byte> buffer;
    const Status status = source.collect("Global", buffer);
    ASSERT_TRUE(status.ok()) << status.error().describe();
    ASSERT_TRUE(BlockView::parse(buffer).ok());

    ASSERT_GE(calls.size(), 2u);  // no block fits in 16 bytes
    std::uint32_t expected = 16;
    for (std::size_t i = 0; i < calls.size(); ++i, expected *= 2) {
        EXPECT_EQ(calls[i].offered, expected) << "call " << i;
        if (i + 1 < calls.size()) {
            EXPECT_EQ(calls[i].result, std::uint32_t(ERROR_MORE_DATA)) << "call " << i;
            if (running_under_wine()) {
                EXPECT_EQ(calls[i].size_after, 0u) << "Wine gives no size hint";
            }
        }
    }
    EXPECT_EQ(calls.back().result, std::uint32_t(ERROR_SUCCESS));
    EXPECT_EQ(calls.back().size_after, buffer.size());
    EXPECT_GT(buffer.size(), calls[calls.size() - 2].offered);  // the last refusal was right
    EXPECT_EQ(source.buffer_size(), calls.back().offered);

    // The grown buffer is kept: the next poll takes one call.
    calls.clear();
    ASSERT_TRUE(source.collect("Global", buffer).ok());
    EXPECT_EQ(calls.size(), 1u);
}

TEST(RealRegistry, GrowsFromATinyBufferWithTheDefaultApi)
{
    RegistrySource source({.initial_size = 16});
    std::vector<std::byte> buffer;
    const Status status = source.collect("Global", buffer);
    ASSERT_TRUE(status.ok()) << status.error().describe();
    EXPECT_GE(source.buffer_size(), buffer.size());
    EXPECT_GT(source.buffer_size(), 16u);
}

TEST(RealRegistry, TooSmallACapIsTooLarge)
{
    RegistrySource source({.initial_size = 16, .max_size = 64});
    std::vector<std::byte> buffer;
    const Status status = source.collect("Global", buffer);
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().code(), Errc::too_large);
    EXPECT_TRUE(buffer.empty());
}

TEST(RealRegistry, LoadsNames)
{
    RegistrySource source({.initial_size = 16});
    auto names = source.load_names();
    ASSERT_TRUE(names.ok()) << names.error().describe();
    if (running_under_wine()) {
        // Wine's fixed table: Counter 1 -> "1847", 1846 -> "End Marker";
        // Help 1847 -> "End Marker". Nothing else.
        EXPECT_EQ(names->name(1), "1847");
        EXPECT_EQ(names->name(1846), "End Marker");
        EXPECT_EQ(names->help(1847), "End Marker");
        EXPECT_EQ(names->names().size(), 2u);
        EXPECT_EQ(names->helps().size(), 1u);
        EXPECT_EQ(names->name(230), "");  // Process is not there
        EXPECT_EQ(names->help(231), "");
    } else {
        EXPECT_EQ(names->name(230), "Process");
        EXPECT_EQ(names->name(238), "Processor");
    }
}

TEST(RealRegistry, RejectsAnInvalidQuery)
{
    RegistrySource source;
    std::vector<std::byte> buffer;
    const Status status = source.collect("Process; DROP TABLE", buffer);
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().code(), Errc::invalid_argument);
}

TEST(RealRegistry, ClosesAndReopens)
{
    RegistrySource source;
    std::vector<std::byte> buffer;
    ASSERT_TRUE(source.collect("Global", buffer).ok());
    const Status closed = source.close();
    EXPECT_TRUE(closed.ok()) << closed.error().describe();
    EXPECT_TRUE(source.close().ok());
    ASSERT_TRUE(source.collect("230", buffer).ok());
    EXPECT_TRUE(BlockView::parse(buffer).ok());
}

TEST(RealRegistry, TwoSourcesShareTheProcessWideKey)
{
    RegistrySource first;
    std::vector<std::byte> buffer;
    ASSERT_TRUE(first.collect("Global", buffer).ok());
    {
        RegistrySource second;
        ASSERT_TRUE(second.collect("Costly", buffer).ok());
    }  // closes HKEY_PERFORMANCE_DATA for the whole process
    const Status again = first.collect("Global", buffer);
    ASSERT_TRUE(again.ok()) << again.error().describe();
}

}  // namespace
}  // namespace wpo
