// SPDX-License-Identifier: Apache-2.0
#include "allocation_counter.h"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {

std::atomic<bool> g_counting{false};
std::atomic<std::uint64_t> g_allocations{0};

void* allocate(std::size_t size)
{
    if (g_counting.load(std::memory_order_relaxed))
        g_allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(size == 0 ? 1 : size))
        return p;
    throw std::bad_alloc();
}

}  // namespace

namespace wpo::test {

std::uint64_t allocations()
{
    return g_allocations.load(std::memory_order_relaxed);
}

bool set_counting(bool on)
{
    return g_counting.exchange(on);
}

}  // namespace wpo::test

// The aligned forms are not replaced: nothing under test over-aligns, and
// the default ones pair with their own deletes. noinline: g++ -O3 would
// inline them into callers and then warn about free() on what `new` returned
// (-Wmismatched-new-delete), although the pair is ours.
[[gnu::noinline]] void* operator new(std::size_t size)
{
    return allocate(size);
}
[[gnu::noinline]] void* operator new[](std::size_t size)
{
    return allocate(size);
}
[[gnu::noinline]] void* operator new(std::size_t size, const std::nothrow_t&) noexcept
{
    try {
        return allocate(size);
    } catch (...) {
        return nullptr;
    }
}
[[gnu::noinline]] void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept
{
    return operator new(size, tag);
}
[[gnu::noinline]] void operator delete(void* p) noexcept
{
    std::free(p);
}
[[gnu::noinline]] void operator delete[](void* p) noexcept
{
    std::free(p);
}
[[gnu::noinline]] void operator delete(void* p, std::size_t) noexcept
{
    std::free(p);
}
[[gnu::noinline]] void operator delete[](void* p, std::size_t) noexcept
{
    std::free(p);
}
[[gnu::noinline]] void operator delete(void* p, const std::nothrow_t&) noexcept
{
    std::free(p);
}
[[gnu::noinline]] void operator delete[](void* p, const std::nothrow_t&) noexcept
{
    std::free(p);
}
