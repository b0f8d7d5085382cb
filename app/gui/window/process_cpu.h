// SPDX-License-Identifier: Apache-2.0
// The app's own CPU use, from getrusage (user + system time of every thread),
// as a share of one core between two calls: what the status bar shows and
// the benchmarks measure.
#pragma once

#include <chrono>

namespace perfscope::gui {

class ProcessCpu {
public:
    ProcessCpu();
    // Percent of one core since the previous call (or construction).
    double percentSinceLast();
    // CPU seconds of the process so far.
    static double cpuSeconds();

private:
    double m_cpu = 0;
    std::chrono::steady_clock::time_point m_wall;
};

}  // namespace perfscope::gui
