// SPDX-License-Identifier: Apache-2.0
// `dump` of two captured /proc trees (tests/fixtures/proc-burn-t0 and -t1:
// the same busy process 31.11 s apart), through the real Linux source with a
// clock that advances with the trees' /proc/uptime, diffed against golden/proc_burn.txt
// (whose key numbers golden_formula_test.cpp recomputes from the trees).
// The busy process is PID 14116: its % Processor Time must read
// 100 * (2609 - 644) ticks * 100000 (100 ns per 1/100 s tick) / 311.1e6 = 63.16 %.
#include "cli/dump_formatter.h"
#include "sources/procfs/procfs_source.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace perfscope::cli {
namespace {

class CaptureClock final : public wpo::ProcfsClock {
public:
    CaptureClock(std::int64_t monotonic_ns, std::int64_t unix_100ns) : m_mono(monotonic_ns), m_wall(unix_100ns) {}
    std::int64_t monotonic_ns() const override { return m_mono; }
    std::int64_t wall_filetime() const override { return wpo::kFiletimeUnixEpoch + m_wall; }

private:
    std::int64_t m_mono, m_wall;
};

std::string fixture(const std::string& name)
{
    return std::string(PERFSCOPE_FIXTURES_DIR) + "/" + name;
}

wpo::ProcfsOptions options(const std::string& tree, const wpo::ProcfsClock& clock)
{
    wpo::ProcfsOptions o;
    o.proc_root = fixture(tree) + "/proc";
    o.sys_root = fixture(tree) + "/sys";
    o.fs_root.clear();
    o.clock = &clock;
    o.host_name = "FIXTURE";
    o.ticks_per_second = 100;
    return o;
}

std::string read_file(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

TEST(DumpFixtureGolden, TwoCapturesOfABusyProcess)
{
    // Both clocks advance by the 31.11 s between the trees' /proc/uptime
    // readings (the kernel's CPU ticks count against that interval); the wall
    // clock starts at tests/fixtures/proc-burn-t0/capture-time.
    const std::int64_t wall0 = 17'953'362'320'027'884;
    const CaptureClock t0(874'870'000'000, wall0);
    const CaptureClock t1(905'980'000'000, wall0 + 311'100'000);
    wpo::ProcfsSource first(options("proc-burn-t0", t0));
    wpo::ProcfsSource second(options("proc-burn-t1", t1));
    std::vector<std::byte> a, b;
    ASSERT_TRUE(first.collect("Global", a).ok());
    ASSERT_TRUE(second.collect("Global", b).ok());
    auto names = first.load_names();
    ASSERT_TRUE(names.ok());
    const auto before = wpo::BlockView::parse(a).value();
    const auto after = wpo::BlockView::parse(b).value();
    const std::string actual = format_dump(*names, after, &before, {}, {.cap_percent = false});

    const std::string path = std::string(PERFSCOPE_GOLDEN_DIR) + "/proc_burn.txt";
    if (std::getenv("PERFSCOPE_UPDATE_GOLDEN")) {
        std::ofstream(path, std::ios::binary) << actual;
        GTEST_SKIP() << "updated " << path;
    }
    const std::string expected = read_file(path);
    ASSERT_FALSE(expected.empty()) << "missing golden file " << path;
    EXPECT_EQ(actual, expected) << "dump output differs from " << path;
}

}  // namespace
}  // namespace perfscope::cli
