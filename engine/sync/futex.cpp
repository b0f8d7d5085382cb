// SPDX-License-Identifier: Apache-2.0
#include "sync/futex.h"

#include <climits>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace wpo::futex {
namespace {

// The kernel reads the word as a plain aligned 32-bit integer.
static_assert(sizeof(std::atomic<std::uint32_t>) == sizeof(std::uint32_t));
static_assert(std::atomic<std::uint32_t>::is_always_lock_free);

std::uint32_t* address(std::atomic<std::uint32_t>& word)
{
    return reinterpret_cast<std::uint32_t*>(&word);
}

}  // namespace

void wait(std::atomic<std::uint32_t>& word, std::uint32_t expected)
{
    // EAGAIN (the value changed), EINTR and spurious returns all mean the
    // same to the caller: look at the lock again.
    syscall(SYS_futex, address(word), FUTEX_WAIT_PRIVATE, expected, nullptr, nullptr, 0);
}

void wake_one(std::atomic<std::uint32_t>& word)
{
    syscall(SYS_futex, address(word), FUTEX_WAKE_PRIVATE, 1, nullptr, nullptr, 0);
}

void wake_all(std::atomic<std::uint32_t>& word)
{
    syscall(SYS_futex, address(word), FUTEX_WAKE_PRIVATE, INT_MAX, nullptr, nullptr, 0);
}

}  // namespace wpo::futex
