// SPDX-License-Identifier: Apache-2.0
#include "live_test_machine.h"

namespace perfscope::gui::test {

using namespace wpo::test;

wpo::NameTable live_test_names()
{
    wpo::NameTable names;
    auto set = [&](std::uint32_t index, const char* name, const char* help) {
        names.set_name(index, name);
        names.set_help(index + 1, help);
    };
    set(kSystem, "System", "The system as a whole.");
    set(kProcessor, "Processor", "Each logical processor.");
    set(kProcess, "Process", "Running programs.");
    set(kThread, "Thread", "Threads of the running programs.");
    set(kCostly, "Costly Thing", "An object only the Costly query brings.");
    set(kProcessorTime, "% Processor Time", "The share of time the processor was busy.");
    set(kProcesses, "Processes", "Number of processes.");
    set(kContextSwitches, "Context Switches/sec", "Context switches per second.");
    set(kIdProcess, "ID Process", "The process's identifier.");
    set(kIdThread, "ID Thread", "The thread's identifier.");
    set(kElapsedTime, "Elapsed Time", "Seconds since the process started.");
    set(kWorkingSet, "Working Set", "Bytes of memory in use.");
    set(kCostly + 2, "Costly Value", "Seven.");
    return names;
}

LiveTestMachine::LiveTestMachine() : m_last(std::chrono::steady_clock::now())
{}

wpo::Status LiveTestMachine::collect(std::string_view query, std::vector<std::byte>& buffer)
{
    std::lock_guard guard(m_mutex);
    const auto now = std::chrono::steady_clock::now();
    const double seconds = std::chrono::duration<double>(now - m_last).count();
    m_last = now;
    // A clock that does not move gives no rate; real clocks always move.
    m_machine.advance(seconds > 0 ? seconds : 1e-6);
    return m_machine.source().collect(query, buffer);
}

wpo::Result<wpo::NameTable> LiveTestMachine::load_names()
{
    return live_test_names();
}

void LiveTestMachine::with(const std::function<void(TestMachine&)>& change)
{
    std::lock_guard guard(m_mutex);
    change(m_machine);
}

std::size_t LiveTestMachine::collects()
{
    std::lock_guard guard(m_mutex);
    return m_machine.source().collect_count();
}

void LiveTestMachine::fail_next(const std::string& message)
{
    std::lock_guard guard(m_mutex);
    m_machine.source().fail_next(wpo::Error(wpo::Errc::io_error, message));
}

}  // namespace perfscope::gui::test
