// SPDX-License-Identifier: Apache-2.0
// The agent's one cache: /metrics scrapes and remote clients (a RemoteSource talking to the agent's
// RemoteEndpoint in process) collect through one AgentCache, so a scrape and a remote collection of the same
// objects within the freshness interval cost one source collection, and a remote stream stays a correct
// chain of deltas whichever of them collected its blocks.
#include "cli/agent_cache.h"
#include "cli/metrics_endpoint.h"
#include "cli/remote_endpoint.h"
#include "cli/remote_request.h"
#include "remote/remote_protocol.h"
#include "remote/remote_source.h"
#include "remote/wire_format.h"

#include "cache_test_machine.h"
#include "exposition_checker.h"
#include "format/counter_type.h"
#include "loop_transport.h"
#include "test_source.h"
#include "witness_source.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>


namespace perfscope::cli {
namespace {

using namespace std::chrono_literals;
using exporter::ExpositionFormat;
using exporter::testing::check_exposition;

using serve_testing::kMemory;
using serve_testing::kSystem;
using serve_testing::ManualClock;

std::vector<std::byte> object_bytes(std::span<const std::byte> block, std::uint32_t index)
{
    auto view = wpo::BlockView::parse(block);
    if (!view)
        return {};
    auto object = view->find_object(index);
    if (!object)
        return {};
    return {object->bytes().begin(), object->bytes().end()};
}

class AgentCacheTest : public ::testing::Test {
protected:
    AgentCacheTest() { serve_testing::start_clock(m_inner); }
    // Time passes on the machine and on the cache's clock alike.
    void advance(std::chrono::milliseconds by)
    {
        m_clock.ns += std::chrono::nanoseconds(by).count();
        m_inner.advance_seconds(std::chrono::duration<double>(by).count());
    }
    std::string scrape()
    {
        std::string body;
        EXPECT_TRUE(m_metrics.scrape(ExpositionFormat::text, body));
        return body;
    }

    ManualClock m_clock;
    const wpo::NameTable m_names = serve_testing::cache_test_names();
    wpo::TestSource m_inner{serve_testing::cache_test_objects(7, 4096), serve_testing::cache_test_names()};
    wpo::WitnessSource m_source{m_inner};
    wpo::SharedSource m_shared{m_source};
    wpo::PerfObjectCache m_cache{m_clock.cache_options(500ms)};
    AgentCache m_agent{m_shared, m_cache};
    MetricsEndpoint m_metrics{m_agent, m_names, {kSystem, kMemory}};
    RemoteEndpoint m_remote{m_agent, m_names, "box"};
    std::vector<wpo::remote::BlockReplyHeader> m_seen;
    wpo::remote::RemoteSource m_client{"box:1", [this]() -> wpo::Result<std::unique_ptr<wpo::remote::Transport>> {
                                           return std::unique_ptr<wpo::remote::Transport>(
                                               std::make_unique<LoopTransport>(m_remote, m_seen));
                                       }};
};

TEST_F(AgentCacheTest, ScrapeThenRemoteCollectWithinTheIntervalCostOneCollection)
{
    const auto checked = check_exposition(scrape(), false);
    ASSERT_EQ(checked.error, "");
    EXPECT_EQ(checked.series.at("perfscope_memory_available_bytes"), 4096);
    ASSERT_EQ(m_inner.collect_count(), 1u);
    const std::vector<std::byte> scraped = m_source.last;

    advance(400ms);
    std::vector<std::byte> block;
    ASSERT_TRUE(m_client.collect("4", block));
    EXPECT_EQ(m_inner.collect_count(), 1u);
    EXPECT_EQ(m_remote.collections(), 0u);
    // The scrape's copy of Memory, in a block with the times and machine name of the scrape's collection.
    auto view = wpo::BlockView::parse(block);
    ASSERT_TRUE(view) << view.error().message();
    EXPECT_EQ(object_bytes(block, kMemory), object_bytes(scraped, kMemory));
    EXPECT_FALSE(view->find_object(kSystem));
    const auto scrape_view = wpo::BlockView::parse(scraped);
    ASSERT_TRUE(scrape_view);
    EXPECT_EQ(view->header().perf_time, scrape_view->header().perf_time);
    EXPECT_EQ(view->header().perf_time_100ns, scrape_view->header().perf_time_100ns);
    EXPECT_EQ(view->system_name(), scrape_view->system_name());

    // Past the interval the next remote collection asks the source.
    advance(200ms);
    ASSERT_TRUE(m_client.collect("4", block));
    EXPECT_EQ(m_inner.collect_count(), 2u);
    EXPECT_EQ(m_remote.collections(), 1u);
    EXPECT_EQ(block, m_source.last);
    EXPECT_EQ(m_cache.outstanding_references(), 0u);
}

TEST_F(AgentCacheTest, RemoteCollectThenScrapeWithinTheIntervalCostOneCollection)
{
    std::vector<std::byte> block;
    ASSERT_TRUE(m_client.collect("2 4", block));
    EXPECT_EQ(block, m_source.last);
    ASSERT_EQ(m_inner.collect_count(), 1u);
    advance(300ms);
    const auto checked = check_exposition(scrape(), false);
    ASSERT_EQ(checked.error, "");
    EXPECT_EQ(checked.series.at("perfscope_system_processes"), 7);
    EXPECT_EQ(checked.series.at("perfscope_memory_available_bytes"), 4096);
    EXPECT_EQ(m_inner.collect_count(), 1u);
    EXPECT_EQ(m_metrics.source_queries(), 0u);

    advance(300ms);  // 600 ms after the collection
    scrape();
    EXPECT_EQ(m_inner.collect_count(), 2u);
    EXPECT_EQ(m_cache.outstanding_references(), 0u);
}

// Blocks collected by scrapes and by the stream itself alternate; the client receives each as the source made
// its objects, as deltas against the block before.
TEST_F(AgentCacheTest, DeltaStreamStaysCorrectWhoeverCollects)
{
    std::vector<std::byte> block;
    for (int i = 0; i < 6; ++i) {
        m_inner.find(kMemory)->values[0] = 4096 + 100 * static_cast<std::uint64_t>(i);
        m_inner.find(kSystem)->values[0] = 7 + static_cast<std::uint64_t>(i);
        advance(1000ms);
        const bool scraped_first = i % 2 == 1;
        if (scraped_first)
            scrape();
        const std::size_t before = m_inner.collect_count();
        ASSERT_TRUE(m_client.collect("2 4", block)) << i;
        EXPECT_EQ(m_inner.collect_count(), before + (scraped_first ? 0u : 1u)) << i;
        for (const std::uint32_t index : {kSystem, kMemory})
            EXPECT_EQ(object_bytes(block, index), object_bytes(m_source.last, index)) << i << " object " << index;
        auto view = wpo::BlockView::parse(block);
        ASSERT_TRUE(view);
        auto source_view = wpo::BlockView::parse(m_source.last);
        ASSERT_TRUE(source_view);
        EXPECT_EQ(view->header().perf_time, source_view->header().perf_time) << i;
    }
    ASSERT_EQ(m_seen.size(), 6u);
    EXPECT_EQ(m_seen[0].kind, wpo::recording::BlockKind::key);
    for (std::size_t i = 1; i < m_seen.size(); ++i) {
        EXPECT_EQ(m_seen[i].kind, wpo::recording::BlockKind::delta) << i;
        EXPECT_EQ(m_seen[i].sequence, i + 1);
    }
    EXPECT_EQ(m_cache.outstanding_references(), 0u);
}

// A client holding the newest block never gets it again, even while the cache still holds its objects: the
// next block is a new collection.
TEST_F(AgentCacheTest, AClientHoldingTheNewestBlockGetsANewCollection)
{
    scrape();
    std::vector<std::byte> first, second;
    ASSERT_TRUE(m_client.collect("4", first));
    EXPECT_EQ(m_inner.collect_count(), 1u);
    m_inner.advance_seconds(0.1);
    ASSERT_TRUE(m_client.collect("4", second));
    EXPECT_EQ(m_inner.collect_count(), 2u);
    EXPECT_EQ(second, m_source.last);
    EXPECT_GT(wpo::BlockView::parse(second)->header().perf_time, wpo::BlockView::parse(first)->header().perf_time);
    // A second client arriving now takes that block from its stream, without a collection.
    std::vector<wpo::remote::BlockReplyHeader> seen;
    wpo::remote::RemoteSource other("box:1", [&]() -> wpo::Result<std::unique_ptr<wpo::remote::Transport>> {
        return std::unique_ptr<wpo::remote::Transport>(std::make_unique<LoopTransport>(m_remote, seen));
    });
    std::vector<std::byte> third;
    ASSERT_TRUE(other.collect("4", third));
    EXPECT_EQ(third, second);
    EXPECT_EQ(m_inner.collect_count(), 2u);
}

// A scrape's whole Memory answers a client asking some of its counters ("4:12", what the query layer sends):
// the source could have answered with more counters too. A copy collected for some counters does not answer a
// scrape, which exports every counter.
TEST_F(AgentCacheTest, AWholeCopyAnswersARequestForSomeCounters)
{
    scrape();
    std::vector<std::byte> block;
    ASSERT_TRUE(m_client.collect("4:12", block));
    EXPECT_EQ(m_inner.collect_count(), 1u);
    EXPECT_EQ(object_bytes(block, kMemory), object_bytes(m_source.last, kMemory));
    advance(1000ms);
    ASSERT_TRUE(m_client.collect("4:12", block));  // past the interval: its own collection, narrowed
    EXPECT_EQ(m_inner.collect_count(), 2u);
    EXPECT_EQ(m_inner.last_query(), "4:12");
    EXPECT_EQ(block, m_source.last);
    EXPECT_EQ(m_seen.back().kind, wpo::recording::BlockKind::delta);
    scrape();  // the copy collected for "4:12" is not the whole object
    EXPECT_EQ(m_inner.collect_count(), 3u);
}

// A source that narrows what it collects (as procfs does for Process): "4:12" answers Memory with Available
// Bytes only, "4" with every counter. The definitions a stream's client decodes change at most once.
class NarrowingSource : public wpo::Source {
public:
    NarrowingSource(wpo::Source& whole, wpo::Source& narrow) : m_whole(whole), m_narrow(narrow) {}
    wpo::Status collect(std::string_view query, std::vector<std::byte>& buffer) override
    {
        return (query.find(':') != std::string_view::npos ? m_narrow : m_whole).collect(query, buffer);
    }
    wpo::Result<wpo::NameTable> load_names() override { return m_whole.load_names(); }

private:
    wpo::Source& m_whole;
    wpo::Source& m_narrow;
};

TEST(AgentCacheNarrowing, AWholeCopyIsNotTakenOnceTheStreamHoldsNarrowerDefinitions)
{
    ManualClock clock;
    auto whole_objects = serve_testing::cache_test_objects(7, 4096);
    whole_objects[1].counters.push_back({14, 15, wpo::counter_type::PERF_COUNTER_LARGE_RAWCOUNT, 0});
    whole_objects[1].values.push_back(99);
    wpo::TestSource whole(whole_objects, serve_testing::cache_test_names());
    wpo::TestSource narrow(serve_testing::cache_test_objects(7, 4096), serve_testing::cache_test_names());
    for (wpo::TestSource* s : {&whole, &narrow})
        serve_testing::start_clock(*s);
    NarrowingSource narrowing(whole, narrow);
    wpo::WitnessSource source(narrowing);
    wpo::SharedSource shared(source);
    wpo::PerfObjectCache cache(clock.cache_options(500ms));
    AgentCache agent(shared, cache);
    const wpo::NameTable table = serve_testing::cache_test_names();
    MetricsEndpoint metrics(agent, table, {kMemory});
    RemoteEndpoint remote(agent, table, "box");
    std::vector<wpo::remote::BlockReplyHeader> seen;
    wpo::remote::RemoteSource client("box:1", [&]() -> wpo::Result<std::unique_ptr<wpo::remote::Transport>> {
        return std::unique_ptr<wpo::remote::Transport>(std::make_unique<LoopTransport>(remote, seen));
    });
    const auto advance = [&] {
        clock.ns += 1'000'000'000;
        whole.advance_seconds(1);
        narrow.advance_seconds(1);
    };
    std::string body;
    std::vector<std::byte> block;
    ASSERT_TRUE(metrics.scrape(ExpositionFormat::text, body));
    ASSERT_TRUE(client.collect("4:12", block));  // a new stream takes the scrape's whole copy
    EXPECT_EQ(whole.collect_count() + narrow.collect_count(), 1u);
    advance();
    ASSERT_TRUE(client.collect("4:12", block));  // its own collection, narrowed: the one change
    EXPECT_EQ(narrow.collect_count(), 1u);
    EXPECT_EQ(block, source.last);
    advance();
    ASSERT_TRUE(metrics.scrape(ExpositionFormat::text, body));  // a fresh whole copy
    EXPECT_EQ(whole.collect_count(), 2u);
    ASSERT_TRUE(client.collect("4:12", block));  // not taken: the stream holds one counter
    EXPECT_EQ(narrow.collect_count(), 2u);
    EXPECT_EQ(block, source.last);
    EXPECT_EQ(cache.outstanding_references(), 0u);
}

// Scrapes and remote clients from several threads at once, on a cache that never ages: one collection of the
// objects they share, every reference given back, every answer whole.
TEST_F(AgentCacheTest, ScrapesAndRemoteClientsTogether)
{
    wpo::PerfObjectCache cache(m_clock.cache_options(std::chrono::hours(1)));
    AgentCache agent(m_shared, cache);
    MetricsEndpoint metrics(agent, m_names, {kSystem, kMemory});
    RemoteEndpoint remote(agent, m_names, "box");
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            std::string body;
            for (int i = 0; i < 20; ++i)
                if (!metrics.scrape(ExpositionFormat::text, body) || check_exposition(body, false).error != "")
                    ++failures;
        });
        threads.emplace_back([&] {
            std::vector<wpo::remote::BlockReplyHeader> seen;
            wpo::remote::RemoteSource client("box:1", [&]() -> wpo::Result<std::unique_ptr<wpo::remote::Transport>> {
                return std::unique_ptr<wpo::remote::Transport>(std::make_unique<LoopTransport>(remote, seen));
            });
            std::vector<std::byte> block;
            // The first answer comes from the shared collection; later ones are new collections, since a client
            // never gets a block twice.
            if (!client.collect("2 4", block) || object_bytes(block, kMemory).empty())
                ++failures;
        });
    }
    for (std::thread& thread : threads)
        thread.join();
    EXPECT_EQ(failures.load(), 0);
    EXPECT_EQ(m_inner.collect_count(), 1u);
    EXPECT_EQ(cache.outstanding_references(), 0u);
}

}  // namespace
}  // namespace perfscope::cli
