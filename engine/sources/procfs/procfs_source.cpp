#include "sources/procfs/procfs_source.h"

#include "format/block_builder.h"
#include "format/counter_type.h"
#include "sources/object_query.h"
#include "sources/procfs/dir_reader.h"
#include "sources/procfs/file_reader.h"
#include "sources/procfs/linux_indices.h"
#include "sources/procfs/linux_name_table.h"
#include "sources/procfs/proc_parsers.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

namespace wpo {
namespace {

namespace ix = procfs_index;
using namespace counter_type;
using procfs::FileReader;
using procfs::DirReader;
using procfs::UniqueFd;

constexpr std::int64_t k100nsPerSecond = 10'000'000;
constexpr long kProcSuperMagic = 0x9fa0;  // statfs f_type of procfs (linux/magic.h)

// One counter definition of an object; the position in its table is the
// handle for BlockBuilder::set(). A base definition shares the name and help
// index of the counter before it, as Windows' own providers do (spec §6).
struct CounterDef {
    std::uint32_t index;
    std::uint32_t type;
    std::uint32_t size = 0;  // 0 = from the type
};

void add_counters(BlockBuilder& b, std::span<const CounterDef> defs)
{
    for (const CounterDef& d : defs)
        b.add_counter({.name_index = d.index, .help_index = d.index + 1, .type = d.type, .size = d.size});
}

// ---- counter tables, one per object ----------------------------------------

enum SystemCounter : std::uint32_t { kSysProcesses, kSysThreads, kSysQueue, kSysSwitches, kSysUpTime };
constexpr CounterDef kSystemCounters[] = {
    {ix::kProcesses, PERF_COUNTER_RAWCOUNT},
    {ix::kThreads, PERF_COUNTER_RAWCOUNT},
    {ix::kProcessorQueueLength, PERF_COUNTER_RAWCOUNT},
    {ix::kContextSwitchesPerSec, PERF_COUNTER_COUNTER},
    {ix::kSystemUpTime, PERF_ELAPSED_TIME},
};

enum MemoryCounter : std::uint32_t {
    kMemAvailable, kMemCommitted, kMemCommitLimit, kMemCache, kMemCommittedInUse, kMemCommittedInUseBase,
    kMemPageFaults, kMemPages,
};
constexpr CounterDef kMemoryCounters[] = {
    {ix::kAvailableBytes, PERF_COUNTER_LARGE_RAWCOUNT},
    {ix::kCommittedBytes, PERF_COUNTER_LARGE_RAWCOUNT},
    {ix::kCommitLimit, PERF_COUNTER_LARGE_RAWCOUNT},
    {ix::kCacheBytes, PERF_COUNTER_LARGE_RAWCOUNT},
    {ix::kPercentCommittedBytesInUse, PERF_RAW_FRACTION},
    {ix::kPercentCommittedBytesInUse, PERF_RAW_BASE},
    {ix::kPageFaultsPerSec, PERF_COUNTER_COUNTER},
    {ix::kPagesPerSec, PERF_COUNTER_COUNTER},
};

enum ProcessorCounter : std::uint32_t {
    kCpuTime, kCpuUser, kCpuPrivileged, kCpuInterrupt, kCpuDpc, kCpuIdle, kCpuInterrupts,
};
constexpr CounterDef kProcessorCounters[] = {
    {ix::kPercentProcessorTime, PERF_100NSEC_TIMER_INV},
    {ix::kPercentUserTime, PERF_100NSEC_TIMER},
    {ix::kPercentPrivilegedTime, PERF_100NSEC_TIMER},
    {ix::kPercentInterruptTime, PERF_100NSEC_TIMER},
    {ix::kPercentDpcTime, PERF_100NSEC_TIMER},
    {ix::kPercentIdleTime, PERF_100NSEC_TIMER},
    {ix::kInterruptsPerSec, PERF_COUNTER_COUNTER},
};

enum ProcessCounter : std::uint32_t {
    kProcTime, kProcUser, kProcPrivileged, kProcElapsed, kProcId, kProcParent, kProcThreads, kProcPriority,
    kProcHandles, kProcWorkingSet, kProcWorkingSetPeak, kProcVirtual, kProcVirtualPeak, kProcPrivate,
    kProcFaults, kProcReadOps, kProcWriteOps, kProcDataOps, kProcReadBytes, kProcWriteBytes, kProcDataBytes,
};
constexpr CounterDef kProcessCounters[] = {
    {ix::kPercentProcessorTime, PERF_100NSEC_TIMER},
    {ix::kPercentUserTime, PERF_100NSEC_TIMER},
    {ix::kPercentPrivilegedTime, PERF_100NSEC_TIMER},
    {ix::kElapsedTime, PERF_ELAPSED_TIME},
    {ix::kIdProcess, PERF_COUNTER_RAWCOUNT},
    {ix::kCreatingProcessId, PERF_COUNTER_RAWCOUNT},
    {ix::kThreadCount, PERF_COUNTER_RAWCOUNT},
    {ix::kPriorityBase, PERF_COUNTER_RAWCOUNT},
    {ix::kHandleCount, PERF_COUNTER_RAWCOUNT},
    {ix::kWorkingSet, PERF_COUNTER_LARGE_RAWCOUNT},
    {ix::kWorkingSetPeak, PERF_COUNTER_LARGE_RAWCOUNT},
    {ix::kVirtualBytes, PERF_COUNTER_LARGE_RAWCOUNT},
    {ix::kVirtualBytesPeak, PERF_COUNTER_LARGE_RAWCOUNT},
    {ix::kPrivateBytes, PERF_COUNTER_LARGE_RAWCOUNT},
    {ix::kPageFaultsPerSec, PERF_COUNTER_COUNTER},
    {ix::kIoReadOperationsPerSec, PERF_COUNTER_BULK_COUNT},
    {ix::kIoWriteOperationsPerSec, PERF_COUNTER_BULK_COUNT},
    {ix::kIoDataOperationsPerSec, PERF_COUNTER_BULK_COUNT},
    {ix::kIoReadBytesPerSec, PERF_COUNTER_BULK_COUNT},
    {ix::kIoWriteBytesPerSec, PERF_COUNTER_BULK_COUNT},
    {ix::kIoDataBytesPerSec, PERF_COUNTER_BULK_COUNT},
};

enum ThreadCounter : std::uint32_t {
    kThrTime, kThrUser, kThrPrivileged, kThrId, kThrProcessId, kThrPriorityCurrent, kThrPriorityBase, kThrState,
    kThrSwitches, kThrElapsed,
};
constexpr CounterDef kThreadCounters[] = {
    {ix::kPercentProcessorTime, PERF_100NSEC_TIMER},
    {ix::kPercentUserTime, PERF_100NSEC_TIMER},
    {ix::kPercentPrivilegedTime, PERF_100NSEC_TIMER},
    {ix::kIdThread, PERF_COUNTER_RAWCOUNT},
    {ix::kIdProcess, PERF_COUNTER_RAWCOUNT},
    {ix::kPriorityCurrent, PERF_COUNTER_RAWCOUNT},
    {ix::kPriorityBase, PERF_COUNTER_RAWCOUNT},
    {ix::kThreadState, PERF_COUNTER_RAWCOUNT},
    {ix::kContextSwitchesPerSec, PERF_COUNTER_COUNTER},
    {ix::kElapsedTime, PERF_ELAPSED_TIME},
};

// Windows' types for PhysicalDisk: the % times are precision timers over their
// own time stamp (which we take from CLOCK_MONOTONIC, immune to clock steps),
// the averages carry AVERAGE_BASE counts. Avg. Disk sec/* is 8 bytes wide: in
// PerfFreq (10^9) ticks a DWORD would wrap after 4 s of cumulated I/O time,
// and spec §4.4/§6 have readers take the width from CounterSize.
enum DiskCounter : std::uint32_t {
    kDiskTime, kDiskTimeStamp, kDiskIdle, kDiskIdleStamp, kDiskAvgQueue, kDiskCurrentQueue, kDiskReads,
    kDiskWrites, kDiskReadBytes, kDiskWriteBytes, kDiskSecRead, kDiskSecReadBase, kDiskSecWrite,
    kDiskSecWriteBase, kDiskBytesRead, kDiskBytesReadBase, kDiskBytesWrite, kDiskBytesWriteBase,
};
constexpr CounterDef kDiskCounters[] = {
    {ix::kPercentDiskTime, PERF_PRECISION_100NS_TIMER},
    {ix::kPercentDiskTime, PERF_PRECISION_TIMESTAMP},
    {ix::kPercentIdleTime, PERF_PRECISION_100NS_TIMER},
    {ix::kPercentIdleTime, PERF_PRECISION_TIMESTAMP},
    {ix::kAvgDiskQueueLength, PERF_COUNTER_100NS_QUEUELEN_TYPE},
    {ix::kCurrentDiskQueueLength, PERF_COUNTER_RAWCOUNT},
    {ix::kDiskReadsPerSec, PERF_COUNTER_COUNTER},
    {ix::kDiskWritesPerSec, PERF_COUNTER_COUNTER},
    {ix::kDiskReadBytesPerSec, PERF_COUNTER_BULK_COUNT},
    {ix::kDiskWriteBytesPerSec, PERF_COUNTER_BULK_COUNT},
    {ix::kAvgDiskSecPerRead, PERF_AVERAGE_TIMER, 8},
    {ix::kAvgDiskSecPerRead, PERF_AVERAGE_BASE},
    {ix::kAvgDiskSecPerWrite, PERF_AVERAGE_TIMER, 8},
    {ix::kAvgDiskSecPerWrite, PERF_AVERAGE_BASE},
    {ix::kAvgDiskBytesPerRead, PERF_AVERAGE_BULK},
    {ix::kAvgDiskBytesPerRead, PERF_AVERAGE_BASE},
    {ix::kAvgDiskBytesPerWrite, PERF_AVERAGE_BULK},
    {ix::kAvgDiskBytesPerWrite, PERF_AVERAGE_BASE},
};

enum LogicalDiskCounter : std::uint32_t { kLdFreeSpace, kLdFreeSpaceBase, kLdFreeMegabytes };
constexpr CounterDef kLogicalDiskCounters[] = {
    {ix::kPercentFreeSpace, PERF_RAW_FRACTION},
    {ix::kPercentFreeSpace, PERF_RAW_BASE},
    {ix::kFreeMegabytes, PERF_COUNTER_RAWCOUNT},
};

// Current Bandwidth is LARGE here (Windows: DWORD): 10^6 x a 25 Gb/s link does
// not fit 32 bits.
enum NetworkCounter : std::uint32_t {
    kNetBytesReceived, kNetBytesSent, kNetBytesTotal, kNetPacketsReceived, kNetPacketsSent, kNetBandwidth,
    kNetReceiveErrors, kNetOutputQueue,
};
constexpr CounterDef kNetworkCounters[] = {
    {ix::kBytesReceivedPerSec, PERF_COUNTER_BULK_COUNT},
    {ix::kBytesSentPerSec, PERF_COUNTER_BULK_COUNT},
    {ix::kBytesTotalPerSec, PERF_COUNTER_BULK_COUNT},
    {ix::kPacketsReceivedPerSec, PERF_COUNTER_COUNTER},
    {ix::kPacketsSentPerSec, PERF_COUNTER_COUNTER},
    {ix::kCurrentBandwidth, PERF_COUNTER_LARGE_RAWCOUNT},
    {ix::kPacketsReceivedErrors, PERF_COUNTER_RAWCOUNT},
    {ix::kOutputQueueLength, PERF_COUNTER_RAWCOUNT},
};

enum DetailCounter : std::uint32_t {
    kDetId, kDetRss, kDetPss, kDetSharedClean, kDetSharedDirty, kDetPrivateClean, kDetPrivateDirty, kDetSwap,
};
constexpr CounterDef kDetailCounters[] = {
    {ix::kIdProcess, PERF_COUNTER_RAWCOUNT},
    {ix::kRss, PERF_COUNTER_LARGE_RAWCOUNT},
    {ix::kPss, PERF_COUNTER_LARGE_RAWCOUNT},
    {ix::kSharedClean, PERF_COUNTER_LARGE_RAWCOUNT},
    {ix::kSharedDirty, PERF_COUNTER_LARGE_RAWCOUNT},
    {ix::kPrivateClean, PERF_COUNTER_LARGE_RAWCOUNT},
    {ix::kPrivateDirty, PERF_COUNTER_LARGE_RAWCOUNT},
    {ix::kSwap, PERF_COUNTER_LARGE_RAWCOUNT},
};

// ---- mappings of Linux quantities to Windows ones -------------------------

// Windows priorities: 1..15 for normal threads (8 = normal), 16..31 real time.
std::uint32_t windows_priority(const procfs::PidStat& s)
{
    constexpr std::uint64_t kFifo = 1, kRoundRobin = 2, kIdle = 5, kDeadline = 6;
    if (s.policy == kFifo || s.policy == kRoundRobin)
        return static_cast<std::uint32_t>(16 + std::min<std::uint64_t>(s.rt_priority, 99) * 15 / 99);
    if (s.policy == kDeadline)
        return 31;
    if (s.policy == kIdle)
        return 1;
    const std::int64_t nice = std::clamp<std::int64_t>(s.nice, -20, 19);
    return static_cast<std::uint32_t>(std::clamp<std::int64_t>((170 - 7 * nice) / 20, 1, 15));
}

// Windows thread states: 2 Running, 4 Terminated, 5 Wait, 7 Unknown. Linux's
// R does not tell running from ready, so both read as Running.
std::uint32_t windows_thread_state(char state)
{
    switch (state) {
    case 'R': return 2;
    case 'S': case 'D': case 'I': case 'T': case 't': case 'W': case 'P': return 5;
    case 'Z': case 'X': case 'x': return 4;
    default: return 7;
    }
}

// Block devices that stand for other devices' I/O or for memory, left out
// so that PhysicalDisk(_Total) counts each request once.
bool is_virtual_disk(std::string_view name)
{
    for (std::string_view prefix : {"loop", "ram", "zram", "dm-", "md", "nbd"})
        if (name.substr(0, prefix.size()) == prefix)
            return true;
    return false;
}

// Without /sys/block: sda1, vdb2, nvme0n1p3, mmcblk0p1 are partitions.
bool looks_like_partition(std::string_view name)
{
    if (name.empty() || name.back() < '0' || name.back() > '9')
        return false;
    std::size_t i = name.size();
    while (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9')
        --i;
    if (i >= 2 && name[i - 1] == 'p' && name[i - 2] >= '0' && name[i - 2] <= '9')
        return true;  // nvme0n1p3, mmcblk0p1
    for (std::string_view prefix : {"sd", "hd", "vd", "xvd"})
        if (name.substr(0, prefix.size()) == prefix)
            return true;
    return false;
}

// Block-device file systems and the local ones that have no /dev source.
// Network file systems are left out on purpose: statvfs(3) on a dead server
// blocks, and a collect must not hang.
bool is_disk_file_system(const procfs::MountEntry& m)
{
    if (m.fs_type == "squashfs" || m.fs_type == "iso9660" || m.fs_type == "udf")
        return false;  // read-only images: always full
    return m.source.substr(0, 5) == "/dev/" || m.fs_type == "zfs" || m.fs_type == "bcachefs";
}

SystemTime to_system_time(std::int64_t filetime)
{
    const std::int64_t unix_100ns = filetime - kFiletimeUnixEpoch;
    std::int64_t seconds = unix_100ns / k100nsPerSecond;
    std::int64_t rest = unix_100ns % k100nsPerSecond;
    if (rest < 0) {
        rest += k100nsPerSecond;
        --seconds;
    }
    const time_t t = static_cast<time_t>(seconds);
    tm parts{};
    gmtime_r(&t, &parts);
    SystemTime s;
    s.year = static_cast<std::uint16_t>(parts.tm_year + 1900);
    s.month = static_cast<std::uint16_t>(parts.tm_mon + 1);
    s.day_of_week = static_cast<std::uint16_t>(parts.tm_wday);
    s.day = static_cast<std::uint16_t>(parts.tm_mday);
    s.hour = static_cast<std::uint16_t>(parts.tm_hour);
    s.minute = static_cast<std::uint16_t>(parts.tm_min);
    s.second = static_cast<std::uint16_t>(parts.tm_sec);
    s.milliseconds = static_cast<std::uint16_t>(rest / 10'000);
    return s;
}

// Decimal digits of `value` into `out` (NUL-terminated), for openat paths.
const char* decimal(std::uint64_t value, char (&out)[24])
{
    const auto [end, ec] = std::to_chars(out, out + sizeof out - 1, value);
    *end = '\0';
    (void)ec;
    return out;
}

bool all_digits(std::string_view s)
{
    return !s.empty() && s.size() <= 10 && s.find_first_not_of("0123456789") == std::string_view::npos;
}

}  // namespace

// ---------------------------------------------------------------------------

class ProcfsSource::Impl {
public:
    explicit Impl(ProcfsOptions options);

    Status collect(std::string_view query, std::vector<std::byte>& buffer);

    ProcfsOptions m_options;

private:
    struct Wanted {
        bool system = false, memory = false, process = false, thread = false, physical_disk = false,
             logical_disk = false, processor = false, network = false, memory_detail = false;
    };
    // A slice of m_pool.
    struct Name {
        std::uint32_t offset = 0, length = 0;
    };
    struct ProcessRow {
        Name name;
        std::uint32_t pid = 0, ppid = 0, threads = 0, priority = 0, handles = 0;
        std::uint64_t user = 0, privileged = 0, start = 0;  // 100 ns; start = FILETIME
        std::uint64_t working_set = 0, working_set_peak = 0, virtual_bytes = 0, virtual_peak = 0, private_bytes = 0;
        std::uint64_t faults = 0;
        procfs::PidIo io;
        procfs::SmapsRollup detail;
    };
    struct ThreadRow {
        Name name;
        std::uint32_t process_position = 0, tid = 0, pid = 0, priority = 0, state = 0;
        std::uint64_t user = 0, privileged = 0, start = 0, switches = 0;
    };
    struct DiskRow {
        Name name;
        procfs::DiskStats stats;
    };
    struct MountRow {
        Name name;
        std::uint64_t free_mb = 0, total_mb = 0;
    };
    struct InterfaceRow {
        Name name;
        procfs::NetDevStats stats;
        std::uint64_t bandwidth = 0;
    };

    Wanted select() const;
    Name keep(std::string_view text);
    std::string_view name(Name n) const { return std::string_view(m_pool).substr(n.offset, n.length); }
    std::uint64_t ticks_to_100ns(std::uint64_t ticks) const;
    int sys_fd();

    void read_kernel_stat();
    std::int64_t boot_filetime(std::int64_t wall);
    void read_disks();
    void read_mounts();
    void read_interfaces();
    void list_processes();
    void read_processes(const Wanted& want, std::int64_t boot);
    void read_threads(int pid_dir, std::uint32_t pid, std::int64_t boot);
    std::uint32_t handle_count(int pid_dir);

    void emit_system(BlockBuilder& b, std::int64_t wall, std::int64_t boot);
    void emit_memory(BlockBuilder& b);
    void emit_process(BlockBuilder& b, std::int64_t wall, std::int64_t boot);
    void emit_thread(BlockBuilder& b, std::int64_t wall);
    void emit_physical_disk(BlockBuilder& b, std::int64_t stamp);
    void emit_logical_disk(BlockBuilder& b);
    void emit_processor(BlockBuilder& b);
    void emit_network(BlockBuilder& b);
    void emit_memory_detail(BlockBuilder& b);

    const ProcfsClock& m_clock;
    std::string m_host;
    std::uint64_t m_ticks_per_second = 100;
    ObjectQuery m_query;
    UniqueFd m_root;
    UniqueFd m_sys;
    bool m_sys_tried = false;
    // Linux >= 6.2 reports the number of open files as the size of /proc/[pid]/fd.
    bool m_fd_size_is_count = false;
    std::uint64_t m_boot_btime = 0;
    std::int64_t m_boot = 0;

    FileReader m_reader;
    DirReader m_dirs;

    // Scratch of one collect, kept so that a steady collector does not allocate.
    std::string m_pool;
    procfs::KernelStat m_kstat;
    std::vector<std::uint64_t> m_interrupts;
    procfs::MemInfo m_meminfo;
    procfs::VmStat m_vmstat;
    procfs::LoadAvg m_loadavg;
    std::vector<procfs::DiskStats> m_disk_stats;
    std::vector<DiskRow> m_disks;
    std::vector<procfs::MountEntry> m_mount_entries;
    std::vector<MountRow> m_mounts;
    std::string m_path;
    std::vector<procfs::NetDevStats> m_net_stats;
    std::vector<InterfaceRow> m_interfaces;
    std::vector<std::uint32_t> m_pids;
    std::vector<std::uint32_t> m_tids;
    std::vector<ProcessRow> m_processes;
    std::vector<ThreadRow> m_threads;
};

ProcfsSource::Impl::Impl(ProcfsOptions options)
    : m_options(std::move(options)), m_clock(m_options.clock ? *m_options.clock : ProcfsClock::system())
{
    m_host = m_options.host_name;
    if (m_host.empty()) {
        char host[256] = {};
        if (gethostname(host, sizeof host - 1) == 0)
            m_host = host;
    }
    const long hz = m_options.ticks_per_second > 0 ? m_options.ticks_per_second : sysconf(_SC_CLK_TCK);
    m_ticks_per_second = hz > 0 ? static_cast<std::uint64_t>(hz) : 100;
}

ProcfsSource::Impl::Wanted ProcfsSource::Impl::select() const
{
    Wanted w;
    switch (m_query.kind()) {
    case ObjectQuery::Kind::global:
        w = {true, true, true, true, true, true, true, true, false};
        break;
    case ObjectQuery::Kind::costly:
        w.memory_detail = true;
        break;
    case ObjectQuery::Kind::list:
        w.system = m_query.contains(ix::kSystem);
        w.memory = m_query.contains(ix::kMemory);
        w.thread = m_query.contains(ix::kThread);
        w.process = w.thread || m_query.contains(ix::kProcess);  // as on Windows
        w.physical_disk = m_query.contains(ix::kPhysicalDisk);
        w.logical_disk = m_query.contains(ix::kLogicalDisk);
        w.processor = m_query.contains(ix::kProcessor);
        w.network = m_query.contains(ix::kNetworkInterface);
        w.memory_detail = m_query.contains(ix::kProcessMemoryDetail);
        break;
    }
    return w;
}

ProcfsSource::Impl::Name ProcfsSource::Impl::keep(std::string_view text)
{
    const Name n{static_cast<std::uint32_t>(m_pool.size()), static_cast<std::uint32_t>(text.size())};
    m_pool.append(text);
    return n;
}

std::uint64_t ProcfsSource::Impl::ticks_to_100ns(std::uint64_t ticks) const
{
    // Split so that ticks * 10^7 cannot overflow, whatever USER_HZ is.
    const std::uint64_t hz = m_ticks_per_second;
    return ticks / hz * k100nsPerSecond + ticks % hz * k100nsPerSecond / hz;
}

int ProcfsSource::Impl::sys_fd()
{
    if (!m_sys_tried) {
        m_sys_tried = true;
        m_sys = procfs::open_directory(AT_FDCWD, m_options.sys_root.c_str());
    }
    return m_sys.get();
}

Status ProcfsSource::Impl::collect(std::string_view query, std::vector<std::byte>& buffer)
{
    buffer.clear();
    if (auto parsed = m_query.parse(query); !parsed)
        return parsed.error();
    if (!m_root.valid()) {
        m_root = procfs::open_directory(AT_FDCWD, m_options.proc_root.c_str());
        if (!m_root.valid()) {
            const int error = errno;
            return Error(error == EACCES ? Errc::permission_denied : Errc::not_found,
                         "cannot open the proc tree " + m_options.proc_root + ": " + std::strerror(error));
        }
        struct statfs fs {};
        struct stat st {};
        m_fd_size_is_count = fstatfs(m_root.get(), &fs) == 0 && fs.f_type == kProcSuperMagic &&
                             fstatat(m_root.get(), "self/fd", &st, 0) == 0 && st.st_size > 0;
    }
    const Wanted want = select();
    m_pool.clear();

    // Time stamps first and /proc/stat right after them: the CPU times of
    // Processor are the values most sensitive to the gap between the two.
    const std::int64_t monotonic = m_clock.monotonic_ns();
    const std::int64_t wall = m_clock.wall_filetime();
    if (want.system || want.processor || want.process)
        read_kernel_stat();
    const std::int64_t boot = (want.system || want.process) ? boot_filetime(wall) : 0;
    if (want.processor) {
        if (auto text = m_reader.read(m_root.get(), "interrupts"))
            procfs::parse_interrupts(*text, m_interrupts);
        else
            m_interrupts.clear();
    }
    if (want.memory) {
        auto text = m_reader.read(m_root.get(), "meminfo");
        procfs::parse_meminfo(text ? *text : std::string_view(), m_meminfo);
        text = m_reader.read(m_root.get(), "vmstat");
        procfs::parse_vmstat(text ? *text : std::string_view(), m_vmstat);
    }
    if (want.system) {
        auto text = m_reader.read(m_root.get(), "loadavg");
        procfs::parse_loadavg(text ? *text : std::string_view(), m_loadavg);
    }
    if (want.physical_disk)
        read_disks();
    if (want.logical_disk)
        read_mounts();
    if (want.network)
        read_interfaces();
    m_pids.clear();
    if (want.system || want.process || want.memory_detail)
        list_processes();
    m_processes.clear();
    m_threads.clear();
    if (want.process || want.memory_detail)
        read_processes(want, boot);

    BlockBuilder b(buffer);
    BlockTimes times;
    times.system_time = to_system_time(wall);
    times.perf_time = monotonic;
    times.perf_freq = 1'000'000'000;
    times.perf_time_100ns = wall;
    b.begin(times, m_host, static_cast<std::int32_t>(ix::kProcessor));
    if (want.system)
        emit_system(b, wall, boot);
    if (want.memory)
        emit_memory(b);
    if (want.process)
        emit_process(b, wall, boot);
    if (want.thread)
        emit_thread(b, wall);
    if (want.physical_disk)
        emit_physical_disk(b, monotonic / 100);
    if (want.logical_disk)
        emit_logical_disk(b);
    if (want.processor)
        emit_processor(b);
    if (want.network)
        emit_network(b);
    if (want.memory_detail)
        emit_memory_detail(b);
    b.finish();
    return {};
}

// ---- reading ----------------------------------------------------------------

void ProcfsSource::Impl::read_kernel_stat()
{
    auto text = m_reader.read(m_root.get(), "stat");
    procfs::parse_kernel_stat(text ? *text : std::string_view(), m_kstat);
}

// Boot time as a FILETIME, the base of every start time. btime of /proc/stat
// is whole seconds; wall clock minus /proc/uptime is exact to 10 ms but moves
// with every read. So: the exact value, computed once and kept for as long as
// btime stays the same (it changes only when the wall clock is set), unless it
// disagrees with btime (a proc tree that is not live), then btime itself.
std::int64_t ProcfsSource::Impl::boot_filetime(std::int64_t wall)
{
    if (m_kstat.has_btime && m_kstat.btime == m_boot_btime && m_boot != 0)
        return m_boot;
    std::uint64_t uptime = 0;
    const auto text = m_reader.read(m_root.get(), "uptime");
    const bool has_uptime = text && procfs::parse_uptime_100ns(*text, uptime);
    const std::int64_t exact = wall - static_cast<std::int64_t>(uptime);
    if (!m_kstat.has_btime)
        return has_uptime ? exact : 0;  // not cached: nothing to check it against
    const std::int64_t coarse = kFiletimeUnixEpoch + static_cast<std::int64_t>(m_kstat.btime) * k100nsPerSecond;
    const bool agrees = has_uptime && exact > coarse - 2 * k100nsPerSecond && exact < coarse + 2 * k100nsPerSecond;
    m_boot = agrees ? exact : coarse;
    m_boot_btime = m_kstat.btime;
    return m_boot;
}

// PhysicalDisk: /proc/diskstats; whole disks are the names in /sys/block (a
// name heuristic when /sys is not there). An unreadable diskstats leaves the
// object with no instance but _Total; a short line leaves its missing fields 0.
void ProcfsSource::Impl::read_disks()
{
    m_disks.clear();
    const auto text = m_reader.read(m_root.get(), "diskstats");
    procfs::parse_diskstats(text ? *text : std::string_view(), m_disk_stats);
    const UniqueFd block = procfs::open_directory(sys_fd(), "block");
    for (const procfs::DiskStats& d : m_disk_stats) {
        if (is_virtual_disk(d.name))
            continue;
        if (block.valid()) {
            m_path.assign(d.name);
            std::replace(m_path.begin(), m_path.end(), '/', '!');  // cciss/c0d0 is block/cciss!c0d0
            if (faccessat(block.get(), m_path.c_str(), F_OK, 0) != 0)
                continue;
        } else if (looks_like_partition(d.name)) {
            continue;
        }
        DiskRow row;
        row.name = keep(d.name);
        row.stats = d;
        row.stats.name = {};
        m_disks.push_back(row);
    }
}

// LogicalDisk: <proc_root>/mounts, block-device file systems only, one
// instance per mount point. A file system statvfs(3) cannot reach keeps its
// instance with sizes 0.
void ProcfsSource::Impl::read_mounts()
{
    m_mounts.clear();
    const auto text = m_reader.read(m_root.get(), "mounts");
    procfs::parse_mounts(text ? *text : std::string_view(), m_mount_entries);
    for (const procfs::MountEntry& m : m_mount_entries) {
        if (!is_disk_file_system(m))
            continue;
        const auto start = m_pool.size();
        procfs::unescape_mount_path(m.mount_point, m_pool);
        const Name n{static_cast<std::uint32_t>(start), static_cast<std::uint32_t>(m_pool.size() - start)};
        const bool seen = std::any_of(m_mounts.begin(), m_mounts.end(),
                                      [&](const MountRow& r) { return name(r.name) == name(n); });
        if (seen) {
            m_pool.resize(start);
            continue;
        }
        MountRow row;
        row.name = n;
        if (!m_options.fs_root.empty()) {
            m_path.assign(m_options.fs_root);
            if (!m_path.empty() && m_path.back() == '/')
                m_path.pop_back();
            m_path.append(name(n));
            struct statvfs vfs {};
            if (statvfs(m_path.c_str(), &vfs) == 0) {
                row.free_mb = (std::uint64_t(vfs.f_bavail) * vfs.f_frsize) >> 20;
                row.total_mb = (std::uint64_t(vfs.f_blocks) * vfs.f_frsize) >> 20;
            }
        }
        m_mounts.push_back(row);
    }
}

// Network Interface: <proc_root>/net/dev (of the collector's network
// namespace); an unreadable file leaves the object without instances, a short
// line its missing fields 0. Link speed from /sys/class/net/<name>/speed, 0
// when missing, negative (virtual links) or not a number.
void ProcfsSource::Impl::read_interfaces()
{
    m_interfaces.clear();
    const auto text = m_reader.read(m_root.get(), "net/dev");
    procfs::parse_net_dev(text ? *text : std::string_view(), m_net_stats);
    // The names point into the reader's buffer, which the speed reads reuse.
    for (const procfs::NetDevStats& s : m_net_stats) {
        InterfaceRow row;
        row.name = keep(s.name);
        row.stats = s;
        row.stats.name = {};
        m_interfaces.push_back(row);
    }
    for (InterfaceRow& row : m_interfaces) {
        m_path.assign("class/net/");
        m_path.append(name(row.name));
        m_path.append("/speed");
        if (const auto speed = m_reader.read(sys_fd(), m_path.c_str())) {
            procfs::Tokens tokens(*speed);
            std::string_view token;
            const std::int64_t mbits = tokens.next(token) ? procfs::to_i64(token) : 0;
            row.bandwidth = mbits > 0 ? std::uint64_t(mbits) * 1'000'000 : 0;
        }
    }
}

void ProcfsSource::Impl::list_processes()
{
    m_dirs.for_each(m_root.get(), ".", [&](std::string_view entry) {
        if (all_digits(entry))
            m_pids.push_back(static_cast<std::uint32_t>(procfs::to_u64(entry)));
    });
    std::sort(m_pids.begin(), m_pids.end());  // readdir order on /proc already, but not in fixtures
}

// Process (and Thread, Process Memory Detail): a process whose directory or
// stat file is gone (it exited) is left out, and so are its threads. Its
// status, io, fd and smaps_rollup each cost only their own values when they
// cannot be read: io and smaps_rollup of other users' processes need
// privileges, a zombie has no memory lines, a kernel thread no fd entries.
void ProcfsSource::Impl::read_processes(const Wanted& want, std::int64_t boot)
{
    procfs::PidStat stat;
    procfs::PidStatus status;
    char number[24];
    for (const std::uint32_t pid : m_pids) {
        const UniqueFd dir = procfs::open_directory(m_root.get(), decimal(pid, number));
        if (!dir.valid())
            continue;
        const auto stat_text = m_reader.read(dir.get(), "stat");
        if (!stat_text || !procfs::parse_pid_stat(*stat_text, stat))
            continue;
        ProcessRow row;
        row.name = keep(stat.comm);
        row.pid = pid;
        if (want.process) {
            row.ppid = static_cast<std::uint32_t>(std::max<std::int64_t>(stat.ppid, 0));
            row.threads = static_cast<std::uint32_t>(stat.num_threads);
            row.priority = windows_priority(stat);
            row.user = ticks_to_100ns(stat.utime);
            row.privileged = ticks_to_100ns(stat.stime);
            row.start = boot ? static_cast<std::uint64_t>(boot) + ticks_to_100ns(stat.starttime) : 0;
            row.faults = stat.minflt + stat.majflt;
            const auto status_text = m_reader.read(dir.get(), "status");
            procfs::parse_pid_status(status_text ? *status_text : std::string_view(), status);
            row.working_set = status.vm_rss_kb * 1024;
            row.working_set_peak = status.vm_hwm_kb * 1024;
            row.virtual_bytes = status.vm_size_kb * 1024;
            row.virtual_peak = status.vm_peak_kb * 1024;
            row.private_bytes = (status.rss_anon_kb + status.vm_swap_kb) * 1024;
            const auto io_text = m_reader.read(dir.get(), "io");
            procfs::parse_pid_io(io_text ? *io_text : std::string_view(), row.io);
            row.handles = handle_count(dir.get());
        }
        if (want.memory_detail) {
            const auto text = m_reader.read(dir.get(), "smaps_rollup");
            procfs::parse_smaps_rollup(text ? *text : std::string_view(), row.detail);
        }
        if (want.thread)
            read_threads(dir.get(), pid, boot);
        m_processes.push_back(row);
    }
}

// Thread: a thread whose stat file is gone is left out; an unreadable status
// costs its Context Switches/sec only.
void ProcfsSource::Impl::read_threads(int pid_dir, std::uint32_t pid, std::int64_t boot)
{
    const UniqueFd task = procfs::open_directory(pid_dir, "task");
    if (!task.valid())
        return;
    m_tids.clear();
    m_dirs.for_each(task.get(), [&](std::string_view entry) {
        if (all_digits(entry))
            m_tids.push_back(static_cast<std::uint32_t>(procfs::to_u64(entry)));
    });
    std::sort(m_tids.begin(), m_tids.end());
    procfs::PidStat stat;
    procfs::PidStatus status;
    char path[40];
    const auto position = static_cast<std::uint32_t>(m_processes.size());
    for (const std::uint32_t tid : m_tids) {
        char* end = std::to_chars(path, path + 24, tid).ptr;
        std::memcpy(end, "/stat", 6);
        const auto stat_text = m_reader.read(task.get(), path);
        if (!stat_text || !procfs::parse_pid_stat(*stat_text, stat))
            continue;
        ThreadRow row;
        row.name = keep(stat.comm);
        row.process_position = position;
        row.tid = tid;
        row.pid = pid;
        row.priority = windows_priority(stat);
        row.state = windows_thread_state(stat.state);
        row.user = ticks_to_100ns(stat.utime);
        row.privileged = ticks_to_100ns(stat.stime);
        row.start = boot ? static_cast<std::uint64_t>(boot) + ticks_to_100ns(stat.starttime) : 0;
        std::memcpy(end, "/status", 8);
        const auto status_text = m_reader.read(task.get(), path);
        procfs::parse_pid_status(status_text ? *status_text : std::string_view(), status);
        row.switches = status.voluntary_ctxt_switches + status.nonvoluntary_ctxt_switches;
        m_threads.push_back(row);
    }
}

std::uint32_t ProcfsSource::Impl::handle_count(int pid_dir)
{
    if (m_fd_size_is_count) {
        struct stat st {};
        return fstatat(pid_dir, "fd", &st, 0) == 0 ? static_cast<std::uint32_t>(st.st_size) : 0;
    }
    std::uint32_t count = 0;
    m_dirs.for_each(pid_dir, "fd", [&](std::string_view) { ++count; });
    return count;
}

// ---- block building ---------------------------------------------------------

// System: counts are 0 when loadavg or stat cannot be read; System Up Time is
// 0 (shown as 0 s) when neither btime nor uptime is there.
void ProcfsSource::Impl::emit_system(BlockBuilder& b, std::int64_t wall, std::int64_t boot)
{
    b.begin_object({.name_index = ix::kSystem,
                    .help_index = ix::kSystem + 1,
                    .perf_time = wall,
                    .perf_freq = k100nsPerSecond});
    add_counters(b, kSystemCounters);
    b.begin_values();
    const std::uint64_t cpus = m_kstat.cpus.size();
    b.set(kSysProcesses, m_pids.size());
    b.set(kSysThreads, m_loadavg.tasks);
    b.set(kSysQueue, m_kstat.procs_running > cpus ? m_kstat.procs_running - cpus : 0);
    b.set(kSysSwitches, m_kstat.ctxt);
    b.set(kSysUpTime, static_cast<std::uint64_t>(boot));
    b.end_object();
}

// Memory: every value is 0 when meminfo or vmstat cannot be read; without
// MemAvailable (kernels before 3.14) Available Bytes is MemFree + Buffers + Cached.
void ProcfsSource::Impl::emit_memory(BlockBuilder& b)
{
    const procfs::MemInfo& m = m_meminfo;
    b.begin_object({.name_index = ix::kMemory, .help_index = ix::kMemory + 1});
    add_counters(b, kMemoryCounters);
    b.begin_values();
    const std::uint64_t available =
        m.has_mem_available ? m.mem_available_kb : m.mem_free_kb + m.buffers_kb + m.cached_kb;
    b.set(kMemAvailable, available * 1024);
    b.set(kMemCommitted, m.committed_as_kb * 1024);
    b.set(kMemCommitLimit, m.commit_limit_kb * 1024);
    b.set(kMemCache, (m.cached_kb + m.buffers_kb) * 1024);
    // RAW_FRACTION and its base are DWORDs: scale kB down until the base fits.
    std::uint64_t used = m.committed_as_kb, limit = m.commit_limit_kb;
    while (limit > 0xFFFFFFFFu) {
        used >>= 1;
        limit >>= 1;
    }
    b.set(kMemCommittedInUse, std::min<std::uint64_t>(used, 0xFFFFFFFFu));
    b.set(kMemCommittedInUseBase, limit);
    b.set(kMemPageFaults, m_vmstat.pgfault);
    b.set(kMemPages, m_vmstat.pgmajfault + m_vmstat.pswpin + m_vmstat.pswpout);
    b.end_object();
}

void ProcfsSource::Impl::emit_process(BlockBuilder& b, std::int64_t wall, std::int64_t boot)
{
    b.begin_object({.name_index = ix::kProcess,
                    .help_index = ix::kProcess + 1,
                    .has_instances = true,
                    .perf_time = wall,
                    .perf_freq = k100nsPerSecond});
    add_counters(b, kProcessCounters);
    ProcessRow total;
    auto write = [&](const ProcessRow& p) {
        b.set(kProcTime, p.user + p.privileged);
        b.set(kProcUser, p.user);
        b.set(kProcPrivileged, p.privileged);
        b.set(kProcElapsed, p.start);
        b.set(kProcId, p.pid);
        b.set(kProcParent, p.ppid);
        b.set(kProcThreads, p.threads);
        b.set(kProcPriority, p.priority);
        b.set(kProcHandles, p.handles);
        b.set(kProcWorkingSet, p.working_set);
        b.set(kProcWorkingSetPeak, p.working_set_peak);
        b.set(kProcVirtual, p.virtual_bytes);
        b.set(kProcVirtualPeak, p.virtual_peak);
        b.set(kProcPrivate, p.private_bytes);
        b.set(kProcFaults, p.faults);
        b.set(kProcReadOps, p.io.syscr);
        b.set(kProcWriteOps, p.io.syscw);
        b.set(kProcDataOps, p.io.syscr + p.io.syscw);
        b.set(kProcReadBytes, p.io.rchar);
        b.set(kProcWriteBytes, p.io.wchar);
        b.set(kProcDataBytes, p.io.rchar + p.io.wchar);
    };
    for (const ProcessRow& p : m_processes) {
        b.begin_instance(name(p.name));
        write(p);
        total.user += p.user;
        total.privileged += p.privileged;
        total.threads += p.threads;
        total.handles += p.handles;
        total.working_set += p.working_set;
        total.working_set_peak += p.working_set_peak;
        total.virtual_bytes += p.virtual_bytes;
        total.virtual_peak += p.virtual_peak;
        total.private_bytes += p.private_bytes;
        total.faults += p.faults;
        total.io.syscr += p.io.syscr;
        total.io.syscw += p.io.syscw;
        total.io.rchar += p.io.rchar;
        total.io.wchar += p.io.wchar;
    }
    // _Total as Windows has it: sums, ID Process 0; its Elapsed Time is the
    // system's (Windows shows the age of its oldest process, Idle).
    total.start = static_cast<std::uint64_t>(boot);
    b.begin_instance("_Total");
    write(total);
    b.end_object();
}

void ProcfsSource::Impl::emit_thread(BlockBuilder& b, std::int64_t wall)
{
    b.begin_object({.name_index = ix::kThread,
                    .help_index = ix::kThread + 1,
                    .has_instances = true,
                    .perf_time = wall,
                    .perf_freq = k100nsPerSecond});
    add_counters(b, kThreadCounters);
    for (const ThreadRow& t : m_threads) {
        b.begin_instance(name(t.name), ix::kProcess, t.process_position);
        b.set(kThrTime, t.user + t.privileged);
        b.set(kThrUser, t.user);
        b.set(kThrPrivileged, t.privileged);
        b.set(kThrId, t.tid);
        b.set(kThrProcessId, t.pid);
        b.set(kThrPriorityCurrent, t.priority);
        b.set(kThrPriorityBase, t.priority);
        b.set(kThrState, t.state);
        b.set(kThrSwitches, t.switches);
        b.set(kThrElapsed, t.start);
    }
    b.end_object();
}

// `stamp` is the private clock of the precision timers (CLOCK_MONOTONIC in
// 100 ns). _Total sums counts, bytes and queue lengths and averages the two
// % timers over the disks, so that its % Idle Time stays within 0..100.
void ProcfsSource::Impl::emit_physical_disk(BlockBuilder& b, std::int64_t stamp)
{
    b.begin_object({.name_index = ix::kPhysicalDisk, .help_index = ix::kPhysicalDisk + 1, .has_instances = true});
    add_counters(b, kDiskCounters);
    constexpr std::uint64_t k100nsPerMs = 10'000;
    const auto now = static_cast<std::uint64_t>(std::max<std::int64_t>(stamp, 0));
    auto write = [&](const procfs::DiskStats& d, std::uint64_t disks) {
        const std::uint64_t busy = d.ms_io * k100nsPerMs / disks;
        b.set(kDiskTime, d.ms_weighted * k100nsPerMs / disks);
        b.set(kDiskTimeStamp, now);
        b.set(kDiskIdle, now > busy ? now - busy : 0);
        b.set(kDiskIdleStamp, now);
        b.set(kDiskAvgQueue, d.ms_weighted * k100nsPerMs);
        b.set(kDiskCurrentQueue, d.in_flight);
        b.set(kDiskReads, d.reads);
        b.set(kDiskWrites, d.writes);
        b.set(kDiskReadBytes, d.sectors_read * 512);
        b.set(kDiskWriteBytes, d.sectors_written * 512);
        b.set(kDiskSecRead, d.ms_reading * 1'000'000);  // block PerfFreq is 10^9
        b.set(kDiskSecReadBase, d.reads);
        b.set(kDiskSecWrite, d.ms_writing * 1'000'000);
        b.set(kDiskSecWriteBase, d.writes);
        b.set(kDiskBytesRead, d.sectors_read * 512);
        b.set(kDiskBytesReadBase, d.reads);
        b.set(kDiskBytesWrite, d.sectors_written * 512);
        b.set(kDiskBytesWriteBase, d.writes);
    };
    procfs::DiskStats total;
    for (const DiskRow& d : m_disks) {
        b.begin_instance(name(d.name));
        write(d.stats, 1);
        total.reads += d.stats.reads;
        total.sectors_read += d.stats.sectors_read;
        total.ms_reading += d.stats.ms_reading;
        total.writes += d.stats.writes;
        total.sectors_written += d.stats.sectors_written;
        total.ms_writing += d.stats.ms_writing;
        total.in_flight += d.stats.in_flight;
        total.ms_io += d.stats.ms_io;
        total.ms_weighted += d.stats.ms_weighted;
    }
    b.begin_instance("_Total");
    write(total, std::max<std::uint64_t>(m_disks.size(), 1));
    b.end_object();
}

void ProcfsSource::Impl::emit_logical_disk(BlockBuilder& b)
{
    b.begin_object({.name_index = ix::kLogicalDisk, .help_index = ix::kLogicalDisk + 1, .has_instances = true});
    add_counters(b, kLogicalDiskCounters);
    MountRow total;
    auto write = [&](const MountRow& m) {
        b.set(kLdFreeSpace, std::min<std::uint64_t>(m.free_mb, 0xFFFFFFFFu));
        b.set(kLdFreeSpaceBase, std::min<std::uint64_t>(m.total_mb, 0xFFFFFFFFu));
        b.set(kLdFreeMegabytes, std::min<std::uint64_t>(m.free_mb, 0xFFFFFFFFu));
    };
    for (const MountRow& m : m_mounts) {
        b.begin_instance(name(m.name));
        write(m);
        total.free_mb += m.free_mb;
        total.total_mb += m.total_mb;
    }
    b.begin_instance("_Total");
    write(total);
    b.end_object();
}

// Processor: one instance per "cpuN" line of /proc/stat and _Total from the
// "cpu" line divided by the number of CPUs (an average, as on Windows, so
// that the timers stay within 0..100). An unreadable /proc/stat leaves only
// _Total, with zeros; an unreadable /proc/interrupts costs Interrupts/sec.
// Steal time counts as busy: the CPU was not idle, the hypervisor ran something else.
void ProcfsSource::Impl::emit_processor(BlockBuilder& b)
{
    b.begin_object({.name_index = ix::kProcessor, .help_index = ix::kProcessor + 1, .has_instances = true});
    add_counters(b, kProcessorCounters);
    auto write = [&](const procfs::CpuTimes& c, std::uint64_t divisor, std::uint64_t interrupts) {
        const auto t = [&](std::uint64_t ticks) { return ticks_to_100ns(ticks) / divisor; };
        b.set(kCpuTime, t(c.idle + c.iowait));
        b.set(kCpuUser, t(c.user + c.nice));
        b.set(kCpuPrivileged, t(c.system + c.irq + c.softirq));
        b.set(kCpuInterrupt, t(c.irq));
        b.set(kCpuDpc, t(c.softirq));
        b.set(kCpuIdle, t(c.idle + c.iowait));
        b.set(kCpuInterrupts, interrupts);
    };
    std::uint64_t all_interrupts = 0;
    char number[24];
    for (const procfs::CpuTimes& c : m_kstat.cpus) {
        const auto cpu = static_cast<std::size_t>(c.cpu);
        const std::uint64_t interrupts = cpu < m_interrupts.size() ? m_interrupts[cpu] : 0;
        all_interrupts += interrupts;
        b.begin_instance(decimal(cpu, number));
        write(c, 1, interrupts);
    }
    b.begin_instance("_Total");
    write(m_kstat.total, std::max<std::uint64_t>(m_kstat.cpus.size(), 1), all_interrupts);
    b.end_object();
}

void ProcfsSource::Impl::emit_network(BlockBuilder& b)
{
    b.begin_object({.name_index = ix::kNetworkInterface,
                    .help_index = ix::kNetworkInterface + 1,
                    .default_counter = kNetBytesTotal,
                    .has_instances = true});
    add_counters(b, kNetworkCounters);
    for (const InterfaceRow& i : m_interfaces) {
        const procfs::NetDevStats& s = i.stats;
        b.begin_instance(name(i.name));
        b.set(kNetBytesReceived, s.rx_bytes);
        b.set(kNetBytesSent, s.tx_bytes);
        b.set(kNetBytesTotal, s.rx_bytes + s.tx_bytes);
        b.set(kNetPacketsReceived, s.rx_packets);
        b.set(kNetPacketsSent, s.tx_packets);
        b.set(kNetBandwidth, i.bandwidth);
        b.set(kNetReceiveErrors, s.rx_errors);
        b.set(kNetOutputQueue, 0);
    }
    b.end_object();
}

// Process Memory Detail: an unreadable smaps_rollup (other users' processes
// without privileges, kernel threads) leaves the instance with zeros.
void ProcfsSource::Impl::emit_memory_detail(BlockBuilder& b)
{
    b.begin_object({.name_index = ix::kProcessMemoryDetail,
                    .help_index = ix::kProcessMemoryDetail + 1,
                    .detail_level = layout::kDetailWizard,
                    .default_counter = kDetPss,
                    .has_instances = true});
    add_counters(b, kDetailCounters);
    for (const ProcessRow& p : m_processes) {
        const procfs::SmapsRollup& d = p.detail;
        b.begin_instance(name(p.name));
        b.set(kDetId, p.pid);
        b.set(kDetRss, d.rss_kb * 1024);
        b.set(kDetPss, d.pss_kb * 1024);
        b.set(kDetSharedClean, d.shared_clean_kb * 1024);
        b.set(kDetSharedDirty, d.shared_dirty_kb * 1024);
        b.set(kDetPrivateClean, d.private_clean_kb * 1024);
        b.set(kDetPrivateDirty, d.private_dirty_kb * 1024);
        b.set(kDetSwap, d.swap_kb * 1024);
    }
    b.end_object();
}

// ---------------------------------------------------------------------------

ProcfsSource::ProcfsSource(ProcfsOptions options) : m_impl(std::make_unique<Impl>(std::move(options))) {}

ProcfsSource::~ProcfsSource() = default;

Status ProcfsSource::collect(std::string_view query, std::vector<std::byte>& buffer)
{
    return m_impl->collect(query, buffer);
}

Result<NameTable> ProcfsSource::load_names()
{
    return parse_linux_names(linux_names_text());
}

const ProcfsOptions& ProcfsSource::options() const
{
    return m_impl->m_options;
}

}  // namespace wpo
