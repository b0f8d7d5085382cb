// SPDX-License-Identifier: Apache-2.0
// A small machine for snapshot and cache tests, served by the engine's
// TestSource: processes come and go and burn known fractions of a CPU, so a
// test knows the exact value every instance must get.
//
//   2   System     Processes (248, RAWCOUNT), Context Switches/sec (146, COUNTER_COUNTER)
//   238 Processor  "0", "1", "_Total": % Processor Time (6, 100NSEC_TIMER_INV)
//   230 Process    % Processor Time (6, 100NSEC_TIMER), ID Process (784), Elapsed Time (684,
//                  ELAPSED_TIME on the object clock), Working Set (180, LARGE_RAWCOUNT)
//   232 Thread     ID Thread (804), ID Process (784), % Processor Time (6); parent Process;
//                  the Thread object brings Process, as on Windows
//   50000 Costly   one RAWCOUNT (50002)
#pragma once

#include "test_source.h"

#include <cstdint>
#include <string>
#include <vector>

namespace wpo::test {

inline constexpr std::uint32_t kSystem = 2;
inline constexpr std::uint32_t kProcessor = 238;
inline constexpr std::uint32_t kProcess = 230;
inline constexpr std::uint32_t kThread = 232;
inline constexpr std::uint32_t kCostly = 50000;
inline constexpr std::uint32_t kProcessorTime = 6;
inline constexpr std::uint32_t kProcesses = 248;
inline constexpr std::uint32_t kContextSwitches = 146;
inline constexpr std::uint32_t kIdProcess = 784;
inline constexpr std::uint32_t kIdThread = 804;
inline constexpr std::uint32_t kElapsedTime = 684;
inline constexpr std::uint32_t kWorkingSet = 180;

class TestMachine {
public:
    TestMachine();

    TestSource& source() { return m_source; }

    // A process with one thread (TID = pid + 1), started now, burning `load`
    // of a CPU (0.25 = 25 %). Its working set is pid * 4096.
    void start_process(const std::string& name, std::uint64_t pid, double load = 0.0);
    void end_process(std::uint64_t pid);
    void set_load(std::uint64_t pid, double load);
    std::size_t process_count() const { return m_processes.size(); }

    // Moves time forward and accounts CPU time and context switches.
    void advance(double seconds);

private:
    struct Process {
        std::string name;
        std::uint64_t pid = 0;
        std::uint64_t start = 0;  // object clock
        double load = 0.0;
        std::uint64_t cpu_100ns = 0;
    };
    void publish();

    TestSource m_source;
    std::vector<Process> m_processes;
    std::uint64_t m_idle_100ns[2] = {0, 0};
    std::uint64_t m_context_switches = 0;
};

}  // namespace wpo::test
