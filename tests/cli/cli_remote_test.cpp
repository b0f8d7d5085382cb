// SPDX-License-Identifier: Apache-2.0
// Another machine through the real agent: `perfscope-cli serve` on a free loopback port, read by the real
// perfscope-cli with \\127.0.0.1:PORT\ paths, compared with what the same counters read locally; an agent
// killed and restarted while a query runs (docs/remote-protocol.md).
#include "files/pdh_csv_reader.h"
#include "remote/wire_format.h"

#include "cli_process_test.h"
#include "serve_process.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace {

using perfscope::serve_testing::HttpResponse;
using perfscope::serve_testing::ServeProcess;
using perfscope::tests::CliRun;
using perfscope::tests::slurp;
using CliRemote = perfscope::tests::CliProcessTest;

std::string machine(int port)
{
    return "127.0.0.1:" + std::to_string(port);
}

std::string host_name()
{
    char name[256] = {};
    gethostname(name, sizeof name - 1);
    return name;
}

TEST_F(CliRemote, QueryAgreesWithALocalQueryOverTheSameTime)
{
    ServeProcess agent(PERFSCOPE_CLI);
    ASSERT_GT(agent.port(), 0);
    const std::string counter = R"(\Processor(_Total)\% Processor Time)";
    const std::string remote_path = "\\\\" + machine(agent.port()) + counter;
    // Both at once, each into its own files: the same three seconds of the same machine.
    const pid_t remote = spawn({"query", "-sc", "3", "-o", (dir / "remote.csv").string(), remote_path});
    const pid_t local = spawn({"query", "-sc", "3", "-o", (dir / "local.csv").string(), counter});
    const CliRun remote_run = finish(remote);
    const CliRun local_run = finish(local);
    ASSERT_EQ(remote_run.exit_code, 0) << remote_run.err;
    ASSERT_EQ(local_run.exit_code, 0) << local_run.err;
    auto remote_log = perfscope::files::parse_pdh_csv(slurp(dir / "remote.csv"));
    auto local_log = perfscope::files::parse_pdh_csv(slurp(dir / "local.csv"));
    ASSERT_TRUE(remote_log) << remote_log.error().message();
    ASSERT_TRUE(local_log) << local_log.error().message();
    ASSERT_EQ(remote_log->rows.size(), 3u);
    ASSERT_EQ(local_log->rows.size(), 3u);
    // The header names the machine as the agent's blocks do: this host.
    ASSERT_EQ(remote_log->columns.size(), 1u);
    EXPECT_EQ(remote_log->columns[0], "\\\\" + host_name() + counter);
    double remote_sum = 0, local_sum = 0;
    for (std::size_t i = 0; i < 3; ++i) {
        ASSERT_TRUE(remote_log->rows[i].values[0]) << "row " << i;
        ASSERT_TRUE(local_log->rows[i].values[0]) << "row " << i;
        const double r = *remote_log->rows[i].values[0];
        EXPECT_GE(r, 0.0);
        EXPECT_LE(r, 100.0);
        remote_sum += r;
        local_sum += *local_log->rows[i].values[0];
    }
    // Two samplers a few milliseconds apart over the same machine: the means agree within a few points.
    EXPECT_NEAR(remote_sum / 3, local_sum / 3, 5.0);
}

TEST_F(CliRemote, ListShowsTheRemoteObjectAsTheLocalListDoes)
{
    ServeProcess agent(PERFSCOPE_CLI);
    ASSERT_GT(agent.port(), 0);
    const CliRun remote = run({"list", "\\\\" + machine(agent.port()) + "\\Processor"});
    const CliRun local = run({"list", "Processor"});
    ASSERT_EQ(remote.exit_code, 0) << remote.err;
    ASSERT_EQ(local.exit_code, 0) << local.err;
    // Processor's instances (the CPUs) do not come and go: both lists are the same.
    EXPECT_EQ(remote.out, local.out);

    const CliRun process = run({"list", "\\\\" + machine(agent.port()) + "\\Process"});
    ASSERT_EQ(process.exit_code, 0) << process.err;
    EXPECT_TRUE(process.out.starts_with("Object 230 \"Process\"")) << process.out;
    EXPECT_NE(process.out.find("ID Process"), std::string::npos);
    EXPECT_NE(process.out.find("\nInstances: "), std::string::npos);

    const CliRun objects = run({"list", "\\\\" + machine(agent.port())});
    ASSERT_EQ(objects.exit_code, 0) << objects.err;
    EXPECT_NE(objects.out.find("Memory"), std::string::npos) << objects.out;
}

TEST_F(CliRemote, DumpReadsTheRemoteObject)
{
    ServeProcess agent(PERFSCOPE_CLI);
    ASSERT_GT(agent.port(), 0);
    // Two objects: one query "4 238" with a space in it, over HTTP.
    const CliRun r = run({"dump", "--once", "\\\\" + machine(agent.port()) + "\\Memory",
                          "\\\\" + machine(agent.port()) + "\\Processor"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Object 4 \"Memory\""), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"Processor\""), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Available Bytes"), std::string::npos) << r.out;
}

TEST_F(CliRemote, DashSNamesTheMachineForPathsThatNameNone)
{
    ServeProcess agent(PERFSCOPE_CLI);
    ASSERT_GT(agent.port(), 0);
    const CliRun listed = run({"list", "-s", machine(agent.port()), "Memory"});
    ASSERT_EQ(listed.exit_code, 0) << listed.err;
    EXPECT_TRUE(listed.out.starts_with("Object 4 \"Memory\"")) << listed.out;
    const CliRun queried = run({"query", "-s", machine(agent.port()), "-sc", "1", R"(\Memory\Available Bytes)"});
    ASSERT_EQ(queried.exit_code, 0) << queried.err;
    EXPECT_NE(queried.out.find("\\Memory\\Available Bytes"), std::string::npos) << queried.out;
    // -s and a path that names another machine: two machines.
    const CliRun both = run({"query", "-s", machine(agent.port()), "-sc", "1",
                             R"(\\127.0.0.1:1\Memory\Available Bytes)", R"(\Memory\Available Bytes)"});
    EXPECT_EQ(both.exit_code, 2) << both.err;
    // -s naming this machine is this machine, read locally.
    EXPECT_EQ(run({"list", "-s", "localhost", "Memory"}).out, run({"list", "Memory"}).out);
}

// A typo in a remote path: the hint lists that machine's names (its counters may differ from this one's).
TEST_F(CliRemote, HintsForATypoListTheRemoteMachine)
{
    ServeProcess agent(PERFSCOPE_CLI);
    ASSERT_GT(agent.port(), 0);
    const std::string where = "perfscope-cli list -s " + machine(agent.port());
    const CliRun counter = run({"query", "-sc", "1", "\\\\" + machine(agent.port()) + R"(\Memory\Availble Bytes)"});
    EXPECT_EQ(counter.exit_code, 2) << counter.err;
    EXPECT_NE(counter.err.find("did you mean \"Available Bytes\"? see " + where + " \"Memory\""), std::string::npos)
        << counter.err;
    const CliRun object = run({"query", "-sc", "1", "\\\\" + machine(agent.port()) + R"(\Memry\Available Bytes)"});
    EXPECT_EQ(object.exit_code, 2) << object.err;
    EXPECT_NE(object.err.find("did you mean \"Memory\"? see " + where + ")"), std::string::npos) << object.err;
    const CliRun listed = run({"list", "-s", machine(agent.port()), "Memry"});
    EXPECT_NE(listed.exit_code, 0);
    EXPECT_NE(listed.err.find("see " + where + ")"), std::string::npos) << listed.err;
    // This machine's hint stays as it was.
    const CliRun local = run({"query", "-sc", "1", R"(\Memory\Availble Bytes)"});
    EXPECT_NE(local.err.find("see perfscope-cli list \"Memory\")"), std::string::npos) << local.err;
}

TEST_F(CliRemote, AMachineThatDoesNotAnswerIsAnErrorNamingIt)
{
    // Port 1 on the loopback address: nothing listens there.
    const CliRun r = run({"query", "-sc", "1", R"(\\127.0.0.1:1\Memory\Available Bytes)"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("127.0.0.1:1"), std::string::npos) << r.err;
}

TEST_F(CliRemote, TwoMachinesInOneCommandAreRefused)
{
    const CliRun r = run(
        {"query", "-sc", "1", R"(\\127.0.0.1:1\Memory\Available Bytes)", R"(\\127.0.0.1:2\Memory\Available Bytes)"});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("one command reads one machine"), std::string::npos) << r.err;
}

// Rows of the query's output so far (a header and data rows).
std::vector<std::string> rows_of(const std::string& text)
{
    std::vector<std::string> rows;
    std::size_t start = 0;
    for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1)
        rows.push_back(text.substr(start, end - start));
    return rows;
}

// Waits (at most `limit`) until `done` says the output so far is what is waited for.
template <class Done>
bool wait_for_output(const std::filesystem::path& file, Done done, std::chrono::seconds limit)
{
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        if (done(rows_of(slurp(file))))
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return false;
}

bool empty_row(const std::string& row)
{
    return row.ends_with(",\" \"");
}

TEST_F(CliRemote, AnAgentKilledAndRestartedMidQueryCostsRowsNotTheQuery)
{
    auto agent = std::make_unique<ServeProcess>(PERFSCOPE_CLI);
    const int port = agent->port();
    ASSERT_GT(port, 0);
    const pid_t query = spawn({"query", "-si", "0.5", "\\\\" + machine(port) + R"(\Memory\Available Bytes)"});
    const auto out = dir / "out";
    // Two rows with values, then the agent goes away.
    ASSERT_TRUE(wait_for_output(
        out, [](const auto& rows) { return rows.size() >= 3; }, std::chrono::seconds(20)));
    agent.reset();
    ASSERT_TRUE(wait_for_output(
        out, [](const auto& rows) { return !rows.empty() && empty_row(rows.back()); }, std::chrono::seconds(20)))
        << slurp(out);
    // The agent again, on the same port: values come back by themselves.
    agent = std::make_unique<ServeProcess>(PERFSCOPE_CLI, std::vector<std::string>{"--listen", machine(port)});
    ASSERT_EQ(agent->port(), port);
    const bool resumed = wait_for_output(
        out, [](const auto& rows) { return rows.size() >= 2 && !empty_row(rows.back()); }, std::chrono::seconds(20));
    kill(query, SIGINT);
    const CliRun r = finish(query);
    ASSERT_TRUE(resumed) << r.out << r.err;
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const auto rows = rows_of(r.out);
    std::size_t values = 0, empties = 0;
    for (std::size_t i = 1; i < rows.size(); ++i)
        (empty_row(rows[i]) ? empties : values) += 1;
    EXPECT_GE(values, 3u) << r.out;
    EXPECT_GE(empties, 1u) << r.out;
    // Each empty row said why on stderr, naming the machine.
    EXPECT_NE(r.err.find("warning: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(machine(port)), std::string::npos) << r.err;
}

// One --stdio answer: "PSR1 <status> <length>\n" and the body.
struct Framed {
    int status = 0;
    std::string body;
};

// Reads every answer of `out` in order; false at a malformed frame.
bool read_frames(std::string_view out, std::vector<Framed>& frames)
{
    while (!out.empty()) {
        const auto newline = out.find('\n');
        if (newline == std::string_view::npos || !out.starts_with("PSR1 "))
            return false;
        Framed frame;
        std::size_t length = 0;
        if (std::sscanf(std::string(out.substr(5, newline - 5)).c_str(), "%d %zu", &frame.status, &length) != 2 ||
            out.size() < newline + 1 + length)
            return false;
        frame.body = out.substr(newline + 1, length);
        frames.push_back(std::move(frame));
        out.remove_prefix(newline + 1 + length);
    }
    return true;
}

TEST_F(CliRemote, StdioAnswersEachLineAndEndsWithItsInput)
{
    // Good requests around an over-long line, a malformed one and a bad query: each gets its answer in turn.
    std::string script = "GET /perfscope/v1/names\n";
    script += "GET /perfscope/v1/collect?q=" + std::string(9000, '4') + "\n";
    script += "BAD\n";
    script += "GET /perfscope/v1/collect?q=Processor\n";
    script += "POST /perfscope/v1/collect?q=4\n";
    script += "GET /perfscope/v1/collect?q=4 HTTP/1.1\r\n";
    {
        std::ofstream in(dir / "in", std::ios::binary);
        in << script;
    }
    const pid_t pid = fork();
    if (pid == 0) {
        dup2(open((dir / "in").c_str(), O_RDONLY), 0);
        dup2(open((dir / "out").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644), 1);
        dup2(open((dir / "err").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644), 2);
        execl(PERFSCOPE_CLI, PERFSCOPE_CLI, "serve", "--stdio", static_cast<char*>(nullptr));
        _exit(127);
    }
    const CliRun r = finish(pid);
    EXPECT_EQ(r.exit_code, 0) << "the input ended, so does the agent: " << r.err;
    std::vector<Framed> frames;
    ASSERT_TRUE(read_frames(r.out, frames)) << "nothing but framed answers on stdout";
    ASSERT_EQ(frames.size(), 6u);
    EXPECT_EQ(frames[0].status, 200);
    auto names = wpo::remote::read_names_reply(frames[0].body);
    ASSERT_TRUE(names) << names.error().message();
    EXPECT_EQ(names->machine, host_name());
    EXPECT_FALSE(names->counter_table.empty());
    EXPECT_EQ(frames[1].status, 414) << frames[1].body;
    EXPECT_EQ(frames[2].status, 400) << frames[2].body;
    EXPECT_EQ(frames[3].status, 400) << frames[3].body;
    EXPECT_NE(frames[3].body.find("Processor"), std::string::npos) << frames[3].body;
    EXPECT_EQ(frames[4].status, 405) << frames[4].body;
    EXPECT_EQ(frames[5].status, 200) << frames[5].body;
    auto block = wpo::remote::read_block_reply(frames[5].body);
    ASSERT_TRUE(block) << block.error().message();
    EXPECT_EQ(block->header.kind, wpo::recording::BlockKind::key);
    EXPECT_EQ(block->header.sequence, 1u);
}

TEST_F(CliRemote, TheHttpEndpointsRefuseWhatTheyMustAndKeepServing)
{
    ServeProcess agent(PERFSCOPE_CLI);
    ASSERT_GT(agent.port(), 0);
    using perfscope::serve_testing::get;
    EXPECT_EQ(get(agent.port(), "/perfscope/v1/collect?q=" + std::string(5000, '4')).status, 400);
    EXPECT_EQ(get(agent.port(), "/perfscope/v1/collect?q=Processor").status, 400);
    EXPECT_EQ(get(agent.port(), "/perfscope/v1/other").status, 404);
    const HttpResponse post = perfscope::serve_testing::exchange(
        agent.port(), "POST /perfscope/v1/names HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(post.status, 405) << post.headers << post.body;
    const HttpResponse names = get(agent.port(), "/perfscope/v1/names");
    ASSERT_EQ(names.status, 200);
    EXPECT_TRUE(wpo::remote::read_names_reply(names.body));
    const HttpResponse block = get(agent.port(), "/perfscope/v1/collect?q=4%20238");
    ASSERT_EQ(block.status, 200);
    EXPECT_TRUE(wpo::remote::read_block_reply(block.body));
    EXPECT_EQ(get(agent.port(), "/metrics").status, 200);  // /metrics is still there
}

TEST_F(CliRemote, TheEndpointsSitBehindTheWebConfigsBasicAuth)
{
    // bcrypt of "s3cret", cost 4.
    const auto config = dir / "web.yml";
    {
        std::ofstream out(config);
        out << "basic_auth_users:\n  alice: $2b$04$KBCwKxOzLha2MUDgW0PjXe9b1DxIEkVo6xSca/TrCtEXnT7desnbu\n";
    }
    ServeProcess agent(PERFSCOPE_CLI, {"--web-config", config.string()});
    ASSERT_GT(agent.port(), 0);
    using perfscope::serve_testing::get;
    EXPECT_EQ(get(agent.port(), "/perfscope/v1/names").status, 401);
    EXPECT_EQ(get(agent.port(), "/perfscope/v1/collect?q=4").status, 401);
    // "alice:s3cret"
    EXPECT_EQ(get(agent.port(), "/perfscope/v1/names", "Authorization: Basic YWxpY2U6czNjcmV0\r\n").status, 200);
    // A client without credentials is told so, naming the machine.
    const CliRun r = run({"list", "\\\\" + machine(agent.port()) + "\\Memory"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("401"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(machine(agent.port())), std::string::npos) << r.err;
}

}  // namespace
