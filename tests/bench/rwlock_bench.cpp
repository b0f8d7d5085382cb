// SPDX-License-Identifier: Apache-2.0
// RwLock benchmark: how long a writer waits for the lock while readers keep
// it busy, wpo::RwLock against std::shared_mutex, in one run.
//
// R = max(2, hardware threads) readers loop: acquire shared, ~1.5 us of busy
// work, release, acquire again at once, so that their hold times overlap and
// the lock is almost never free of readers. One writer, up to 2000 times with
// a short sleep in between, measures the time from calling lock() to holding
// it, holds it ~1 us and releases it.
//
// glibc's pthread rwlock (under std::shared_mutex) prefers readers: a writer
// can wait for as long as readers overlap. A watchdog keeps the run bounded:
// when a writer has waited 1 s, the readers stop acquiring until it is in,
// and that wait is recorded as censored at 1 s (a lower bound of the real
// one). Each lock gets at most kBudget of writer attempts.
//
//   RESULT rwlock_writer_wait_p99_ns <v> ns
//   RESULT shared_mutex_writer_wait_p99_ns <v> ns
//   RESULT rwlock_vs_shared_mutex_p99_ratio <v> x    rwlock p99 / shared_mutex p99 (below 1: wpo waits less)
// and, for information, p50, max, censored waits and attempts of both, and
// one uncontended acquire + release (average of exclusive and shared):
//   RESULT rwlock_uncontended_ns <v> ns
//   RESULT shared_mutex_uncontended_ns <v> ns
//
// It reports figures and never fails on timing (HACKING.md).
#include "sync/rw_lock.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <shared_mutex>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

constexpr int kAttempts = 2000;
constexpr auto kBudget = 7s;  // writer attempts per lock, at most
constexpr std::int64_t kCensorNs = 1'000'000'000;
constexpr auto kReaderHold = 1500ns;
constexpr auto kWriterHold = 1us;
constexpr auto kGap = 50us;
constexpr int kUncontendedRounds = 5'000'000;

std::int64_t now_ns()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
}

void busy_for(Clock::duration duration)
{
    const auto until = Clock::now() + duration;
    while (Clock::now() < until) {}
}

struct Contended {
    std::vector<std::int64_t> waits_ns;  // sorted
    int censored = 0;
    long reader_acquires = 0;
    double seconds = 0;
};

template <typename Lock>
Contended writer_wait(unsigned reader_count)
{
    Lock lock;
    std::atomic<bool> stop{false};
    std::atomic<std::int64_t> writer_since{0};  // when the waiting writer called lock(); 0: none waits
    std::atomic<bool> censor{false};
    std::atomic<long> reader_acquires{0};

    std::vector<std::thread> readers;
    for (unsigned r = 0; r < reader_count; ++r) {
        readers.emplace_back([&] {
            long acquires = 0;
            while (!stop.load(std::memory_order_relaxed)) {
                // The watchdog: a writer kept out for 1 s gets its way, by the
                // readers no longer coming back.
                const std::int64_t since = writer_since.load(std::memory_order_relaxed);
                if (since != 0 && now_ns() - since > kCensorNs) {
                    censor.store(true, std::memory_order_relaxed);
                    while (writer_since.load(std::memory_order_relaxed) == since && !stop.load())
                        std::this_thread::yield();
                    continue;
                }
                lock.lock_shared();
                busy_for(kReaderHold);
                lock.unlock_shared();
                ++acquires;
            }
            reader_acquires.fetch_add(acquires);
        });
    }
    std::this_thread::sleep_for(20ms);  // let the readers' stream settle

    Contended result;
    const auto begin = Clock::now();
    for (int attempt = 0; attempt < kAttempts && Clock::now() - begin < kBudget; ++attempt) {
        censor.store(false, std::memory_order_relaxed);
        const std::int64_t start = now_ns();
        writer_since.store(start, std::memory_order_relaxed);
        lock.lock();
        const std::int64_t acquired = now_ns();
        writer_since.store(0, std::memory_order_relaxed);
        const bool censored = censor.load(std::memory_order_relaxed);
        busy_for(kWriterHold);
        lock.unlock();
        result.waits_ns.push_back(censored ? kCensorNs : acquired - start);
        result.censored += censored ? 1 : 0;
        std::this_thread::sleep_for(kGap);
    }
    result.seconds = std::chrono::duration<double>(Clock::now() - begin).count();
    stop = true;
    for (auto& reader : readers)
        reader.join();
    result.reader_acquires = reader_acquires.load();
    std::sort(result.waits_ns.begin(), result.waits_ns.end());
    return result;
}

std::int64_t percentile(const std::vector<std::int64_t>& sorted, double p)
{
    if (sorted.empty())
        return 0;
    const auto rank = static_cast<std::size_t>(p * static_cast<double>(sorted.size()));
    return sorted[std::min(rank, sorted.size() - 1)];
}

// One acquire + release on one thread, averaged over the exclusive and the
// shared mode.
template <typename Lock>
double uncontended_ns(double& exclusive_ns, double& shared_ns)
{
    Lock lock;
    auto start = Clock::now();
    for (int i = 0; i < kUncontendedRounds; ++i) {
        lock.lock();
        lock.unlock();
    }
    exclusive_ns = std::chrono::duration<double, std::nano>(Clock::now() - start).count() / kUncontendedRounds;
    start = Clock::now();
    for (int i = 0; i < kUncontendedRounds; ++i) {
        lock.lock_shared();
        lock.unlock_shared();
    }
    shared_ns = std::chrono::duration<double, std::nano>(Clock::now() - start).count() / kUncontendedRounds;
    return (exclusive_ns + shared_ns) / 2;
}

void report(const char* name, const Contended& c)
{
    std::printf("RESULT %s_writer_wait_p50_ns %lld ns\n", name, static_cast<long long>(percentile(c.waits_ns, 0.50)));
    std::printf("RESULT %s_writer_wait_max_ns %lld ns\n", name,
                static_cast<long long>(c.waits_ns.empty() ? 0 : c.waits_ns.back()));
    std::printf("RESULT %s_writer_attempts %zu attempts\n", name, c.waits_ns.size());
    std::printf("RESULT %s_writer_censored %d attempts\n", name, c.censored);
    std::printf("RESULT %s_reader_acquires_per_s %.0f acquires/s\n", name,
                c.seconds > 0 ? static_cast<double>(c.reader_acquires) / c.seconds : 0.0);
}

}  // namespace

int main()
{
    const unsigned readers = std::max(2u, std::thread::hardware_concurrency());
    std::printf("rwlock_bench: %u readers holding ~%lld ns, 1 writer, up to %d attempts or %lld s per lock\n", readers,
                static_cast<long long>(std::chrono::nanoseconds(kReaderHold).count()), kAttempts,
                static_cast<long long>(std::chrono::seconds(kBudget).count()));

    double rw_exclusive = 0, rw_shared = 0, sm_exclusive = 0, sm_shared = 0;
    const double rw_uncontended = uncontended_ns<wpo::RwLock>(rw_exclusive, rw_shared);
    const double sm_uncontended = uncontended_ns<std::shared_mutex>(sm_exclusive, sm_shared);

    const Contended rw = writer_wait<wpo::RwLock>(readers);
    const Contended sm = writer_wait<std::shared_mutex>(readers);

    const auto rw_p99 = percentile(rw.waits_ns, 0.99);
    const auto sm_p99 = percentile(sm.waits_ns, 0.99);
    std::printf("RESULT rwlock_writer_wait_p99_ns %lld ns\n", static_cast<long long>(rw_p99));
    std::printf("RESULT shared_mutex_writer_wait_p99_ns %lld ns\n", static_cast<long long>(sm_p99));
    std::printf("RESULT rwlock_vs_shared_mutex_p99_ratio %.6f x\n",
                sm_p99 > 0 ? static_cast<double>(rw_p99) / static_cast<double>(sm_p99) : 0.0);
    report("rwlock", rw);
    report("shared_mutex", sm);
    std::printf("RESULT rwlock_uncontended_ns %.0f ns\n", rw_uncontended);
    std::printf("RESULT shared_mutex_uncontended_ns %.0f ns\n", sm_uncontended);
    std::printf("RESULT rwlock_uncontended_exclusive_ns %.0f ns\n", rw_exclusive);
    std::printf("RESULT rwlock_uncontended_shared_ns %.0f ns\n", rw_shared);
    std::printf("RESULT shared_mutex_uncontended_exclusive_ns %.0f ns\n", sm_exclusive);
    std::printf("RESULT shared_mutex_uncontended_shared_ns %.0f ns\n", sm_shared);
    return 0;
}
