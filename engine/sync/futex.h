// SPDX-License-Identifier: Apache-2.0
// The Linux futex calls the locks of sync/ sleep and wake with. Private
// futexes: the words live in this process only, which spares the kernel the
// lookup of a shared mapping.
#pragma once

#include <atomic>
#include <cstdint>

namespace wpo::futex {

// Sleeps while `word` holds `expected`; the kernel compares and queues
// atomically, so a wake after any change of the word is never lost. Returns
// early on any wake, a signal or a value that already differs: callers
// re-check their condition in a loop.
void wait(std::atomic<std::uint32_t>& word, std::uint32_t expected);

// Wakes up to one / all threads sleeping in wait() on `word`.
void wake_one(std::atomic<std::uint32_t>& word);
void wake_all(std::atomic<std::uint32_t>& word);

}  // namespace wpo::futex
