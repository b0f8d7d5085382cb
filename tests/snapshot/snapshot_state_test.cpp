// SPDX-License-Identifier: Apache-2.0
// Every operation in every state of the seven-state machine
// (docs/snapshots-and-cache.md §2.2): an operation a state allows succeeds and makes the documented
// transition; any other returns Errc::invalid_state and changes nothing.
// The transient states are entered through SnapshotOptions::on_state, which
// runs on the thread doing the operation, inside it.
#include "snapshot/snapshot.h"
#include "test_machine.h"

#include <gtest/gtest.h>

#include <optional>

namespace wpo {
namespace {

using namespace test;

enum class Op { objects, counters, instances, identities, object_time, prepare, sample, decode, values, copy_values };
constexpr Op kOps[] = {Op::objects, Op::counters, Op::instances, Op::identities, Op::object_time,
                       Op::prepare, Op::sample,   Op::decode,    Op::values,     Op::copy_values};

const char* name(Op op)
{
    switch (op) {
    case Op::objects: return "objects";
    case Op::counters: return "counters";
    case Op::instances: return "instances";
    case Op::identities: return "identities";
    case Op::object_time: return "object_time";
    case Op::prepare: return "prepare";
    case Op::sample: return "sample";
    case Op::decode: return "decode";
    case Op::values: return "values";
    case Op::copy_values: return "copy_values";
    }
    return "?";
}

Status run(Snapshot& s, Op op)
{
    std::vector<std::uint32_t> objects;
    std::vector<CounterRecord> counters;
    std::vector<InstanceInfo> instances;
    std::vector<InstanceIdentity> ids;
    std::vector<CalculatedValue> values;
    auto status = [](const auto& result) -> Status {
        if (result.ok())
            return {};
        return result.error();
    };
    switch (op) {
    case Op::objects: return s.objects(objects);
    case Op::counters: return s.counters(kProcess, counters);
    case Op::instances: return s.instances(kProcess, instances);
    case Op::identities: return s.identities(kProcess, ids);
    case Op::object_time: return status(s.object_time(kProcess));
    case Op::prepare: return s.prepare();
    case Op::sample: return status(s.sample());
    case Op::decode: return status(s.decode());
    case Op::values: return status(s.values());
    case Op::copy_values: return s.copy_values(values);
    }
    return {};
}

// The state an allowed operation leaves; nullopt if the state forbids it.
std::optional<SnapshotState> allowed(SnapshotState state, bool has_values, Op op)
{
    using S = SnapshotState;
    const bool browsable = state == S::initialized || state == S::prepared;
    switch (op) {
    case Op::objects:
    case Op::counters:
    case Op::instances:
    case Op::identities:
    case Op::object_time: return browsable ? std::optional(state) : std::nullopt;
    case Op::prepare:
        return state == S::initialized || state == S::prepared || state == S::sampled ? std::optional(S::prepared)
                                                                                      : std::nullopt;
    case Op::sample: return state == S::prepared ? std::optional(S::sampled) : std::nullopt;
    case Op::decode: return state == S::sampled ? std::optional(S::initialized) : std::nullopt;
    case Op::values:
    case Op::copy_values: return state == S::initialized && has_values ? std::optional(state) : std::nullopt;
    }
    return std::nullopt;
}

// Stable starting points: the state plus whether a decode has happened.
enum class Start { fresh, decoded, prepared, sampled };
constexpr Start kStarts[] = {Start::fresh, Start::decoded, Start::prepared, Start::sampled};

const char* name(Start s)
{
    switch (s) {
    case Start::fresh: return "InitializedWithoutValues";
    case Start::decoded: return "InitializedWithValues";
    case Start::prepared: return "Prepared";
    case Start::sampled: return "Sampled";
    }
    return "?";
}

struct Harness {
    TestMachine machine;
    SharedSource shared{machine.source()};
    PerfObjectCache cache;
    std::unique_ptr<Snapshot> snapshot;

    // In-hook probe: when the snapshot enters `target`, run `op` once.
    std::optional<SnapshotState> target;
    Op op = Op::objects;
    bool probed = false;
    Status probe_status;
    SnapshotState state_after_probe = SnapshotState::initializing;

    static void on_state(void* context, Snapshot& snapshot, SnapshotState state)
    {
        auto* h = static_cast<Harness*>(context);
        if (!h->target || *h->target != state || h->probed)
            return;
        h->probed = true;
        h->probe_status = run(snapshot, h->op);
        h->state_after_probe = snapshot.state();
    }

    void create()
    {
        machine.start_process("bash", 100, 0.5);
        SnapshotOptions options;
        options.cache = &cache;
        options.on_state = &Harness::on_state;
        options.on_state_context = this;
        auto created =
            Snapshot::create(shared, SnapshotType::custom, std::vector<CounterRequest>{{kProcess, 0}}, options);
        ASSERT_TRUE(created.ok()) << created.error().describe();
        snapshot = std::move(*created);
    }

    void full_cycle()
    {
        machine.advance(1.0);
        ASSERT_TRUE(snapshot->prepare().ok());
        ASSERT_TRUE(snapshot->sample().ok());
        ASSERT_TRUE(snapshot->decode().ok());
    }
};

class StableStates : public ::testing::TestWithParam<std::tuple<Start, Op>> {};

TEST_P(StableStates, OperationIsAllowedOrChangesNothing)
{
    const auto [start, op] = GetParam();
    Harness h;
    h.create();
    if (start != Start::fresh)
        h.full_cycle();
    if (start == Start::prepared || start == Start::sampled) {
        ASSERT_TRUE(h.snapshot->prepare().ok());
    }
    if (start == Start::sampled) {
        h.machine.advance(1.0);
        ASSERT_TRUE(h.snapshot->sample().ok());
    }
    const SnapshotState before = h.snapshot->state();
    const auto expected = allowed(before, start != Start::fresh, op);

    const Status status = run(*h.snapshot, op);
    if (expected) {
        EXPECT_TRUE(status.ok()) << status.error().describe();
        EXPECT_EQ(h.snapshot->state(), *expected);
    } else {
        ASSERT_FALSE(status.ok());
        EXPECT_EQ(status.error().code(), Errc::invalid_state) << status.error().describe();
        EXPECT_EQ(h.snapshot->state(), before);
    }
    // Whatever happened, the snapshot still measures correctly.
    h.full_cycle();
    std::vector<CalculatedValue> values;
    ASSERT_TRUE(h.snapshot->copy_values(values).ok());
    EXPECT_FALSE(values.empty());
    EXPECT_EQ(h.cache.outstanding_references(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Snapshot, StableStates,
                         ::testing::Combine(::testing::ValuesIn(kStarts), ::testing::ValuesIn(kOps)),
                         [](const auto& row) {
                             return std::string(name(std::get<0>(row.param))) + "_" + name(std::get<1>(row.param));
                         });

constexpr SnapshotState kTransient[] = {SnapshotState::initializing, SnapshotState::preparing, SnapshotState::sampling,
                                        SnapshotState::decoding};

class TransientStates : public ::testing::TestWithParam<std::tuple<SnapshotState, Op>> {};

TEST_P(TransientStates, EveryOperationIsRefused)
{
    const auto [state, op] = GetParam();
    Harness h;
    h.target = state;
    h.op = op;
    h.create();
    if (state != SnapshotState::initializing)
        h.full_cycle();
    ASSERT_TRUE(h.probed);
    ASSERT_FALSE(h.probe_status.ok()) << "operation " << name(op) << " allowed in state " << to_string(state);
    EXPECT_EQ(h.probe_status.error().code(), Errc::invalid_state);
    EXPECT_EQ(h.state_after_probe, state);
    // The interrupted operation completed normally.
    EXPECT_EQ(h.snapshot->state(), SnapshotState::initialized);
    h.full_cycle();
    EXPECT_EQ(h.cache.outstanding_references(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Snapshot, TransientStates,
                         ::testing::Combine(::testing::ValuesIn(kTransient), ::testing::ValuesIn(kOps)),
                         [](const auto& row) {
                             std::string state(to_string(std::get<0>(row.param)));
                             state[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(state[0])));
                             return state + "_" + name(std::get<1>(row.param));
                         });

TEST(SnapshotStates, TransitionsOfOneCycleAreObserved)
{
    std::vector<SnapshotState> seen;
    TestMachine machine;
    SharedSource shared(machine.source());
    PerfObjectCache cache;
    SnapshotOptions options;
    options.cache = &cache;
    options.on_state_context = &seen;
    options.on_state = [](void* context, Snapshot&, SnapshotState state) {
        static_cast<std::vector<SnapshotState>*>(context)->push_back(state);
    };
    auto snapshot = Snapshot::create(shared, SnapshotType::custom, std::vector<CounterRequest>{{kSystem, 0}}, options);
    ASSERT_TRUE(snapshot.ok());
    machine.advance(1.0);
    ASSERT_TRUE((*snapshot)->prepare().ok());
    ASSERT_TRUE((*snapshot)->sample().ok());
    ASSERT_TRUE((*snapshot)->decode().ok());
    using S = SnapshotState;
    EXPECT_EQ(seen, (std::vector<S>{S::initializing, S::initialized, S::preparing, S::prepared, S::sampling, S::sampled,
                                    S::decoding, S::initialized}));
}

}  // namespace
}  // namespace wpo
