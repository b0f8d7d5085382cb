// SPDX-License-Identifier: Apache-2.0
// A helper process a test forked (POSIX): killed with SIGKILL and reaped by stop() or when its owner goes
// out of scope, so no helper outlives a failed assertion or lingers as a zombie in the next test's /proc.
#pragma once

#include <csignal>
#include <sys/types.h>
#include <sys/wait.h>

namespace wpo::test {

class ChildProcess {
public:
    ChildProcess() = default;
    ~ChildProcess() { stop(); }
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    pid_t pid() const { return m_pid; }
    void stop()
    {
        if (m_pid <= 0)
            return;
        kill(m_pid, SIGKILL);
        waitpid(m_pid, nullptr, 0);
        m_pid = -1;
    }

protected:
    // The pid fork() returned in the parent (a value <= 0 owns nothing).
    void adopt(pid_t pid) { m_pid = pid; }

private:
    pid_t m_pid = -1;
};

}  // namespace wpo::test
