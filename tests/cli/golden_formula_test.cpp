// SPDX-License-Identifier: Apache-2.0
// The golden files of tests/cli/golden are written from the program's own
// output (PERFSCOPE_UPDATE_GOLDEN), so a diff against them cannot catch a shift
// that was regenerated in. This test reads the key numbers out of each golden
// file and recomputes them by formula from the inputs: the captured /proc
// trees for proc_burn.txt (read here with a few lines of parsing, independent
// of the engine's parsers), the TestSource values of dump_golden_test.cpp for
// the other two.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::string slurp(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// "Object/Instance/Counter" (Instance empty for single-instance objects) ->
// the decoded number after the last " = " of the counter's line.
std::map<std::string, double> golden_values(const std::string& file)
{
    std::map<std::string, double> out;
    std::istringstream in(slurp(std::string(PERFSCOPE_GOLDEN_DIR) + "/" + file));
    std::string line, object, instance;
    while (std::getline(in, line)) {
        if (line.starts_with("Object ")) {
            const auto open = line.find('"');
            object = line.substr(open + 1, line.find('"', open + 1) - open - 1);
            instance.clear();
        } else if (line.starts_with("  Instance \"")) {
            instance = line.substr(12, line.find('"', 12) - 12);
        } else if (line.starts_with("    ")) {
            // "    <index>  <name padded to 36>  <TYPE> ... = <value>"
            std::istringstream fields(line);
            std::string index;
            fields >> index;
            const auto name_at = line.find_first_not_of(' ', line.find(index) + index.size());
            const auto name_end = line.find("  ", name_at);
            const std::string name = line.substr(name_at, name_end - name_at);
            const auto eq = line.rfind(" = ");
            if (eq == std::string::npos)
                continue;
            const std::string value = line.substr(eq + 3);
            if (!value.empty() && (std::isdigit(static_cast<unsigned char>(value[0])) || value[0] == '-'))
                out[object + "/" + instance + "/" + name] = std::stod(value);
        }
    }
    return out;
}

// ---- a minimal reader of the fixture trees ---------------------------------

std::string tree(int t)
{
    return std::string(PERFSCOPE_FIXTURES_DIR) + "/proc-burn-t" + std::to_string(t) + "/proc/";
}

std::vector<std::string> words(const std::string& text)
{
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

// The number after `key` at the start of a line ("ctxt 123", "MemAvailable: 5 kB").
double keyed(const std::string& file, const std::string& key)
{
    std::istringstream in(slurp(file));
    for (std::string line; std::getline(in, line);)
        if (line.starts_with(key))
            return std::stod(line.substr(key.size()));
    ADD_FAILURE() << key << " not in " << file;
    return 0;
}

double uptime(int t)
{
    return std::stod(words(slurp(tree(t) + "uptime"))[0]);
}
double dt()
{
    return uptime(1) - uptime(0);
}  // dump_fixture_golden_test's clocks follow /proc/uptime

// Field n (1-based, as proc(5) numbers them) of a stat file; comm has no spaces here.
double stat_field(const std::string& file, int n)
{
    return std::stod(words(slurp(file))[std::size_t(n - 1)]);
}

constexpr double kHz = 100;  // USER_HZ of the capturing machine

double process_cpu(int t, const std::string& stat)
{
    return (stat_field(tree(t) + stat, 14) + stat_field(tree(t) + stat, 15)) / kHz;
}

bool is_number(const std::string& s)
{
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// The CPU's column of /proc/interrupts over the rows that have every column.
double interrupts(int t, std::size_t cpu)
{
    std::istringstream in(slurp(tree(t) + "interrupts"));
    std::string line;
    std::getline(in, line);
    const std::size_t cpus = words(line).size();
    double sum = 0;
    while (std::getline(in, line)) {
        const auto w = words(line.substr(line.find(':') + 1));
        if (w.size() >= cpus && std::all_of(w.begin(), w.begin() + long(cpus), is_number))
            sum += std::stod(w[cpu]);
    }
    return sum;
}

// Field n (1-based) of the diskstats line of `disk`.
double diskstat(int t, const std::string& disk, int n)
{
    std::istringstream in(slurp(tree(t) + "diskstats"));
    for (std::string line; std::getline(in, line);) {
        const auto w = words(line);
        if (w.size() > 2 && w[2] == disk)
            return std::stod(w[std::size_t(n - 1)]);
    }
    ADD_FAILURE() << disk << " not in diskstats";
    return 0;
}

double net_dev(int t, const std::string& iface, int n)  // n: 1-based number after "iface:"
{
    const std::string text = slurp(tree(t) + "net/dev");
    const auto at = text.find(iface + ":");
    const auto line = text.substr(at + iface.size() + 1, text.find('\n', at) - at - iface.size() - 1);
    return std::stod(words(line)[std::size_t(n - 1)]);
}

int processes(int t)
{
    int n = 0;
    for (const auto& e : std::filesystem::directory_iterator(tree(t))) {
        n += is_number(e.path().filename().string());
    }
    return n;
}

// ---- the rows ---------------------------------------------------------------

struct Row {
    const char* name;
    const char* golden;
    const char* key;
    std::function<double()> expected;
};

std::ostream& operator<<(std::ostream& os, const Row& r)
{
    return os << r.name;
}

// The burning process is PID 14116 in both trees, with one thread 14116.
const std::string kSh = "14116/stat", kShThread = "14116/task/14116/stat";

const Row kRows[] = {
    // proc_burn.txt: dump of proc-burn-t1 against proc-burn-t0.
    {"BurnProcesses", "proc_burn.txt", "System//Processes", [] { return double(processes(1)); }},
    {"BurnThreads", "proc_burn.txt", "System//Threads",
     [] {
         const auto w = words(slurp(tree(1) + "loadavg"));
         return std::stod(w[3].substr(w[3].find('/') + 1));
     }},
    {"BurnContextSwitches", "proc_burn.txt", "System//Context Switches/sec",
     [] { return (keyed(tree(1) + "stat", "ctxt ") - keyed(tree(0) + "stat", "ctxt ")) / dt(); }},
    {"BurnSystemUpTime", "proc_burn.txt", "System//System Up Time", [] { return uptime(1); }},
    {"BurnAvailableBytes", "proc_burn.txt", "Memory//Available Bytes",
     [] { return keyed(tree(1) + "meminfo", "MemAvailable:") * 1024; }},
    {"BurnMemoryPageFaults", "proc_burn.txt", "Memory//Page Faults/sec",
     [] { return (keyed(tree(1) + "vmstat", "pgfault ") - keyed(tree(0) + "vmstat", "pgfault ")) / dt(); }},
    {"BurnProcessorTime", "proc_burn.txt", "Process/sh:14116/% Processor Time",
     [] { return 100 * (process_cpu(1, kSh) - process_cpu(0, kSh)) / dt(); }},
    {"BurnProcessElapsed", "proc_burn.txt", "Process/sh:14116/Elapsed Time",
     [] { return uptime(1) - stat_field(tree(1) + kSh, 22) / kHz; }},
    {"BurnWorkingSet", "proc_burn.txt", "Process/sh:14116/Working Set",
     [] { return keyed(tree(1) + "14116/status", "VmRSS:") * 1024; }},
    {"BurnIdProcess", "proc_burn.txt", "Process/sh:14116/ID Process", [] { return stat_field(tree(1) + kSh, 1); }},
    {"BurnTotalElapsed", "proc_burn.txt", "Process/_Total/Elapsed Time", [] { return uptime(1); }},
    {"BurnThreadProcessorTime", "proc_burn.txt", "Thread/sh:14116/14116/% Processor Time",
     [] { return 100 * (process_cpu(1, kShThread) - process_cpu(0, kShThread)) / dt(); }},
    {"BurnThreadElapsed", "proc_burn.txt", "Thread/sh:14116/14116/Elapsed Time",
     [] { return uptime(1) - stat_field(tree(1) + kShThread, 22) / kHz; }},
    {"BurnThreadContextSwitches", "proc_burn.txt", "Thread/sh:14116/14116/Context Switches/sec",
     [] {
         auto switches = [](int t) {
             const std::string status = tree(t) + "14116/task/14116/status";
             return keyed(status, "voluntary_ctxt_switches:") + keyed(status, "nonvoluntary_ctxt_switches:");
         };
         return (switches(1) - switches(0)) / dt();
     }},
    {"BurnProcessorTotalBusy", "proc_burn.txt", "Processor/_Total/% Processor Time",
     [] {
         // cpu line: user nice system idle iowait ...; _Total averages over the CPUs.
         auto idle = [](int t) {
             const auto w = words(slurp(tree(t) + "stat"));
             return (std::stod(w[4]) + std::stod(w[5])) / kHz;
         };
         const double cpus = 2;  // cpu0 and cpu1 in both trees
         return std::max(0.0, 100 * (1 - (idle(1) - idle(0)) / cpus / dt()));
     }},
    {"BurnInterruptsCpu0", "proc_burn.txt", "Processor/0/Interrupts/sec",
     [] { return (interrupts(1, 0) - interrupts(0, 0)) / dt(); }},
    {"BurnDiskReads", "proc_burn.txt", "PhysicalDisk/vda/Disk Reads/sec",
     [] { return (diskstat(1, "vda", 4) - diskstat(0, "vda", 4)) / dt(); }},
    {"BurnDiskReadBytes", "proc_burn.txt", "PhysicalDisk/vda/Disk Read Bytes/sec",
     [] { return (diskstat(1, "vda", 6) - diskstat(0, "vda", 6)) * 512 / dt(); }},
    {"BurnNetworkBytesReceived", "proc_burn.txt", "Network Interface/eth0/Bytes Received/sec",
     [] { return (net_dev(1, "eth0", 1) - net_dev(0, "eth0", 1)) / dt(); }},

    // two_samples.txt: dump_golden_test.cpp's TestSource, sampled 1 s apart.
    // System: booted one day (864'000'000'000 x 100 ns) before the first object time.
    {"TwoSystemUpTime", "two_samples.txt", "System//System Up Time", [] { return 864'000'000'000 / 1e7 + 1; }},
    {"TwoContextSwitches", "two_samples.txt", "System//Context Switches/sec", [] { return (1500.0 - 1000) / 1; }},
    {"TwoTotalProcessorTime", "two_samples.txt", "Process/_Total/% Processor Time",
     [] { return 100 * (13'000'000.0 - 3'000'000) / 1e7; }},
    {"TwoBashProcessorTime", "two_samples.txt", "Process/bash:100/% Processor Time",
     [] { return 100 * (6'000'000.0 - 1'000'000) / 1e7; }},
    {"TwoBashQuota", "two_samples.txt", "Process/bash:100/% Quota Used", [] { return 100 * 50.0 / 100; }},
    {"TwoTotalQuota", "two_samples.txt", "Process/_Total/% Quota Used", [] { return 100 * 60.0 / 200; }},
    {"TwoNewWorkingSet", "two_samples.txt", "Process/new:300/Working Set", [] { return 4096.0; }},

    // one_sample_process.txt: the first sample only, Process selected.
    {"OneTotalQuota", "one_sample_process.txt", "Process/_Total/% Quota Used", [] { return 100 * 50.0 / 200; }},
    {"OneBashWorkingSet", "one_sample_process.txt", "Process/bash:100/Working Set", [] { return 1e9; }},
    {"OneGoneQuota", "one_sample_process.txt", "Process/gone:200/% Quota Used", [] { return 100 * 25.0 / 100; }},
};

class GoldenByFormula : public ::testing::TestWithParam<Row> {};

TEST_P(GoldenByFormula, NumberInGoldenEqualsFormula)
{
    const Row& r = GetParam();
    const auto values = golden_values(r.golden);
    const auto it = values.find(r.key);
    ASSERT_NE(it, values.end()) << r.key << " not found in " << r.golden;
    const double expected = r.expected();
    // The dump prints six decimals.
    EXPECT_NEAR(it->second, expected, 5e-7 + 1e-12 * std::fabs(expected)) << r.key << " in " << r.golden;
}

INSTANTIATE_TEST_SUITE_P(Golden, GoldenByFormula, ::testing::ValuesIn(kRows),
                         [](const ::testing::TestParamInfo<Row>& p) { return std::string(p.param.name); });

}  // namespace
