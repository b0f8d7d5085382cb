// SPDX-License-Identifier: Apache-2.0
// The query loop against a test source that changes between samples:
// columns follow their instances by identity, an exited instance gives an
// empty cell, a change of an object's definitions never pairs raw values of
// different layouts, and the paths' entities share one collection per
// interval through the cache (--stats).
#include "cli/commands.h"
#include "files/counter_set.h"
#include "format/counter_type.h"
#include "test_source.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <functional>
#include <regex>
#include <sstream>

namespace perfscope::cli {
namespace {

using namespace wpo::counter_type;

// Calls `change(n)` before the n-th collect (0-based), then moves every clock
// one second on, so rates are exact whatever the wall clock does.
//
// A query with E paths collects once to resolve its paths (collect 0), once
// per entity to create it (1..E), then once per interval: row r (1-based)
// shows collect E + r. An entity's first row pairs that collect with its own
// creation's, so its first rates span 1 + (E - entity) seconds here; live,
// the creations are milliseconds apart.
class ChangingSource : public wpo::TestSource {
public:
    ChangingSource(std::vector<wpo::TestObject> objects, std::function<void(ChangingSource&, int)> change)
        : TestSource(std::move(objects)), m_change(std::move(change))
    {}
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
    t.set_name(4, "Memory");
    t.set_name(24, "Available Bytes");
    t.set_name(230, "Process");
    t.set_name(784, "ID Process");
    t.set_name(6, "% Processor Time");
    t.set_name(180, "Working Set");
    return t;
}

wpo::TestObject processes()
{
    wpo::TestObject p{.name_index = 230, .has_instances = true};
    p.counters = {
        {784, 785, PERF_COUNTER_RAWCOUNT}, {6, 7, PERF_100NSEC_TIMER}, {180, 181, PERF_COUNTER_LARGE_RAWCOUNT}};
    p.instances = {{"a", {1, 0, 100}}, {"b", {2, 0, 200}}};
    return p;
}

wpo::TestObject memory()
{
    wpo::TestObject m{.name_index = 4};
    m.counters = {{24, 25, PERF_COUNTER_LARGE_RAWCOUNT}};
    m.values = {4096};
    return m;
}

struct QueryRun {
    wpo::Status status;
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;  // cells without the time stamp
    std::string err;                             // what went to the stats stream
};

std::string read_all(std::FILE* file)
{
    std::rewind(file);
    std::string text;
    char buffer[4096];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, file))
        text.append(buffer, n);
    std::fclose(file);
    return text;
}

// Each run gets its own cache, as a cache serves one source.
QueryRun run_full(wpo::Source& source, std::vector<std::string> paths, int samples, bool stats = false)
{
    Options o;
    o.command = Command::query;
    o.paths = std::move(paths);
    o.samples = static_cast<std::uint64_t>(samples);
    o.interval_s = 0.1;
    o.stats = stats;
    const auto table = names();
    wpo::PerfObjectCache cache;
    std::FILE* out = std::tmpfile();
    std::FILE* err = std::tmpfile();
    Context context{source, table, out, &cache, err};
    QueryRun r;
    r.status = run_query(o, context);
    const std::string text = read_all(out);
    r.err = read_all(err);

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
        if (first)
            r.header = cells;
        else
            r.rows.emplace_back(cells.begin() + 1, cells.end());
        first = false;
    }
    return r;
}

std::vector<std::vector<std::string>> run(wpo::Source& source, std::vector<std::string> paths, int samples,
                                          std::vector<std::string>* header = nullptr)
{
    QueryRun r = run_full(source, std::move(paths), samples);
    EXPECT_TRUE(r.status.ok()) << (r.status.ok() ? "" : r.status.error().describe());
    EXPECT_EQ(r.err, "") << "nothing on stderr without --stats";
    if (header)
        *header = r.header;
    return r.rows;
}

// The figures of the --stats line.
struct StatsLine {
    std::uint64_t finds = 0, hits = 0, inserts = 0, queries = 0, bytes = 0, entities = 0, intervals = 0;
};

std::optional<StatsLine> parse_stats(const std::string& err)
{
    static const std::regex line(
        R"(^cache: finds (\d+), hits (\d+), inserts (\d+), source queries (\d+), bytes copied (\d+), .*; )"
        R"(entities (\d+), intervals (\d+)\n$)");
    std::smatch m;
    if (!std::regex_match(err, m, line))
        return std::nullopt;
    auto n = [&](int i) { return std::stoull(m[i].str()); };
    return StatsLine{n(1), n(2), n(3), n(4), n(5), n(6), n(7)};
}

TEST(QueryCommand, ColumnsFollowTheirInstances)
{
    // Two entities: rows show collects 3, 4 and 5.
    ChangingSource source({processes()}, [](ChangingSource& s, int n) {
        auto& instances = s.find(230)->instances;
        if (n == 3) {
            instances[0].values = {1, 10'000'000, 100};  // a: 1 s of CPU since its creation (collect 1), 2 s ago
            instances[1].values = {2, 20'000'000, 200};  // b: 2 s
        }
        if (n == 4) {
            instances.erase(instances.begin());  // a exits; b moves to position 0
            instances[0].values = {2, 22'500'000, 250};
            instances.push_back({"a", {3, 0, 300}});  // a new "a", another PID
        }
        if (n == 5)
            instances[0].values = {2, 27'500'000, 260};
    });
    std::vector<std::string> header;
    const auto rows = run(source, {R"(\Process(*)\% Processor Time)", R"(\Process(b)\Working Set)"}, 3, &header);
    ASSERT_EQ(header.size(), 4u);
    EXPECT_EQ(header[1], R"(\\TESTSOURCE\Process(a:1)\% Processor Time)");
    EXPECT_EQ(header[2], R"(\\TESTSOURCE\Process(b:2)\% Processor Time)");
    EXPECT_EQ(header[3], R"(\\TESTSOURCE\Process(b)\Working Set)");
    ASSERT_EQ(rows.size(), 3u) << "-sc 3 gives three rows";
    // The entities' creation was the first sample: the first row has rates.
    EXPECT_EQ(rows[0], (std::vector<std::string>{"50.000000", "100.000000", "200.000000"}));
    // a:1 is gone (the new "a" is PID 3), b:2 is followed to its new position.
    EXPECT_EQ(rows[1], (std::vector<std::string>{" ", "25.000000", "250.000000"}));
    EXPECT_EQ(rows[2], (std::vector<std::string>{" ", "50.000000", "260.000000"}));
}

TEST(QueryCommand, ChangedDefinitionsAreNeverPairedAcrossSamples)
{
    // Two entities: rows show collects 3 to 6; the definitions change in 4.
    ChangingSource source({processes()}, [](ChangingSource& s, int n) {
        auto& p = *s.find(230);
        for (auto& instance : p.instances)
            instance.values[1] += n > 0 ? 10'000'000 : 0;  // 100 % each second
        if (n == 4) {
            // A provider update: new order, new types, a wider counter block.
            p.counters = {{180, 181, PERF_COUNTER_LARGE_RAWCOUNT},
                          {6, 7, PERF_100NSEC_TIMER},
                          {784, 785, PERF_COUNTER_LARGE_RAWCOUNT},
                          {999, 1000, PERF_COUNTER_LARGE_RAWCOUNT}};
            for (auto& instance : p.instances)
                instance.values = {instance.values[2], instance.values[1], instance.values[0], 7};
        }
    });
    const auto rows = run(source, {R"(\Process(a)\% Processor Time)", R"(\Process(a)\ID Process)"}, 4);
    ASSERT_EQ(rows.size(), 4u);
    EXPECT_EQ(rows[0], (std::vector<std::string>{"100.000000", "1.000000"}));
    // The sample with new definitions has no older sample to pair with.
    EXPECT_EQ(rows[1], (std::vector<std::string>{" ", "1.000000"}));
    EXPECT_EQ(rows[2], (std::vector<std::string>{"100.000000", "1.000000"}));
    EXPECT_EQ(rows[3], (std::vector<std::string>{"100.000000", "1.000000"}));
}

// Entities on one object take one collection per interval between them,
// also when -si is shorter than the cache's freshness: no cell shows the
// previous interval's copy.
TEST(QueryCommand, EntitiesOnOneObjectShowTheSameSample)
{
    ChangingSource source({processes(), memory()}, [](ChangingSource& s, int n) {
        for (auto& instance : s.find(230)->instances)
            instance.values[2] = static_cast<std::uint64_t>(n);  // Working Set = the collect's number
        s.find(4)->values[0] = static_cast<std::uint64_t>(1000 + n);
    });
    const auto rows = run(source,
                          {R"(\Process(a)\Working Set)", R"(\Memory\Available Bytes)", R"(\Process(*)\Working Set)",
                           R"(\Process(b)\Working Set)"},
                          3);
    ASSERT_EQ(rows.size(), 3u);
    // Four entities: row r shows collect 4 + r; the Memory entity queries its
    // own object, one collect later.
    EXPECT_EQ(rows[0], (std::vector<std::string>{"5.000000", "1006.000000", "5.000000", "5.000000", "5.000000"}));
    EXPECT_EQ(rows[1], (std::vector<std::string>{"7.000000", "1008.000000", "7.000000", "7.000000", "7.000000"}));
    EXPECT_EQ(rows[2], (std::vector<std::string>{"9.000000", "1010.000000", "9.000000", "9.000000", "9.000000"}));
}

TEST(QueryCommand, StatsShowOneSourceQueryPerIntervalSharedByTheEntities)
{
    constexpr int kSamples = 5;
    ChangingSource source({processes()}, [](ChangingSource&, int) {});
    const QueryRun r = run_full(source, {R"(\Process(*)\% Processor Time)", R"(\Process(b)\Working Set)"}, kSamples,
                                /*stats=*/true);
    ASSERT_TRUE(r.status.ok()) << r.status.error().describe();
    EXPECT_EQ(r.rows.size(), static_cast<std::size_t>(kSamples)) << "stdout stays pure CSV";
    const auto stats = parse_stats(r.err);
    ASSERT_TRUE(stats) << r.err;
    EXPECT_EQ(stats->entities, 2u);
    EXPECT_EQ(stats->intervals, static_cast<std::uint64_t>(kSamples));
    // One query per entity to create it, then one per interval for both.
    EXPECT_EQ(stats->queries, kSamples + 2u);
    EXPECT_GE(stats->hits, static_cast<std::uint64_t>(kSamples));
    EXPECT_GT(stats->bytes, 0u);
    // The source saw those, plus the one that resolved the paths.
    EXPECT_EQ(source.collect_count(), kSamples + 3u);
}

TEST(QueryCommand, StatsArePrintedWhenSamplingFails)
{
    // Two entities, so collect 3 is the first interval's and 5 the third's.
    ChangingSource source({processes()}, [](ChangingSource& s, int n) {
        if (n == 5)
            s.fail_next(wpo::Error(wpo::Errc::io_error, "the source went away"));
    });
    const QueryRun r = run_full(source, {R"(\Process(a)\ID Process)", R"(\Process(b)\ID Process)"}, 10,
                                /*stats=*/true);
    ASSERT_FALSE(r.status.ok());
    EXPECT_EQ(r.status.error().code(), wpo::Errc::io_error);
    EXPECT_NE(r.status.error().message().find("the source went away"), std::string::npos);
    EXPECT_EQ(r.rows.size(), 2u) << "the rows before the failure stay";
    const auto stats = parse_stats(r.err);
    ASSERT_TRUE(stats) << r.err;
    EXPECT_EQ(stats->intervals, 2u);
}

TEST(QueryCommand, BadPathsPrintNoStats)
{
    wpo::TestSource source({processes()});
    const QueryRun r = run_full(source, {R"(\Process(nobody)\ID Process)"}, 1, /*stats=*/true);
    ASSERT_FALSE(r.status.ok());
    EXPECT_EQ(r.status.error().code(), wpo::Errc::not_found);
    EXPECT_EQ(r.err, "") << "nothing was sampled";
    EXPECT_TRUE(r.header.empty());
}

TEST(QueryCommand, OtherMachinesAreRefused)
{
    wpo::TestSource source({processes()});
    Options o;
    o.command = Command::query;
    o.paths = {R"(\\elsewhere\Process(a)\ID Process)"};
    o.samples = 1;
    o.interval_s = 0.1;
    const auto table = names();
    wpo::PerfObjectCache cache;
    Context context{source, table, stdout, &cache};
    const wpo::Status status = run_query(o, context);
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().code(), wpo::Errc::invalid_argument);
    EXPECT_NE(status.error().message().find("elsewhere"), std::string::npos);
    o.paths = {R"(\\testsource\Process(a)\ID Process)"};
    std::FILE* sink = std::tmpfile();
    Context ok_context{source, table, sink, &cache};
    EXPECT_TRUE(run_query(o, ok_context).ok());
    std::fclose(sink);
}

// Headers spell objects, counters and instances as the source does,
// keeping the form of instance name the user chose.
struct HeaderRow {
    std::string name;
    std::string path;
    std::string header;
};
void PrintTo(const HeaderRow& row, std::ostream* os)
{
    *os << row.name;
}

class QueryHeader : public ::testing::TestWithParam<HeaderRow> {};

TEST_P(QueryHeader, UsesTheSourcesSpelling)
{
    wpo::TestObject p = processes();
    p.instances.push_back({"_Total", {0, 0, 300}});
    wpo::TestSource source({p, memory()});
    const QueryRun r = run_full(source, {GetParam().path}, 1);
    ASSERT_TRUE(r.status.ok()) << r.status.error().describe();
    ASSERT_EQ(r.header.size(), 2u);
    EXPECT_EQ(r.header[1], GetParam().header);
}

const HeaderRow kHeaders[] = {
    {"as_written", R"(\Process(a)\ID Process)", R"(\\TESTSOURCE\Process(a)\ID Process)"},
    {"total_lower_case", R"(\process(_total)\% processor time)", R"(\\TESTSOURCE\Process(_Total)\% Processor Time)"},
    {"total_upper_case", R"(\PROCESS(_TOTAL)\WORKING SET)", R"(\\TESTSOURCE\Process(_Total)\Working Set)"},
    {"raw_name_upper_case", R"(\Process(A)\ID Process)", R"(\\TESTSOURCE\Process(a)\ID Process)"},
    {"display_name_upper_case", R"(\Process(B:2)\ID Process)", R"(\\TESTSOURCE\Process(b:2)\ID Process)"},
    {"index_kept", R"(\Process(A#0)\ID Process)", R"(\\TESTSOURCE\Process(a#0)\ID Process)"},
    {"single_instance", R"(\MEMORY\available bytes)", R"(\\TESTSOURCE\Memory\Available Bytes)"},
};

INSTANTIATE_TEST_SUITE_P(Rows, QueryHeader, ::testing::ValuesIn(kHeaders),
                         [](const auto& row) { return row.param.name; });

// A name that does not resolve says where to look and the closest that does.
struct UnknownRow {
    std::string name;
    std::string path;
    std::string mentions;
};
void PrintTo(const UnknownRow& row, std::ostream* os)
{
    *os << row.name;
}

class QueryUnknownName : public ::testing::TestWithParam<UnknownRow> {};

TEST_P(QueryUnknownName, SuggestsTheClosestAndWhereToLook)
{
    wpo::TestSource source({processes(), memory()});
    const QueryRun r = run_full(source, {GetParam().path}, 1);
    ASSERT_FALSE(r.status.ok());
    EXPECT_EQ(r.status.error().code(), wpo::Errc::not_found);
    EXPECT_NE(r.status.error().message().find(GetParam().mentions), std::string::npos) << r.status.error().message();
    EXPECT_TRUE(r.header.empty());
}

const UnknownRow kUnknown[] = {
    {"object_typo", R"(\Proces(a)\ID Process)", "(did you mean \"Process\"? see perfscope-cli list)"},
    {"object_lower_typo", R"(\memry\Available Bytes)", "(did you mean \"Memory\"? see perfscope-cli list)"},
    {"object_far", R"(\NoSuchObject\X)", "\"NoSuchObject\" in \"\\NoSuchObject\\X\" (see perfscope-cli list)"},
    {"counter_typo", R"(\Process(a)\ID Proces)", "(did you mean \"ID Process\"? see perfscope-cli list \"Process\")"},
    {"counter_far", R"(\Memory\Nothing Like It)", "(see perfscope-cli list \"Memory\")"},
    {"instance_typo", R"(\Process(aa)\ID Process)", "(did you mean \"a\"? see perfscope-cli list \"Process\")"},
    {"instance_far", R"(\Process(zzzzzz)\ID Process)", "(see perfscope-cli list \"Process\")"},
};

INSTANTIATE_TEST_SUITE_P(Rows, QueryUnknownName, ::testing::ValuesIn(kUnknown),
                         [](const auto& row) { return row.param.name; });

// query --set: the set's counters, view by view, each path once, then the
// command line's; the current view's interval unless -si was given.
class QueryCounterSet : public ::testing::Test {
protected:
    std::string file;
    void SetUp() override
    {
        file = (std::filesystem::temp_directory_path() /
                ("perfscope-query-set-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) +
                 ".json"))
                   .string();
    }
    void TearDown() override { std::filesystem::remove(file); }

    void save(const files::CounterSet& set) { ASSERT_TRUE(files::save_counter_set(file, set).ok()); }
};

files::CounterSet two_views()
{
    files::CounterSet set;
    files::ViewSettings a;
    a.interval_s = 5;
    a.counters = {{R"(\Process(*)\% Processor Time)", 0xFF0000, std::nullopt, true},
                  {R"(\Memory\Available Bytes)", std::nullopt, std::nullopt, false}};
    files::ViewSettings b;
    b.interval_s = 0.25;
    b.counters = {{R"(\Memory\Available Bytes)", std::nullopt, std::nullopt, true},
                  {R"(\Process(b)\Working Set)", std::nullopt, 3, true}};
    set.views = {a, b};
    set.current_view = 1;
    return set;
}

TEST_F(QueryCounterSet, PathsAndInterval)
{
    save(two_views());
    Options o;
    o.command = Command::query;
    o.set_file = file;
    o.paths = {R"(\Process(a)\ID Process)"};
    auto applied = apply_counter_set(o);
    ASSERT_TRUE(applied.ok()) << applied.error().describe();
    EXPECT_EQ(applied->paths, (std::vector<std::string>{R"(\Process(*)\% Processor Time)", R"(\Memory\Available Bytes)",
                                                        R"(\Process(b)\Working Set)", R"(\Process(a)\ID Process)"}));
    EXPECT_EQ(applied->interval_s, 0.25) << "the current view's";
    o.interval_s = 2;
    o.interval_given = true;
    EXPECT_EQ(apply_counter_set(o)->interval_s, 2.0) << "-si wins";
}

// The current view's percent cap, as its interval: the CLI gives the numbers
// the view shows. --cap100 caps whatever the set says.
TEST_F(QueryCounterSet, CapFollowsTheCurrentView)
{
    files::CounterSet set = two_views();
    save(set);
    Options o;
    o.command = Command::query;
    o.set_file = file;
    EXPECT_FALSE(apply_counter_set(o)->cap_percent);
    set.views[1].cap_percent = true;
    save(set);
    EXPECT_TRUE(apply_counter_set(o)->cap_percent);
    set.views[1].cap_percent = false;
    set.views[0].cap_percent = true;  // not the current view
    save(set);
    EXPECT_FALSE(apply_counter_set(o)->cap_percent);
    o.cap_percent = true;
    EXPECT_TRUE(apply_counter_set(o)->cap_percent);
}

TEST_F(QueryCounterSet, SamplesTheSetsCounters)
{
    save(two_views());
    wpo::TestSource source({processes(), memory()});
    Options o;
    o.command = Command::query;
    o.set_file = file;
    o.samples = 1;
    o.interval_s = 0.1;
    o.interval_given = true;
    const auto table = names();
    wpo::PerfObjectCache cache;
    std::FILE* out = std::tmpfile();
    Context context{source, table, out, &cache};
    const wpo::Status status = run_query(o, context);
    const std::string text = read_all(out);
    ASSERT_TRUE(status.ok()) << status.error().describe();
    const std::string header = text.substr(0, text.find('\n'));
    EXPECT_NE(header.find(R"("\\TESTSOURCE\Process(a:1)\% Processor Time",)"
                          R"("\\TESTSOURCE\Process(b:2)\% Processor Time",)"
                          R"("\\TESTSOURCE\Memory\Available Bytes","\\TESTSOURCE\Process(b)\Working Set")"),
              std::string::npos)
        << header;
}

// A set naming an instance that has ended (c:3 is not running) or an object
// this machine lacks loads: those paths are left out with a warning naming
// each, the others are sampled. The command line's own paths stay strict.
TEST_F(QueryCounterSet, EndedInstancesAreLeftOutWithAWarning)
{
    files::CounterSet set;
    files::ViewSettings view;
    view.counters = {{R"(\Process(c:3)\% Processor Time)"}, {R"(\Memory\Available Bytes)"}, {R"(\NoSuchObject\X)"}};
    set.views = {view};
    save(set);
    wpo::TestSource source({processes(), memory()});
    Options o;
    o.command = Command::query;
    o.set_file = file;
    o.samples = 1;
    o.interval_s = 0.1;
    o.interval_given = true;
    const auto table = names();
    wpo::PerfObjectCache cache;
    std::FILE* out = std::tmpfile();
    std::FILE* err = std::tmpfile();
    Context context{source, table, out, &cache, err};
    const wpo::Status status = run_query(o, context);
    const std::string text = read_all(out);
    const std::string warnings = read_all(err);
    ASSERT_TRUE(status.ok()) << status.error().describe();
    const std::string header = text.substr(0, text.find('\n'));
    EXPECT_NE(header.find(R"("\\TESTSOURCE\Memory\Available Bytes")"), std::string::npos) << header;
    EXPECT_EQ(header.find("Process"), std::string::npos) << header;
    EXPECT_NE(warnings.find("counter set \"" + file + R"(": left out "\Process(c:3)\% Processor Time": )"),
              std::string::npos)
        << warnings;
    EXPECT_NE(warnings.find(R"(left out "\NoSuchObject\X": unknown object "NoSuchObject")"), std::string::npos)
        << warnings;

    // Every path gone: still no error, the warnings say why nothing was sampled.
    view.counters = {{R"(\Process(c:3)\% Processor Time)"}};
    set.views = {view};
    save(set);
    std::FILE* out2 = std::tmpfile();
    std::FILE* err2 = std::tmpfile();
    Context context2{source, table, out2, &cache, err2};
    const wpo::Status alone = run_query(o, context2);
    EXPECT_TRUE(alone.ok()) << alone.error().describe();
    EXPECT_EQ(read_all(out2), "");
    EXPECT_NE(read_all(err2).find("every path was left out"), std::string::npos);

    // A path on the command line is not the set's: missing, it is still an error.
    o.paths = {R"(\Process(c:3)\% Processor Time)"};
    view.counters = {{R"(\Memory\Available Bytes)"}};
    set.views = {view};
    save(set);
    std::FILE* out3 = std::tmpfile();
    std::FILE* err3 = std::tmpfile();
    Context context3{source, table, out3, &cache, err3};
    EXPECT_FALSE(run_query(o, context3).ok());
    std::fclose(out3);
    std::fclose(err3);
}

TEST_F(QueryCounterSet, ErrorsNameTheFile)
{
    Options o;
    o.command = Command::query;
    o.set_file = file;
    auto missing = apply_counter_set(o);
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().code(), wpo::Errc::not_found);
    EXPECT_NE(missing.error().message().find(file), std::string::npos);

    save(files::CounterSet{});
    auto empty = apply_counter_set(o);
    ASSERT_FALSE(empty.ok());
    EXPECT_EQ(empty.error().code(), wpo::Errc::invalid_argument);
    EXPECT_EQ(empty.error().message(), "counter set \"" + file + "\" has no counters");

    std::FILE* f = std::fopen(file.c_str(), "w");
    std::fputs("{\"version\": 1, \"views\": [{\"interval_s\": 0}]}", f);
    std::fclose(f);
    auto bad = apply_counter_set(o);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().message(),
              "\"" + file + "\": line 1, column 41: views[0].interval_s is 0; it must be 0.1 to 3600 seconds");
}

// Objects and counters the name table does not know (Wine serves a
// two-entry table; published objects before registration) are addressed by
// index, "1848" or "#1848", and headed by index, so the header is a path.
wpo::TestObject unnamed_provider()
{
    wpo::TestObject p{.name_index = 1848, .help_index = 1849, .has_instances = true};
    p.counters = {{1850, 1851, PERF_COUNTER_RAWCOUNT}, {1852, 1853, PERF_COUNTER_COUNTER}};
    p.instances = {{"alpha", {7, 1000}}, {"beta", {8, 2000}}};
    return p;
}

struct IndexPathRow {
    const char* name;
    const char* path;
    std::vector<std::string> header;  // without the time column
    std::vector<std::string> first_row;
};

class QueryIndexPath : public testing::TestWithParam<IndexPathRow> {};

TEST_P(QueryIndexPath, Resolves)
{
    // One entity: the row shows collect 2, paired with collect 1.
    ChangingSource source({unnamed_provider(), memory()}, [](ChangingSource& s, int n) {
        if (n == 2) {
            auto& instances = s.find(1848)->instances;
            instances[0].values = {9, 1500};   // +500 in 1 s
            instances[1].values = {10, 2100};  // +100 in 1 s
        }
    });
    std::vector<std::string> header;
    const auto rows = run(source, {GetParam().path}, 1, &header);
    ASSERT_FALSE(header.empty());
    EXPECT_EQ(std::vector<std::string>(header.begin() + 1, header.end()), GetParam().header);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0], GetParam().first_row);
}

INSTANTIATE_TEST_SUITE_P(
    QueryCommand, QueryIndexPath,
    testing::Values(
        IndexPathRow{"RawCounterByIndex", R"(\1848(alpha)\1850)", {R"(\\TESTSOURCE\1848(alpha)\1850)"}, {"9.000000"}},
        IndexPathRow{
            "RateCounterByIndex", R"(\1848(alpha)\1852)", {R"(\\TESTSOURCE\1848(alpha)\1852)"}, {"500.000000"}},
        IndexPathRow{"HashIndices", R"(\#1848(beta)\#1852)", {R"(\\TESTSOURCE\1848(beta)\1852)"}, {"100.000000"}},
        IndexPathRow{"WildcardsHeadedByIndex",
                     R"(\1848(*)\*)",
                     {R"(\\TESTSOURCE\1848(alpha)\1850)", R"(\\TESTSOURCE\1848(alpha)\1852)",
                      R"(\\TESTSOURCE\1848(beta)\1850)", R"(\\TESTSOURCE\1848(beta)\1852)"},
                     {"9.000000", "500.000000", "10.000000", "100.000000"}},
        // A named counter is still found by its index.
        IndexPathRow{
            "NamedCounterByIndex", R"(\Memory\24)", {R"(\\TESTSOURCE\Memory\Available Bytes)"}, {"4096.000000"}}),
    [](const testing::TestParamInfo<IndexPathRow>& row) { return std::string(row.param.name); });

struct BadIndexRow {
    const char* name;
    const char* path;
    const char* message;
};

class QueryBadIndexPath : public testing::TestWithParam<BadIndexRow> {};

TEST_P(QueryBadIndexPath, IsAClearError)
{
    wpo::TestSource source({unnamed_provider()});
    const QueryRun r = run_full(source, {GetParam().path}, 1);
    ASSERT_FALSE(r.status.ok());
    EXPECT_EQ(r.status.error().code(), wpo::Errc::not_found);
    EXPECT_NE(r.status.error().message().find(GetParam().message), std::string::npos) << r.status.error().message();
}

INSTANTIATE_TEST_SUITE_P(QueryCommand, QueryBadIndexPath,
                         testing::Values(
                             // 1851 is a help index, not a counter of the object.
                             BadIndexRow{"NotACounterOfTheObject", R"(\1848(alpha)\1851)", "unknown counter \"1851\""},
                             BadIndexRow{"IndexWithGarbage", R"(\1848(alpha)\1850x)", "unknown counter \"1850x\""},
                             BadIndexRow{"ObjectNotServed", R"(\1849(alpha)\1850)", "object \"1849\""}),
                         [](const testing::TestParamInfo<BadIndexRow>& row) { return std::string(row.param.name); });

}  // namespace
}  // namespace perfscope::cli
