// SPDX-License-Identifier: Apache-2.0
// Snapshots of the real /proc while hundreds of real child processes start
// and end under them (Linux only). Every ~50 ms two entities on one cache
// (the second mostly served from the cache) measure the whole Process object,
// and each cycle checks what must hold however the processes come and go:
//
// * every Process instance's ID Process value is the PID of its identity
//   (values are matched to instances by identity, never by position), and a
//   busy child, which names itself "cz<pid>" (prctl), is listed under that
//   name at that position (its name comes from /proc/<pid>/stat, not from
//   the ID Process counter the identity is made of);
// * our children's % Processor Time (uncapped) is valid, or first_sample
//   only when the entity did not see the child before, and lies in
//   [0, 110 %] widened by the clock-tick granularity of /proc (a pairing of
//   two different processes' CPU times would give negative_delta or nonsense);
// * a child that was reaped never appears in a sample taken after the reap.
#include "snapshot/snapshot.h"
#include "sources/procfs/linux_indices.h"
#include "sources/procfs/procfs_clock.h"
#include "sources/procfs/procfs_source.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <map>
#include <random>
#include <set>
#include <string>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace wpo {
namespace {

namespace ix = procfs_index;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

constexpr auto kInterval = 50ms;
constexpr auto kMinDuration = 3s;
constexpr auto kMaxDuration = 60s;  // a safety net: children are started until enough were checked
constexpr int kChildrenPerCycle = 5;
constexpr int kMinChildren = 320;
constexpr std::uint64_t kMinChildRates = 100;  // rates (and named children) each entity must have checked
constexpr int kMinLifeMs = 10;
constexpr int kMaxLifeMs = 400;
constexpr double kMaxPercent = 110.0;

std::int64_t now_filetime()
{
    return ProcfsClock::system().wall_filetime();
}

// The child: busy (or asleep through /bin/sh and sleep(1)) for `life_ms`,
// then exits. Only async-signal-safe calls after fork.
[[noreturn]] void child_main(int life_ms, bool busy)
{
    // Below the test process, so that sampling keeps its ~50 ms rhythm.
    (void)setpriority(PRIO_PROCESS, 0, 10);
    if (!busy) {
        char command[48];
        std::snprintf(command, sizeof command, "exec sleep 0.%03d", life_ms);
        execl("/bin/sh", "sh", "-c", command, static_cast<char*>(nullptr));
        _exit(127);
    }
    // "cz<pid>", written without snprintf (only async-signal-safe calls).
    char name[16] = {'c', 'z'};
    char digits[12];
    int n = 0;
    for (pid_t pid = getpid(); pid > 0 && n < 12; pid /= 10)
        digits[n++] = static_cast<char>('0' + pid % 10);
    for (int i = 0; i < n && i < 13; ++i)
        name[2 + i] = digits[n - 1 - i];
    (void)prctl(PR_SET_NAME, name, 0, 0, 0);
    timespec start{};
    clock_gettime(CLOCK_MONOTONIC, &start);
    const std::int64_t end = start.tv_sec * 1'000'000'000LL + start.tv_nsec + life_ms * 1'000'000LL;
    volatile std::uint64_t spin = 0;
    for (;;) {
        for (int i = 0; i < 10'000; ++i)
            spin = spin + 1;
        timespec now{};
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (now.tv_sec * 1'000'000'000LL + now.tv_nsec >= end)
            break;
    }
    _exit(0);
}

struct Child {
    bool busy = false;
};

// What one entity saw of our children in its previous cycle, and what the
// whole run found.
struct EntityCheck {
    const char* name = "";
    std::set<InstanceIdentity> seen_before;  // our children in the previous sample
    std::int64_t previous_time = 0;          // PerfTime100nSec of the previous sample
    std::uint64_t instances = 0;
    std::uint64_t named_children = 0;  // busy children found under their "cz<pid>" name
    std::uint64_t child_values = 0;
    std::uint64_t child_rates = 0;  // valid % Processor Time values of our children
    double max_percent = 0.0;
};

class SnapshotChurn : public ::testing::Test {
protected:
    void TearDown() override
    {
        for (const auto& [pid, child] : m_live) {
            kill(pid, SIGKILL);
            waitpid(pid, nullptr, 0);
        }
        m_live.clear();
    }

    void start_children(int count)
    {
        for (int i = 0; i < count; ++i) {
            const int life_ms = std::uniform_int_distribution<int>(kMinLifeMs, kMaxLifeMs)(m_random);
            const bool busy = m_random() % 3 != 0;
            const pid_t pid = fork();
            ASSERT_GE(pid, 0) << "fork failed, errno " << errno;
            if (pid == 0)
                child_main(life_ms, busy);
            m_live[pid] = Child{busy};
            m_reaped.erase(pid);  // a reused PID is a new child
            ++m_started;
        }
    }

    // Reaps every child that ended, and notes when.
    void reap(bool block)
    {
        for (;;) {
            int status = 0;
            const pid_t pid = waitpid(-1, &status, block ? 0 : WNOHANG);
            if (pid <= 0)
                return;
            const std::int64_t at = now_filetime();
            if (m_live.erase(pid) == 1) {
                m_reaped[pid] = at;
                ++m_reaped_count;
                EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "child " << pid << " status " << status;
            }
        }
    }

    void cycle(Snapshot& snapshot)
    {
        const auto started = Clock::now();
        ASSERT_TRUE(snapshot.prepare());
        auto sampled = snapshot.sample();
        ASSERT_TRUE(sampled) << sampled.error().describe();
        m_max_sample = std::max(m_max_sample, Clock::now() - started);
        auto decoded = snapshot.decode();
        ASSERT_TRUE(decoded) << decoded.error().describe();
    }

    void check(const Snapshot& snapshot, EntityCheck& entity)
    {
        auto time = snapshot.object_time(ix::kProcess);
        ASSERT_TRUE(time) << time.error().describe();
        const std::int64_t sample_time = time->perf_time_100ns;
        ASSERT_GT(sample_time, entity.previous_time) << entity.name << ": the sample is not newer than the last";
        const double interval = static_cast<double>(sample_time - entity.previous_time) / 1e7;

        // /proc counts CPU time in clock ticks, each process read somewhere
        // within the collection: widen the bound by two ticks and the time
        // the longest collection took, on each side of the interval.
        const double tick = 1.0 / static_cast<double>(sysconf(_SC_CLK_TCK));
        const double slack = 2 * tick + 2 * std::chrono::duration<double>(m_max_sample).count();
        const double bound = kMaxPercent * (interval + slack) / interval;

        ASSERT_TRUE(snapshot.identities(ix::kProcess, m_ids));
        ASSERT_TRUE(snapshot.instances(ix::kProcess, m_instances));
        ASSERT_EQ(m_instances.size(), m_ids.size());
        auto values = snapshot.values();
        ASSERT_TRUE(values) << values.error().describe();
        std::set<InstanceIdentity> seen_now;
        for (const CalculatedValue& v : *values) {
            if (v.object_index != ix::kProcess)
                continue;
            ASSERT_GE(v.instance, 0);
            ASSERT_LT(static_cast<std::size_t>(v.instance), m_ids.size());
            const InstanceIdentity& id = m_ids[static_cast<std::size_t>(v.instance)];
            const auto pid = static_cast<pid_t>(id.id);
            if (id.kind != InstanceIdentity::Kind::process)
                continue;  // _Total: a name, no PID
            if (v.counter_index == ix::kIdProcess) {
                ++entity.instances;
                const std::string& name = m_instances[static_cast<std::size_t>(v.instance)].name;
                if (name.rfind("cz", 0) == 0) {
                    ++entity.named_children;
                    EXPECT_EQ(name, "cz" + std::to_string(id.id)) << entity.name << ": instance names and ids disagree";
                }
                ASSERT_TRUE(v.value.valid())
                    << entity.name << ": ID Process of " << id.id << " is " << to_string(v.value.status);
                EXPECT_EQ(static_cast<std::uint64_t>(v.value.as_double()), id.id)
                    << entity.name << ": ID Process value on another process's instance";
                // Reaped before this sample was taken, and not a new child with a reused PID.
                const auto reaped = m_reaped.find(pid);
                if (reaped != m_reaped.end() && !m_live.count(pid)) {
                    EXPECT_LT(sample_time, reaped->second)
                        << entity.name << ": child " << pid << " was reaped before the sample, yet appears in it";
                }
            }
            if (v.counter_index != ix::kPercentProcessorTime || !m_live.count(pid))
                continue;
            ++entity.child_values;
            seen_now.insert(id);
            const Value& value = v.value;
            EXPECT_NE(value.status, ValueStatus::negative_delta) << entity.name << ": child " << pid;
            if (value.status == ValueStatus::first_sample) {
                EXPECT_FALSE(entity.seen_before.count(id))
                    << entity.name << ": child " << pid << " was in the previous sample, yet decodes as first";
                continue;
            }
            ASSERT_TRUE(value.valid()) << entity.name << ": child " << pid << " % Processor Time is "
                                       << to_string(value.status);
            ++entity.child_rates;
            entity.max_percent = std::max(entity.max_percent, value.as_double());
            EXPECT_GE(value.as_double(), 0.0) << entity.name << ": child " << pid;
            EXPECT_LE(value.as_double(), bound) << entity.name << ": child " << pid << " over " << interval << " s";
        }
        entity.seen_before = std::move(seen_now);
        entity.previous_time = sample_time;
    }

    std::map<pid_t, Child> m_live;
    std::map<pid_t, std::int64_t> m_reaped;  // when, as a FILETIME (the blocks' PerfTime100nSec clock)
    std::uint64_t m_started = 0;
    std::uint64_t m_reaped_count = 0;
    std::vector<InstanceIdentity> m_ids;
    std::vector<InstanceInfo> m_instances;
    Clock::duration m_max_sample{};
    std::minstd_rand m_random{20260104};
};

TEST_F(SnapshotChurn, ValuesStayWithTheirProcessesWhileHundredsComeAndGo)
{
    ProcfsSource source;
    SharedSource shared(source);
    PerfObjectCache cache;
    SnapshotOptions options;
    options.cache = &cache;
    options.decode.cap_percent = false;
    const CounterRequest whole_process[] = {{ix::kProcess, 0}};

    auto first = Snapshot::create(shared, SnapshotType::custom, whole_process, options);
    ASSERT_TRUE(first) << first.error().describe();
    auto second = Snapshot::create(shared, SnapshotType::custom, whole_process, options);
    ASSERT_TRUE(second) << second.error().describe();
    EntityCheck checks[2];
    checks[0].name = "first entity";
    checks[1].name = "second entity";
    Snapshot* entities[2] = {first->get(), second->get()};
    for (int e = 0; e < 2; ++e)
        checks[e].previous_time = entities[e]->object_time(ix::kProcess)->perf_time_100ns;
    const CacheStats before = cache.stats();

    Clock::duration forking{}, sampling{};
    std::size_t most_alive = 0;
    int cycles = 0;
    const auto begin = Clock::now();
    auto next = begin;
    // Until enough children were seen: on a loaded machine (sanitizers, other
    // builds) a cycle can outlast a child's life, so fewer rates per cycle
    // are checked and the run goes on longer rather than checking too little.
    auto enough = [&] {
        return m_started >= kMinChildren && checks[0].child_rates > kMinChildRates &&
               checks[1].child_rates > kMinChildRates && checks[0].named_children > kMinChildRates &&
               checks[1].named_children > kMinChildRates;
    };
    while ((Clock::now() - begin < kMinDuration || !enough()) && Clock::now() - begin < kMaxDuration) {
        const auto fork_start = Clock::now();
        start_children(kChildrenPerCycle);
        forking += Clock::now() - fork_start;
        if (HasFatalFailure())
            return;
        most_alive = std::max(most_alive, m_live.size());
        next += kInterval;
        std::this_thread::sleep_until(next);
        reap(false);
        const auto sample_start = Clock::now();
        for (int e = 0; e < 2; ++e) {
            cycle(*entities[e]);
            check(*entities[e], checks[e]);
            if (HasFatalFailure())
                return;
        }
        sampling += Clock::now() - sample_start;
        ++cycles;
    }
    // The rest: wait for every child, then a sample none of them may be in.
    reap(true);
    for (int e = 0; e < 2; ++e) {
        cycle(*entities[e]);
        check(*entities[e], checks[e]);
    }
    const CacheStats after = cache.stats();

    std::printf("churn: %d cycles in %.1f s (%.1f s forking, %.1f s sampling and checking, longest sample %.1f ms), "
                "%llu children started, %llu reaped, up to %zu alive at once; "
                "cache hits %llu of %llu finds, %llu source queries\n",
                cycles, std::chrono::duration<double>(Clock::now() - begin).count(),
                std::chrono::duration<double>(forking).count(), std::chrono::duration<double>(sampling).count(),
                std::chrono::duration<double, std::milli>(m_max_sample).count(),
                static_cast<unsigned long long>(m_started), static_cast<unsigned long long>(m_reaped_count), most_alive,
                static_cast<unsigned long long>(after.hits - before.hits),
                static_cast<unsigned long long>(after.finds - before.finds),
                static_cast<unsigned long long>(after.source_queries - before.source_queries));
    for (const EntityCheck& e : checks)
        std::printf(
            "churn: %s: %llu instances, %llu named children, %llu child values, %llu child rates (max %.1f %%)\n",
            e.name, static_cast<unsigned long long>(e.instances), static_cast<unsigned long long>(e.named_children),
            static_cast<unsigned long long>(e.child_values), static_cast<unsigned long long>(e.child_rates),
            e.max_percent);

    EXPECT_GE(m_started, static_cast<std::uint64_t>(kMinChildren));
    EXPECT_EQ(m_reaped_count, m_started);
    EXPECT_GE(most_alive, 10u) << "children should overlap";
    for (const EntityCheck& e : checks)
        EXPECT_GT(e.child_rates, kMinChildRates) << e.name << ": too few rates of our children were checked";
    for (const EntityCheck& e : checks)
        EXPECT_GT(e.named_children, kMinChildRates) << e.name << ": too few children were found under their own name";
    EXPECT_GT(after.hits, before.hits) << "the second entity never got the first one's data from the cache";
    first->reset();
    second->reset();
    EXPECT_EQ(cache.outstanding_references(), 0u);
    EXPECT_EQ(cache.stats().outdated, 0u);
}

}  // namespace
}  // namespace wpo
