// SPDX-License-Identifier: Apache-2.0
// Counters whose kernel source is 64-bit cross 2^32 between two captures
// (tests/fixtures/proc-wrap-t0 and -t1, made by make-proc-wrap.sh): each must
// decode as delta / time over that interval, not as "went backwards". The
// numbers below are copied from the fixture files; the expected values are
// computed from them by the formula of the counter's type (docs/performance-data-format.md §10.5, §10.6).
#include "procfs_test_util.h"

#include "sources/procfs/linux_indices.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace wpo {
namespace {

namespace ix = procfs_index;
using test::fixture_options;
using test::FixedClock;

constexpr std::uint64_t k2To32 = 4'294'967'296;
// The clocks of the two captures: 31.11 s apart, as the trees' /proc/uptime
// (874.87 and 905.98) are; the wall clock from proc-wrap-t0/capture-time.
constexpr std::int64_t kMono0 = 874'870'000'000, kMono1 = 905'980'000'000;
constexpr double kSeconds = double(kMono1 - kMono0) / 1e9;
constexpr std::int64_t kWall0 = kFiletimeUnixEpoch + 17'953'362'320'027'884;

enum class Formula { rate, raw, average_seconds, average };

struct WrapRow {
    const char* name;
    std::uint32_t object;
    std::uint32_t counter;
    const char* instance;  // nullptr: single-instance object, or select by id_counter == id
    std::uint32_t id_counter;
    std::uint64_t id;
    Formula formula;
    std::uint64_t n0, n1;          // the fixture's numbers (for averages: the base, reads or writes completed)
    std::uint64_t v0 = 0, v1 = 0;  // averages: the numerator (ms spent, or sectors)
};

std::ostream& operator<<(std::ostream& os, const WrapRow& r)
{
    return os << r.name;
}

// proc-wrap-t0 / t1, file and field in each comment.
const WrapRow kRows[] = {
    // proc/stat ctxt
    {"SystemContextSwitches", ix::kSystem, ix::kContextSwitchesPerSec, nullptr, 0, 0, Formula::rate, 4'294'957'296,
     4'294'979'918},
    // proc/vmstat pgfault
    {"MemoryPageFaults", ix::kMemory, ix::kPageFaultsPerSec, nullptr, 0, 0, Formula::rate, 4'294'667'296,
     4'295'350'333},
    // proc/vmstat pgmajfault (+ pswpin + pswpout, both 0)
    {"MemoryPages", ix::kMemory, ix::kPagesPerSec, nullptr, 0, 0, Formula::rate, 4'294'967'295, 4'294'967'298},
    // proc/interrupts, column CPU0: 3000000000 + 1294967000 and 3000000500 + 1294967400
    {"ProcessorInterrupts", ix::kProcessor, ix::kInterruptsPerSec, "0", 0, 0, Formula::rate, 4'294'967'000,
     4'294'967'900},
    // the same sum in _Total (CPU1's column does not move)
    {"ProcessorTotalInterrupts", ix::kProcessor, ix::kInterruptsPerSec, "_Total", 0, 0, Formula::rate,
     4'294'967'000 + 1, 4'294'967'900 + 1},
    // proc/14116/stat field 10 minflt (+ majflt 1)
    {"ProcessPageFaults", ix::kProcess, ix::kPageFaultsPerSec, nullptr, ix::kIdProcess, 14116, Formula::rate,
     4'294'967'246 + 1, 4'294'967'446 + 1},
    // proc/14116/io syscr
    {"ProcessReadOperations", ix::kProcess, ix::kIoReadOperationsPerSec, nullptr, ix::kIdProcess, 14116, Formula::rate,
     4'294'967'293, 4'294'967'301},
    // proc/14116/task/14116/status voluntary (8) + nonvoluntary
    {"ThreadContextSwitches", ix::kThread, ix::kContextSwitchesPerSec, nullptr, ix::kIdThread, 14116, Formula::rate,
     4'294'966'296 + 8, 4'294'975'092 + 8},
    // proc/diskstats vda field 4 reads completed, field 8 writes completed
    {"DiskReads", ix::kPhysicalDisk, ix::kDiskReadsPerSec, "vda", 0, 0, Formula::rate, 4'294'967'276, 4'294'967'333},
    {"DiskWrites", ix::kPhysicalDisk, ix::kDiskWritesPerSec, "vda", 0, 0, Formula::rate, 4'294'967'196, 4'294'967'347},
    // the bases of the averages: reads and writes completed; numerators field 7
    // ms reading (28244 -> 28270), field 11 ms writing (13433 -> 13740), field 6
    // sectors read (6383018 -> 6384434), field 10 sectors written (5524712 -> 5560464)
    {"DiskSecPerRead", ix::kPhysicalDisk, ix::kAvgDiskSecPerRead, "vda", 0, 0, Formula::average_seconds, 4'294'967'276,
     4'294'967'333, 28'244, 28'270},
    {"DiskSecPerWrite", ix::kPhysicalDisk, ix::kAvgDiskSecPerWrite, "vda", 0, 0, Formula::average_seconds,
     4'294'967'196, 4'294'967'347, 13'433, 13'740},
    {"DiskBytesPerRead", ix::kPhysicalDisk, ix::kAvgDiskBytesPerRead, "vda", 0, 0, Formula::average, 4'294'967'276,
     4'294'967'333, 6'383'018ULL * 512, 6'384'434ULL * 512},
    {"DiskBytesPerWrite", ix::kPhysicalDisk, ix::kAvgDiskBytesPerWrite, "vda", 0, 0, Formula::average, 4'294'967'196,
     4'294'967'347, 5'524'712ULL * 512, 5'560'464ULL * 512},
    // proc/net/dev eth0 receive packets, transmit packets, receive errs
    {"NetworkPacketsReceived", ix::kNetworkInterface, ix::kPacketsReceivedPerSec, "eth0", 0, 0, Formula::rate,
     4'294'967'291, 4'294'969'291},
    {"NetworkPacketsSent", ix::kNetworkInterface, ix::kPacketsSentPerSec, "eth0", 0, 0, Formula::rate, 4'294'967'295,
     4'294'968'295},
    {"NetworkReceiveErrors", ix::kNetworkInterface, ix::kPacketsReceivedErrors, "eth0", 0, 0, Formula::raw,
     4'294'967'290, 4'294'967'306},
};

class WrapAcross2To32 : public ::testing::TestWithParam<WrapRow> {
protected:
    static void SetUpTestSuite()
    {
        static FixedClock clock0(kMono0, kWall0);
        static FixedClock clock1(kMono1, kWall0 + (kMono1 - kMono0) / 100);
        static ProcfsSource first(fixture_options("proc-wrap-t0", clock0));
        static ProcfsSource second(fixture_options("proc-wrap-t1", clock1));
        ASSERT_TRUE(first.collect("Global", s_older).ok());
        ASSERT_TRUE(second.collect("Global", s_newer).ok());
    }
    static inline std::vector<std::byte> s_older, s_newer;
};

TEST_P(WrapAcross2To32, DecodesDeltaOverTime)
{
    const WrapRow& r = GetParam();
    ASSERT_LT(r.n0, k2To32) << "the fixture must cross 2^32";
    ASSERT_GE(r.n1, k2To32) << "the fixture must cross 2^32";
    const auto older = BlockView::parse(s_older).value();
    const auto newer = BlockView::parse(s_newer).value();

    // The value (and for averages the base) is written 8 bytes wide.
    const auto object = newer.find_object(r.object);
    ASSERT_TRUE(object.has_value());
    const auto def = test::definition(*object, r.counter);
    ASSERT_TRUE(def.has_value());
    EXPECT_EQ(def->size, 8u);
    if (r.formula == Formula::average_seconds || r.formula == Formula::average) {
        const auto base = test::base_definition(*object, r.counter);
        ASSERT_TRUE(base.has_value());
        EXPECT_EQ(base->size, 8u) << "base";
    }

    const Value v = test::decode_between(older, newer, r.object, r.counter, r.id_counter, r.id, r.instance);
    ASSERT_TRUE(v.valid()) << to_string(v.status);
    double expected = 0;
    switch (r.formula) {
    case Formula::rate: expected = double(r.n1 - r.n0) / kSeconds; break;
    case Formula::raw: expected = double(r.n1); break;
    // Milliseconds over completions, in seconds.
    case Formula::average_seconds: expected = double(r.v1 - r.v0) / 1000.0 / double(r.n1 - r.n0); break;
    case Formula::average: expected = double(r.v1 - r.v0) / double(r.n1 - r.n0); break;
    }
    EXPECT_NEAR(v.as_double(), expected, 1e-9 * std::max(1.0, expected));
}

INSTANTIATE_TEST_SUITE_P(Counters, WrapAcross2To32, ::testing::ValuesIn(kRows),
                         [](const ::testing::TestParamInfo<WrapRow>& p) { return std::string(p.param.name); });

}  // namespace
}  // namespace wpo
