// SPDX-License-Identifier: Apache-2.0
#include "sources/procfs/proc_parsers.h"

#include <charconv>

namespace wpo::procfs {
namespace {

// Linux's NR_CPUS tops out at 8192; anything far beyond is not a CPU number.
constexpr std::uint32_t kMaxCpus = 65536;

bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// The next line of `text` (without '\n'); false at the end.
bool next_line(std::string_view& text, std::string_view& line)
{
    if (text.empty())
        return false;
    const auto end = text.find('\n');
    if (end == std::string_view::npos) {
        line = text;
        text = {};
    } else {
        line = text.substr(0, end);
        text.remove_prefix(end + 1);
    }
    return true;
}

// The first number after `key` in "Key:   123 kB" / "key 123" lines.
std::uint64_t first_number(std::string_view rest)
{
    Tokens tokens(rest);
    std::string_view token;
    return tokens.next(token) ? to_u64(token) : 0;
}

// Calls fn(key, rest) for every "key<separator>rest" line.
template <class Fn>
void for_each_field(std::string_view text, char separator, Fn&& fn)
{
    std::string_view line;
    while (next_line(text, line)) {
        const auto at = line.find(separator);
        if (at == std::string_view::npos || at == 0)
            continue;
        fn(line.substr(0, at), line.substr(at + 1));
    }
}

}  // namespace

bool Tokens::next(std::string_view& token)
{
    std::size_t i = 0;
    while (i < m_rest.size() && is_space(m_rest[i]))
        ++i;
    std::size_t j = i;
    while (j < m_rest.size() && !is_space(m_rest[j]))
        ++j;
    token = m_rest.substr(i, j - i);
    m_rest.remove_prefix(j);
    return !token.empty();
}

std::uint64_t to_u64(std::string_view text)
{
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end != text.data() ? value : 0;
}

std::int64_t to_i64(std::string_view text)
{
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end != text.data() ? value : 0;
}

bool parse_pid_stat(std::string_view text, PidStat& out)
{
    out = PidStat{};
    // comm may itself contain ") (" — only the last ')' ends it.
    const auto open = text.find('(');
    const auto close = text.rfind(')');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open)
        return false;
    out.comm = text.substr(open + 1, close - open - 1);
    Tokens tokens(text.substr(close + 1));
    std::string_view token;
    // Field numbers as in proc(5); comm is field 2.
    for (int field = 3; field <= 41 && tokens.next(token); ++field) {
        switch (field) {
        case 3: out.state = token[0]; break;
        case 4: out.ppid = to_i64(token); break;
        case 10: out.minflt = to_u64(token); break;
        case 12: out.majflt = to_u64(token); break;
        case 14: out.utime = to_u64(token); break;
        case 15: out.stime = to_u64(token); break;
        case 18: out.priority = to_i64(token); break;
        case 19: out.nice = to_i64(token); break;
        case 20: out.num_threads = to_u64(token); break;
        case 22: out.starttime = to_u64(token); break;
        case 23: out.vsize = to_u64(token); break;
        case 40: out.rt_priority = to_u64(token); break;
        case 41: out.policy = to_u64(token); break;
        default: break;
        }
    }
    return true;
}

void parse_pid_status(std::string_view text, PidStatus& out)
{
    out = PidStatus{};
    for_each_field(text, ':', [&](std::string_view key, std::string_view rest) {
        if (key.size() < 5)
            return;
        if (key[0] == 'V') {
            if (key == "VmPeak")
                out.vm_peak_kb = first_number(rest);
            else if (key == "VmSize")
                out.vm_size_kb = first_number(rest);
            else if (key == "VmHWM")
                out.vm_hwm_kb = first_number(rest);
            else if (key == "VmRSS")
                out.vm_rss_kb = first_number(rest);
            else if (key == "VmSwap")
                out.vm_swap_kb = first_number(rest);
        } else if (key == "RssAnon") {
            out.rss_anon_kb = first_number(rest);
        } else if (key == "voluntary_ctxt_switches") {
            out.voluntary_ctxt_switches = first_number(rest);
        } else if (key == "nonvoluntary_ctxt_switches") {
            out.nonvoluntary_ctxt_switches = first_number(rest);
        }
    });
}

void parse_pid_statm(std::string_view text, PidStatm& out)
{
    out = PidStatm{};
    Tokens tokens(text);
    std::string_view token;
    if (tokens.next(token))
        out.size_pages = to_u64(token);
    if (tokens.next(token))
        out.resident_pages = to_u64(token);
}

void parse_pid_io(std::string_view text, PidIo& out)
{
    out = PidIo{};
    for_each_field(text, ':', [&](std::string_view key, std::string_view rest) {
        if (key == "rchar")
            out.rchar = first_number(rest);
        else if (key == "wchar")
            out.wchar = first_number(rest);
        else if (key == "syscr")
            out.syscr = first_number(rest);
        else if (key == "syscw")
            out.syscw = first_number(rest);
    });
}

void parse_smaps_rollup(std::string_view text, SmapsRollup& out)
{
    out = SmapsRollup{};
    for_each_field(text, ':', [&](std::string_view key, std::string_view rest) {
        if (key == "Rss")
            out.rss_kb = first_number(rest);
        else if (key == "Pss")
            out.pss_kb = first_number(rest);
        else if (key == "Shared_Clean")
            out.shared_clean_kb = first_number(rest);
        else if (key == "Shared_Dirty")
            out.shared_dirty_kb = first_number(rest);
        else if (key == "Private_Clean")
            out.private_clean_kb = first_number(rest);
        else if (key == "Private_Dirty")
            out.private_dirty_kb = first_number(rest);
        else if (key == "Swap")
            out.swap_kb = first_number(rest);
    });
}

void parse_meminfo(std::string_view text, MemInfo& out)
{
    out = MemInfo{};
    for_each_field(text, ':', [&](std::string_view key, std::string_view rest) {
        if (key == "MemFree") {
            out.mem_free_kb = first_number(rest);
        } else if (key == "MemAvailable") {
            out.mem_available_kb = first_number(rest);
            out.has_mem_available = true;
        } else if (key == "Buffers") {
            out.buffers_kb = first_number(rest);
        } else if (key == "Cached") {
            out.cached_kb = first_number(rest);
        } else if (key == "CommitLimit") {
            out.commit_limit_kb = first_number(rest);
        } else if (key == "Committed_AS") {
            out.committed_as_kb = first_number(rest);
        }
    });
}

void parse_vmstat(std::string_view text, VmStat& out)
{
    out = VmStat{};
    for_each_field(text, ' ', [&](std::string_view key, std::string_view rest) {
        if (key.size() < 6 || key[0] != 'p')
            return;
        if (key == "pgfault")
            out.pgfault = first_number(rest);
        else if (key == "pgmajfault")
            out.pgmajfault = first_number(rest);
        else if (key == "pswpin")
            out.pswpin = first_number(rest);
        else if (key == "pswpout")
            out.pswpout = first_number(rest);
    });
}

void parse_kernel_stat(std::string_view text, KernelStat& out)
{
    out.total = CpuTimes{};
    out.cpus.clear();
    out.ctxt = out.btime = out.procs_running = 0;
    out.has_btime = false;
    std::string_view line;
    while (next_line(text, line)) {
        Tokens tokens(line);
        std::string_view key;
        if (!tokens.next(key))
            continue;
        if (key.substr(0, 3) == "cpu") {
            CpuTimes times;
            if (key.size() > 3) {
                const auto number = key.substr(3);
                if (number.find_first_not_of("0123456789") != std::string_view::npos || number.size() > 9)
                    continue;
                times.cpu = static_cast<std::int32_t>(to_u64(number));
            }
            std::uint64_t* fields[] = {&times.user,   &times.nice, &times.system,  &times.idle,
                                       &times.iowait, &times.irq,  &times.softirq, &times.steal};
            std::string_view token;
            for (std::uint64_t* field : fields) {
                if (!tokens.next(token))
                    break;
                *field = to_u64(token);
            }
            if (times.cpu < 0)
                out.total = times;
            else
                out.cpus.push_back(times);
        } else if (key == "ctxt") {
            out.ctxt = first_number(tokens.rest());
        } else if (key == "btime") {
            std::string_view token;
            out.has_btime = tokens.next(token) && to_u64(token) != 0;
            out.btime = to_u64(token);
        } else if (key == "procs_running") {
            out.procs_running = first_number(tokens.rest());
        }
    }
}

void parse_loadavg(std::string_view text, LoadAvg& out)
{
    out = LoadAvg{};
    Tokens tokens(text);
    std::string_view token;
    for (int i = 0; i < 4 && tokens.next(token); ++i) {
        if (i != 3)
            continue;
        const auto slash = token.find('/');
        if (slash == std::string_view::npos)
            return;
        out.runnable = to_u64(token.substr(0, slash));
        out.tasks = to_u64(token.substr(slash + 1));
    }
}

bool parse_schedstat_timeslices(std::string_view text, std::uint64_t& out)
{
    out = 0;
    Tokens tokens(text);
    std::string_view token;
    for (int field = 0; field < 3; ++field) {
        if (!tokens.next(token) || token.find_first_not_of("0123456789") != std::string_view::npos)
            return false;
    }
    out = to_u64(token);
    return true;
}

bool parse_uptime_100ns(std::string_view text, std::uint64_t& out)
{
    out = 0;
    Tokens tokens(text);
    std::string_view token;
    if (!tokens.next(token))
        return false;
    const auto dot = token.find('.');
    const auto whole = token.substr(0, dot);
    if (whole.empty() || whole.find_first_not_of("0123456789") != std::string_view::npos || whole.size() > 11)
        return false;
    std::uint64_t value = to_u64(whole) * 10'000'000;
    if (dot != std::string_view::npos) {
        std::uint64_t scale = 1'000'000;
        for (std::size_t i = dot + 1; i < token.size() && scale > 0; ++i, scale /= 10) {
            if (token[i] < '0' || token[i] > '9')
                break;
            value += std::uint64_t(token[i] - '0') * scale;
        }
    }
    out = value;
    return true;
}

void parse_diskstats(std::string_view text, std::vector<DiskStats>& out)
{
    out.clear();
    std::string_view line;
    while (next_line(text, line)) {
        Tokens tokens(line);
        std::string_view major, minor, name, token;
        if (!tokens.next(major) || !tokens.next(minor) || !tokens.next(name))
            continue;
        DiskStats d;
        d.name = name;
        std::uint64_t* fields[] = {&d.reads,     nullptr,  &d.sectors_read,    &d.ms_reading,
                                   &d.writes,    nullptr,  &d.sectors_written, &d.ms_writing,
                                   &d.in_flight, &d.ms_io, &d.ms_weighted};
        for (std::uint64_t* field : fields) {
            if (!tokens.next(token))
                break;
            if (field)
                *field = to_u64(token);
        }
        out.push_back(d);
    }
}

void parse_net_dev(std::string_view text, std::vector<NetDevStats>& out)
{
    out.clear();
    std::string_view line;
    while (next_line(text, line)) {
        // The two header lines have '|' and no "name:" prefix.
        const auto colon = line.find(':');
        if (colon == std::string_view::npos || line.find('|') != std::string_view::npos)
            continue;
        Tokens name_tokens(line.substr(0, colon));
        NetDevStats s;
        if (!name_tokens.next(s.name))
            continue;
        Tokens tokens(line.substr(colon + 1));
        std::string_view token;
        // rx: bytes packets errs drop fifo frame compressed multicast; tx: bytes packets ...
        for (int field = 0; field < 10 && tokens.next(token); ++field) {
            switch (field) {
            case 0: s.rx_bytes = to_u64(token); break;
            case 1: s.rx_packets = to_u64(token); break;
            case 2: s.rx_errors = to_u64(token); break;
            case 8: s.tx_bytes = to_u64(token); break;
            case 9: s.tx_packets = to_u64(token); break;
            default: break;
            }
        }
        out.push_back(s);
    }
}

void parse_mounts(std::string_view text, std::vector<MountEntry>& out)
{
    out.clear();
    std::string_view line;
    while (next_line(text, line)) {
        Tokens tokens(line);
        MountEntry m;
        if (tokens.next(m.source) && tokens.next(m.mount_point) && tokens.next(m.fs_type))
            out.push_back(m);
    }
}

void unescape_mount_path(std::string_view escaped, std::string& out)
{
    for (std::size_t i = 0; i < escaped.size(); ++i) {
        const char c = escaped[i];
        if (c == '\\' && i + 3 < escaped.size() && escaped[i + 1] >= '0' && escaped[i + 1] <= '3' &&
            escaped[i + 2] >= '0' && escaped[i + 2] <= '7' && escaped[i + 3] >= '0' && escaped[i + 3] <= '7') {
            out.push_back(
                static_cast<char>((escaped[i + 1] - '0') * 64 + (escaped[i + 2] - '0') * 8 + (escaped[i + 3] - '0')));
            i += 3;
        } else {
            out.push_back(c);
        }
    }
}

void parse_interrupts(std::string_view text, std::vector<std::uint64_t>& out)
{
    std::vector<std::uint32_t> column_cpu;
    parse_interrupts(text, out, column_cpu);
}

void parse_interrupts(std::string_view text, std::vector<std::uint64_t>& out, std::vector<std::uint32_t>& column_cpu)
{
    out.clear();
    column_cpu.clear();
    std::string_view line;
    if (!next_line(text, line))
        return;
    // Header: "CPU0 CPU1 ..." — offline CPUs have no column, so map columns to numbers.
    {
        Tokens tokens(line);
        std::string_view token;
        while (tokens.next(token)) {
            if (token.size() < 4 || token.substr(0, 3) != "CPU" || token.size() > 9)
                return;
            const auto number = token.substr(3);
            if (number.find_first_not_of("0123456789") != std::string_view::npos)
                return;
            const auto cpu = static_cast<std::uint32_t>(to_u64(number));
            if (cpu >= kMaxCpus) {  // a header we do not believe: no allocation from it
                out.clear();
                return;
            }
            column_cpu.push_back(cpu);
            if (cpu >= out.size())
                out.resize(cpu + 1, 0);
        }
    }
    if (column_cpu.empty())
        return;
    while (next_line(text, line)) {
        const auto colon = line.find(':');
        if (colon == std::string_view::npos)
            continue;
        Tokens tokens(line.substr(colon + 1));
        std::string_view token;
        std::size_t column = 0;
        // Count the leading numeric columns first: a row with fewer than one per CPU is a total.
        Tokens probe = tokens;
        while (column < column_cpu.size() && probe.next(token) &&
               token.find_first_not_of("0123456789") == std::string_view::npos)
            ++column;
        if (column != column_cpu.size())
            continue;
        for (column = 0; column < column_cpu.size() && tokens.next(token); ++column)
            out[column_cpu[column]] += to_u64(token);
    }
}

}  // namespace wpo::procfs
