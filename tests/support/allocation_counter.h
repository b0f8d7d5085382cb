// SPDX-License-Identifier: Apache-2.0
// Counts heap allocations, for tests that prove a path allocates nothing.
// Linking the perfscope_allocation_counter library into a test executable
// replaces the global operator new/delete of that whole executable (so link
// it only into executables of their own). Counting is a process-wide switch:
// allocations on every thread count while it is on.
#pragma once

#include <cstdint>

namespace wpo::test {

// Allocations counted so far (never reset: take differences).
std::uint64_t allocations();
// Turns counting on or off; returns whether it was on.
bool set_counting(bool on);

// Allocations made by `f`, on any thread.
template <class F>
std::uint64_t allocations_in(F&& f)
{
    const std::uint64_t before = allocations();
    const bool was = set_counting(true);
    f();
    set_counting(was);
    return allocations() - before;
}

// Not counted while alive: for work that is not under test (a source's own
// collection inside a counted sample).
class UncountedScope {
public:
    UncountedScope() : m_was(set_counting(false)) {}
    ~UncountedScope() { set_counting(m_was); }
    UncountedScope(const UncountedScope&) = delete;
    UncountedScope& operator=(const UncountedScope&) = delete;

private:
    bool m_was;
};

}  // namespace wpo::test
