// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <sys/types.h>

namespace perfscope::bench {

// A population of single-thread helper processes that churns: `live` of them
// at all times, the `per_second` oldest ended and as many new started every
// second. A separate manager process (forked from this one) owns them, so
// the cost of forking and reaping is the manager's, never this process's.
// Construct it before any thread is started (it forks); it ends, helpers and
// all, when destroyed or when this process dies.
class ChurningPopulation {
public:
    ChurningPopulation(int live, int per_second);
    ChurningPopulation(const ChurningPopulation&) = delete;
    ChurningPopulation& operator=(const ChurningPopulation&) = delete;
    ~ChurningPopulation();

    // The first `live` helpers are running.
    bool started() const { return m_started; }
    pid_t manager() const { return m_manager; }

private:
    [[noreturn]] static void manage(int control, int ready, int live, int per_second);

    pid_t m_manager = -1;
    int m_control = -1;
    bool m_started = false;
};

}  // namespace perfscope::bench
