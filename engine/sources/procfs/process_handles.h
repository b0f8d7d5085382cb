// SPDX-License-Identifier: Apache-2.0
// The handle cache's entry for one process (and its threads): the
// descriptors kept open between collections, and the start time that says
// they still belong to the process now behind the PID (docs/procfs-source.md).
#pragma once

#include "sources/procfs/cached_fd.h"

#include <cstdint>
#include <vector>

namespace wpo::procfs {

struct ThreadHandles {
    std::uint32_t tid = 0;
    bool started = false;           // start_ticks known
    std::uint64_t start_ticks = 0;  // starttime of the stat read through `stat`
    CachedFd stat;
    CachedFd switches;  // schedstat, or status where the kernel leaves schedstat empty

    bool cached() const { return stat.valid() || switches.valid(); }
    void drop()
    {
        started = false;
        stat.reset();
        switches.reset();
    }
};

struct ProcessHandles {
    std::uint32_t pid = 0;
    bool started = false;
    std::uint64_t start_ticks = 0;
    CachedFd dir;  // /proc/<pid>: the fd count, and files that are not kept
    CachedFd stat, status, statm, io;
    CachedFd task;                       // /proc/<pid>/task, listed again from offset 0
    std::vector<ThreadHandles> threads;  // by tid, ascending

    bool cached() const
    {
        return dir.valid() || stat.valid() || status.valid() || statm.valid() || io.valid() || task.valid();
    }
    void drop_threads()
    {
        task.reset();
        threads.clear();
    }
    void drop()
    {
        started = false;
        dir.reset();
        stat.reset();
        status.reset();
        statm.reset();
        io.reset();
        drop_threads();
    }
};

}  // namespace wpo::procfs
