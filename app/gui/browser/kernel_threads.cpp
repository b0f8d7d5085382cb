// SPDX-License-Identifier: Apache-2.0
#include "kernel_threads.h"

namespace perfscope::gui {

std::unordered_set<std::uint64_t> kernel_thread_pids(std::span<const ProcessParent> processes)
{
    std::unordered_set<std::uint64_t> out;
    for (const ProcessParent& p : processes)
        if (p.pid == kKthreaddPid || p.parent_pid == kKthreaddPid)
            out.insert(p.pid);
    return out;
}

}  // namespace perfscope::gui
