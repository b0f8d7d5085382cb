// The query loop against a test source that changes between samples:
// columns follow their instances by identity, an exited instance gives an
// empty cell, and a change of an object's definitions never pairs raw values
// of different layouts.
#include "commands.h"
#include "format/counter_type.h"
#include "sources/test/test_source.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <functional>
#include <sstream>

namespace perfscope::cli {
namespace {

using namespace wpo::counter_type;

// Calls `change(n)` before the n-th collect (0-based), then moves every clock
// one second on, so rates are exact whatever the wall clock does.
class ChangingSource : public wpo::TestSource {
public:
    ChangingSource(std::vector<wpo::TestObject> objects, std::function<void(ChangingSource&, int)> change)
        : TestSource(std::move(objects)), m_change(std::move(change))
    {
    }
    wpo::Status collect(std::string_view query, std::vector<std::byte>& buffer) override
    {
        if (m_collects > 0)
            advance_seconds(1.0);
        m_change(*this, m_collects++);
        return TestSource::collect(query, buffer);
    }

private:
    std::function<void(ChangingSource&, int)> m_change;
    int m_collects = 0;
};

wpo::NameTable names()
{
    wpo::NameTable t;
    t.set_name(230, "Process");
    t.set_name(784, "ID Process");
    t.set_name(6, "% Processor Time");
    t.set_name(180, "Working Set");
    return t;
}

wpo::TestObject processes()
{
    wpo::TestObject p{.name_index = 230, .has_instances = true};
    p.counters = {{784, 785, PERF_COUNTER_RAWCOUNT}, {6, 7, PERF_100NSEC_TIMER}, {180, 181, PERF_COUNTER_LARGE_RAWCOUNT}};
    p.instances = {{"a", {1, 0, 100}}, {"b", {2, 0, 200}}};
    return p;
}

// Rows of cells, without the header and the time stamps.
std::vector<std::vector<std::string>> run(wpo::Source& source, std::vector<std::string> paths, int samples,
                                          std::vector<std::string>* header = nullptr)
{
    Options o;
    o.command = Command::query;
    o.paths = std::move(paths);
    o.samples = static_cast<std::uint64_t>(samples);
    o.interval_s = 0.1;
    const auto table = names();
    std::FILE* out = std::tmpfile();
    Context context{source, table, out};
    const wpo::Status status = run_query(o, context);
    EXPECT_TRUE(status.ok()) << (status.ok() ? "" : status.error().describe());
    std::rewind(out);
    std::string text;
    char buffer[4096];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, out))
        text.append(buffer, n);
    std::fclose(out);

    std::vector<std::vector<std::string>> rows;
    std::stringstream lines(text);
    bool first = true;
    for (std::string line; std::getline(lines, line);) {
        std::vector<std::string> cells;
        std::size_t at = 0;
        while ((at = line.find('"', at)) != std::string::npos) {
            const auto end = line.find('"', at + 1);
            cells.push_back(line.substr(at + 1, end - at - 1));
            at = end + 1;
        }
        if (first && header)
            *header = cells;
        if (!first)
            rows.emplace_back(cells.begin() + 1, cells.end());
        first = false;
    }
    return rows;
}

TEST(QueryCommand, ColumnsFollowTheirInstances)
{
    ChangingSource source({processes()}, [](ChangingSource& s, int n) {
        auto& instances = s.find(230)->instances;
        if (n == 1) {
            instances[0].values = {1, 5'000'000, 100};  // a: 0.5 s of CPU in 1 s
            instances[1].values = {2, 10'000'000, 200};  // b: 1 s
        }
        if (n == 2) {
            instances.erase(instances.begin());          // a exits; b moves to position 0
            instances[0].values = {2, 12'500'000, 250};
            instances.push_back({"a", {3, 0, 300}});     // a new "a", another PID
        }
    });
    std::vector<std::string> header;
    const auto rows = run(source, {R"(\Process(*)\% Processor Time)", R"(\Process(b)\Working Set)"}, 3, &header);
    ASSERT_EQ(header.size(), 4u);
    EXPECT_EQ(header[1], R"(\\TESTSOURCE\Process(a:1)\% Processor Time)");
    EXPECT_EQ(header[2], R"(\\TESTSOURCE\Process(b:2)\% Processor Time)");
    EXPECT_EQ(header[3], R"(\\TESTSOURCE\Process(b)\Working Set)");
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[0], (std::vector<std::string>{" ", " ", "200.000000"}));
    EXPECT_EQ(rows[1], (std::vector<std::string>{"50.000000", "100.000000", "200.000000"}));
    // a:1 is gone (the new "a" is PID 3), b:2 is followed to its new position.
    EXPECT_EQ(rows[2], (std::vector<std::string>{" ", "25.000000", "250.000000"}));
}

TEST(QueryCommand, ChangedDefinitionsAreNeverPairedAcrossSamples)
{
    ChangingSource source({processes()}, [](ChangingSource& s, int n) {
        auto& p = *s.find(230);
        for (auto& instance : p.instances)
            instance.values[1] += n > 0 ? 10'000'000 : 0;  // 100 % each second
        if (n == 2) {
            // A provider update: new order, new types, a wider counter block.
            p.counters = {{180, 181, PERF_COUNTER_LARGE_RAWCOUNT}, {6, 7, PERF_100NSEC_TIMER},
                          {784, 785, PERF_COUNTER_LARGE_RAWCOUNT}, {999, 1000, PERF_COUNTER_LARGE_RAWCOUNT}};
            for (auto& instance : p.instances)
                instance.values = {instance.values[2], instance.values[1], instance.values[0], 7};
        }
    });
    const auto rows = run(source, {R"(\Process(a)\% Processor Time)", R"(\Process(a)\ID Process)"}, 4);
    ASSERT_EQ(rows.size(), 4u);
    EXPECT_EQ(rows[1], (std::vector<std::string>{"100.000000", "1.000000"}));
    // The sample with new definitions has no older sample to pair with.
    EXPECT_EQ(rows[2], (std::vector<std::string>{" ", "1.000000"}));
    EXPECT_EQ(rows[3], (std::vector<std::string>{"100.000000", "1.000000"}));
}

TEST(QueryCommand, OtherMachinesAreRefused)
{
    wpo::TestSource source({processes()});
    Options o;
    o.command = Command::query;
    o.paths = {R"(\\elsewhere\Process(a)\ID Process)"};
    o.samples = 1;
    const auto table = names();
    Context context{source, table, stdout};
    const wpo::Status status = run_query(o, context);
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().code(), wpo::Errc::invalid_argument);
    EXPECT_NE(status.error().message().find("elsewhere"), std::string::npos);
    o.paths = {R"(\\testsource\Process(a)\ID Process)"};
    std::FILE* sink = std::tmpfile();
    Context ok_context{source, table, sink};
    EXPECT_TRUE(run_query(o, ok_context).ok());
    std::fclose(sink);
}

}  // namespace
}  // namespace perfscope::cli
