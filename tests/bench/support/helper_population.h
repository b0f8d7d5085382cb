// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <deque>
#include <sys/types.h>

namespace perfscope::bench {

// Processes a benchmark starts itself: each forks from this one, closes every
// inherited descriptor but the read end of a pipe, starts its extra threads
// (blocked forever) and blocks reading the pipe; closing the write end ends
// them all, and reap() waits for every one. They never exec, so starting
// thousands takes seconds, and a benchmark that dies takes them with it (the
// pipe closes). endOldest() ends single ones, for a population that churns.
class HelperPopulation {
public:
    HelperPopulation() = default;
    HelperPopulation(const HelperPopulation&) = delete;
    HelperPopulation& operator=(const HelperPopulation&) = delete;
    ~HelperPopulation() { reap(); }

    // Starts `processes` processes of `threads` threads each (>= 1); false if
    // fork() fails (the ones started stay until reap()).
    bool start(int processes, int threads);
    // Kills and waits for the `processes` started first.
    void endOldest(int processes);
    void reap();

    std::size_t size() const { return m_children.size(); }

private:
    [[noreturn]] static void helper(int read_end, int threads);

    int m_read = -1, m_write = -1;
    std::deque<pid_t> m_children;
};

}  // namespace perfscope::bench
