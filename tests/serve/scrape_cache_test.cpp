// SPDX-License-Identifier: Apache-2.0
// A scrape is an entity of the shared cache: scrapes arriving together, or within the cache's freshness,
// cost one collection of each object, counted at the source (a TestSource, and a counting wrapper over this
// machine's own source).
#include "cli/metrics_endpoint.h"

#include "cache_test_machine.h"
#include "exposition_checker.h"
#include "query/platform_source.h"
#include "test_source.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <latch>
#include <mutex>
#include <thread>

namespace {

using namespace perfscope::cli;
using namespace std::chrono_literals;
using perfscope::exporter::ExpositionFormat;
using perfscope::exporter::testing::check_exposition;

using perfscope::serve_testing::kMemory;
using perfscope::serve_testing::kSystem;
using perfscope::serve_testing::ManualClock;

wpo::NameTable names()
{
    return perfscope::serve_testing::cache_test_names();
}

std::vector<wpo::TestObject> objects(std::uint64_t processes, std::uint64_t bytes)
{
    return perfscope::serve_testing::cache_test_objects(processes, bytes);
}

// N scrapes from N threads at once.
std::vector<std::string> scrape_together(MetricsEndpoint& endpoint, int n, std::string_view set = {})
{
    std::vector<std::string> bodies(static_cast<std::size_t>(n));
    std::vector<std::thread> threads;
    std::latch start(n);
    std::atomic<int> failures{0};
    for (int i = 0; i < n; ++i)
        threads.emplace_back([&, i] {
            start.arrive_and_wait();
            if (!endpoint.scrape(ExpositionFormat::text, bodies[static_cast<std::size_t>(i)], set))
                ++failures;
        });
    for (std::thread& t : threads)
        t.join();
    EXPECT_EQ(failures.load(), 0);
    return bodies;
}

class ScrapeCacheTest : public ::testing::Test {
protected:
    ScrapeCacheTest() { perfscope::serve_testing::start_clock(m_source); }

    ManualClock m_clock;
    wpo::NameTable m_names = names();
    wpo::TestSource m_source{objects(7, 4096), names()};
    wpo::SharedSource m_shared{m_source};
    wpo::PerfObjectCache m_cache{m_clock.cache_options(500ms)};
};

TEST_F(ScrapeCacheTest, ConcurrentScrapesCollectEachObjectOnce)
{
    MetricsEndpoint endpoint(m_shared, m_cache, m_names, {kSystem, kMemory});
    constexpr int kScrapes = 8;
    for (const std::string& body : scrape_together(endpoint, kScrapes)) {
        const auto checked = check_exposition(body, false);
        ASSERT_EQ(checked.error, "");
        EXPECT_EQ(checked.series.at("perfscope_system_processes"), 7);
        EXPECT_EQ(checked.series.at("perfscope_memory_available_bytes"), 4096);
    }
    EXPECT_EQ(m_source.collect_count(), 1u);
    EXPECT_EQ(endpoint.source_queries(), 1u);
    EXPECT_EQ(m_cache.stats().source_queries, 1u);
    EXPECT_EQ(m_cache.outstanding_references(), 0u);

    // Still within the freshness: no collection.
    m_clock.ns += 400'000'000;
    std::string body;
    ASSERT_TRUE(endpoint.scrape(ExpositionFormat::openmetrics, body));
    EXPECT_EQ(m_source.collect_count(), 1u);

    // Past it: the next round collects once more, and sees the new values.
    m_clock.ns += 200'000'000;
    m_source.advance_seconds(0.6);
    m_source.objects() = objects(9, 8192);
    for (const std::string& later : scrape_together(endpoint, kScrapes)) {
        const auto checked = check_exposition(later, false);
        ASSERT_EQ(checked.error, "");
        EXPECT_EQ(checked.series.at("perfscope_system_processes"), 9);
        EXPECT_EQ(checked.series.at("perfscope_memory_available_bytes"), 8192);
    }
    EXPECT_EQ(m_source.collect_count(), 2u);
    EXPECT_EQ(m_cache.outstanding_references(), 0u);
}

// Per object: a scrape collects only the objects the cache does not hold fresh, whoever collected them.
TEST_F(ScrapeCacheTest, CollectsOnlyWhatTheCacheLacks)
{
    MetricsEndpoint system_only(m_shared, m_cache, m_names, {kSystem});
    MetricsEndpoint both(m_shared, m_cache, m_names, {kSystem, kMemory});
    both.add_set("memory", {kMemory});
    std::string body;
    ASSERT_TRUE(system_only.scrape(ExpositionFormat::text, body));
    EXPECT_EQ(m_source.last_query(), "2");
    ASSERT_TRUE(both.scrape(ExpositionFormat::text, body));
    EXPECT_EQ(m_source.collect_count(), 2u);
    EXPECT_EQ(m_source.last_query(), "4");
    const auto checked = check_exposition(body, false);
    ASSERT_EQ(checked.error, "");
    EXPECT_EQ(checked.series.at("perfscope_system_processes"), 7);
    EXPECT_EQ(checked.series.at("perfscope_memory_available_bytes"), 4096);
    scrape_together(both, 4, "memory");
    ASSERT_TRUE(system_only.scrape(ExpositionFormat::text, body));
    EXPECT_EQ(m_source.collect_count(), 2u);
}

// A cache serving another source is not mixed with this one: the endpoint says so on every scrape.
TEST_F(ScrapeCacheTest, CacheOfAnotherSourceIsAnError)
{
    wpo::TestSource other(objects(1, 1), names());
    wpo::SharedSource other_shared(other);
    ASSERT_TRUE(m_cache.attach(other_shared.id()));
    {
        MetricsEndpoint endpoint(m_shared, m_cache, m_names, {kSystem});
        std::string body;
        const auto status = endpoint.scrape(ExpositionFormat::text, body);
        ASSERT_FALSE(status);
        EXPECT_EQ(status.error().code(), wpo::Errc::invalid_argument);
        EXPECT_EQ(m_source.collect_count(), 0u);
    }
    m_cache.detach();
}

#if defined(__linux__)
// This machine's source behind a wrapper that counts collections.
class CountingSource : public wpo::Source {
public:
    explicit CountingSource(wpo::Source& inner) : m_inner(inner) {}
    wpo::Status collect(std::string_view query, std::vector<std::byte>& buffer) override
    {
        ++m_collects;
        return m_inner.collect(query, buffer);
    }
    wpo::Result<wpo::NameTable> load_names() override { return m_inner.load_names(); }
    std::size_t collects() const { return m_collects; }

private:
    wpo::Source& m_inner;
    std::atomic<std::size_t> m_collects{0};
};

TEST(ScrapeCache, RealSourceCollectedOncePerInterval)
{
    auto platform = wpo::query::make_platform_source();
    ASSERT_TRUE(platform);
    auto table = (*platform)->load_names();
    ASSERT_TRUE(table);
    std::vector<std::uint32_t> exported;
    for (const char* name : {"Processor", "Memory", "System", "Process"})
        if (auto index = table->find_object(name))
            exported.push_back(*index);
    ASSERT_EQ(exported.size(), 4u);
    CountingSource counting(**platform);
    wpo::SharedSource shared(counting);
    wpo::CacheOptions options;
    options.freshness = 1h;  // nothing ages during the test
    wpo::PerfObjectCache cache(options);
    MetricsEndpoint endpoint(shared, cache, *table, exported);
    for (const std::string& body : scrape_together(endpoint, 6)) {
        const auto checked = check_exposition(body, false);
        ASSERT_EQ(checked.error, "");
        EXPECT_TRUE(checked.series.contains("perfscope_system_processes"));
    }
    EXPECT_EQ(counting.collects(), 1u);
}
#endif

}  // namespace
