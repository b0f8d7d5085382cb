// SPDX-License-Identifier: Apache-2.0
#include "gui/window/process_cpu.h"

#include <sys/resource.h>

namespace perfscope::gui {

double ProcessCpu::cpuSeconds()
{
    rusage usage{};
    if (getrusage(RUSAGE_SELF, &usage) != 0)
        return 0;
    auto seconds = [](const timeval& t) {
        return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
    };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

ProcessCpu::ProcessCpu() : m_cpu(cpuSeconds()), m_wall(std::chrono::steady_clock::now())
{}

double ProcessCpu::percentSinceLast()
{
    const double cpu = cpuSeconds();
    const auto wall = std::chrono::steady_clock::now();
    const double elapsed = std::chrono::duration<double>(wall - m_wall).count();
    const double percent = elapsed > 0 ? (cpu - m_cpu) / elapsed * 100.0 : 0.0;
    m_cpu = cpu;
    m_wall = wall;
    return percent;
}

}  // namespace perfscope::gui
