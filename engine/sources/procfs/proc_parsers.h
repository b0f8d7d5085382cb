// SPDX-License-Identifier: Apache-2.0
// Parsers of the /proc text files the procfs source reads. Each one takes the
// whole file as text and fills a plain struct; they never fail as a whole:
// a field that is missing or not a number stays 0 (the source documents per
// object what that means), so a truncated or odd file costs values, not the
// block. String views in the results point into the parsed text.
//
// Pure functions over std::string_view: fuzzed by tests/procfs/procfs_parsers_fuzz.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace wpo::procfs {

// Whitespace-separated tokens ("1 2  3\n" -> "1", "2", "3").
class Tokens {
public:
    explicit Tokens(std::string_view text) : m_rest(text) {}
    // False when no token is left.
    bool next(std::string_view& token);
    std::string_view rest() const { return m_rest; }

private:
    std::string_view m_rest;
};

// A decimal number, or 0 if `text` is not one (sign allowed for the signed form).
std::uint64_t to_u64(std::string_view text);
std::int64_t to_i64(std::string_view text);

// /proc/[pid]/stat and /proc/[pid]/task/[tid]/stat (proc(5)).
struct PidStat {
    std::string_view comm;  // between the first '(' and the last ')'
    char state = '?';
    std::int64_t ppid = 0;
    std::uint64_t minflt = 0;
    std::uint64_t majflt = 0;
    std::uint64_t utime = 0;  // clock ticks
    std::uint64_t stime = 0;
    std::int64_t priority = 0;
    std::int64_t nice = 0;
    std::uint64_t num_threads = 0;
    std::uint64_t starttime = 0;  // clock ticks after boot
    std::uint64_t vsize = 0;      // bytes
    std::uint64_t rt_priority = 0;
    std::uint64_t policy = 0;
};
// False when there is no "(comm)": the text does not describe a task at all.
bool parse_pid_stat(std::string_view text, PidStat& out);

// /proc/[pid]/status and /proc/[pid]/task/[tid]/status: the fields we use.
struct PidStatus {
    std::uint64_t vm_peak_kb = 0;
    std::uint64_t vm_size_kb = 0;
    std::uint64_t vm_hwm_kb = 0;
    std::uint64_t vm_rss_kb = 0;
    std::uint64_t rss_anon_kb = 0;
    std::uint64_t vm_swap_kb = 0;
    std::uint64_t voluntary_ctxt_switches = 0;
    std::uint64_t nonvoluntary_ctxt_switches = 0;
};
void parse_pid_status(std::string_view text, PidStatus& out);

// /proc/[pid]/statm: sizes in pages (proc(5)); `resident` is the sum VmRSS
// of status shows (anonymous + file + shared memory pages), `size` VmSize.
struct PidStatm {
    std::uint64_t size_pages = 0;
    std::uint64_t resident_pages = 0;
};
void parse_pid_statm(std::string_view text, PidStatm& out);

// /proc/[pid]/io.
struct PidIo {
    std::uint64_t rchar = 0;
    std::uint64_t wchar = 0;
    std::uint64_t syscr = 0;
    std::uint64_t syscw = 0;
};
void parse_pid_io(std::string_view text, PidIo& out);

// /proc/[pid]/task/[tid]/schedstat: "<run ns> <wait ns> <timeslices>"; the
// third is the number of times the thread was switched onto a CPU. False
// (and 0) unless the text has three numbers.
bool parse_schedstat_timeslices(std::string_view text, std::uint64_t& out);

// /proc/[pid]/smaps_rollup (kB).
struct SmapsRollup {
    std::uint64_t rss_kb = 0;
    std::uint64_t pss_kb = 0;
    std::uint64_t shared_clean_kb = 0;
    std::uint64_t shared_dirty_kb = 0;
    std::uint64_t private_clean_kb = 0;
    std::uint64_t private_dirty_kb = 0;
    std::uint64_t swap_kb = 0;
};
void parse_smaps_rollup(std::string_view text, SmapsRollup& out);

// /proc/meminfo (kB).
struct MemInfo {
    std::uint64_t mem_free_kb = 0;
    std::uint64_t mem_available_kb = 0;
    std::uint64_t buffers_kb = 0;
    std::uint64_t cached_kb = 0;
    std::uint64_t commit_limit_kb = 0;
    std::uint64_t committed_as_kb = 0;
    bool has_mem_available = false;  // kernels before 3.14 lack it
};
void parse_meminfo(std::string_view text, MemInfo& out);

// /proc/vmstat: the event counters we use.
struct VmStat {
    std::uint64_t pgfault = 0;
    std::uint64_t pgmajfault = 0;
    std::uint64_t pswpin = 0;
    std::uint64_t pswpout = 0;
};
void parse_vmstat(std::string_view text, VmStat& out);

// One "cpu" line of /proc/stat (clock ticks).
struct CpuTimes {
    std::int32_t cpu = -1;  // -1 = the aggregate "cpu" line
    std::uint64_t user = 0;
    std::uint64_t nice = 0;
    std::uint64_t system = 0;
    std::uint64_t idle = 0;
    std::uint64_t iowait = 0;
    std::uint64_t irq = 0;
    std::uint64_t softirq = 0;
    std::uint64_t steal = 0;
};

// /proc/stat.
struct KernelStat {
    CpuTimes total;
    std::vector<CpuTimes> cpus;  // in file order; capacity reused
    std::uint64_t ctxt = 0;
    std::uint64_t btime = 0;  // seconds since the Unix epoch
    std::uint64_t procs_running = 0;
    bool has_btime = false;
};
void parse_kernel_stat(std::string_view text, KernelStat& out);

// /proc/loadavg: "0.15 0.17 0.09 1/88 5937".
struct LoadAvg {
    std::uint64_t runnable = 0;
    std::uint64_t tasks = 0;  // every thread of every process
};
void parse_loadavg(std::string_view text, LoadAvg& out);

// /proc/uptime: first number, seconds with a fraction, in 100 ns units.
// False when there is no number.
bool parse_uptime_100ns(std::string_view text, std::uint64_t& out);

// One line of /proc/diskstats (Documentation/admin-guide/iostats.rst).
struct DiskStats {
    std::string_view name;
    std::uint64_t reads = 0;
    std::uint64_t sectors_read = 0;  // 512-byte units whatever the device
    std::uint64_t ms_reading = 0;
    std::uint64_t writes = 0;
    std::uint64_t sectors_written = 0;
    std::uint64_t ms_writing = 0;
    std::uint64_t in_flight = 0;
    std::uint64_t ms_io = 0;        // time the device had I/O in flight
    std::uint64_t ms_weighted = 0;  // in-flight count integrated over time
};
// Appends one entry per line that has a name (out is cleared first).
void parse_diskstats(std::string_view text, std::vector<DiskStats>& out);

// One interface of /proc/net/dev.
struct NetDevStats {
    std::string_view name;
    std::uint64_t rx_bytes = 0;
    std::uint64_t rx_packets = 0;
    std::uint64_t rx_errors = 0;
    std::uint64_t tx_bytes = 0;
    std::uint64_t tx_packets = 0;
};
void parse_net_dev(std::string_view text, std::vector<NetDevStats>& out);

// One line of /proc/mounts (fstab(5) fields; paths keep their octal escapes).
struct MountEntry {
    std::string_view source;
    std::string_view mount_point;
    std::string_view fs_type;
};
void parse_mounts(std::string_view text, std::vector<MountEntry>& out);
// "\040" -> ' ' etc., appended to `out`.
void unescape_mount_path(std::string_view escaped, std::string& out);

// /proc/interrupts: interrupts per CPU number, summed over the rows that have
// one column per CPU (rows like "ERR:" with a single total are skipped).
// out[cpu] for every CPU named in the header; out is resized to fit (empty
// when the header names no CPU or a number of 65536 or more).
void parse_interrupts(std::string_view text, std::vector<std::uint64_t>& out);
// The same with the header's column-to-CPU map kept by the caller, so that a
// steady collector does not allocate.
void parse_interrupts(std::string_view text, std::vector<std::uint64_t>& out, std::vector<std::uint32_t>& column_cpu);

}  // namespace wpo::procfs
