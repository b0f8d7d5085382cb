// SPDX-License-Identifier: Apache-2.0
// The /proc text parsers, one data row per edge case.
#include "sources/procfs/proc_parsers.h"

#include <gtest/gtest.h>

#include <string>

namespace wpo::procfs {
namespace {

template <class Row>
std::string row_name(const ::testing::TestParamInfo<Row>& row)
{
    return row.param.label;
}

// ---- /proc/[pid]/stat ---------------------------------------------------------

struct StatRow {
    const char* label;
    std::string text;
    bool ok;
    std::string comm;
    char state;
    std::uint64_t utime, stime, starttime, num_threads;
    std::int64_t nice;
};

class PidStatParse : public ::testing::TestWithParam<StatRow> {};

TEST_P(PidStatParse, Fields)
{
    const StatRow& row = GetParam();
    PidStat s;
    ASSERT_EQ(parse_pid_stat(row.text, s), row.ok);
    if (!row.ok)
        return;
    EXPECT_EQ(s.comm, row.comm);
    EXPECT_EQ(s.state, row.state);
    EXPECT_EQ(s.utime, row.utime);
    EXPECT_EQ(s.stime, row.stime);
    EXPECT_EQ(s.starttime, row.starttime);
    EXPECT_EQ(s.num_threads, row.num_threads);
    EXPECT_EQ(s.nice, row.nice);
}

const std::string kFullStat =
    "12966 (python3) S 1 12920 4105 0 -1 4194304 2958 6577 1 0 3 1 4 1 20 -5 4 0 84163 243699712 3487 "
    "18446744073709551615 1 2 3 0 0 0 0 16781318 0 0 0 0 17 0 7 1 0 0 0 1 2 3 4 5 6 7 0\n";

INSTANTIATE_TEST_SUITE_P(
    Rows, PidStatParse,
    ::testing::Values(StatRow{"Full", kFullStat, true, "python3", 'S', 3, 1, 84163, 4, -5},
                      StatRow{"ParenthesesInComm", "5 (a) (b) c) R 1 1 1 0 -1 0 0 0 0 0 7 8 0 0 20 0 1 0 99 0 0", true,
                              "a) (b) c", 'R', 7, 8, 99, 1, 0},
                      StatRow{"SpacesInComm", "5 (x y  z) S 1", true, "x y  z", 'S', 0, 0, 0, 0, 0},
                      StatRow{"EmptyComm", "5 () S", true, "", 'S', 0, 0, 0, 0, 0},
                      StatRow{"TruncatedAfterComm", "5 (cut)", true, "cut", '?', 0, 0, 0, 0, 0},
                      StatRow{"TruncatedInTheMiddle", "5 (cut) S 1 1 1 0 -1 0 0 0 0 0 12", true, "cut", 'S', 12, 0, 0,
                              0, 0},
                      StatRow{"NotANumber", "5 (n) S 1 1 1 0 -1 0 0 0 0 0 x 9", true, "n", 'S', 0, 9, 0, 0, 0},
                      StatRow{"NoClosingParenthesis", "5 (open S 1 2", false, "", '?', 0, 0, 0, 0, 0},
                      StatRow{"ClosingBeforeOpening", "5 )x( S", false, "", '?', 0, 0, 0, 0, 0},
                      StatRow{"Empty", "", false, "", '?', 0, 0, 0, 0, 0}),
    row_name<StatRow>);

TEST(PidStatParse, RealTimeFields)
{
    PidStat s;
    ASSERT_TRUE(parse_pid_stat(kFullStat, s));
    EXPECT_EQ(s.ppid, 1);
    EXPECT_EQ(s.minflt, 2958u);
    EXPECT_EQ(s.majflt, 1u);
    EXPECT_EQ(s.priority, 20);
    EXPECT_EQ(s.vsize, 243699712u);
    EXPECT_EQ(s.rt_priority, 7u);  // field 40
    EXPECT_EQ(s.policy, 1u);       // field 41
}

// ---- key/value files ----------------------------------------------------------

TEST(PidStatusParse, TakesTheFirstNumberOfEachKnownKey)
{
    PidStatus s;
    parse_pid_status("Name:\tVmRSS\nVmPeak:\t  237988 kB\nVmSize:\t 1 kB\nVmHWM:\t2 kB\nVmRSS:\t 3 kB\n"
                     "RssAnon:\t4 kB\nVmSwap:\t5 kB\nvoluntary_ctxt_switches:\t6\nnonvoluntary_ctxt_switches:\t7",
                     s);
    EXPECT_EQ(s.vm_peak_kb, 237988u);
    EXPECT_EQ(s.vm_size_kb, 1u);
    EXPECT_EQ(s.vm_hwm_kb, 2u);
    EXPECT_EQ(s.vm_rss_kb, 3u);
    EXPECT_EQ(s.rss_anon_kb, 4u);
    EXPECT_EQ(s.vm_swap_kb, 5u);
    EXPECT_EQ(s.voluntary_ctxt_switches, 6u);
    EXPECT_EQ(s.nonvoluntary_ctxt_switches, 7u);  // no final newline
}

TEST(PidStatusParse, GarbageLeavesZeros)
{
    PidStatus s;
    s.vm_rss_kb = 99;
    parse_pid_status("VmRSS: abc kB\n:\nVmHWM\n\n\nVmSize:", s);
    EXPECT_EQ(s.vm_rss_kb, 0u);
    EXPECT_EQ(s.vm_hwm_kb, 0u);
    EXPECT_EQ(s.vm_size_kb, 0u);
}

TEST(PidIoParse, Fields)
{
    PidIo io;
    parse_pid_io("rchar: 1719105\nwchar: 1692\nsyscr: 680\nsyscw: 29\nread_bytes: 913408\n", io);
    EXPECT_EQ(io.rchar, 1719105u);
    EXPECT_EQ(io.wchar, 1692u);
    EXPECT_EQ(io.syscr, 680u);
    EXPECT_EQ(io.syscw, 29u);
}

TEST(SmapsRollupParse, SkipsTheHeaderLine)
{
    SmapsRollup r;
    parse_smaps_rollup("5628be916000-7ffc07a2c000 ---p 00000000 00:00 0   [rollup]\nRss:  14080 kB\n"
                       "Pss:  11690 kB\nPss_Anon: 1 kB\nShared_Clean: 2 kB\nShared_Dirty: 3 kB\n"
                       "Private_Clean: 4 kB\nPrivate_Dirty: 5 kB\nSwap: 6 kB\nSwapPss: 7 kB\n",
                       r);
    EXPECT_EQ(r.rss_kb, 14080u);
    EXPECT_EQ(r.pss_kb, 11690u);
    EXPECT_EQ(r.shared_clean_kb, 2u);
    EXPECT_EQ(r.shared_dirty_kb, 3u);
    EXPECT_EQ(r.private_clean_kb, 4u);
    EXPECT_EQ(r.private_dirty_kb, 5u);
    EXPECT_EQ(r.swap_kb, 6u);
}

TEST(MemInfoParse, AvailableIsOptional)
{
    MemInfo m;
    parse_meminfo("MemTotal: 10 kB\nMemFree: 1 kB\nMemAvailable: 2 kB\nBuffers: 3 kB\nCached: 4 kB\n"
                  "SwapCached: 99 kB\nCommitLimit: 5 kB\nCommitted_AS: 6 kB\n",
                  m);
    EXPECT_TRUE(m.has_mem_available);
    EXPECT_EQ(m.mem_free_kb, 1u);
    EXPECT_EQ(m.mem_available_kb, 2u);
    EXPECT_EQ(m.buffers_kb, 3u);
    EXPECT_EQ(m.cached_kb, 4u);  // not SwapCached
    EXPECT_EQ(m.commit_limit_kb, 5u);
    EXPECT_EQ(m.committed_as_kb, 6u);
    parse_meminfo("MemFree: 1 kB\n", m);
    EXPECT_FALSE(m.has_mem_available);
}

TEST(VmStatParse, Fields)
{
    VmStat v;
    parse_vmstat("nr_free_pages 1\npgfault 13112144\npgmajfault 2367\npswpin 3\npswpout 4\npgfault_x 9\n", v);
    EXPECT_EQ(v.pgfault, 13112144u);
    EXPECT_EQ(v.pgmajfault, 2367u);
    EXPECT_EQ(v.pswpin, 3u);
    EXPECT_EQ(v.pswpout, 4u);
}

// ---- /proc/stat, loadavg, uptime ------------------------------------------------

TEST(KernelStatParse, CpuLinesAndCounters)
{
    KernelStat k;
    parse_kernel_stat("cpu  47384 0 8717 111343 523 0 73 42 0 0\ncpu0 1 2 3 4 5 6 7 8 9 10\ncpu12 1\n"
                      "cpufreq 3\nintr 168405 0 0\nctxt 944613\nbtime 1795335363\nprocesses 13049\n"
                      "procs_running 12\nprocs_blocked 0\n",
                      k);
    EXPECT_EQ(k.total.user, 47384u);
    EXPECT_EQ(k.total.idle, 111343u);
    EXPECT_EQ(k.total.steal, 42u);
    ASSERT_EQ(k.cpus.size(), 2u);  // "cpufreq" is not a CPU
    EXPECT_EQ(k.cpus[0].cpu, 0);
    EXPECT_EQ(k.cpus[0].steal, 8u);
    EXPECT_EQ(k.cpus[1].cpu, 12);
    EXPECT_EQ(k.cpus[1].user, 1u);
    EXPECT_EQ(k.cpus[1].idle, 0u);
    EXPECT_EQ(k.ctxt, 944613u);
    EXPECT_TRUE(k.has_btime);
    EXPECT_EQ(k.btime, 1795335363u);
    EXPECT_EQ(k.procs_running, 12u);
    parse_kernel_stat("", k);
    EXPECT_TRUE(k.cpus.empty());
    EXPECT_FALSE(k.has_btime);
}

TEST(LoadAvgParse, Fields)
{
    LoadAvg l;
    parse_loadavg("6.65 3.00 1.23 12/155 13063\n", l);
    EXPECT_EQ(l.runnable, 12u);
    EXPECT_EQ(l.tasks, 155u);
    parse_loadavg("6.65 3.00 1.23 12", l);
    EXPECT_EQ(l.tasks, 0u);
}

struct UptimeRow {
    const char* label;
    const char* text;
    bool ok;
    std::uint64_t value;
};

class UptimeParse : public ::testing::TestWithParam<UptimeRow> {};

TEST_P(UptimeParse, In100ns)
{
    std::uint64_t v = 1;
    EXPECT_EQ(parse_uptime_100ns(GetParam().text, v), GetParam().ok);
    EXPECT_EQ(v, GetParam().value);
}

INSTANTIATE_TEST_SUITE_P(Rows, UptimeParse,
                         ::testing::Values(UptimeRow{"TwoDecimals", "843.66 1113.43\n", true, 8'436'600'000},
                                           UptimeRow{"NoFraction", "12", true, 120'000'000},
                                           UptimeRow{"LongFraction", "1.123456789", true, 11'234'567},
                                           UptimeRow{"TrailingDot", "7.", true, 70'000'000},
                                           UptimeRow{"NotANumber", "abc 1", false, 0},
                                           UptimeRow{"Negative", "-5.0", false, 0},
                                           UptimeRow{"TooLarge", "999999999999999999.0", false, 0},
                                           UptimeRow{"Empty", "", false, 0}),
                         row_name<UptimeRow>);

// ---- diskstats, net/dev, mounts, interrupts ------------------------------------

TEST(DiskStatsParse, FieldsAndShortLines)
{
    std::vector<DiskStats> d;
    parse_diskstats(" 254 0 vda 50700 11946 6381266 28205 18326 11762 5378784 11718 0 10156 40576 5577 36 636000\n"
                    " 254 1 vda1 10 20\n 253\n",
                    d);
    ASSERT_EQ(d.size(), 2u);
    EXPECT_EQ(d[0].name, "vda");
    EXPECT_EQ(d[0].reads, 50700u);
    EXPECT_EQ(d[0].sectors_read, 6381266u);
    EXPECT_EQ(d[0].ms_reading, 28205u);
    EXPECT_EQ(d[0].writes, 18326u);
    EXPECT_EQ(d[0].sectors_written, 5378784u);
    EXPECT_EQ(d[0].ms_writing, 11718u);
    EXPECT_EQ(d[0].in_flight, 0u);
    EXPECT_EQ(d[0].ms_io, 10156u);
    EXPECT_EQ(d[0].ms_weighted, 40576u);
    EXPECT_EQ(d[1].name, "vda1");
    EXPECT_EQ(d[1].reads, 10u);
    EXPECT_EQ(d[1].sectors_read, 0u);
}

TEST(NetDevParse, SkipsHeadersAndSplitsAtTheColon)
{
    std::vector<NetDevStats> n;
    parse_net_dev("Inter-|   Receive |  Transmit\n face |bytes packets|bytes\n"
                  "  eth0:201065210    3640    4    0    0     0          0         0   139296    1955 0 0\n"
                  "no colon here\n  lo: 1\n",
                  n);
    ASSERT_EQ(n.size(), 2u);
    EXPECT_EQ(n[0].name, "eth0");
    EXPECT_EQ(n[0].rx_bytes, 201065210u);
    EXPECT_EQ(n[0].rx_packets, 3640u);
    EXPECT_EQ(n[0].rx_errors, 4u);
    EXPECT_EQ(n[0].tx_bytes, 139296u);
    EXPECT_EQ(n[0].tx_packets, 1955u);
    EXPECT_EQ(n[1].name, "lo");
    EXPECT_EQ(n[1].rx_bytes, 1u);
}

struct UnescapeRow {
    const char* label;
    const char* escaped;
    std::string plain;
};

class MountPathUnescape : public ::testing::TestWithParam<UnescapeRow> {};

TEST_P(MountPathUnescape, Decodes)
{
    std::string out = "keep:";
    unescape_mount_path(GetParam().escaped, out);
    EXPECT_EQ(out, "keep:" + GetParam().plain);
}

INSTANTIATE_TEST_SUITE_P(Rows, MountPathUnescape,
                         ::testing::Values(UnescapeRow{"Plain", "/home", "/home"},
                                           UnescapeRow{"Space", "/mnt/my\\040disk", "/mnt/my disk"},
                                           UnescapeRow{"TabNewlineBackslash", "\\011\\012\\134", "\t\n\\"},
                                           UnescapeRow{"CutEscapeAtEnd", "/a\\04", "/a\\04"},
                                           UnescapeRow{"NotOctal", "/a\\089", "/a\\089"},
                                           UnescapeRow{"LoneBackslash", "\\", "\\"}),
                         row_name<UnescapeRow>);

TEST(MountsParse, NeedsThreeFields)
{
    std::vector<MountEntry> m;
    parse_mounts("/dev/vda / ext4 rw 0 0\n/dev/vdc\nproc /proc proc rw 0 0\n", m);
    ASSERT_EQ(m.size(), 2u);
    EXPECT_EQ(m[0].source, "/dev/vda");
    EXPECT_EQ(m[0].mount_point, "/");
    EXPECT_EQ(m[0].fs_type, "ext4");
    EXPECT_EQ(m[1].fs_type, "proc");
}

TEST(InterruptsParse, SumsPerCpuColumns)
{
    std::vector<std::uint64_t> out;
    parse_interrupts("           CPU0       CPU2\n"
                     " 24:          1          2  IO-APIC   5-edge      ACPI:Ged\n"
                     "LOC:         10         20   Local timer interrupts\n"
                     "ERR:          5\n"
                     "NMI:          4   nonsense  Non-maskable interrupts\n",
                     out);
    // CPU1 is offline: no column, so CPU2's column goes to out[2].
    EXPECT_EQ(out, (std::vector<std::uint64_t>{11, 0, 22}));
    parse_interrupts("garbage header\n 1: 2 3\n", out);
    EXPECT_TRUE(out.empty());
    parse_interrupts("", out);
    EXPECT_TRUE(out.empty());
}

TEST(Tokens, SplitsOnAnyWhitespace)
{
    Tokens t(" a\tbb \n c  ");
    std::string_view token;
    ASSERT_TRUE(t.next(token));
    EXPECT_EQ(token, "a");
    ASSERT_TRUE(t.next(token));
    EXPECT_EQ(token, "bb");
    ASSERT_TRUE(t.next(token));
    EXPECT_EQ(token, "c");
    EXPECT_FALSE(t.next(token));
    EXPECT_EQ(to_u64("18446744073709551615"), 18446744073709551615u);
    EXPECT_EQ(to_u64("18446744073709551616"), 0u);  // out of range
    EXPECT_EQ(to_i64("-20"), -20);
    EXPECT_EQ(to_u64("-20"), 0u);
}

}  // namespace
}  // namespace wpo::procfs
