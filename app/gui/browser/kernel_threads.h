// SPDX-License-Identifier: Apache-2.0
// Which processes are Linux kernel threads. kthreadd starts every kernel
// thread, so a kernel thread is kthreadd itself or a process whose parent
// ("Creating Process ID") is kthreadd. kthreadd is the process of that name
// without a parent (PID 2 on a Linux host). The name matters: in a container
// PID 2 can be a user's process without a parent in the namespace, and there
// no kernel thread is visible at all. Windows has no kthreadd: nothing marked.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <unordered_set>

namespace perfscope::gui {

struct ProcessParent {
    std::uint64_t pid = 0;
    std::uint64_t parent_pid = 0;
    std::string_view name;  // the instance name as in the block ("kthreadd")
};
// Name indices as Windows and the procfs source give them.
inline constexpr std::uint32_t kProcessObject = 230;
inline constexpr std::uint32_t kThreadObject = 232;
inline constexpr std::uint32_t kIdProcessCounter = 784;
inline constexpr std::uint32_t kCreatingProcessIdCounter = 1410;

// Objects whose instances can be kernel threads.
constexpr bool lists_kernel_threads(std::uint32_t object)
{
    return object == kProcessObject || object == kThreadObject;
}

std::unordered_set<std::uint64_t> kernel_thread_pids(std::span<const ProcessParent> processes);

}  // namespace perfscope::gui
