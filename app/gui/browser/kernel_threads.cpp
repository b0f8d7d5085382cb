// SPDX-License-Identifier: Apache-2.0
#include "gui/browser/kernel_threads.h"

namespace perfscope::gui {

std::unordered_set<std::uint64_t> kernel_thread_pids(std::span<const ProcessParent> processes)
{
    std::unordered_set<std::uint64_t> out;
    for (const ProcessParent& p : processes)
        if (p.name == "kthreadd" && p.parent_pid == 0)
            out.insert(p.pid);
    if (out.empty())
        return out;
    for (const ProcessParent& p : processes)
        if (out.contains(p.parent_pid))
            out.insert(p.pid);
    return out;
}

}  // namespace perfscope::gui
