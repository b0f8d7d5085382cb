// SPDX-License-Identifier: Apache-2.0
#include "support/churning_population.h"

#include "support/helper_population.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace perfscope::bench {

ChurningPopulation::ChurningPopulation(int live, int per_second)
{
    int control[2], ready[2];
    if (pipe2(control, O_CLOEXEC) != 0)
        return;
    if (pipe2(ready, O_CLOEXEC) != 0) {
        close(control[0]);
        close(control[1]);
        return;
    }
    m_manager = fork();
    if (m_manager == 0) {
        close(control[1]);
        close(ready[0]);
        manage(control[0], ready[1], live, per_second);
    }
    close(control[0]);
    close(ready[1]);
    if (m_manager < 0) {
        close(control[1]);
        close(ready[0]);
        return;
    }
    m_control = control[1];
    char byte = 0;
    ssize_t n;
    while ((n = read(ready[0], &byte, 1)) < 0 && errno == EINTR) {}
    close(ready[0]);
    m_started = n == 1 && byte == 1;
}

ChurningPopulation::~ChurningPopulation()
{
    if (m_control >= 0)
        close(m_control);
    if (m_manager > 0)
        while (waitpid(m_manager, nullptr, 0) < 0 && errno == EINTR) {}
}

void ChurningPopulation::manage(int control, int ready, int live, int per_second)
{
    // The helpers must not hold the control pipe: they are forked from here.
    HelperPopulation population;
    const char ok = population.start(live, 1) ? 1 : 0;
    while (write(ready, &ok, 1) < 0 && errno == EINTR) {}
    close(ready);
    using Clock = std::chrono::steady_clock;
    auto next = Clock::now() + std::chrono::seconds(1);
    for (;;) {
        const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(next - Clock::now()).count();
        pollfd fd{control, POLLIN, 0};
        const int r = poll(&fd, 1, static_cast<int>(std::max<long long>(0, wait)));
        if (r > 0)
            break;  // end of file: the owner is gone or done
        if (r < 0 && errno != EINTR)
            break;
        if (Clock::now() < next)
            continue;
        next += std::chrono::seconds(1);
        population.endOldest(per_second);
        population.start(per_second, 1);
    }
    population.reap();
    _exit(0);
}

}  // namespace perfscope::bench
