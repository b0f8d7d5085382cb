// SPDX-License-Identifier: Apache-2.0
// Atomic access to words of a shared-memory segment. The segment is raw
// memory shared with another process, so its words are reached through
// std::atomic_ref at offsets the reader has validated (8-aligned, in
// bounds). Lock-free on every target we build for (x86-64 Linux and Windows).
//
// The sequence-counter protocol uses no standalone fences (ThreadSanitizer
// does not model them, and g++ refuses them under -fsanitize=thread):
// values are stored with release and loaded with acquire, which on x86-64
// are the same plain moves as relaxed ones.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace wpo::published {

static_assert(std::atomic_ref<std::uint64_t>::is_always_lock_free);
static_assert(std::atomic_ref<std::uint32_t>::is_always_lock_free);

template <class T>
inline std::atomic_ref<T> shared_word(const std::byte* p)
{
    // The reader's mapping may be read-only: atomic_ref only loads through it.
    return std::atomic_ref<T>(*reinterpret_cast<T*>(const_cast<std::byte*>(p)));
}

inline std::uint32_t load_acquire_u32(const std::byte* p)
{
    return shared_word<std::uint32_t>(p).load(std::memory_order_acquire);
}
inline std::uint32_t load_relaxed_u32(const std::byte* p)
{
    return shared_word<std::uint32_t>(p).load(std::memory_order_relaxed);
}
inline std::uint64_t load_relaxed_u64(const std::byte* p)
{
    return shared_word<std::uint64_t>(p).load(std::memory_order_relaxed);
}
inline std::uint64_t load_acquire_u64(const std::byte* p)
{
    return shared_word<std::uint64_t>(p).load(std::memory_order_acquire);
}

}  // namespace wpo::published
