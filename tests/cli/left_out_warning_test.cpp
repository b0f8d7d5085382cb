// SPDX-License-Identifier: Apache-2.0
// An unsound object in the source's block costs only itself: `query`, `dump`
// and `list` print every other object as usual and tell on stderr, one line
// per left-out object per run (not per interval), keeping stdout clean.
#include "cli/commands.h"
#include "damaging_source.h"
#include "format/counter_type.h"
#include "test_source.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <regex>
#include <string>
#include <vector>

namespace perfscope::cli {
namespace {

using namespace wpo::counter_type;

constexpr std::uint32_t kMemory = 4;
constexpr std::uint32_t kSloppy = 9000;

wpo::NameTable names()
{
    wpo::NameTable t;
    t.set_name(kMemory, "Memory");
    t.set_name(24, "Available Bytes");
    t.set_name(kSloppy, "Sloppy Provider");
    t.set_name(9002, "Widgets");
    return t;
}

// Memory brings a third-party object along, as a Global query would.
std::vector<wpo::TestObject> objects()
{
    wpo::TestObject memory{.name_index = kMemory};
    memory.counters = {{24, 25, PERF_COUNTER_LARGE_RAWCOUNT}};
    memory.values = {4096};
    memory.brings = {kSloppy};
    wpo::TestObject sloppy{.name_index = kSloppy};
    sloppy.counters = {{9002, 9003, PERF_COUNTER_RAWCOUNT}};
    sloppy.values = {7};
    return {memory, sloppy};
}

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

struct CommandRun {
    wpo::Status status;
    std::string out, err;
};

CommandRun run(Options o, bool damaged = true)
{
    wpo::TestSource source(objects());
    wpo::test::DamagingSource damaging(source);
    if (damaged)
        damaging.damage(kSloppy);
    const auto table = names();
    wpo::PerfObjectCache cache;
    std::FILE* out = std::tmpfile();
    std::FILE* err = std::tmpfile();
    Context context{damaging, table, out, &cache, err};
    CommandRun r;
    switch (o.command) {
    case Command::query: r.status = run_query(o, context); break;
    case Command::dump: r.status = run_dump(o, context); break;
    default: r.status = run_list(o, context); break;
    }
    r.out = read_all(out);
    r.err = read_all(err);
    return r;
}

// The one line the run must have written, with the damage DamagingSource
// makes: the first counter's offset far past the 16-byte counter block.
const std::regex
    kWarning(R"(perfscope-cli: warning: object "Sloppy Provider" \(9000\) left out: out of bounds: )"
             R"(object #1 at block offset \d+: counter data ends at byte 1048580 \(counter definition 0\) but the )"
             R"(counter block of object 9000 has \d+ at object offset \d+\n)");

Options query_options(int samples)
{
    Options o;
    o.command = Command::query;
    o.paths = {R"(\Memory\Available Bytes)"};
    o.samples = static_cast<std::uint64_t>(samples);
    o.interval_s = 0.1;
    return o;
}

TEST(LeftOutWarning, QueryWarnsOncePerRunAndKeepsTheCsvClean)
{
    const CommandRun r = run(query_options(3));
    ASSERT_TRUE(r.status.ok()) << r.status.error().describe();
    EXPECT_TRUE(std::regex_match(r.err, kWarning)) << r.err;
    // Header and three rows of pure CSV, each with Memory's value.
    const std::regex csv(R"re(("[^"]*",?)+\n)re");
    std::size_t lines = 0;
    for (std::size_t at = 0, end; (end = r.out.find('\n', at)) != std::string::npos; at = end + 1, ++lines) {
        const std::string line = r.out.substr(at, end - at + 1);
        EXPECT_TRUE(std::regex_match(line, csv)) << line;
        if (lines > 0) {
            EXPECT_NE(line.find(R"("4096.000000")"), std::string::npos) << line;
        }
    }
    EXPECT_EQ(lines, 4u);
    EXPECT_EQ(r.out.find("warning"), std::string::npos);
}

TEST(LeftOutWarning, SoundBlocksWarnNothing)
{
    const CommandRun r = run(query_options(2), false);
    ASSERT_TRUE(r.status.ok());
    EXPECT_EQ(r.err, "");
}

TEST(LeftOutWarning, DumpWarnsAndShowsTheOthers)
{
    Options o;
    o.command = Command::dump;
    o.single_sample = true;
    const CommandRun r = run(o);
    ASSERT_TRUE(r.status.ok()) << r.status.error().describe();
    EXPECT_TRUE(std::regex_match(r.err, kWarning)) << r.err;
    EXPECT_NE(r.out.find("2 objects (1 left out)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Object 4 \"Memory\""), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("Sloppy"), std::string::npos) << r.out;
}

TEST(LeftOutWarning, DumpOfTwoSamplesWarnsOnce)
{
    Options o;
    o.command = Command::dump;
    o.interval_s = 0.1;
    const CommandRun r = run(o);
    ASSERT_TRUE(r.status.ok()) << r.status.error().describe();
    EXPECT_TRUE(std::regex_match(r.err, kWarning)) << r.err;
}

TEST(LeftOutWarning, ListWarnsOnceAcrossGlobalAndCostly)
{
    Options o;
    o.command = Command::list;
    const CommandRun r = run(o);
    ASSERT_TRUE(r.status.ok()) << r.status.error().describe();
    EXPECT_TRUE(std::regex_match(r.err, kWarning)) << r.err;
    EXPECT_NE(r.out.find("Memory"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("Sloppy"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace perfscope::cli
