// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "sources/procfs/dir_reader.h"
#include "sources/procfs/file_reader.h"
#include "sources/procfs/unique_fd.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace perfscope::bench {

// The files one collection of the procfs source reads for some objects
// (procfs_collector.cpp and procfs_<object>.cpp), listed once for this
// machine: the disk, mount and interface names are taken when the list is
// made, not per collection.
struct ProcfsFloorFiles {
    std::vector<std::string> proc_files;    // below /proc, opened and read to the end every time
    std::vector<std::string> sys_files;     // below /sys, the same (each interface's speed)
    std::vector<std::string> block_names;   // faccessat() below /sys/block (which diskstats lines are disks)
    std::vector<std::string> mount_points;  // statvfs() (LogicalDisk's free space)
    bool list_processes = false;            // /proc listed (System's Processes, Process)
    bool processes = false;                 // per process stat, status, io and the fd count
    bool threads = false;                   // per process task/ listed, per thread stat and the switches file

    // `objects`: English object names as the CLI takes them ("Process", "Network Interface", ...).
    static ProcfsFloorFiles for_objects(const std::vector<std::string>& objects);
};

// The floor under a procfs collection: the same files read the way the
// source reads them (per-task descriptors kept open and read with one pread
// at offset 0, directories listed with getdents64 into one buffer, the
// machine-wide files opened per collection and read to the end; a process's
// thread count, its one field looked at, spares listing task/ where the
// source spares it), and nothing else: no parsing, no block. What a collector of those counters cannot go
// below through /proc; the source's cost above it is its own.
class ProcfsFloor {
public:
    explicit ProcfsFloor(ProcfsFloorFiles files);
    ProcfsFloor(const ProcfsFloor&) = delete;
    ProcfsFloor& operator=(const ProcfsFloor&) = delete;

    // One collection's reads.
    void sweep();

    std::size_t processes() const { return m_processes.size(); }
    std::size_t threads() const;
    std::size_t bytes_read() const { return m_bytes; }  // by the last sweep
    std::size_t kept_descriptors() const;

private:
    struct Task {
        std::uint32_t tid = 0;
        wpo::procfs::UniqueFd stat, switches;
    };
    struct Process {
        std::uint32_t pid = 0;
        wpo::procfs::UniqueFd dir, stat, status, io, task;
        std::vector<Task> tasks;  // by tid, ascending
    };

    bool read_process(Process& p);
    void read_tasks(Process& p, std::uint64_t threads);
    void read_kept(wpo::procfs::UniqueFd& fd, int dir, const char* path);

    ProcfsFloorFiles m_files;
    bool m_switches_from_schedstat = true;
    wpo::procfs::UniqueFd m_proc, m_sys, m_block;
    wpo::procfs::FileReader m_reader;
    wpo::procfs::DirReader m_dirs;
    std::vector<std::uint32_t> m_ids, m_tids;
    std::vector<Process> m_processes, m_next;  // by pid, ascending
    std::vector<Task> m_next_tasks;
    std::size_t m_bytes = 0;
};

// CPU seconds of the calling thread so far (CLOCK_THREAD_CPUTIME_ID: user and system, nanosecond accounting).
double thread_cpu_seconds();

}  // namespace perfscope::bench
