// SPDX-License-Identifier: Apache-2.0
#include "test_machine.h"

#include "format/counter_type.h"

#include <algorithm>

namespace wpo::test {

using namespace counter_type;

namespace {

constexpr std::int64_t kObjectFreq = 10'000'000;

std::vector<TestObject> objects()
{
    TestObject system{.name_index = kSystem,
                      .counters = {{kProcesses, kProcesses + 1, PERF_COUNTER_RAWCOUNT},
                                   {kContextSwitches, kContextSwitches + 1, PERF_COUNTER_COUNTER}},
                      .values = {0, 0}};
    TestObject processor{.name_index = kProcessor,
                         .has_instances = true,
                         .counters = {{kProcessorTime, kProcessorTime + 1, PERF_100NSEC_TIMER_INV}}};
    TestObject process{.name_index = kProcess,
                       .has_instances = true,
                       .counters = {{kProcessorTime, kProcessorTime + 1, PERF_100NSEC_TIMER},
                                    {kIdProcess, kIdProcess + 1, PERF_COUNTER_RAWCOUNT},
                                    {kElapsedTime, kElapsedTime + 1, PERF_ELAPSED_TIME},
                                    {kWorkingSet, kWorkingSet + 1, PERF_COUNTER_LARGE_RAWCOUNT}},
                       .perf_time = 5'000'000'000,
                       .perf_freq = kObjectFreq};
    TestObject thread{.name_index = kThread,
                      .has_instances = true,
                      .counters = {{kIdThread, kIdThread + 1, PERF_COUNTER_RAWCOUNT},
                                   {kIdProcess, kIdProcess + 1, PERF_COUNTER_RAWCOUNT},
                                   {kProcessorTime, kProcessorTime + 1, PERF_100NSEC_TIMER}},
                      .brings = {kProcess}};
    TestObject costly{.name_index = kCostly,
                      .costly = true,
                      .counters = {{kCostly + 2, kCostly + 3, PERF_COUNTER_RAWCOUNT}},
                      .values = {7}};
    return {system, processor, process, thread, costly};
}

}  // namespace

TestMachine::TestMachine() : m_source(objects())
{
    publish();
}

void TestMachine::start_process(const std::string& name, std::uint64_t pid, double load)
{
    Process p;
    p.name = name;
    p.pid = pid;
    p.start = static_cast<std::uint64_t>(m_source.find(kProcess)->perf_time);
    p.load = load;
    m_processes.push_back(p);
    publish();
}

void TestMachine::end_process(std::uint64_t pid)
{
    std::erase_if(m_processes, [&](const Process& p) { return p.pid == pid; });
    publish();
}

void TestMachine::set_load(std::uint64_t pid, double load)
{
    for (Process& p : m_processes)
        if (p.pid == pid)
            p.load = load;
}

void TestMachine::advance(double seconds)
{
    const double ticks = seconds * 1e7;
    double busy = 0;
    for (Process& p : m_processes) {
        p.cpu_100ns += static_cast<std::uint64_t>(p.load * ticks + 0.5);
        busy += p.load;
    }
    // Spread the busy time over both CPUs.
    for (std::uint64_t& idle : m_idle_100ns)
        idle += static_cast<std::uint64_t>(std::max(0.0, 1.0 - busy / 2) * ticks + 0.5);
    m_context_switches += static_cast<std::uint64_t>(1000 * seconds);
    m_source.advance_seconds(seconds);
    publish();
}

void TestMachine::publish()
{
    TestObject& system = *m_source.find(kSystem);
    system.values = {m_processes.size(), m_context_switches};

    TestObject& processor = *m_source.find(kProcessor);
    processor.instances = {
        {"0", {m_idle_100ns[0]}}, {"1", {m_idle_100ns[1]}}, {"_Total", {(m_idle_100ns[0] + m_idle_100ns[1]) / 2}}};

    TestObject& process = *m_source.find(kProcess);
    TestObject& thread = *m_source.find(kThread);
    process.instances.clear();
    thread.instances.clear();
    std::uint32_t position = 0;
    for (const Process& p : m_processes) {
        process.instances.push_back({p.name, {p.cpu_100ns, p.pid, p.start, p.pid * 4096}});
        thread.instances.push_back({std::to_string(position), {p.pid + 1, p.pid, p.cpu_100ns}, kProcess, position});
        ++position;
    }
}

}  // namespace wpo::test
