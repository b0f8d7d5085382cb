// SPDX-License-Identifier: Apache-2.0
// Many snapshot entities on one cache over one source, from many threads at
// once, while processes start and end: 16 threads measure 48 entities of five
// kinds of request (10^5 prepare/sample/decode cycles in all, through the
// `_lock` variants) and two more threads browse those entities meanwhile.
//
// Every process burns a load that is a function of its PID, so the value each
// instance must get is known: a value that lands on the wrong instance (a
// pairing across processes, a copy handed to the wrong entity, a torn cached
// copy) shows as a wrong number. Meant for TSan and ASan as much as for the
// checks themselves.
//
// PERFSCOPE_STRESS_CYCLES overrides the total number of cycles (default 10^5).
#include "snapshot/snapshot.h"
#include "test_machine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace wpo {
namespace {

using namespace test;

constexpr int kThreads = 16;
constexpr int kEntitiesPerThread = 3;
constexpr int kEntities = kThreads * kEntitiesPerThread;
constexpr int kBrowsers = 2;
constexpr std::uint64_t kDefaultCycles = 100'000;

// Every collect moves the machine 10 ms forward; every kChurnEvery-th collect
// starts or ends a process. Few processes keep each cycle cheap under TSan.
constexpr double kStepSeconds = 0.01;
constexpr std::uint64_t kChurnEvery = 4;
constexpr std::size_t kMinProcesses = 4;
constexpr std::size_t kMaxProcesses = 10;
constexpr std::uint64_t kFirstPid = 100;
constexpr double kTolerance = 1e-6;
constexpr std::uint64_t kNamesEvery = 4;

// Never changed after start, so any two samples of one process give it.
double load_of(std::uint64_t pid)
{
    return static_cast<double>(pid % 10) / 10.0;
}

std::uint64_t total_cycles()
{
    const char* text = std::getenv("PERFSCOPE_STRESS_CYCLES");
    if (text == nullptr || *text == '\0')
        return kDefaultCycles;
    const unsigned long long parsed = std::strtoull(text, nullptr, 10);
    return parsed > 0 ? parsed : kDefaultCycles;
}

// The source every entity shares. SharedSource serialises collect(), so the
// machine is only ever touched by one thread at a time: time advances and
// processes come and go exactly when some entity queries.
class ChurningSource final : public Source {
public:
    explicit ChurningSource(TestMachine& machine) : m_machine(machine)
    {
        while (m_alive.size() < (kMinProcesses + kMaxProcesses) / 2)
            start();
    }

    Status collect(std::string_view query, std::vector<std::byte>& buffer) override
    {
        m_machine.advance(kStepSeconds);
        if (++m_collects % kChurnEvery == 0)
            churn();
        return m_machine.source().collect(query, buffer);
    }

    Result<NameTable> load_names() override { return m_machine.source().load_names(); }

    // Read after the threads joined.
    std::uint64_t started() const { return m_started; }
    std::uint64_t ended() const { return m_ended; }

private:
    void start()
    {
        const std::uint64_t pid = m_next_pid++;
        m_machine.start_process("worker", pid, load_of(pid));
        m_alive.push_back(pid);
        ++m_started;
    }

    void churn()
    {
        const bool full = m_alive.size() >= kMaxProcesses;
        const bool empty = m_alive.size() <= kMinProcesses;
        if (full || (!empty && m_random() % 2 == 0)) {
            // Not always the oldest: instances leave from every position.
            const std::size_t victim = m_random() % m_alive.size();
            m_machine.end_process(m_alive[victim]);
            m_alive.erase(m_alive.begin() + static_cast<std::ptrdiff_t>(victim));
            ++m_ended;
        }
        if (m_random() % 3 != 0 || m_alive.size() <= kMinProcesses)
            start();
    }

    TestMachine& m_machine;
    std::vector<std::uint64_t> m_alive;
    std::uint64_t m_next_pid = kFirstPid;
    std::uint64_t m_collects = 0;
    std::uint64_t m_started = 0;
    std::uint64_t m_ended = 0;
    std::minstd_rand m_random{20260104};
};

enum class Kind { whole_process, processor_time, system_processor, thread, global };
constexpr int kKinds = 5;

const char* to_string(Kind kind)
{
    switch (kind) {
    case Kind::whole_process: return "whole Process";
    case Kind::processor_time: return "Process % Processor Time";
    case Kind::system_processor: return "System + Processor";
    case Kind::thread: return "Thread";
    case Kind::global: return "Global";
    }
    return "?";
}

std::vector<CounterRequest> requests_of(Kind kind)
{
    switch (kind) {
    case Kind::whole_process: return {{kProcess, 0}};
    case Kind::processor_time: return {{kProcess, kProcessorTime}};
    case Kind::system_processor: return {{kSystem, 0}, {kProcessor, 0}};
    case Kind::thread: return {{kThread, 0}};
    case Kind::global: return {};
    }
    return {};
}

// Failures from any thread, reported by the main thread: gtest assertions are
// kept out of the workers, and a broken engine does not flood the log (the
// first 20 messages are kept, all are counted).
class Failures {
public:
    void add(const std::string& what)
    {
        std::lock_guard lock(m_mutex);
        if (m_messages.size() < kKept)
            m_messages.push_back(what);
        ++m_count;
    }
    std::size_t count() const
    {
        std::lock_guard lock(m_mutex);
        return m_count;
    }
    std::string summary() const
    {
        std::lock_guard lock(m_mutex);
        std::string out;
        for (const std::string& m : m_messages)
            out += "  " + m + "\n";
        return out;
    }

private:
    static constexpr std::size_t kKept = 20;
    mutable std::mutex m_mutex;
    std::vector<std::string> m_messages;
    std::size_t m_count = 0;
};

struct Entity {
    Kind kind = Kind::global;
    std::unique_ptr<Snapshot> snapshot;
    // The owner's record of its previous decode, sorted: an instance in it
    // must not decode as a first sample again.
    std::vector<InstanceIdentity> previous_processes;
    std::vector<InstanceIdentity> previous_threads;
};

// The name an instance must be shown with: a process "worker:<pid>", a thread
// "worker:<pid>/<tid>" under its own process (the parent is resolved in the
// block the thread came from). Empty for other objects.
std::string expected_display(std::uint32_t object, const InstanceIdentity& identity)
{
    if (object == kProcess)
        return "worker:" + std::to_string(identity.id);
    if (object == kThread)
        return "worker:" + std::to_string(identity.id - 1) + "/" + std::to_string(identity.id);
    return {};
}

// Checks one locked list of instances on its own.
void check_names(std::uint32_t object, std::span<const InstanceInfo> instances, const std::string& who,
                 Failures& failures)
{
    for (const InstanceInfo& info : instances) {
        const std::string expected = expected_display(object, info.identity);
        if (!expected.empty() && info.display != expected)
            failures.add(who + ": object " + std::to_string(object) + " instance with identity " +
                         std::to_string(info.identity.id) + " is shown as \"" + info.display + "\", expected \"" +
                         expected + "\" (parent \"" + info.parent + "\")");
    }
}

bool near(double value, double expected)
{
    return std::fabs(value - expected) <= kTolerance;
}

// What one copy of an entity's values must satisfy on its own (no
// identities needed, so browsers can check it from one locked copy): in a
// Process row, % Processor Time is 100 x the load of the row's ID Process; in
// a Thread row, ID Thread is its process's PID + 1 and the time is the load's.
// Counts the checked rates into `checked`.
void check_rows(std::span<const CalculatedValue> values, const char* who, Failures& failures, std::uint64_t& checked)
{
    std::size_t row_start = 0;
    while (row_start < values.size()) {
        std::size_t row_end = row_start + 1;
        while (row_end < values.size() && values[row_end].object_index == values[row_start].object_index &&
               values[row_end].instance == values[row_start].instance)
            ++row_end;
        const std::uint32_t object = values[row_start].object_index;
        const Value* pid = nullptr;
        const Value* tid = nullptr;
        const Value* time = nullptr;
        for (std::size_t i = row_start; i < row_end; ++i) {
            const CalculatedValue& v = values[i];
            if (v.counter_index == kIdProcess)
                pid = &v.value;
            else if (v.counter_index == kIdThread)
                tid = &v.value;
            else if (v.counter_index == kProcessorTime)
                time = &v.value;
        }
        const bool process_row = object == kProcess && pid != nullptr;
        const bool thread_row = object == kThread && pid != nullptr && tid != nullptr;
        if ((process_row || thread_row) && pid->valid()) {
            const auto process_id = static_cast<std::uint64_t>(pid->as_double());
            if (thread_row && (!tid->valid() || static_cast<std::uint64_t>(tid->as_double()) != process_id + 1))
                failures.add(std::string(who) + ": thread row of PID " + std::to_string(process_id) +
                             " has ID Thread " + std::to_string(tid->as_double()));
            if (time != nullptr && time->valid()) {
                ++checked;
                if (!near(time->as_double(), 100.0 * load_of(process_id)))
                    failures.add(std::string(who) + ": object " + std::to_string(object) + " row of PID " +
                                 std::to_string(process_id) + " has % Processor Time " +
                                 std::to_string(time->as_double()) + ", expected " +
                                 std::to_string(100.0 * load_of(process_id)));
            }
        }
        row_start = row_end;
    }
}

// The measuring thread's check after its own decode: nobody else measures
// this entity, so values and identities read under two locks still belong to
// one sample.
struct Checker {
    Failures& failures;
    Failures& name_failures;
    std::vector<CalculatedValue> values;
    std::vector<InstanceIdentity> process_ids;
    std::vector<InstanceIdentity> thread_ids;
    std::vector<InstanceInfo> instances;
    std::uint64_t name_checks = 0;
    std::uint64_t checked_rates = 0;
    std::uint64_t first_samples = 0;

    void check(Entity& entity, int index)
    {
        const std::string who = "entity " + std::to_string(index) + " (" + to_string(entity.kind) + ")";
        Snapshot& s = *entity.snapshot;
        if (Status copied = s.copy_values_lock(values); !copied) {
            failures.add(who + ": copy_values_lock: " + copied.error().describe());
            return;
        }
        const bool has_process =
            entity.kind == Kind::whole_process || entity.kind == Kind::processor_time || entity.kind == Kind::global;
        const bool has_thread = entity.kind == Kind::thread || entity.kind == Kind::global;
        process_ids.clear();
        thread_ids.clear();
        if (has_process) {
            if (Status listed = s.identities_lock(kProcess, process_ids); !listed)
                failures.add(who + ": identities_lock(Process): " + listed.error().describe());
        }
        if (has_thread) {
            if (Status listed = s.identities_lock(kThread, thread_ids); !listed)
                failures.add(who + ": identities_lock(Thread): " + listed.error().describe());
            // Names cost strings: every few cycles (the browsers check them too).
            if (++name_checks % kNamesEvery == 0) {
                if (Status listed = s.instances_lock(kThread, instances); !listed)
                    failures.add(who + ": instances_lock(Thread): " + listed.error().describe());
                else
                    check_names(kThread, instances, who, name_failures);
            }
        }
        if (values.empty())
            failures.add(who + ": no values");

        for (const CalculatedValue& v : values) {
            if (v.value.status == ValueStatus::first_sample) {
                ++first_samples;
                if (v.instance < 0) {
                    failures.add(who + ": first_sample for object " + std::to_string(v.object_index) +
                                 " without instances: the first decode must have an older sample");
                } else if (const InstanceIdentity* id = identity_of(v); id != nullptr) {
                    const auto& previous =
                        v.object_index == kProcess ? entity.previous_processes : entity.previous_threads;
                    if (std::binary_search(previous.begin(), previous.end(), *id))
                        failures.add(who + ": object " + std::to_string(v.object_index) + " instance " +
                                     std::to_string(id->id) + " was in the previous sample, yet decodes as first");
                }
                continue;
            }
            if (!v.value.valid()) {
                failures.add(who + ": object " + std::to_string(v.object_index) + " counter " +
                             std::to_string(v.counter_index) + " instance " + std::to_string(v.instance) +
                             " has status " + std::string(wpo::to_string(v.value.status)));
                continue;
            }
            const double number = v.value.as_double();
            if (v.object_index == kProcess || v.object_index == kThread) {
                const auto& ids = v.object_index == kProcess ? process_ids : thread_ids;
                const auto position = static_cast<std::size_t>(v.instance);
                if (v.instance < 0 || position >= ids.size()) {
                    failures.add(who + ": instance " + std::to_string(v.instance) + " of object " +
                                 std::to_string(v.object_index) + " out of " + std::to_string(ids.size()));
                    continue;
                }
                const std::uint64_t id = ids[position].id;
                // A thread's TID is its PID + 1 in the test machine.
                const std::uint64_t pid = v.object_index == kProcess ? id : id - 1;
                if (v.counter_index == kProcessorTime) {
                    ++checked_rates;
                    if (!near(number, 100.0 * load_of(pid)))
                        failures.add(who + ": object " + std::to_string(v.object_index) + " instance of PID " +
                                     std::to_string(pid) + " has % Processor Time " + std::to_string(number) +
                                     ", expected " + std::to_string(100.0 * load_of(pid)));
                } else if (v.counter_index == kIdProcess && static_cast<std::uint64_t>(number) != pid) {
                    failures.add(who + ": object " + std::to_string(v.object_index) + " instance with identity " +
                                 std::to_string(id) + " has ID Process " + std::to_string(number));
                } else if (v.counter_index == kIdThread && static_cast<std::uint64_t>(number) != id) {
                    failures.add(who + ": thread with identity " + std::to_string(id) + " has ID Thread " +
                                 std::to_string(number));
                } else if (v.counter_index == kWorkingSet && static_cast<std::uint64_t>(number) != pid * 4096) {
                    failures.add(who + ": process " + std::to_string(pid) + " has Working Set " +
                                 std::to_string(number));
                }
            } else if (v.object_index == kProcessor) {
                if (number < 0.0 || number > 100.0)
                    failures.add(who + ": Processor % Processor Time " + std::to_string(number));
            } else if (v.object_index == kSystem && v.counter_index == kContextSwitches) {
                // The machine switches 1000 times a second, whatever the interval.
                if (!near(number, 1000.0))
                    failures.add(who + ": Context Switches/sec " + std::to_string(number));
            }
        }
        entity.previous_processes.assign(process_ids.begin(), process_ids.end());
        std::sort(entity.previous_processes.begin(), entity.previous_processes.end());
        entity.previous_threads.assign(thread_ids.begin(), thread_ids.end());
        std::sort(entity.previous_threads.begin(), entity.previous_threads.end());
    }

    // The identity of a value's instance, or null (no instances, or out of range).
    const InstanceIdentity* identity_of(const CalculatedValue& v) const
    {
        const auto& ids = v.object_index == kProcess ? process_ids : thread_ids;
        if ((v.object_index != kProcess && v.object_index != kThread) || v.instance < 0 ||
            static_cast<std::size_t>(v.instance) >= ids.size())
            return nullptr;
        return &ids[static_cast<std::size_t>(v.instance)];
    }
};

struct SnapshotStress : ::testing::Test {
    TestMachine machine;
    ChurningSource churning{machine};
    SharedSource shared{churning};
    PerfObjectCache cache;
    Failures failures;
    Failures name_failures;  // instance names (display, parent), kept apart from values

    std::unique_ptr<Snapshot> make(Kind kind)
    {
        SnapshotOptions options;
        options.cache = &cache;
        const std::vector<CounterRequest> requests = requests_of(kind);
        const SnapshotType type = kind == Kind::global ? SnapshotType::global : SnapshotType::custom;
        auto created = Snapshot::create(shared, type, requests, options);
        if (!created) {
            failures.add(std::string("create ") + to_string(kind) + ": " + created.error().describe());
            return nullptr;
        }
        return std::move(*created);
    }
};

// One measuring cycle through the thread-safe variants; false on any error.
bool measure(Snapshot& snapshot, const std::string& who, Failures& failures)
{
    if (Status prepared = snapshot.prepare_lock(); !prepared) {
        failures.add(who + ": prepare_lock: " + prepared.error().describe());
        return false;
    }
    if (auto sampled = snapshot.sample_lock(); !sampled) {
        failures.add(who + ": sample_lock: " + sampled.error().describe());
        return false;
    }
    if (auto decoded = snapshot.decode_lock(); !decoded) {
        failures.add(who + ": decode_lock: " + decoded.error().describe());
        return false;
    }
    return true;
}

// Browsing may meet an entity in a state that does not allow it (sampled,
// or prepared for values): that is Errc::invalid_state by design, anything
// else is a failure.
bool browse_ok(const Status& status, const std::string& what, Failures& failures)
{
    if (status)
        return true;
    if (status.error().code() != Errc::invalid_state)
        failures.add(what + ": " + status.error().describe());
    return false;
}

TEST_F(SnapshotStress, SharedEntitiesUnderChurn)
{
    const std::uint64_t cycles = total_cycles();
    std::vector<Entity> entities(kEntities);
    for (int i = 0; i < kEntities; ++i) {
        entities[static_cast<std::size_t>(i)].kind = static_cast<Kind>(i % kKinds);
        entities[static_cast<std::size_t>(i)].snapshot = make(entities[static_cast<std::size_t>(i)].kind);
        ASSERT_TRUE(entities[static_cast<std::size_t>(i)].snapshot) << failures.summary();
    }
    const CacheStats before = cache.stats();

    std::atomic<bool> measuring{true};
    std::atomic<std::uint64_t> cycles_done{0}, checked_rates{0}, first_samples{0};
    std::atomic<std::uint64_t> browsed_values{0}, browsed_instances{0}, browse_refused{0}, browsed_rates{0};

    auto measurer = [&](int t) {
        Checker checker{failures, name_failures, {}, {}, {}, {}, 0, 0, 0};
        const std::uint64_t mine = cycles / kThreads + (static_cast<std::uint64_t>(t) < cycles % kThreads ? 1 : 0);
        std::uint64_t done = 0;
        for (std::uint64_t i = 0; i < mine; ++i) {
            const int index = t * kEntitiesPerThread + static_cast<int>(i % kEntitiesPerThread);
            Entity& entity = entities[static_cast<std::size_t>(index)];
            const std::string who = "entity " + std::to_string(index);
            if (!measure(*entity.snapshot, who, failures))
                continue;
            ++done;
            checker.check(entity, index);
        }
        cycles_done.fetch_add(done);
        checked_rates.fetch_add(checker.checked_rates);
        first_samples.fetch_add(checker.first_samples);
    };

    // Browsers walk every entity while its owner measures it.
    auto browser = [&](int b) {
        std::vector<std::uint32_t> objects;
        std::vector<CounterRecord> counters;
        std::vector<InstanceInfo> instances;
        std::vector<InstanceIdentity> ids;
        std::vector<CalculatedValue> values;
        std::uint64_t rates = 0;
        std::size_t next = static_cast<std::size_t>(b);
        while (measuring.load(std::memory_order_relaxed)) {
            const Entity& entity = entities[next % entities.size()];
            const std::string who = "browsing entity " + std::to_string(next % entities.size());
            next += kBrowsers;
            Snapshot& s = *entity.snapshot;
            if (browse_ok(s.copy_values_lock(values), who + " copy_values_lock", failures)) {
                browsed_values.fetch_add(1, std::memory_order_relaxed);
                check_rows(values, who.c_str(), failures, rates);
            } else {
                browse_refused.fetch_add(1, std::memory_order_relaxed);
            }
            if (!browse_ok(s.objects_lock(objects), who + " objects_lock", failures)) {
                browse_refused.fetch_add(1, std::memory_order_relaxed);
                continue;
            }
            for (std::uint32_t object : objects) {
                if (!browse_ok(s.instances_lock(object, instances), who + " instances_lock", failures)) {
                    browse_refused.fetch_add(1, std::memory_order_relaxed);
                    continue;
                }
                browsed_instances.fetch_add(1, std::memory_order_relaxed);
                check_names(object, instances, who, name_failures);
                (void)browse_ok(s.counters_lock(object, counters), who + " counters_lock", failures);
                (void)browse_ok(s.identities_lock(object, ids), who + " identities_lock", failures);
            }
        }
        browsed_rates.fetch_add(rates);
    };

    const auto started = std::chrono::steady_clock::now();
    std::vector<std::thread> threads;
    for (int b = 0; b < kBrowsers; ++b)
        threads.emplace_back(browser, b);
    std::vector<std::thread> measurers;
    for (int t = 0; t < kThreads; ++t)
        measurers.emplace_back(measurer, t);
    for (std::thread& t : measurers)
        t.join();
    measuring.store(false);
    for (std::thread& t : threads)
        t.join();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

    const CacheStats after = cache.stats();
    std::printf("stress: %llu cycles in %.2f s on %d threads (+%d browsing); %llu rates checked, %llu first samples;"
                " processes started %llu, ended %llu\n",
                static_cast<unsigned long long>(cycles_done.load()), seconds, kThreads, kBrowsers,
                static_cast<unsigned long long>(checked_rates.load()),
                static_cast<unsigned long long>(first_samples.load()),
                static_cast<unsigned long long>(churning.started()), static_cast<unsigned long long>(churning.ended()));
    std::printf("stress: cache finds %llu, hits %llu, inserts %llu, stale inserts %llu, source queries %llu;"
                " browsing: %llu value copies (%llu rates checked), %llu instance lists, %llu refused by state\n",
                static_cast<unsigned long long>(after.finds - before.finds),
                static_cast<unsigned long long>(after.hits - before.hits),
                static_cast<unsigned long long>(after.inserts - before.inserts),
                static_cast<unsigned long long>(after.stale_inserts - before.stale_inserts),
                static_cast<unsigned long long>(after.source_queries - before.source_queries),
                static_cast<unsigned long long>(browsed_values.load()),
                static_cast<unsigned long long>(browsed_rates.load()),
                static_cast<unsigned long long>(browsed_instances.load()),
                static_cast<unsigned long long>(browse_refused.load()));

    EXPECT_EQ(failures.count(), 0u) << failures.summary();
    // Fails while a Thread's parent can come from another collection than the
    // Thread object (see ThreadParentsAreNamedFromTheirOwnCollection below).
    EXPECT_EQ(name_failures.count(), 0u) << "instances shown under the wrong parent:\n" << name_failures.summary();
    EXPECT_EQ(cycles_done.load(), cycles);
    EXPECT_GT(checked_rates.load(), cycles);  // several processes per Process entity and cycle
    EXPECT_GT(after.hits, before.hits) << "no entity ever shared another's collection";
    EXPECT_GT(churning.ended(), 0u);
    EXPECT_GT(browsed_values.load(), 0u);
    EXPECT_GT(browsed_instances.load(), 0u);
    EXPECT_EQ(cache.outstanding_references(), 0u);
    EXPECT_EQ(cache.stats().outdated, 0u);

    entities.clear();
    EXPECT_EQ(cache.outstanding_references(), 0u);
    EXPECT_EQ(cache.stats().outdated, 0u);
}

// Entities created and destroyed while others measure, some destroyed in the
// middle of a cycle with cached references outstanding: every reference comes
// back, and the long-lived entities' values stay right.
TEST_F(SnapshotStress, EntitiesComeAndGoWhileOthersMeasure)
{
    constexpr int kLongLived = 4;
    constexpr int kTransientThreads = 4;
    constexpr int kRounds = 150;

    std::vector<Entity> entities(kLongLived);
    for (int i = 0; i < kLongLived; ++i) {
        entities[static_cast<std::size_t>(i)].kind = static_cast<Kind>(i % kKinds);
        entities[static_cast<std::size_t>(i)].snapshot = make(entities[static_cast<std::size_t>(i)].kind);
        ASSERT_TRUE(entities[static_cast<std::size_t>(i)].snapshot) << failures.summary();
    }
    std::atomic<bool> running{true};
    std::atomic<std::uint64_t> created{0}, abandoned{0};

    auto long_lived = [&](int index) {
        Checker checker{failures, name_failures, {}, {}, {}, {}, 0, 0, 0};
        Entity& entity = entities[static_cast<std::size_t>(index)];
        while (running.load(std::memory_order_relaxed)) {
            if (measure(*entity.snapshot, "long-lived " + std::to_string(index), failures))
                checker.check(entity, index);
        }
    };
    auto transient = [&](int t) {
        std::minstd_rand random(static_cast<unsigned>(t + 1));
        for (int round = 0; round < kRounds; ++round) {
            Entity entity;
            entity.kind = static_cast<Kind>((t + round) % kKinds);
            entity.snapshot = make(entity.kind);
            if (!entity.snapshot)
                continue;
            created.fetch_add(1, std::memory_order_relaxed);
            Checker checker{failures, name_failures, {}, {}, {}, {}, 0, 0, 0};
            const int full_cycles = static_cast<int>(random() % 3);
            for (int c = 0; c < full_cycles; ++c)
                if (measure(*entity.snapshot, "transient", failures))
                    checker.check(entity, -1);
            // Half of them die sampled: whatever they found in the cache is
            // still referenced and must be given back by the destructor.
            if (random() % 2 == 0 && entity.snapshot->prepare_lock() && entity.snapshot->sample_lock())
                abandoned.fetch_add(1, std::memory_order_relaxed);
        }
    };

    std::vector<std::thread> threads;
    for (int i = 0; i < kLongLived; ++i)
        threads.emplace_back(long_lived, i);
    std::vector<std::thread> transients;
    for (int t = 0; t < kTransientThreads; ++t)
        transients.emplace_back(transient, t);
    for (std::thread& t : transients)
        t.join();
    running.store(false);
    for (std::thread& t : threads)
        t.join();

    EXPECT_EQ(failures.count(), 0u) << failures.summary();
    EXPECT_EQ(name_failures.count(), 0u) << "instances shown under the wrong parent:\n" << name_failures.summary();
    EXPECT_EQ(created.load(), std::uint64_t{kTransientThreads} * kRounds);
    EXPECT_GT(abandoned.load(), 0u);
    EXPECT_EQ(cache.outstanding_references(), 0u);
    EXPECT_EQ(cache.stats().outdated, 0u);
    entities.clear();
    EXPECT_EQ(cache.outstanding_references(), 0u);
}

// The stress test's name failures, reduced to four steps on one thread.
// A Thread instance names its parent by position (ParentObjectInstance) in
// the Process object of its own block. An entity measuring Thread keeps
// Process as a parent slot; when the cache has a newer Process (collected by
// another entity) but no Thread for it, sample() takes that Process from the
// cache and queries only Thread, and decode() resolves the fresh threads'
// parent positions in the cached Process of another collection: with
// processes started and ended in between, threads show under other
// processes.
// (A machine of its own, not the fixture's churning one: every step is placed.)
TEST_F(SnapshotStress, ThreadParentsAreNamedFromTheirOwnCollection)
{
    TestMachine placed;
    SharedSource placed_source(placed.source());
    PerfObjectCache placed_cache;
    SnapshotOptions options;
    options.cache = &placed_cache;
    placed.start_process("alpha", 100);
    placed.start_process("beta", 200);
    const CounterRequest threads[] = {{kThread, 0}};
    const CounterRequest processes[] = {{kProcess, 0}};
    auto thread_entity = Snapshot::create(placed_source, SnapshotType::custom, threads, options);
    ASSERT_TRUE(thread_entity) << thread_entity.error().describe();
    auto process_entity = Snapshot::create(placed_source, SnapshotType::custom, processes, options);
    ASSERT_TRUE(process_entity) << process_entity.error().describe();

    // The Process entity collects Process = [beta, gamma] and caches it.
    placed.end_process(100);
    placed.start_process("gamma", 300);
    placed.advance(1.0);
    ASSERT_TRUE((*process_entity)->prepare() && (*process_entity)->sample() && (*process_entity)->decode());
    // Before the Thread entity samples: Process = [gamma, delta], gamma's
    // thread 301 is now the first thread, parent position 0.
    placed.end_process(200);
    placed.start_process("delta", 400);
    placed.advance(1.0);
    Snapshot& snapshot = **thread_entity;
    ASSERT_TRUE(snapshot.prepare() && snapshot.sample() && snapshot.decode());

    std::vector<InstanceInfo> instances;
    ASSERT_TRUE(snapshot.instances(kThread, instances));
    ASSERT_EQ(instances.size(), 2u);
    EXPECT_EQ(instances[0].display, "gamma:300/301") << "parent " << instances[0].parent;
    EXPECT_EQ(instances[1].display, "delta:400/401") << "parent " << instances[1].parent;
}

}  // namespace
}  // namespace wpo
