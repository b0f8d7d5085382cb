// SPDX-License-Identifier: Apache-2.0
// The reader-writer lock of snapshots and cache items (docs/snapshots-and-cache.md §5).
//
// Satisfies Lockable and SharedLockable: use std::unique_lock / std::shared_lock.
// On every platform:
// * no allocation on acquire or release, nor on construction: the lock is
//   its state (16 bytes on Linux, one pointer on Windows);
// * no system call when uncontended: one atomic read-modify-write to acquire
//   and one to release, in both modes;
// * not recursive, in either mode: a thread that holds it must not acquire it
//   again (not even shared twice: a writer that arrived in between would
//   deadlock both). Misuse is not detected;
// * try_lock and try_lock_shared never block and never fail spuriously on
//   Linux (they fail only when the state of the lock says so).
//
// Linux (futex; the design is explained in rw_lock.cpp): phase-fair.
// * Once a writer waits, newly arriving readers queue behind it (and
//   try_lock_shared fails), so a writer behind a continuous stream of
//   readers waits only for the readers already inside to leave.
// * When a writer releases, every reader that queued while it held or waited
//   is admitted at once, before any next writer, so a stream of writers
//   cannot starve readers either: a queued reader gets in when the writer
//   phase in progress (or, if none holds yet, the next one) ends.
// * Writers are not ordered among themselves: a writer that arrives while
//   another waits may overtake it. The bound above is on a writer's wait
//   behind readers, not behind other writers.
// * Contended waits spin briefly (with a pause hint), then sleep in the
//   kernel; a release issues a futex wake only when a waiter sleeps.
// * At most 2^20 - 1 threads may hold or wait for one lock at a time.
//
// Windows: a wrapper around SRWLOCK, the lock the thesis (docs/snapshots-and-cache.md §1) used on Vista
// and later (same costs: no allocation, no kernel call uncontended). SRWLOCK
// is documented as neither reader- nor writer-preferring and promises no
// fairness; phase fairness is a property of the Linux lock only. What
// tests/sync checks under Wine (docs/windows-under-wine.md §1.5): a waiting writer stops new readers
// (try_lock_shared fails too), so writers are not starved by readers; but
// Wine wakes waiting writers before queued readers, so a stream of writers
// can keep readers out there.
//
// Tested in tests/sync/rw_lock_test.cpp, measured in tests/bench/rwlock_bench.cpp.
#pragma once

#ifndef _WIN32
#include <atomic>
#include <cstdint>
#endif

namespace wpo {

class RwLock {
public:
    RwLock() = default;
    RwLock(const RwLock&) = delete;
    RwLock& operator=(const RwLock&) = delete;

    void lock();
    bool try_lock();
    void unlock();

    void lock_shared();
    bool try_lock_shared();
    void unlock_shared();

private:
#ifdef _WIN32
    // An SRWLOCK: a struct holding one pointer, SRWLOCK_INIT being all zero.
    // Kept as a void* so that this header does not pull in <windows.h>;
    // rw_lock.cpp checks that size and alignment match.
    void* m_srw = nullptr;
#else
    void lock_slow();
    void lock_shared_slow();
    void wake_writer();
    void wake_readers();

    // m_state, from the low bits up (see rw_lock.cpp for the protocol):
    // active readers, queued readers, waiting writers (20 bits each), then
    // flags: a writer holds it, a queued reader sleeps, a waiting writer
    // sleeps, and the phase bit that flips each time queued readers are
    // admitted.
    static constexpr int kCountBits = 20;
    static constexpr std::uint64_t kCountMask = (std::uint64_t{1} << kCountBits) - 1;
    static constexpr int kQueuedShift = kCountBits;
    static constexpr int kWaitingShift = 2 * kCountBits;
    static constexpr std::uint64_t kReader = 1;
    static constexpr std::uint64_t kReaders = kCountMask;
    static constexpr std::uint64_t kQueuedReader = std::uint64_t{1} << kQueuedShift;
    static constexpr std::uint64_t kQueuedReaders = kCountMask << kQueuedShift;
    static constexpr std::uint64_t kWaitingWriter = std::uint64_t{1} << kWaitingShift;
    static constexpr std::uint64_t kWaitingWriters = kCountMask << kWaitingShift;
    static constexpr std::uint64_t kWriter = std::uint64_t{1} << 60;
    static constexpr std::uint64_t kReadersSleep = std::uint64_t{1} << 61;
    static constexpr std::uint64_t kWritersSleep = std::uint64_t{1} << 62;
    static constexpr std::uint64_t kPhase = std::uint64_t{1} << 63;

    std::atomic<std::uint64_t> m_state{0};
    // Futex words: bumped before every wake of their side, so a waiter that
    // read the old value before deciding to sleep cannot miss the wake.
    std::atomic<std::uint32_t> m_reader_wake{0};
    std::atomic<std::uint32_t> m_writer_wake{0};
#endif
};

}  // namespace wpo
