// SPDX-License-Identifier: Apache-2.0
// How many descriptors the procfs sources may keep open between collections
// (their handle cache, docs/procfs-source.md). Two limits: this source's own
// (ProcfsOptions::max_open_handles) and the process's share, half the soft
// RLIMIT_NOFILE, shared by every source of the process so that the
// application keeps the other half for its own files, sockets and pipes.
#pragma once

#include <atomic>
#include <cstddef>

namespace wpo::procfs {

class HandleBudget {
public:
    // `raise_limit`: raise the soft RLIMIT_NOFILE to the hard limit first
    // (once per process: the first budget that asks).
    HandleBudget(std::size_t own_limit, bool raise_limit);
    ~HandleBudget();
    HandleBudget(const HandleBudget&) = delete;
    HandleBudget& operator=(const HandleBudget&) = delete;

    // One more handle kept; false when either limit is spent (the caller
    // then opens the file for this read only). A refusal is remembered until
    // start_sweep().
    bool take();
    void give();

    // Called once per collection: whether take() refused since the last call.
    bool start_sweep();

    std::size_t held() const { return m_held; }
    // The process's share as this budget sees it: half the soft
    // RLIMIT_NOFILE when it was made (after raising it, if asked).
    std::size_t process_share() const { return m_share; }
    // Handles kept by every budget of the process.
    static std::size_t process_held();

private:
    std::size_t m_limit;
    std::size_t m_share = 0;
    std::size_t m_held = 0;
    bool m_refused = false;
};

}  // namespace wpo::procfs
