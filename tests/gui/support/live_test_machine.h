// SPDX-License-Identifier: Apache-2.0
// The snapshot tests' TestMachine (tests/snapshot/test_machine.h) as a Source
// that runs in real time: every collect first advances the machine by the
// wall time since the last one, so samplers on timers see rates as they
// would on a real machine. Tests change the machine (start and end processes)
// through with(), under the same lock the collects take, from any thread.
// It names its objects and counters (load_names), so paths and the browser work.
#pragma once

#include "../../snapshot/test_machine.h"

#include <chrono>
#include <cstddef>
#include <functional>
#include <mutex>

namespace perfscope::gui::test {

class LiveTestMachine : public wpo::Source {
public:
    LiveTestMachine();

    wpo::Status collect(std::string_view query, std::vector<std::byte>& buffer) override;
    wpo::Result<wpo::NameTable> load_names() override;

    void with(const std::function<void(wpo::test::TestMachine&)>& change);
    std::size_t collects();
    // The next collect fails (once) with this message.
    void fail_next(const std::string& message);

private:
    std::mutex m_mutex;
    wpo::test::TestMachine m_machine;
    std::chrono::steady_clock::time_point m_last;
};

// The names LiveTestMachine serves.
wpo::NameTable live_test_names();

}  // namespace perfscope::gui::test
