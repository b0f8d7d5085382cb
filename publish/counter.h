// SPDX-License-Identifier: Apache-2.0
// A handle of one published value: a 64-bit word in the shared segment.
// add() and set() are single atomic operations: no lock, no system call,
// safe from any thread. They are release operations so that inside a
// grouped update (Instance::update) they cannot become visible before the
// slot's odd sequence count; on x86-64 that costs nothing over relaxed
// (docs/publishing.md, "Publishing from your application"). Copyable;
// valid while its Publisher lives.
#pragma once

#include "published/shared_atomic.h"

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace wpo::publish {

class Counter {
public:
    Counter() = default;
    explicit Counter(std::byte* word) : m_word(word) {}

    void add(std::uint64_t n = 1) const
    {
        published::shared_word<std::uint64_t>(m_word).fetch_add(n, std::memory_order_release);
    }
    void set(std::uint64_t value) const
    {
        published::shared_word<std::uint64_t>(m_word).store(value, std::memory_order_release);
    }
    std::uint64_t get() const { return published::load_relaxed_u64(m_word); }
    bool valid() const { return m_word != nullptr; }

private:
    std::byte* m_word = nullptr;
};

}  // namespace wpo::publish
