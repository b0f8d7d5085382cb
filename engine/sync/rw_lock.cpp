// SPDX-License-Identifier: Apache-2.0
#include "sync/rw_lock.h"

#ifdef _WIN32

#include <windows.h>

namespace wpo {
namespace {

// rw_lock.h stores the SRWLOCK as a void* to keep <windows.h> out of every
// includer. SRWLOCK is `struct { PVOID Ptr; }` and SRWLOCK_INIT is all zero,
// which is what the member's nullptr initialiser gives.
static_assert(sizeof(SRWLOCK) == sizeof(void*));
static_assert(alignof(SRWLOCK) <= alignof(void*));

PSRWLOCK srw(void*& storage)
{
    return reinterpret_cast<PSRWLOCK>(&storage);
}

}  // namespace

void RwLock::lock()
{
    AcquireSRWLockExclusive(srw(m_srw));
}

bool RwLock::try_lock()
{
    return TryAcquireSRWLockExclusive(srw(m_srw)) != 0;
}

void RwLock::unlock()
{
    ReleaseSRWLockExclusive(srw(m_srw));
}

void RwLock::lock_shared()
{
    AcquireSRWLockShared(srw(m_srw));
}

bool RwLock::try_lock_shared()
{
    return TryAcquireSRWLockShared(srw(m_srw)) != 0;
}

void RwLock::unlock_shared()
{
    ReleaseSRWLockShared(srw(m_srw));
}

}  // namespace wpo

#elif defined(__linux__)

#include "sync/futex.h"

// The protocol. Everything that decides who may enter lives in the one 64-bit
// word m_state and changes only by compare-and-swap or fetch-add, so every
// decision sees a consistent picture:
//
//   R  active readers          RQ readers queued behind a writer
//   WQ writers waiting          W  a writer holds the lock
//   RS a queued reader sleeps   WS a waiting writer sleeps
//   P  phase, flipped each time the queued readers are admitted
//
// * A reader enters (R+1) when W = 0 and WQ = 0. Otherwise it queues (RQ+1),
//   remembers P, and waits for P to flip. It never enters on its own after
//   queueing: the writer that releases admits it.
// * A writer enters (W = 1) when W = 0 and R = 0. Otherwise it waits (WQ+1)
//   from its first failed try on, which is what stops new readers: from then
//   on only the readers already inside hold it up.
// * A writer that releases while RQ > 0 moves all queued readers to R in the
//   same step (R = RQ, RQ = 0, flip P), so they are inside before any next
//   writer can see R = 0: phase fairness. WQ is untouched, so readers that
//   arrive after that handover queue again behind the waiting writers.
// Invariants: W = 1 implies R = 0; RQ > 0 implies W = 1 or WQ > 0 (a reader
// queues only behind a writer, and the writers' releases empty RQ), so queued
// readers always have a release coming that admits them.
//
// Why one phase bit is enough: a queued reader is admitted by the first flip
// after it queued, and no second flip can happen before it leaves, because it
// is then counted in R and no writer enters while R > 0.
//
// Sleeping without lost wakeups. Each side sleeps on its own 32-bit futex
// word, m_reader_wake or m_writer_wake, which a waker increments (release)
// after the state change that ends the wait and before futex wake. A sleeper
//   1. reads the futex word (acquire),
//   2. reads the state: if its wait is over it does not sleep,
//   3. makes sure RS / WS is set (a compare-and-swap from the state it just
//      judged, so a change in between makes it start over),
//   4. calls futex wait with the value from 1.
// Take the waker's state change M and its bump B of the futex word (after M,
// release):
// * If the sleeper read B's value in 1, M happens-before 2: the sleeper sees
//   that its wait is over and does not sleep.
// * Otherwise its futex wait compares against a value older than B: if B has
//   happened the call returns at once; if not, the wake that follows B finds
//   the sleeper queued (the kernel compares and queues under the futex
//   bucket lock).
// * The waker wakes if M sees the flag. Once set (in 3, or earlier by another
//   sleeper) the flag stays until no sleeper of its side is left, so every
//   later M sees it; and an M between 2 and the compare-and-swap in 3 makes
//   that compare-and-swap fail, and the sleeper starts over.
// RS is cleared by the handover that admits every queued reader, hence
// every sleeping reader: wake all. WS is cleared only when the last waiting
// writer enters (WQ drops to 0); until then each release that makes the lock
// free for writers wakes one sleeping writer. That writer either enters or
// finds that another writer (a spinner or a newcomer) got there first, whose
// release wakes again (or, if it hands over to queued readers, the last of
// those readers' release does), so a sleeping writer always has a wake
// coming.
//
// Memory order: entering is an acquire read-modify-write (or, for an admitted
// reader, an acquire load of the flipped phase), leaving a release one. All
// writes to m_state are read-modify-writes, so each release heads a release
// sequence that any later acquire of the word synchronises with: a writer
// entering after many readers leave synchronises with every one of them.
// ThreadSanitizer sees exactly this; the futex calls carry no ordering of
// their own that the lock relies on.

namespace wpo {
namespace {

// A short spin before sleeping pays off when the holder leaves within a
// microsecond or so (readers' critical sections here are lookups). Kept short
// because a spinning waiter takes the core a holder may need: on two cores,
// rwlock_bench's writer waits grew with the spin (p50 5.5 us at 16 or 32
// iterations, 7 us at 64, 9 us at 128, 33 us at 1024).
constexpr int kSpins = 32;

inline void cpu_pause()
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    asm volatile("yield" ::: "memory");
#endif
}

}  // namespace

// ---- readers ---------------------------------------------------------------

void RwLock::lock_shared()
{
    std::uint64_t state = m_state.load(std::memory_order_relaxed);
    if ((state & (kWriter | kWaitingWriters)) == 0 &&
        m_state.compare_exchange_strong(state, state + kReader, std::memory_order_acquire, std::memory_order_relaxed))
        return;
    lock_shared_slow();
}

void RwLock::lock_shared_slow()
{
    std::uint64_t state = m_state.load(std::memory_order_relaxed);
    std::uint64_t phase = 0;
    for (;;) {
        if ((state & (kWriter | kWaitingWriters)) == 0) {
            if (m_state.compare_exchange_weak(state, state + kReader, std::memory_order_acquire,
                                              std::memory_order_relaxed))
                return;
            continue;
        }
        if (m_state.compare_exchange_weak(state, state + kQueuedReader, std::memory_order_relaxed,
                                          std::memory_order_relaxed)) {
            phase = state & kPhase;
            break;
        }
    }

    // Queued: the releasing writer counts us into R and flips the phase.
    for (int i = 0; i < kSpins; ++i) {
        if ((m_state.load(std::memory_order_acquire) & kPhase) != phase)
            return;
        cpu_pause();
    }
    for (;;) {
        const std::uint32_t ticket = m_reader_wake.load(std::memory_order_acquire);
        state = m_state.load(std::memory_order_acquire);
        if ((state & kPhase) != phase)
            return;
        if ((state & kReadersSleep) == 0 &&
            !m_state.compare_exchange_strong(state, state | kReadersSleep, std::memory_order_relaxed,
                                             std::memory_order_relaxed))
            continue;
        futex::wait(m_reader_wake, ticket);
    }
}

bool RwLock::try_lock_shared()
{
    std::uint64_t state = m_state.load(std::memory_order_relaxed);
    while ((state & (kWriter | kWaitingWriters)) == 0) {
        if (m_state.compare_exchange_weak(state, state + kReader, std::memory_order_acquire, std::memory_order_relaxed))
            return true;
    }
    return false;
}

void RwLock::unlock_shared()
{
    const std::uint64_t before = m_state.fetch_sub(kReader, std::memory_order_release);
    // WS implies WQ > 0; the last reader out lets a writer in.
    if ((before & kReaders) == kReader && (before & kWritersSleep) != 0)
        wake_writer();
}

// ---- writers ---------------------------------------------------------------

void RwLock::lock()
{
    std::uint64_t state = m_state.load(std::memory_order_relaxed);
    if ((state & (kWriter | kReaders)) == 0 &&
        m_state.compare_exchange_strong(state, state | kWriter, std::memory_order_acquire, std::memory_order_relaxed))
        return;
    lock_slow();
}

void RwLock::lock_slow()
{
    std::uint64_t state = m_state.load(std::memory_order_relaxed);
    bool waiting = false;
    int spins = 0;
    for (;;) {
        if ((state & (kWriter | kReaders)) == 0) {
            std::uint64_t next = state | kWriter;
            if (waiting) {
                next -= kWaitingWriter;
                // The last waiting writer: no writer can be asleep any more.
                if ((next & kWaitingWriters) == 0)
                    next &= ~kWritersSleep;
            }
            if (m_state.compare_exchange_weak(state, next, std::memory_order_acquire, std::memory_order_relaxed))
                return;
            continue;
        }
        if (!waiting) {
            // Registering first, before any spinning, is what bounds the wait:
            // readers arriving from now on queue instead of entering.
            if (m_state.compare_exchange_weak(state, state + kWaitingWriter, std::memory_order_relaxed,
                                              std::memory_order_relaxed)) {
                waiting = true;
                state += kWaitingWriter;
            }
            continue;
        }
        if (spins < kSpins) {
            ++spins;
            cpu_pause();
            state = m_state.load(std::memory_order_relaxed);
            continue;
        }
        const std::uint32_t ticket = m_writer_wake.load(std::memory_order_acquire);
        state = m_state.load(std::memory_order_relaxed);
        if ((state & (kWriter | kReaders)) == 0)
            continue;
        if ((state & kWritersSleep) == 0 &&
            !m_state.compare_exchange_strong(state, state | kWritersSleep, std::memory_order_relaxed,
                                             std::memory_order_relaxed))
            continue;
        futex::wait(m_writer_wake, ticket);
        state = m_state.load(std::memory_order_relaxed);
    }
}

bool RwLock::try_lock()
{
    std::uint64_t state = m_state.load(std::memory_order_relaxed);
    while ((state & (kWriter | kReaders)) == 0) {
        if (m_state.compare_exchange_weak(state, state | kWriter, std::memory_order_acquire, std::memory_order_relaxed))
            return true;
    }
    return false;
}

void RwLock::unlock()
{
    std::uint64_t state = m_state.load(std::memory_order_relaxed);
    for (;;) {
        std::uint64_t next = state & ~kWriter;
        const std::uint64_t queued = (state & kQueuedReaders) >> kQueuedShift;
        if (queued != 0) {
            // Hand over to every queued reader at once (R was 0 under W).
            next = ((next & ~(kQueuedReaders | kReadersSleep)) ^ kPhase) + queued * kReader;
        }
        if (m_state.compare_exchange_weak(state, next, std::memory_order_release, std::memory_order_relaxed))
            break;
    }
    if ((state & kQueuedReaders) != 0) {
        if ((state & kReadersSleep) != 0)
            wake_readers();
    } else if ((state & kWritersSleep) != 0) {
        wake_writer();
    }
}

// ---- wakes -----------------------------------------------------------------

void RwLock::wake_writer()
{
    m_writer_wake.fetch_add(1, std::memory_order_release);
    futex::wake_one(m_writer_wake);
}

void RwLock::wake_readers()
{
    m_reader_wake.fetch_add(1, std::memory_order_release);
    futex::wake_all(m_reader_wake);
}

}  // namespace wpo

#else
#error "wpo::RwLock has an implementation for Linux (futex) and Windows (SRWLOCK) only"
#endif
