// SPDX-License-Identifier: Apache-2.0
// A descriptor the handle cache keeps between collections, counted against a
// HandleBudget: opened only while the budget allows, given back when closed.
#pragma once

#include "sources/procfs/handle_budget.h"
#include "sources/procfs/unique_fd.h"

#include <cerrno>
#include <fcntl.h>
#include <utility>

namespace wpo::procfs {

class CachedFd {
public:
    enum class Open { opened, over_budget, failed };

    CachedFd() = default;
    CachedFd(CachedFd&& other) noexcept : m_fd(std::move(other.m_fd)), m_budget(std::exchange(other.m_budget, nullptr))
    {}
    CachedFd& operator=(CachedFd&& other) noexcept
    {
        if (this != &other) {
            reset();
            m_fd = std::move(other.m_fd);
            m_budget = std::exchange(other.m_budget, nullptr);
        }
        return *this;
    }
    CachedFd(const CachedFd&) = delete;
    CachedFd& operator=(const CachedFd&) = delete;
    ~CachedFd() { reset(); }

    int get() const { return m_fd.get(); }
    bool valid() const { return m_fd.valid(); }

    // Opens `path` under `dir` and keeps it, if `budget` has room; on failed
    // errno says why.
    Open open(HandleBudget& budget, int dir, const char* path, int flags)
    {
        reset();
        if (!budget.take())
            return Open::over_budget;
        int fd;
        do
            fd = ::openat(dir, path, flags | O_CLOEXEC);
        while (fd < 0 && errno == EINTR);
        if (fd < 0) {
            const int error = errno;
            budget.give();
            errno = error;
            // Out of descriptors (the share is half the limit, but the
            // application may hold the rest): the caller reads per read,
            // which fails the same way unless one was freed meanwhile.
            return error == EMFILE || error == ENFILE ? Open::over_budget : Open::failed;
        }
        m_fd.reset(fd);
        m_budget = &budget;
        return Open::opened;
    }

    void reset()
    {
        if (m_fd.valid()) {
            m_fd.reset();
            m_budget->give();
        }
        m_budget = nullptr;
    }

private:
    UniqueFd m_fd;
    HandleBudget* m_budget = nullptr;
};

}  // namespace wpo::procfs
