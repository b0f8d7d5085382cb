// SPDX-License-Identifier: Apache-2.0
// A RemoteSource and the agent's RemoteEndpoint talking through an in-process transport (the same router
// the HTTP and --stdio servers call): blocks arrive byte for byte, clients share collections, deltas are
// used while a client keeps pace, and failures are errors that the next collection recovers from.
#include "cli/remote_endpoint.h"
#include "cli/remote_request.h"
#include "remote/remote_protocol.h"
#include "remote/remote_source.h"
#include "remote/wire_format.h"

#include "format/counter_type.h"
#include "loop_transport.h"
#include "test_source.h"
#include "witness_source.h"

#include <gtest/gtest.h>

namespace perfscope::cli {
namespace {

using namespace wpo::counter_type;
using wpo::Errc;

wpo::NameTable names()
{
    wpo::NameTable t;
    t.set_name(4, "Memory");
    t.set_help(5, "Memory help");
    t.set_name(24, "Available Bytes");
    t.set_name(230, "Process");
    t.set_name(180, "Working Set");
    return t;
}

wpo::TestSource machine()
{
    wpo::TestObject p{.name_index = 230, .has_instances = true};
    p.counters = {{180, 181, PERF_COUNTER_LARGE_RAWCOUNT}};
    p.instances = {{"a", {100}}, {"b", {200}}};
    wpo::TestObject m{.name_index = 4, .help_index = 5};
    m.counters = {{24, 25, PERF_COUNTER_LARGE_RAWCOUNT}};
    m.values = {4096};
    return wpo::TestSource({p, m}, names());
}

using wpo::WitnessSource;

struct Client {
    std::vector<wpo::remote::BlockReplyHeader> seen;
    int refuse_connections = 0;  // the next connects fail, as a machine that is down
    std::unique_ptr<wpo::remote::RemoteSource> source;

    explicit Client(RemoteEndpoint& endpoint)
    {
        source = std::make_unique<wpo::remote::RemoteSource>(
            "box:1", [this, &endpoint]() -> wpo::Result<std::unique_ptr<wpo::remote::Transport>> {
                if (refuse_connections > 0) {
                    --refuse_connections;
                    return wpo::Error(Errc::io_error, "connection refused");
                }
                return std::unique_ptr<wpo::remote::Transport>(std::make_unique<LoopTransport>(endpoint, seen));
            });
    }
};

constexpr auto kLong = std::chrono::hours(1);  // every request within the freshness interval
constexpr auto kNone = std::chrono::nanoseconds(0);

// The machine behind an agent: its source (whose last block is what a client must receive) and endpoint.
struct Agent {
    wpo::TestSource inner = machine();
    WitnessSource source{inner};
    const wpo::NameTable table = names();
    RemoteEndpoint endpoint;

    explicit Agent(std::chrono::nanoseconds freshness) : endpoint(source, table, "box", freshness) {}
};

TEST(RemoteExchange, NamesArriveWhole)
{
    wpo::TestSource source = machine();
    const wpo::NameTable table = names();
    RemoteEndpoint endpoint(source, table, "box");
    Client client(endpoint);
    auto loaded = client.source->load_names();
    ASSERT_TRUE(loaded) << loaded.error().message();
    EXPECT_EQ(loaded->name(4), "Memory");
    EXPECT_EQ(loaded->help(5), "Memory help");
    EXPECT_EQ(loaded->name(180), "Working Set");
    EXPECT_EQ(loaded->counter_multi_sz(), table.counter_multi_sz());
    EXPECT_EQ(client.source->agent_machine(), "box");
    EXPECT_FALSE(client.source->agent_os().empty());
}

TEST(RemoteExchange, BlocksArriveByteForByteAsDeltasWhileTheClientKeepsPace)
{
    Agent agent(kNone);
    Client client(agent.endpoint);
    std::vector<std::byte> block;
    for (int i = 0; i < 4; ++i) {
        agent.inner.find(4)->values[0] = 4096 + 100 * static_cast<std::uint64_t>(i);
        agent.inner.advance_seconds(1);
        ASSERT_TRUE(client.source->collect("4 230", block));
        EXPECT_EQ(block, agent.source.last) << "sample " << i;
    }
    ASSERT_EQ(client.seen.size(), 4u);
    EXPECT_EQ(client.seen[0].kind, wpo::recording::BlockKind::key);
    for (std::size_t i = 1; i < client.seen.size(); ++i) {
        EXPECT_EQ(client.seen[i].kind, wpo::recording::BlockKind::delta) << i;
        EXPECT_EQ(client.seen[i].sequence, i + 1);
    }
    EXPECT_EQ(agent.endpoint.collections(), 4u);
}

TEST(RemoteExchange, ClientsShareOneCollectionPerFreshnessInterval)
{
    Agent agent(kLong);
    Client a(agent.endpoint), b(agent.endpoint), c(agent.endpoint);
    std::vector<std::byte> block_a, block_b, block_c;
    ASSERT_TRUE(a.source->collect("4", block_a));
    ASSERT_TRUE(b.source->collect("4", block_b));
    ASSERT_TRUE(c.source->collect("4", block_c));
    EXPECT_EQ(agent.endpoint.collections(), 1u);
    EXPECT_EQ(agent.inner.collect_count(), 1u);
    EXPECT_EQ(block_a, agent.source.last);
    EXPECT_EQ(block_b, agent.source.last);
    EXPECT_EQ(block_c, agent.source.last);
    // A client never gets a block it already holds: asking again collects anew.
    agent.inner.advance_seconds(1);
    ASSERT_TRUE(a.source->collect("4", block_a));
    EXPECT_EQ(agent.endpoint.collections(), 2u);
    EXPECT_EQ(block_a, agent.source.last);
    EXPECT_EQ(a.seen.back().kind, wpo::recording::BlockKind::delta);
    // b held block 1 and gets block 2 (delta); c too.
    ASSERT_TRUE(b.source->collect("4", block_b));
    EXPECT_EQ(agent.endpoint.collections(), 2u);
    EXPECT_EQ(block_b, agent.source.last);
    EXPECT_EQ(b.seen.back().kind, wpo::recording::BlockKind::delta);
    // Another query is another stream, collected on its own.
    ASSERT_TRUE(c.source->collect("230", block_c));
    EXPECT_EQ(agent.endpoint.collections(), 3u);
    EXPECT_EQ(block_c, agent.source.last);
}

TEST(RemoteExchange, AClientThatFellBehindGetsAKeyFrame)
{
    Agent agent(kLong);
    Client fast(agent.endpoint), slow(agent.endpoint);
    std::vector<std::byte> block;
    ASSERT_TRUE(slow.source->collect("4", block));
    for (int i = 0; i < 3; ++i) {
        agent.inner.advance_seconds(1);
        ASSERT_TRUE(fast.source->collect("4", block));
    }
    ASSERT_TRUE(slow.source->collect("4", block));  // holds block 1, the agent is at block 4
    EXPECT_EQ(block, agent.source.last);
    EXPECT_EQ(slow.seen.back().kind, wpo::recording::BlockKind::key);
    // fast's first request took the fresh block 1, its next two made blocks 2 and 3.
    EXPECT_EQ(slow.seen.back().sequence, 3u);
}

TEST(RemoteExchange, AMachineThatIsDownIsAnErrorAndTheSourceReconnects)
{
    Agent agent(kNone);
    Client client(agent.endpoint);
    client.refuse_connections = 2;
    std::vector<std::byte> block;
    for (int i = 0; i < 2; ++i) {
        const wpo::Status down = client.source->collect("4", block);
        ASSERT_FALSE(down);
        EXPECT_EQ(down.error().code(), Errc::io_error);
        EXPECT_NE(down.error().message().find("\\\\box:1"), std::string::npos) << down.error().message();
        EXPECT_TRUE(block.empty());
    }
    ASSERT_TRUE(client.source->collect("4", block));
    EXPECT_EQ(block, agent.source.last);
    EXPECT_EQ(client.source->connections(), 1u);
}

TEST(RemoteExchange, ANewRunOfTheAgentStartsTheStreamsAgain)
{
    wpo::TestSource inner = machine();
    WitnessSource source(inner);
    const wpo::NameTable table = names();
    auto first = std::make_unique<RemoteEndpoint>(source, table, "box", kNone);
    RemoteEndpoint* current = first.get();
    std::vector<wpo::remote::BlockReplyHeader> seen;
    wpo::remote::RemoteSource client("box:1", [&]() -> wpo::Result<std::unique_ptr<wpo::remote::Transport>> {
        return std::unique_ptr<wpo::remote::Transport>(std::make_unique<LoopTransport>(current, seen));
    });
    std::vector<std::byte> block;
    ASSERT_TRUE(client.collect("4", block));
    inner.advance_seconds(1);
    ASSERT_TRUE(client.collect("4", block));
    // The agent restarts between two requests on one connection: its numbers mean nothing to the new run.
    RemoteEndpoint second(source, table, "box", kNone);
    current = &second;
    inner.advance_seconds(1);
    ASSERT_TRUE(client.collect("4", block));
    EXPECT_EQ(block, source.last);
    EXPECT_EQ(seen.back().kind, wpo::recording::BlockKind::key);
    EXPECT_EQ(seen.back().sequence, 1u);
}

TEST(RemoteExchange, ASourceErrorOnTheAgentIsAnErrorForThatCollectionOnly)
{
    Agent agent(kNone);
    Client client(agent.endpoint);
    std::vector<std::byte> block;
    ASSERT_TRUE(client.source->collect("4", block));
    agent.inner.fail_next(wpo::Error(Errc::busy, "source busy"));
    const wpo::Status failed = client.source->collect("4", block);
    ASSERT_FALSE(failed);
    EXPECT_EQ(failed.error().code(), Errc::io_error);
    EXPECT_NE(failed.error().message().find("500"), std::string::npos) << failed.error().message();
    EXPECT_NE(failed.error().message().find("source busy"), std::string::npos) << failed.error().message();
    agent.inner.advance_seconds(1);
    ASSERT_TRUE(client.source->collect("4", block));
    EXPECT_EQ(block, agent.source.last);
    EXPECT_EQ(client.seen.back().kind, wpo::recording::BlockKind::delta);  // the stream survived
}

TEST(RemoteExchange, StreamsAreBounded)
{
    Agent agent(kNone);
    Client client(agent.endpoint);
    std::vector<std::byte> block;
    // Distinct queries for the same objects ("4", "4 4", ...): more than the endpoint keeps.
    std::string query = "4";
    for (std::size_t i = 0; i <= RemoteEndpoint::kMaxStreams + 2; ++i, query += " 4") {
        ASSERT_TRUE(client.source->collect(query, block)) << i;
        EXPECT_EQ(block, agent.source.last);
    }
    ASSERT_TRUE(client.source->collect("4", block));  // its stream was dropped: a key frame
    EXPECT_EQ(block, agent.source.last);
    EXPECT_EQ(client.seen.back().kind, wpo::recording::BlockKind::key);
    // Sequence numbers started again, so the epoch changed: no client can match an old number.
    EXPECT_NE(client.seen.back().epoch, client.seen.front().epoch);
}

struct RefusalRow {
    const char* name;
    const char* method;
    const char* target;
    int status;
};

class EndpointRefusals : public ::testing::TestWithParam<RefusalRow> {};

TEST_P(EndpointRefusals, AnswersWithAReason)
{
    const RefusalRow& row = GetParam();
    wpo::TestSource source = machine();
    const wpo::NameTable table = names();
    RemoteEndpoint endpoint(source, table, "box");
    auto request = parse_request_line(std::string(row.method) + " " + row.target);
    ASSERT_TRUE(request) << request.error().message();
    RemoteAnswer answer;
    endpoint.handle(*request, answer);
    EXPECT_EQ(answer.status, row.status);
    EXPECT_FALSE(answer.body.empty());
    EXPECT_EQ(source.collect_count(), 0u);
}

// clang-format off
INSTANTIATE_TEST_SUITE_P(Requests, EndpointRefusals, ::testing::Values(
    RefusalRow{"unknown_path", "GET", "/perfscope/v1/other", 404},
    RefusalRow{"metrics_is_not_here", "GET", "/metrics", 404},
    RefusalRow{"post", "POST", "/perfscope/v1/collect?q=4", 405},
    RefusalRow{"delete_names", "DELETE", "/perfscope/v1/names", 405},
    RefusalRow{"no_query", "GET", "/perfscope/v1/collect", 400},
    RefusalRow{"bad_query", "GET", "/perfscope/v1/collect?q=Processor", 400},
    RefusalRow{"bad_base", "GET", "/perfscope/v1/collect?q=4&base=-1", 400},
    RefusalRow{"bad_epoch", "GET", "/perfscope/v1/collect?q=4&epoch=x", 400}),
    [](const auto& row) { return std::string(row.param.name); });
// clang-format on

TEST(EndpointRefusals, AQueryLongerThanTheLimit)
{
    wpo::TestSource source = machine();
    const wpo::NameTable table = names();
    RemoteEndpoint endpoint(source, table, "box");
    RemoteRequest request{"GET", std::string(wpo::remote::kCollectPath), {{"q", std::string(5000, '4')}}};
    RemoteAnswer answer;
    endpoint.handle(request, answer);
    EXPECT_EQ(answer.status, 400);
    EXPECT_EQ(source.collect_count(), 0u);
}

struct LineRow {
    const char* name;
    const char* line;
    bool ok;
    const char* method = "";
    const char* path = "";
    const char* q = nullptr;
};

class RequestLines : public ::testing::TestWithParam<LineRow> {};

TEST_P(RequestLines, Parse)
{
    const LineRow& row = GetParam();
    auto request = parse_request_line(row.line);
    ASSERT_EQ(static_cast<bool>(request), row.ok) << (request ? "parsed" : request.error().message());
    if (!row.ok)
        return;
    EXPECT_EQ(request->method, row.method);
    EXPECT_EQ(request->path, row.path);
    const std::string* q = request->param("q");
    if (row.q) {
        ASSERT_NE(q, nullptr);
        EXPECT_EQ(*q, row.q);
    } else {
        EXPECT_EQ(q, nullptr);
    }
}

// clang-format off
INSTANTIATE_TEST_SUITE_P(Lines, RequestLines, ::testing::Values(
    LineRow{"names", "GET /perfscope/v1/names", true, "GET", "/perfscope/v1/names"},
    LineRow{"http_version", "GET /perfscope/v1/names HTTP/1.1", true, "GET", "/perfscope/v1/names"},
    LineRow{"carriage_return", "GET /perfscope/v1/names\r", true, "GET", "/perfscope/v1/names"},
    LineRow{"decoded_query", "GET /perfscope/v1/collect?q=230%2F12%3A6%20238&base=3", true, "GET",
            "/perfscope/v1/collect", "230/12:6 238"},
    LineRow{"empty_pairs", "GET /p?&&q=4&", true, "GET", "/p", "4"},
    LineRow{"no_target", "GET", false},
    LineRow{"empty", "", false},
    LineRow{"relative_target", "GET perfscope", false},
    LineRow{"bad_version", "GET / HTTP/2", false},
    LineRow{"bad_escape", "GET /p?q=%G1", false},
    LineRow{"control_character", "GET /p?q=\x01", false},
    LineRow{"too_many_parameters", "GET /p?a=1&b=2&c=3&d=4&e=5&f=6&g=7&h=8&i=9", false}),
    [](const auto& row) { return std::string(row.param.name); });
// clang-format on

TEST(RequestLines, ALineAtTheLimitIsTooLarge)
{
    const std::string line = "GET /p?q=" + std::string(wpo::remote::kMaxRequestLineBytes, 'x');
    auto request = parse_request_line(line);
    ASSERT_FALSE(request);
    EXPECT_EQ(request.error().code(), Errc::too_large);
}

}  // namespace
}  // namespace perfscope::cli
