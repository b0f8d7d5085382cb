// SPDX-License-Identifier: Apache-2.0
// Which processes are Linux kernel threads. kthreadd (PID 2) starts every
// kernel thread, so a kernel thread is PID 2 itself or a process whose parent
// ("Creating Process ID") is 2. A user process never has parent 2, and on
// Windows no process has PID 2 (its PIDs are multiples of 4), so the rule
// marks nothing there.
#pragma once

#include <cstdint>
#include <span>
#include <unordered_set>

namespace perfscope::gui {

struct ProcessParent {
    std::uint64_t pid = 0;
    std::uint64_t parent_pid = 0;
};

inline constexpr std::uint64_t kKthreaddPid = 2;
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
