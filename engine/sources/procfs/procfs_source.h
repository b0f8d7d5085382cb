// SPDX-License-Identifier: Apache-2.0
// The Linux source: builds PERF_DATA_BLOCKs from /proc and /sys, with the
// objects, counters and counter types listed in architecture.md ("Linux
// source: objects it serves") and the indices of linux_indices.h.
//
//   ProcfsSource source;                        // the live /proc
//   std::vector<std::byte> block;
//   if (auto s = source.collect("230 232", block); !s) report(s.error());
//
// Queries: "Global" = every object but the costly Process Memory Detail;
// "Costly" = only Process Memory Detail; a list = those objects (Thread brings
// Process, as on Windows; unknown indices are ignored). Only the files of the
// requested objects are read.
//
// A process that exits while it is read, a file that cannot be read and a
// field that is missing cost that value or that instance, never the block;
// each object's comment in procfs_<object>.cpp says which. collect() fails only
// when the query is malformed or the proc root cannot be opened.
#pragma once

#include "sources/procfs/procfs_clock.h"
#include "sources/source.h"

#include <cstddef>
#include <limits>
#include <memory>
#include <string>

namespace wpo {

struct ProcfsOptions {
    // Where the proc tree is; tests point it at tests/fixtures/proc-*/proc.
    std::string proc_root = "/proc";
    // Where sysfs is (/sys/block for whole disks, /sys/class/net for link speeds).
    std::string sys_root = "/sys";
    // Prefix of the mount points statvfs(3) is asked about for LogicalDisk;
    // empty = do not ask (their sizes are then 0), for trees that are not live.
    std::string fs_root = "/";
    // nullptr = ProcfsClock::system(); otherwise must outlive the source.
    const ProcfsClock* clock = nullptr;
    // The block's system name; empty = gethostname().
    std::string host_name;
    // USER_HZ of the proc tree (clock ticks per second); 0 = sysconf(_SC_CLK_TCK).
    long ticks_per_second = 0;
    // The handle cache (docs/procfs-source.md): at most this many descriptors
    // kept open between collections by this source, and never more than the
    // process's share (half the soft RLIMIT_NOFILE, shared by all sources);
    // files beyond it are opened per read. 0 = keep none.
    std::size_t max_open_handles = std::numeric_limits<std::size_t>::max();
    // Raise the soft RLIMIT_NOFILE to the hard limit (once per process, when
    // its first source is made), so that the share is worth having. A library
    // loaded into someone else's process (the JNI library) leaves it alone:
    // children inherit the limit, and select() breaks above descriptor 1024.
    bool raise_descriptor_limit = true;
    // Where applications' published-counter segments are (procfs_published.h);
    // empty = serve none. Only used over the live /proc.
    std::string published_root = "/dev/shm";
};

class ProcfsSource final : public Source {
public:
    explicit ProcfsSource(ProcfsOptions options = {});
    ~ProcfsSource() override;
    ProcfsSource(const ProcfsSource&) = delete;
    ProcfsSource& operator=(const ProcfsSource&) = delete;

    Status collect(std::string_view query, std::vector<std::byte>& buffer) override;
    // The compiled-in Linux name table (resources/linux-names.txt).
    Result<NameTable> load_names() override;

    const ProcfsOptions& options() const;

    // Closes every descriptor kept between collections (the handle cache, the
    // proc and sys directories); the next collect opens what it needs again.
    // For an owner that goes idle, so that nothing stays open on its behalf.
    void release_handles();

private:
    class Impl;
    std::unique_ptr<Impl> m_impl;
};

}  // namespace wpo
