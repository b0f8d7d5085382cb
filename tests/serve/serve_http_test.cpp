// SPDX-License-Identifier: Apache-2.0
// `perfscope-cli serve` as a client meets it: /metrics in both formats (read back by the strict checker),
// and requests it must refuse, each answered with a clear status while the agent keeps serving.
#include "exposition_checker.h"
#include "serve_process.h"

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

namespace {

using namespace perfscope::serve_testing;
using perfscope::exporter::testing::check_exposition;

class ServeHttpTest : public ::testing::Test {
protected:
    void SetUp() override { ASSERT_GT(m_serve.port(), 0) << "perfscope-cli serve did not start"; }

    // After every refusal: the agent is alive and a plain scrape still works.
    void expect_still_serving()
    {
        EXPECT_TRUE(m_serve.running());
        const HttpResponse response = get(m_serve.port(), "/metrics");
        EXPECT_EQ(response.status, 200);
        EXPECT_EQ(check_exposition(response.body, false).error, "");
    }

    ServeProcess m_serve{PERFSCOPE_CLI};
};

TEST_F(ServeHttpTest, TextFormatByDefault)
{
    const HttpResponse response = get(m_serve.port(), "/metrics");
    ASSERT_EQ(response.status, 200);
    EXPECT_EQ(header(response, "Content-Type"), "text/plain; version=0.0.4; charset=utf-8");
    const auto checked = check_exposition(response.body, false);
    ASSERT_EQ(checked.error, "");
    const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    for (long cpu = 0; cpu < cpus; ++cpu)
        EXPECT_TRUE(checked.series.contains("perfscope_processor_percent_user_time_seconds_total{cpu=\"" +
                                            std::to_string(cpu) + "\"}"))
            << cpu;
    EXPECT_TRUE(checked.series.contains("perfscope_memory_available_bytes"));
    EXPECT_EQ(checked.types.at("perfscope_source_queries_total"), "counter");
    // The samples it reports are the ones it wrote: all but its own three metrics.
    EXPECT_EQ(checked.series.at("perfscope_scrape_samples"), static_cast<double>(checked.series.size() - 3));
    EXPECT_GT(checked.series.at("perfscope_scrape_duration_seconds"), 0.0);
}

TEST_F(ServeHttpTest, OpenMetricsWhenAsked)
{
    const HttpResponse response =
        get(m_serve.port(), "/metrics", "Accept: application/openmetrics-text;version=1.0.0,text/plain;q=0.5\r\n");
    ASSERT_EQ(response.status, 200);
    EXPECT_EQ(header(response, "Content-Type"), "application/openmetrics-text; version=1.0.0; charset=utf-8");
    EXPECT_TRUE(response.body.ends_with("# EOF\n"));
    const auto checked = check_exposition(response.body, true);
    ASSERT_EQ(checked.error, "");
    EXPECT_EQ(checked.types.at("perfscope_perfmon_name"), "info");
}

// Scrapes within the shared cache's freshness (500 ms) share one collection; a later one queries again.
TEST_F(ServeHttpTest, SourceQueriesCountCollections)
{
    auto queries = [this] {
        return check_exposition(get(m_serve.port(), "/metrics").body, false)
            .series.at("perfscope_source_queries_total");
    };
    const double first = queries();
    const double second = queries();
    EXPECT_LE(second, first + 1);  // the same copy, unless the interval ended between the two
    std::this_thread::sleep_for(std::chrono::milliseconds(600));
    EXPECT_EQ(queries(), second + 1);
}

// The port is the agent's: a second agent started on it by mistake must not share it (and half the
// scrapes) unnoticed, it is refused at once with the reason.
TEST_F(ServeHttpTest, ASecondAgentOnThePortIsRefused)
{
    const std::string command = "timeout 10 " + std::string(PERFSCOPE_CLI) +
                                " serve --listen 127.0.0.1:" + std::to_string(m_serve.port()) + " 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    std::string output;
    char buffer[512];
    while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe))
        output.append(buffer, n);
    const int status = pclose(pipe);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 1) << output;  // 124: it served, sharing the port
    EXPECT_NE(output.find("127.0.0.1:" + std::to_string(m_serve.port()) + ": the port is in use"), std::string::npos)
        << output;
    expect_still_serving();
}

TEST_F(ServeHttpTest, OtherMethodsAre405)
{
    for (const char* method : {"POST", "PUT", "DELETE", "PATCH", "OPTIONS"}) {
        const HttpResponse response =
            exchange(m_serve.port(), std::string(method) + " /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n"
                                                           "Connection: close\r\n\r\n");
        EXPECT_EQ(response.status, 405) << method;
        EXPECT_EQ(header(response, "Allow"), "GET, HEAD") << method;
    }
    expect_still_serving();
}

TEST_F(ServeHttpTest, OtherPathsAre404)
{
    for (const char* target : {"/", "/metrics/", "/metric", "/api/v1/query", "/../metrics"})
        EXPECT_EQ(get(m_serve.port(), target).status, 404) << target;
    expect_still_serving();
}

TEST_F(ServeHttpTest, OversizedRequestLine)
{
    const HttpResponse response = get(m_serve.port(), "/metrics?" + std::string(20000, 'a'));
    EXPECT_GE(response.status, 400);
    EXPECT_LT(response.status, 500);
    expect_still_serving();
}

TEST_F(ServeHttpTest, TooManyHeaders)
{
    std::string headers;
    for (int i = 0; i < 200; ++i)
        headers += "X-Filler-" + std::to_string(i) + ": v\r\n";
    EXPECT_EQ(get(m_serve.port(), "/metrics", headers).status, 431);
    expect_still_serving();
}

TEST_F(ServeHttpTest, OversizedHeaderLine)
{
    const HttpResponse response = get(m_serve.port(), "/metrics", "X-Big: " + std::string(100000, 'b') + "\r\n");
    EXPECT_NE(response.status, 200);  // refused (4xx) or the connection closed without an answer
    EXPECT_TRUE(response.status == 0 || (response.status >= 400 && response.status < 500)) << response.status;
    expect_still_serving();
}

TEST_F(ServeHttpTest, OversizedBody)
{
    const HttpResponse response =
        exchange(m_serve.port(), "POST /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000\r\n"
                                 "Connection: close\r\n\r\n" +
                                     std::string(100000, 'x'));
    EXPECT_GE(response.status, 400);
    EXPECT_LT(response.status, 500);
    expect_still_serving();
}

TEST_F(ServeHttpTest, MalformedRequests)
{
    for (const char* request : {"HELLO\r\n\r\n", "GET\r\n\r\n", "GET /metrics HTTP/9.9\r\nHost: x\r\n\r\n",
                                "BREW /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"}) {
        const HttpResponse response = exchange(m_serve.port(), request, std::chrono::milliseconds(8000));
        EXPECT_GE(response.status, 400) << request;
        EXPECT_LT(response.status, 500) << request;
    }
    expect_still_serving();
}

// A client that starts a request and goes silent holds one worker for the read timeout at most; the
// others keep answering meanwhile, and the server closes the silent connection.
TEST_F(ServeHttpTest, SilentClientIsDropped)
{
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    ASSERT_GE(fd, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(m_serve.port()));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
    const std::string partial = "GET /metrics HTTP/1.1\r\nHost: x\r\nX-Slow: ";
    ASSERT_EQ(send(fd, partial.data(), partial.size(), MSG_NOSIGNAL), static_cast<ssize_t>(partial.size()));
    expect_still_serving();
    // The read timeout is 5 s; 20 s bounds the wait for the close.
    timeval wait{20, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
    char buffer[4096];
    const ssize_t n = recv(fd, buffer, sizeof buffer, 0);
    EXPECT_GE(n, 0) << "the server did not close the silent connection within 20 s";
    close(fd);
    expect_still_serving();
}

// /metrics?set=NAME serves the objects of DIR/NAME.json; anything else named there is refused.
TEST(ServeSets, SetsFromTheDirectory)
{
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("perfscope_sets_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "memory.json") << R"({"version": 2, "views": [{"title": "m", "counters": [)"
                                       << R"({"path": "\\Memory\\Available Bytes"}]}]})";
    {
        ServeProcess serve(PERFSCOPE_CLI, {"--sets-dir", dir.string()});
        ASSERT_GT(serve.port(), 0);
        const HttpResponse memory = get(serve.port(), "/metrics?set=memory");
        ASSERT_EQ(memory.status, 200);
        const auto checked = check_exposition(memory.body, false);
        ASSERT_EQ(checked.error, "");
        EXPECT_TRUE(checked.series.contains("perfscope_memory_available_bytes"));
        for (const auto& [series, value] : checked.series)
            EXPECT_TRUE(series.starts_with("perfscope_memory_") || series.starts_with("perfscope_perfmon_name_info") ||
                        series.starts_with("perfscope_scrape_") || series.starts_with("perfscope_source_"))
                << series;
        EXPECT_EQ(get(serve.port(), "/metrics?set=nothing").status, 404);
        EXPECT_EQ(get(serve.port(), "/metrics?set=..%2Fmemory").status, 404);
        EXPECT_EQ(get(serve.port(), "/metrics?set=").status, 400);
        const HttpResponse plain = get(serve.port(), "/metrics");
        EXPECT_EQ(plain.status, 200);
        EXPECT_NE(plain.body.find("perfscope_processor_"), std::string::npos);
    }
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
}

}  // namespace

namespace {

// The guard's flags end to end, on this machine's processes: only processes named perfscope-cli (this agent,
// and any other the test run has started), at most one of them, and _Total.
TEST(ServeGuard, IncludeProcessAndLimit)
{
    const std::filesystem::path set =
        std::filesystem::temp_directory_path() / ("perfscope_guard_" + std::to_string(getpid()) + ".json");
    std::ofstream(set) << R"({"version": 2, "views": [{"title": "p", "counters": [)"
                       << R"({"path": "\\Process(*)\\% Processor Time"}]}]})";
    {
        ServeProcess serve(PERFSCOPE_CLI, {"--set", set.string(), "--include-process", "perfscope-cl[i]",
                                           "--max-instances", "1", "--top-by", "Working Set"});
        ASSERT_GT(serve.port(), 0);
        const HttpResponse response = get(serve.port(), "/metrics");
        ASSERT_EQ(response.status, 200);
        const auto checked = check_exposition(response.body, false);
        ASSERT_EQ(checked.error, "");
        std::vector<std::string> processes;
        for (const auto& [series, value] : checked.series)
            if (series.starts_with("perfscope_process_id_process{"))
                processes.push_back(series);
        ASSERT_EQ(processes.size(), 2u) << response.body;
        EXPECT_NE(std::find(processes.begin(), processes.end(), "perfscope_process_id_process{process=\"_Total\"}"),
                  processes.end());
        const std::string agent = processes[0].find("_Total") == std::string::npos ? processes[0] : processes[1];
        EXPECT_TRUE(agent.starts_with("perfscope_process_id_process{process=\"perfscope-cli\",pid=\"")) << agent;
    }
    std::filesystem::remove(set);
    const ServeProcess broken(PERFSCOPE_CLI, {"--include-process", "perfscope(cli"});
    EXPECT_EQ(broken.port(), 0);  // a pattern that does not compile stops it at start
}

std::size_t process_series(const std::string& body)
{
    const auto checked = check_exposition(body, false);
    EXPECT_EQ(checked.error, "");
    std::size_t n = 0;
    for (const auto& [series, value] : checked.series)
        n += series.starts_with("perfscope_process_id_process{") ? 1 : 0;
    return n;
}

// A set's own guard (its "instance_guard") for its scrapes, the flags for the sets without one.
TEST(ServeGuard, ASetCarriesItsOwnGuard)
{
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("perfscope_guard_sets_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const std::string views = R"("views": [{"title": "p", "counters": [{"path": "\\Process(*)\\ID Process"}]}])";
    std::ofstream(dir / "agent.json") << R"({"version": 2, )" << views
                                      << R"(, "instance_guard": {"include": "perfscope-cl[i]", "max_instances": 1,)"
                                      << R"( "rank_counter": "Working Set"}})";
    std::ofstream(dir / "all.json") << R"({"version": 2, )" << views << "}";
    {
        ServeProcess serve(PERFSCOPE_CLI, {"--sets-dir", dir.string(), "--max-instances", "2"});
        ASSERT_GT(serve.port(), 0);
        const HttpResponse agent = get(serve.port(), "/metrics?set=agent");
        ASSERT_EQ(agent.status, 200);
        // One perfscope-cli (the largest: this agent, or another test's running beside it) and _Total.
        EXPECT_EQ(process_series(agent.body), 2u) << agent.body;
        EXPECT_NE(agent.body.find("perfscope_process_id_process{process=\"perfscope-cli\",pid=\""), std::string::npos)
            << agent.body;
        const HttpResponse all = get(serve.port(), "/metrics?set=all");
        ASSERT_EQ(all.status, 200);
        EXPECT_EQ(process_series(all.body), 3u);  // --max-instances 2 of this machine's processes, and _Total
    }
    // A pattern of a set that does not compile stops serve at start.
    std::ofstream(dir / "broken.json") << R"({"version": 2, )" << views
                                       << R"(, "instance_guard": {"exclude": "perfscope(cli"}})";
    const ServeProcess broken(PERFSCOPE_CLI, {"--sets-dir", dir.string()});
    EXPECT_EQ(broken.port(), 0);
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
}

}  // namespace
