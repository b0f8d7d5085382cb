// SPDX-License-Identifier: Apache-2.0
#include "support/helper_population.h"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace perfscope::bench {

bool HelperPopulation::start(int processes, int threads)
{
    if (m_write < 0) {
        int fds[2];
        if (pipe2(fds, O_CLOEXEC) != 0)
            return false;
        m_read = fds[0];
        m_write = fds[1];
    }
    for (int i = 0; i < processes; ++i) {
        const pid_t pid = fork();
        if (pid < 0)
            return false;
        if (pid == 0)
            helper(m_read, threads);
        m_children.push_back(pid);
    }
    return true;
}

void HelperPopulation::endOldest(int processes)
{
    for (int i = 0; i < processes && !m_children.empty(); ++i) {
        const pid_t pid = m_children.front();
        m_children.pop_front();
        kill(pid, SIGKILL);
        while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {}
    }
}

void HelperPopulation::reap()
{
    if (m_write >= 0) {
        close(m_write);
        close(m_read);
        m_write = m_read = -1;
    }
    for (const pid_t pid : m_children)
        while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {}
    m_children.clear();
}

void HelperPopulation::helper(int read_end, int threads)
{
    // Only the pipe stays: the parent's pipe write end must not, or no child
    // would ever see end of file.
    if (read_end > 3)
        syscall(SYS_close_range, 3u, static_cast<unsigned>(read_end - 1), 0u);
    syscall(SYS_close_range, static_cast<unsigned>(read_end + 1), ~0u, 0u);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 64 * 1024);
    for (int t = 1; t < threads; ++t) {
        pthread_t thread;
        pthread_create(
            &thread, &attr,
            [](void*) -> void* {
                for (;;)
                    pause();
            },
            nullptr);
    }
    char byte;
    while (::read(read_end, &byte, 1) < 0 && errno == EINTR) {}
    _exit(0);
}

}  // namespace perfscope::bench
