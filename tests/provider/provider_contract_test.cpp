// SPDX-License-Identifier: Apache-2.0
// The provider contract of perfscope-counters.dll, directly
// (docs/windows-provider.md, docs/windows-under-wine.md §5.3): the DLL is loaded with LoadLibrary and
// its Open/Collect/Close called as the registry would call them, while a
// Publisher (the publishing library) in this same process fills the segment.
// Every query kind, buffers too small by every amount from 1 byte to the
// whole size, several threads collecting at once while the writer writes,
// Open/Close counting, a publisher that exits or restarts, and malformed
// segments (named rows). Runs under Wine (ctest label wine) and on Windows.
#include "core/byte_io.h"
#include "format/block_builder.h"
#include "format/block_view.h"
#include "format/counter_type.h"
#include "format/layout.h"
#include "publisher.h"
#include "published/segment_names.h"
#include "published/shared_mapping.h"

#include <gtest/gtest.h>

#include <windows.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace wpo::counter_type;
using Bytes = std::vector<std::byte>;
namespace P = wpo::published;

std::string g_dll_path;  // argv[1]

using OpenProc = DWORD(APIENTRY*)(LPWSTR);
using CollectProc = DWORD(APIENTRY*)(LPWSTR, LPVOID*, LPDWORD, LPDWORD);
using CloseProc = DWORD(APIENTRY*)();

constexpr std::uint32_t kFirstCounter = 7000;
constexpr std::uint32_t kFirstHelp = 7001;

// Item order (definition.h): object, its counters, next object. Index =
// First Counter + 2 x position.
constexpr std::uint32_t kTotals = kFirstCounter + 0;      // object 0, no instances
constexpr std::uint32_t kRaw = kFirstCounter + 2;         //   raw32
constexpr std::uint32_t kRate = kFirstCounter + 4;        //   rate64
constexpr std::uint32_t kItems = kFirstCounter + 6;       // object 1, instances
constexpr std::uint32_t kSize = kFirstCounter + 8;        //   raw64
constexpr std::uint32_t kCostly = kFirstCounter + 10;     // object 2, costly
constexpr std::uint32_t kCostlyRaw = kFirstCounter + 12;  //   raw32

std::string publisher_name()
{
    return "PerfscopeHarness" + std::to_string(GetCurrentProcessId());
}

P::Definition definition()
{
    P::Definition d;
    d.publisher = publisher_name();
    d.objects.push_back({.name = "Harness Totals",
                         .help = "Totals of the harness.",
                         .counters = {{.name = "Raw", .help = "A raw value.", .type = PERF_COUNTER_RAWCOUNT},
                                      {.name = "Rate", .help = "Per second.", .type = PERF_COUNTER_BULK_COUNT}}});
    d.objects.push_back({.name = "Harness Items",
                         .help = "Items that come and go.",
                         .max_instances = 8,
                         .counters = {{.name = "Size", .help = "Bytes.", .type = PERF_COUNTER_LARGE_RAWCOUNT}}});
    d.objects.push_back({.name = "Harness Costly",
                         .help = "Only for Costly.",
                         .costly = true,
                         .counters = {{.name = "Cost", .help = "A raw value.", .type = PERF_COUNTER_RAWCOUNT}}});
    return d;
}

std::wstring widen(const std::string& s)
{
    return std::wstring(s.begin(), s.end());
}

std::wstring performance_key()
{
    return L"SYSTEM\\CurrentControlSet\\Services\\" + widen(publisher_name()) + L"\\Performance";
}

// Services\<Name>\Performance as lodctr (or counters install) leaves it.
void register_indices()
{
    const std::wstring key = performance_key();
    for (auto [value, data] : {std::pair{L"First Counter", kFirstCounter}, std::pair{L"First Help", kFirstHelp},
                               std::pair{L"Last Counter", kCostlyRaw}, std::pair{L"Last Help", kCostlyRaw + 1}}) {
        const DWORD d = data;
        ASSERT_EQ(RegSetKeyValueW(HKEY_LOCAL_MACHINE, key.c_str(), value, REG_DWORD, &d, sizeof d), ERROR_SUCCESS);
    }
}

void unregister()
{
    const std::wstring service = L"SYSTEM\\CurrentControlSet\\Services\\" + widen(publisher_name());
    RegDeleteTreeW(HKEY_LOCAL_MACHINE, service.c_str());
    RegDeleteKeyW(HKEY_LOCAL_MACHINE, service.c_str());
}

std::wstring dll_path()
{
    std::string p = g_dll_path;
    if (!p.empty() && p[0] == '/') {
        // A Linux path from ctest: Wine's Z: drive is /.
        std::replace(p.begin(), p.end(), '/', '\\');
        p = "Z:" + p;
    }
    return widen(p);
}

struct Provider {
    HMODULE module = nullptr;
    OpenProc open = nullptr;
    CollectProc collect = nullptr;
    CloseProc close = nullptr;
};

// The result of one Collect call.
struct Collected {
    DWORD rc = 0;
    DWORD bytes = 0;
    DWORD objects = 0;
    std::ptrdiff_t advanced = 0;  // how far *lppData moved
    Bytes data;                   // the bytes the call reported
    bool guard_intact = true;     // nothing written past the offered size
};

constexpr std::size_t kGuard = 256;

Collected collect(const Provider& p, const wchar_t* query, std::size_t offered)
{
    Bytes buffer(offered + kGuard, std::byte{0xCD});
    void* data = buffer.data();
    DWORD bytes = static_cast<DWORD>(offered);
    DWORD objects = 12345;
    std::wstring text = query ? query : L"";
    Collected c;
    c.rc = p.collect(query ? text.data() : nullptr, &data, &bytes, &objects);
    c.bytes = bytes;
    c.objects = objects;
    c.advanced = static_cast<std::byte*>(data) - buffer.data();
    if (c.rc == ERROR_SUCCESS && bytes <= offered)
        c.data.assign(buffer.begin(), buffer.begin() + bytes);
    for (std::size_t i = offered; i < buffer.size(); ++i)
        c.guard_intact = c.guard_intact && buffer[i] == std::byte{0xCD};
    return c;
}

// The collected objects behind a PERF_DATA_BLOCK header, as the registry
// assembles them, so BlockView checks them as any block.
Bytes as_block(const Collected& c)
{
    Bytes block;
    wpo::BlockBuilder b(block);
    b.begin({}, "HARNESS");
    b.finish();
    block.insert(block.end(), c.data.begin(), c.data.end());
    wpo::store<std::uint32_t>(&block[wpo::layout::block::kTotalByteLength], static_cast<std::uint32_t>(block.size()));
    wpo::store<std::uint32_t>(&block[wpo::layout::block::kNumObjectTypes], c.objects);
    return block;
}

std::vector<std::uint32_t> object_indices(const Collected& c)
{
    const Bytes block = as_block(c);
    auto view = wpo::BlockView::parse(block);
    EXPECT_TRUE(view.ok()) << (view.ok() ? "" : view.error().describe());
    std::vector<std::uint32_t> indices;
    if (view) {
        EXPECT_TRUE(view->left_out().empty());
        for (const wpo::ObjectView& o : view->objects())
            indices.push_back(o.name_index());
    }
    return indices;
}

// Checks every rule of a successful Collect.
void expect_success(const Collected& c, std::size_t offered)
{
    EXPECT_EQ(c.rc, DWORD(ERROR_SUCCESS));
    EXPECT_EQ(c.bytes % 8, 0u) << "a multiple of 8";
    EXPECT_EQ(c.advanced, std::ptrdiff_t(c.bytes)) << "*lppData advanced past the data";
    EXPECT_LE(c.bytes, offered);
    EXPECT_TRUE(c.guard_intact);
    if (c.bytes == 0) {
        EXPECT_EQ(c.objects, 0u);
    }
}

void expect_nothing(const Collected& c)
{
    EXPECT_EQ(c.rc, DWORD(ERROR_SUCCESS));
    EXPECT_EQ(c.bytes, 0u);
    EXPECT_EQ(c.objects, 0u);
    EXPECT_EQ(c.advanced, 0);
    EXPECT_TRUE(c.guard_intact);
}

class ProviderContract : public testing::Test {
protected:
    void SetUp() override
    {
        unregister();
        register_indices();
        m_module = LoadLibraryW(dll_path().c_str());
        ASSERT_NE(m_module, nullptr) << "LoadLibrary " << g_dll_path << ": error " << GetLastError();
        m_p.module = m_module;
        m_p.open =
            reinterpret_cast<OpenProc>(reinterpret_cast<void (*)()>(GetProcAddress(m_module, "OpenPerformanceData")));
        m_p.collect = reinterpret_cast<CollectProc>(
            reinterpret_cast<void (*)()>(GetProcAddress(m_module, "CollectPerformanceData")));
        m_p.close =
            reinterpret_cast<CloseProc>(reinterpret_cast<void (*)()>(GetProcAddress(m_module, "ClosePerformanceData")));
        ASSERT_TRUE(m_p.open && m_p.collect && m_p.close) << "the three exports";
        start_publisher();
    }
    void TearDown() override
    {
        m_publisher.reset();
        if (m_module) {
            while (m_opened-- > 0)
                m_p.close();
            FreeLibrary(m_module);
        }
        unregister();
    }

    void start_publisher()
    {
        auto pub = wpo::publish::Publisher::start(definition());
        ASSERT_TRUE(pub.ok()) << pub.error().describe();
        m_publisher = std::move(*pub);
        auto totals = m_publisher->values(0);
        totals.counter(0).set(42);
        totals.counter(1).set(1000);
        auto alpha = m_publisher->add_instance(1, "alpha");
        auto beta = m_publisher->add_instance(1, "beta");
        ASSERT_TRUE(alpha.ok() && beta.ok());
        alpha->counter(0).set(7);
        beta->counter(0).set(0x1'0000'0008ULL);
        m_publisher->values(2).counter(0).set(5);
    }

    void open()
    {
        std::wstring names = widen(publisher_name()) + L'\0' + L'\0';
        ASSERT_EQ(m_p.open(names.data()), DWORD(ERROR_SUCCESS));
        ++m_opened;
    }

    HMODULE m_module = nullptr;
    Provider m_p;
    int m_opened = 0;
    std::unique_ptr<wpo::publish::Publisher> m_publisher;
};

TEST_F(ProviderContract, GlobalServesTheObjectsThatAreNotCostly)
{
    open();
    const Collected c = collect(m_p, L"Global", 64 * 1024);
    expect_success(c, 64 * 1024);
    ASSERT_EQ(c.objects, 2u);
    const Bytes block = as_block(c);
    auto view = wpo::BlockView::parse(block);
    ASSERT_TRUE(view.ok()) << view.error().describe();
    ASSERT_TRUE(view->left_out().empty());

    auto totals = view->find_object(kTotals);
    ASSERT_TRUE(totals);
    EXPECT_EQ(totals->header().help_index, kTotals + 1);
    EXPECT_FALSE(totals->has_instances());
    ASSERT_EQ(totals->counter_count(), 2u);
    EXPECT_EQ(totals->counter(0).name_index, kRaw);
    EXPECT_EQ(totals->counter(0).help_index, kRaw + 1);
    EXPECT_EQ(totals->counter(0).type, PERF_COUNTER_RAWCOUNT);
    EXPECT_EQ(totals->counter(1).name_index, kRate);
    EXPECT_EQ(totals->counter(1).type, PERF_COUNTER_BULK_COUNT);
    EXPECT_EQ(totals->counter_block().value(totals->counter(0)), 42u);
    EXPECT_EQ(totals->counter_block().value(totals->counter(1)), 1000u);

    auto items = view->find_object(kItems);
    ASSERT_TRUE(items);
    ASSERT_TRUE(items->has_instances());
    EXPECT_EQ(items->counter(0).name_index, kSize);
    std::vector<std::pair<std::string, std::uint64_t>> instances;
    for (const wpo::InstanceView& i : items->instances())
        instances.emplace_back(i.name(), i.counters().value(items->counter(0)));
    std::sort(instances.begin(), instances.end());
    EXPECT_EQ(instances,
              (std::vector<std::pair<std::string, std::uint64_t>>{{"alpha", 7}, {"beta", 0x1'0000'0008ULL}}));
    EXPECT_FALSE(view->find_object(kCostly));
}

struct QueryRow {
    const char* name;
    const wchar_t* query;  // nullptr: a NULL lpwszValue
    std::vector<std::uint32_t> objects;
};

class ProviderQuery : public ProviderContract, public testing::WithParamInterface<QueryRow> {};

TEST_P(ProviderQuery, SelectsTheObjects)
{
    open();
    const Collected c = collect(m_p, GetParam().query, 64 * 1024);
    if (GetParam().objects.empty()) {
        expect_nothing(c);
        return;
    }
    expect_success(c, 64 * 1024);
    EXPECT_EQ(c.objects, GetParam().objects.size());
    EXPECT_EQ(object_indices(c), GetParam().objects);
}

INSTANTIATE_TEST_SUITE_P(
    ProviderContract, ProviderQuery,
    testing::Values(QueryRow{"Global", L"Global", {kTotals, kItems}},
                    QueryRow{"NullIsGlobal", nullptr, {kTotals, kItems}},
                    QueryRow{"EmptyIsGlobal", L"", {kTotals, kItems}}, QueryRow{"Costly", L"Costly", {kCostly}},
                    QueryRow{"OneIndex", L"7006", {kItems}}, QueryRow{"OursAmongOthers", L"2 7000 4", {kTotals}},
                    QueryRow{"AllThreeByIndex", L"7010 7006 7000", {kTotals, kItems, kCostly}},
                    QueryRow{"ExtraSpaces", L"  7006   230 ", {kItems}},
                    QueryRow{"CounterIndexIsNoObject", L"7002", {}}, QueryRow{"OthersOnly", L"230 238", {}},
                    QueryRow{"Foreign", L"Foreign", {}}, QueryRow{"ForeignComputer", L"Foreign OTHERHOST", {}},
                    QueryRow{"ForeignWithOurIndex", L"Foreign OTHERHOST 7000", {}},
                    QueryRow{"Garbage", L"Process; DROP", {}}, QueryRow{"HugeNumber", L"99999999999999999999", {}},
                    QueryRow{"CaseMatters", L"global", {}}),
    [](const testing::TestParamInfo<QueryRow>& row) { return std::string(row.param.name); });

// Every size from 1 byte short to the whole need short: ERROR_MORE_DATA,
// *lppData unchanged, both counts 0, nothing written past what was offered.
struct SmallRow {
    const char* name;
    const wchar_t* query;
};

class ProviderSmallBuffer : public ProviderContract, public testing::WithParamInterface<SmallRow> {};

TEST_P(ProviderSmallBuffer, IsMoreDataForEveryShortSize)
{
    open();
    const Collected full = collect(m_p, GetParam().query, 64 * 1024);
    expect_success(full, 64 * 1024);
    const std::size_t need = full.bytes;
    ASSERT_GT(need, 0u);
    int failures = 0;
    for (std::size_t offered = 0; offered < need && failures < 5; ++offered) {
        const Collected c = collect(m_p, GetParam().query, offered);
        const bool ok = c.rc == ERROR_MORE_DATA && c.bytes == 0 && c.objects == 0 && c.advanced == 0 && c.guard_intact;
        if (!ok) {
            ++failures;
            ADD_FAILURE() << need - offered << " bytes short: rc " << c.rc << ", bytes " << c.bytes << ", objects "
                          << c.objects << ", advanced " << c.advanced << ", guard " << c.guard_intact;
        }
    }
    const Collected exact = collect(m_p, GetParam().query, need);
    expect_success(exact, need);
    EXPECT_EQ(exact.bytes, need);
    EXPECT_EQ(exact.objects, full.objects);
}

INSTANTIATE_TEST_SUITE_P(ProviderContract, ProviderSmallBuffer,
                         testing::Values(SmallRow{"Global", L"Global"}, SmallRow{"Costly", L"Costly"},
                                         SmallRow{"IndexList", L"7006 7010"}),
                         [](const testing::TestParamInfo<SmallRow>& row) { return std::string(row.param.name); });

// Four threads collect at once (one of them alternating a buffer that is too
// small, one asking by index) while a writer thread updates values and adds
// and removes an instance as fast as it can. Every call keeps the contract;
// every block is sound. An object whose slot stayed mid-write through all
// of the reader's bounded retries is left out rather than served torn
// (segment_view.h): such calls are counted, not failed.
TEST_F(ProviderContract, ThreadsCollectWhileThePublisherWrites)
{
    open();
    std::atomic<bool> stop{false};
    std::atomic<int> broken{0};    // a rule of the contract broken, or an unsound block
    std::atomic<int> short_of{0};  // fewer objects than asked for (left out, not torn)
    std::atomic<int> collects{0};
    auto totals = m_publisher->values(0);
    std::thread writer([&] {
        std::uint64_t n = 0;
        while (!stop.load()) {
            totals.counter(0).set(++n);
            totals.counter(1).add(3);
            auto extra = m_publisher->add_instance(1, "gamma");
            if (extra) {
                extra->counter(0).set(n);
                m_publisher->remove_instance(*extra);
            }
            std::this_thread::yield();  // churn as fast as the scheduler lets it, not a spin
        }
    });
    std::vector<std::thread> readers;
    for (int t = 0; t < 4; ++t) {
        readers.emplace_back([&, t] {
            for (int i = 0; i < 150; ++i) {
                const std::size_t offered = (t == 0 && i % 2) ? 64 : 16 * 1024;
                const Collected c = collect(m_p, t == 3 ? L"7006" : L"Global", offered);
                ++collects;
                if (offered == 64) {
                    if (c.rc != ERROR_MORE_DATA || c.bytes != 0 || c.objects != 0 || c.advanced != 0)
                        ++broken;
                    continue;
                }
                const std::uint32_t want = t == 3 ? 1 : 2;
                if (c.rc != ERROR_SUCCESS || c.objects > want || c.bytes % 8 != 0 ||
                    c.advanced != std::ptrdiff_t(c.bytes) || !c.guard_intact) {
                    ++broken;
                    continue;
                }
                if (c.objects < want)
                    ++short_of;
                if (c.objects == 0)
                    continue;
                const Bytes block = as_block(c);
                auto view = wpo::BlockView::parse(block);
                if (!view || !view->left_out().empty() || view->object_count() != c.objects)
                    ++broken;
            }
        });
    }
    for (auto& r : readers)
        r.join();
    stop = true;
    writer.join();
    EXPECT_EQ(broken.load(), 0);
    EXPECT_EQ(collects.load(), 600);
    EXPECT_LT(short_of.load(), 600 / 2) << "most calls see every object";
    std::printf("RESULT provider_collects_short_of_objects %d of 450\n", short_of.load());
}

TEST_F(ProviderContract, OpenAndCloseAreCountedPerProcess)
{
    open();
    open();
    EXPECT_EQ(m_p.close(), DWORD(ERROR_SUCCESS));
    --m_opened;
    EXPECT_EQ(collect(m_p, L"Global", 64 * 1024).objects, 2u) << "one Open is still outstanding";
    EXPECT_EQ(m_p.close(), DWORD(ERROR_SUCCESS));
    --m_opened;
    expect_nothing(collect(m_p, L"Global", 64 * 1024));
    EXPECT_EQ(m_p.close(), DWORD(ERROR_SUCCESS)) << "an extra Close is harmless";
    open();
    EXPECT_EQ(collect(m_p, L"Global", 64 * 1024).objects, 2u) << "open again";
}

TEST_F(ProviderContract, WithoutOpenNothingIsServed)
{
    expect_nothing(collect(m_p, L"Global", 64 * 1024));
}

TEST_F(ProviderContract, AnUnregisteredNameServesNothing)
{
    std::wstring names = L"NoSuchPublisher\0";
    names += L'\0';
    ASSERT_EQ(m_p.open(names.data()), DWORD(ERROR_SUCCESS));
    ++m_opened;
    expect_nothing(collect(m_p, L"Global", 64 * 1024));
}

TEST_F(ProviderContract, OpenWithoutDeviceNamesServesNothing)
{
    ASSERT_EQ(m_p.open(nullptr), DWORD(ERROR_SUCCESS));
    ++m_opened;
    expect_nothing(collect(m_p, L"Global", 64 * 1024));
}

TEST_F(ProviderContract, BadArgumentsAreHarmless)
{
    open();
    DWORD bytes = 100;
    DWORD objects = 7;
    EXPECT_EQ(m_p.collect(nullptr, nullptr, &bytes, &objects), DWORD(ERROR_SUCCESS));
    EXPECT_EQ(bytes, 0u);
    EXPECT_EQ(objects, 0u);
}

TEST_F(ProviderContract, APublisherThatExitsAndComesBackIsFollowed)
{
    open();
    EXPECT_EQ(collect(m_p, L"Global", 64 * 1024).objects, 2u);
    m_publisher.reset();
    expect_nothing(collect(m_p, L"Global", 64 * 1024));
    start_publisher();
    EXPECT_EQ(collect(m_p, L"Global", 64 * 1024).objects, 2u);
}

// A segment that is not what it claims, of a second registered publisher
// whose directory names a live process (this one): it is ignored, and the
// first publisher's objects are served as before. The rows patch a copy of a
// real segment of that second publisher ("Intact" shows the forging works).
constexpr std::uint32_t kForgedFirst = 8000;

struct BadSegmentRow {
    const char* name;
    std::function<Bytes(const Bytes& good)> bytes;
    std::uint32_t forged_objects = 0;  // of the second publisher, served under Global
};

class ProviderBadSegment : public ProviderContract, public testing::WithParamInterface<BadSegmentRow> {};

TEST_P(ProviderBadSegment, IsIgnored)
{
    const std::string forged_name = "PerfscopeForged" + std::to_string(GetCurrentProcessId());
    const std::wstring service = L"SYSTEM\\CurrentControlSet\\Services\\" + widen(forged_name);
    const std::wstring key = service + L"\\Performance";
    for (auto [value, data] : {std::pair{L"First Counter", kForgedFirst}, std::pair{L"First Help", kForgedFirst + 1}}) {
        const DWORD d = data;
        ASSERT_EQ(RegSetKeyValueW(HKEY_LOCAL_MACHINE, key.c_str(), value, REG_DWORD, &d, sizeof d), ERROR_SUCCESS);
    }
    Bytes good;
    {
        P::Definition d = definition();
        d.publisher = forged_name;
        auto second = wpo::publish::Publisher::start(d);
        ASSERT_TRUE(second.ok()) << second.error().describe();
        auto mapping = P::SharedMapping::open((*second)->segment_name());
        ASSERT_TRUE(mapping.ok()) << mapping.error().describe();
        good.assign(mapping->bytes().begin(), mapping->bytes().end());
    }  // gone: its names are free again
    const Bytes forged = GetParam().bytes(good);
    auto directory = P::SharedMapping::open_or_create(P::windows_directory_name(forged_name), P::kDirectorySize);
    ASSERT_TRUE(directory.ok()) << directory.error().describe();
    std::memcpy(directory->data(), P::directory::kMagic, sizeof P::directory::kMagic);
    wpo::store<std::uint32_t>(directory->data() + P::directory::kVersion, 1);
    wpo::store<std::uint32_t>(directory->data() + P::directory::kPid, GetCurrentProcessId());
    auto segment = P::SharedMapping::create(P::windows_segment_name(forged_name, GetCurrentProcessId()),
                                            std::max<std::size_t>(forged.size(), 8));
    ASSERT_TRUE(segment.ok()) << segment.error().describe();
    std::memcpy(segment->data(), forged.data(), forged.size());

    std::wstring names = widen(publisher_name()) + L'\0' + widen(forged_name) + L'\0' + L'\0';
    ASSERT_EQ(m_p.open(names.data()), DWORD(ERROR_SUCCESS));
    ++m_opened;
    const Collected global = collect(m_p, L"Global", 64 * 1024);
    expect_success(global, 64 * 1024);
    std::vector<std::uint32_t> want{kTotals, kItems};
    if (GetParam().forged_objects == 2)
        want.insert(want.end(), {kForgedFirst, kForgedFirst + 6});
    EXPECT_EQ(object_indices(global), want);
    const Collected listed = collect(m_p, L"8000 8006 8010", 64 * 1024);
    if (GetParam().forged_objects == 0) {
        expect_nothing(listed);
    } else {
        EXPECT_EQ(listed.objects, 3u);
    }
    RegDeleteTreeW(HKEY_LOCAL_MACHINE, service.c_str());
    RegDeleteKeyW(HKEY_LOCAL_MACHINE, service.c_str());
}

Bytes patched(Bytes b, std::size_t at, std::uint32_t v)
{
    wpo::store<std::uint32_t>(&b[at], v);
    return b;
}

INSTANTIATE_TEST_SUITE_P(
    ProviderContract, ProviderBadSegment,
    testing::Values(
        BadSegmentRow{"Intact", [](const Bytes& good) { return good; }, 2},
        BadSegmentRow{"Zeros", [](const Bytes& good) { return Bytes(good.size()); }},
        BadSegmentRow{"Garbage", [](const Bytes& good) { return Bytes(good.size(), std::byte{0xAB}); }},
        // The mapping is rounded up to whole pages; a segment claiming more
        // than that is cut off.
        BadSegmentRow{
            "TotalSizeBeyondTheMapping",
            [](const Bytes& good) { return patched(good, 16, static_cast<std::uint32_t>(good.size()) + (1u << 20)); }},
        BadSegmentRow{"BadMagic", [](const Bytes& good) { return patched(good, 0, 0x21212121); }},
        BadSegmentRow{"ObjectsOffsetBeyond", [](const Bytes& good) { return patched(good, 36, 0x7FFFFFF0); }},
        BadSegmentRow{"CountersOffsetBeyond", [](const Bytes& good) { return patched(good, 40, 0x7FFFFFF0); }},
        BadSegmentRow{"StringsBeyond", [](const Bytes& good) { return patched(good, 48, 0x7FFFFFF0); }},
        BadSegmentRow{"HugeObjectCount", [](const Bytes& good) { return patched(good, 28, 0xFFFFFFFF); }},
        BadSegmentRow{"NotReady", [](const Bytes& good) { return patched(good, 20, 0); }},
        BadSegmentRow{"Closed", [](const Bytes& good) { return patched(good, 20, 2); }},
        BadSegmentRow{"AnotherPublisher",
                      [](const Bytes& good) {
                          // Same layout, another publisher's name: not the one registered.
                          Bytes b = good;
                          const std::uint32_t strings = wpo::load_u32(&b[44]);
                          const std::uint32_t name = wpo::load_u32(&b[52]);
                          b[strings + name] = std::byte{'X'};
                          return b;
                      }}),
    [](const testing::TestParamInfo<BadSegmentRow>& row) { return std::string(row.param.name); });

}  // namespace

int main(int argc, char** argv)
{
    testing::InitGoogleTest(&argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: provider_contract_test PATH-TO-perfscope-counters.dll\n");
        return 2;
    }
    g_dll_path = argv[1];
    return RUN_ALL_TESTS();
}
