// SPDX-License-Identifier: Apache-2.0
// The JNI bridge without a JVM: handles, argument checks and the codes Java
// receives, over the snapshot tests' TestMachine (known values).
#include "native/bridge.h"
#include "../snapshot/test_machine.h"

#include "format/counter_type.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <thread>

namespace perfscope::jni {
namespace {

using namespace wpo::test;

// The bridge owns its source; the machine stays the test's.
class Forward final : public wpo::Source {
public:
    explicit Forward(wpo::Source& s) : m_s(s) {}
    wpo::Status collect(std::string_view q, std::vector<std::byte>& b) override { return m_s.collect(q, b); }
    wpo::Result<wpo::NameTable> load_names() override
    {
        wpo::NameTable names;
        names.set_name(kSystem, "System");
        names.set_name(kProcessor, "Processor");
        names.set_name(kProcess, "Process");
        names.set_name(kThread, "Thread");
        names.set_name(kProcessorTime, "% Processor Time");
        names.set_name(kIdProcess, "ID Process");
        names.set_name(kIdThread, "ID Thread");
        names.set_name(kWorkingSet, "Working Set");
        names.set_name(kElapsedTime, "Elapsed Time");
        names.set_name(kProcesses, "Processes");
        names.set_name(kContextSwitches, "Context Switches/sec");
        return names;
    }

private:
    wpo::Source& m_s;
};

struct BridgeTest : ::testing::Test {
    TestMachine machine;
    wpo::PerfObjectCache cache;
    std::unique_ptr<Bridge> bridge;

    void SetUp() override
    {
        machine.start_process("bash", 100, 0.25);
        machine.start_process("java", 200, 0.5);
        wpo::SnapshotOptions options;
        options.cache = &cache;
        bridge = std::make_unique<Bridge>(std::make_unique<Forward>(machine.source()), options);
    }

    int custom(std::initializer_list<InputInfo> inputs)
    {
        std::vector<InputInfo> v(inputs);
        return bridge->create(2, v, false);
    }
};

TEST_F(BridgeTest, NamesCopyChecksCapacities)
{
    const int count = bridge->names_count();
    const int length = bridge->names_length();
    ASSERT_EQ(count, 11);
    std::span<const char16_t> chars;
    std::span<const std::int32_t> indices;
    EXPECT_EQ(bridge->names(-1, count, chars, indices), code::null_argument);
    EXPECT_EQ(bridge->names(length, -1, chars, indices), code::null_argument);
    EXPECT_EQ(bridge->names(length - 1, count, chars, indices), code::buffer_too_small);
    EXPECT_EQ(bridge->names(length, count - 1, chars, indices), code::buffer_too_small);
    ASSERT_EQ(bridge->names(length, count, chars, indices), code::ok);
    ASSERT_EQ(chars.size(), static_cast<std::size_t>(length));
    EXPECT_EQ(chars[length - 1], u'\0');
    EXPECT_EQ(chars[length - 2], u'\0');
    EXPECT_EQ(indices[0], 2);  // System, the lowest index
    EXPECT_EQ(std::u16string(chars.data()), u"System");
}

struct BadCreate {
    const char* name;
    std::int32_t type;
    std::vector<InputInfo> inputs;
    bool null;
    int expected;
};

class CreateArguments : public BridgeTest, public ::testing::WithParamInterface<BadCreate> {};

TEST_P(CreateArguments, AreRejectedWithTheirCode)
{
    const BadCreate& p = GetParam();
    EXPECT_EQ(bridge->create(p.type, p.inputs, p.null), p.expected);
    EXPECT_EQ(bridge->live_snapshots(), 0u);
}

INSTANTIATE_TEST_SUITE_P(
    Bridge, CreateArguments,
    ::testing::Values(BadCreate{"type_negative", -1, {}, true, code::invalid_argument},
                      BadCreate{"type_4", 4, {}, true, code::invalid_argument},
                      BadCreate{"custom_null_array", 2, {}, true, code::null_argument},
                      BadCreate{"custom_empty", 2, {}, false, code::invalid_argument},
                      BadCreate{
                          "custom_null_element", 2, {{true, kProcess, 0}, {false, 0, 0}}, false, code::null_argument},
                      BadCreate{"object_zero", 2, {{true, 0, 0}}, false, code::invalid_argument},
                      BadCreate{"object_negative", 2, {{true, -230, 0}}, false, code::invalid_argument},
                      BadCreate{"counter_negative", 2, {{true, kProcess, -6}}, false, code::invalid_argument},
                      BadCreate{"unknown_object", 2, {{true, 777, 0}}, false, code::not_found},
                      BadCreate{"unknown_counter", 2, {{true, kProcess, 9999}}, false, code::not_found},
                      BadCreate{"global_with_inputs", 0, {{true, kProcess, 0}}, false, code::invalid_argument}),
    [](const ::testing::TestParamInfo<BadCreate>& row) { return std::string(row.param.name); });

TEST_F(BridgeTest, HandlesArePositiveAndStaleOrForgedOnesAreRejected)
{
    const int h = custom({{true, kProcess, 0}});
    ASSERT_GT(h, 0);
    EXPECT_GT(bridge->object_count(h), 0);
    for (int forged : {0, -1, -6, h + 1, h ^ (1 << 16), 0x7fffffff, 1}) {
        if (forged != h) {
            EXPECT_EQ(bridge->object_count(forged), code::invalid_handle) << forged;
        }
    }
    EXPECT_EQ(bridge->destroy(h), code::ok);
    EXPECT_EQ(bridge->destroy(h), code::invalid_handle);  // double destroy
    EXPECT_EQ(bridge->prepare(h), code::invalid_handle);
    // The slot is reused under a new generation: the old handle stays dead.
    const int again = custom({{true, kProcess, 0}});
    ASSERT_GT(again, 0);
    EXPECT_NE(again, h);
    EXPECT_EQ((again & 0xffff), (h & 0xffff));
    EXPECT_EQ(bridge->sample(h), code::invalid_handle);
    EXPECT_EQ(bridge->destroy(again), code::ok);
}

TEST_F(BridgeTest, CycleGivesTheMachinesValues)
{
    const int h = custom({{true, kProcess, kProcessorTime}});
    ASSERT_GT(h, 0);
    machine.advance(1.0);
    EXPECT_EQ(bridge->item_count(h), code::invalid_state);  // no decode yet
    ASSERT_EQ(bridge->prepare(h), code::ok);
    const int sampled = bridge->sample(h);
    EXPECT_TRUE(sampled == code::ok || sampled == code::anomaly) << sampled;
    ASSERT_EQ(bridge->decode(h), code::ok);
    std::span<const wpo::CalculatedValue> values;
    const int n = bridge->item_count(h);
    ASSERT_EQ(n, 2);
    EXPECT_EQ(bridge->items(h, -1, values), code::null_argument);
    EXPECT_EQ(bridge->items(h, n - 1, values), code::buffer_too_small);
    ASSERT_EQ(bridge->items(h, n, values), n);
    std::vector<double> out(static_cast<std::size_t>(n));
    ASSERT_EQ(bridge->values(h, out, false), n);
    std::sort(out.begin(), out.end());
    EXPECT_NEAR(out[0], 25.0, 1e-9);  // the machine's loads
    EXPECT_NEAR(out[1], 50.0, 1e-9);
    EXPECT_EQ(bridge->values(h, std::span<double>(out.data(), 1), false), code::buffer_too_small);
    EXPECT_EQ(bridge->values(h, {}, true), code::null_argument);
    EXPECT_EQ(bridge->destroy(h), code::ok);
}

TEST_F(BridgeTest, ChangedDefinitionsLeaveTheCycleEmptyAndAnomalous)
{
    const int h = custom({{true, kProcess, 0}});
    ASSERT_GT(h, 0);
    auto cycle = [&](std::size_t& collections) {
        const std::size_t before = machine.source().collect_count();
        EXPECT_EQ(bridge->prepare(h), code::ok);
        const int sampled = bridge->sample(h);
        EXPECT_TRUE(sampled == code::ok || sampled == code::anomaly) << sampled;
        const int decoded = bridge->decode(h);
        collections = machine.source().collect_count() - before;
        return decoded;
    };
    std::size_t collections = 0;
    machine.advance(1.0);
    EXPECT_EQ(cycle(collections), code::ok);
    EXPECT_EQ(collections, 1u) << "an unchanged structure: one collection per cycle";
    const int values = bridge->item_count(h);
    EXPECT_GT(values, 0);
    // Working Set (180) becomes a 32-bit RAWCOUNT: the Process object's definitions change.
    wpo::TestObject* process = machine.source().find(kProcess);
    ASSERT_NE(process, nullptr);
    ASSERT_EQ(process->counters.at(3).name_index, kWorkingSet);
    process->counters.at(3).type = wpo::counter_type::PERF_COUNTER_RAWCOUNT;
    process->counters.at(3).size = 0;
    machine.advance(1.0);
    EXPECT_EQ(cycle(collections), code::anomaly);
    EXPECT_EQ(collections, 1u) << "not measured again over microseconds";
    EXPECT_EQ(bridge->item_count(h), 0) << "the cycle after a definition change is empty";
    std::vector<double> out(static_cast<std::size_t>(values));
    EXPECT_EQ(bridge->values(h, out, false), 0);
    std::span<const std::int64_t> bits;
    std::span<const std::int8_t> types;
    EXPECT_EQ(bridge->value_bits(h, values, bits, types), 0);
    machine.advance(1.0);
    EXPECT_EQ(cycle(collections), code::ok);
    EXPECT_EQ(bridge->item_count(h), values) << "the next cycle has values again";
    EXPECT_EQ(bridge->destroy(h), code::ok);
}

TEST_F(BridgeTest, AnotherProcessInTheSamePlaceIsAnAnomalyAtDecode)
{
    const int h = custom({{true, kProcess, 0}});
    ASSERT_GT(h, 0);
    machine.advance(1.0);
    EXPECT_EQ(bridge->prepare(h), code::ok);
    EXPECT_EQ(bridge->sample(h), code::ok);
    EXPECT_EQ(bridge->decode(h), code::ok);
    // bash (100) exits and cat (300) starts: two processes before and after.
    machine.end_process(100);
    machine.start_process("cat", 300, 0.1);
    machine.advance(1.0);
    EXPECT_EQ(bridge->prepare(h), code::ok);
    EXPECT_EQ(bridge->sample(h), code::ok) << "the count alone did not change";
    EXPECT_EQ(bridge->decode(h), code::anomaly) << "the identities did";
    machine.advance(1.0);
    EXPECT_EQ(bridge->prepare(h), code::ok);
    EXPECT_EQ(bridge->sample(h), code::ok);
    EXPECT_EQ(bridge->decode(h), code::ok);
    EXPECT_EQ(bridge->destroy(h), code::ok);
}

TEST_F(BridgeTest, ValueBitsKeepIntegersWhole)
{
    const int h = custom({{true, kProcess, 0}});
    ASSERT_GT(h, 0);
    machine.advance(1.0);
    ASSERT_EQ(bridge->prepare(h), code::ok);
    for (const int c : {bridge->sample(h), bridge->decode(h)})
        ASSERT_TRUE(c == code::ok || c == code::anomaly) << c;
    std::span<const wpo::CalculatedValue> items;
    const int n = bridge->items(h, 1000, items);
    ASSERT_GT(n, 0);
    std::span<const std::int64_t> bits;
    std::span<const std::int8_t> types;
    EXPECT_EQ(bridge->value_bits(h, -1, bits, types), code::null_argument);
    EXPECT_EQ(bridge->value_bits(h, n - 1, bits, types), code::buffer_too_small);
    ASSERT_EQ(bridge->value_bits(h, n, bits, types), n);
    for (int i = 0; i < n; ++i) {
        const wpo::Value& v = items[static_cast<std::size_t>(i)].value;
        if (!v.valid()) {
            EXPECT_EQ(types[static_cast<std::size_t>(i)], -1);
            continue;
        }
        const std::int64_t expected = v.type == wpo::ValueType::float64 ? std::bit_cast<std::int64_t>(v.f64)
                                      : v.type == wpo::ValueType::int64 ? v.i64
                                                                        : std::int64_t{v.i32};
        EXPECT_EQ(bits[static_cast<std::size_t>(i)], expected) << i;
    }
    EXPECT_EQ(bridge->value_bits(9999, n, bits, types), code::invalid_handle);
    EXPECT_EQ(bridge->destroy(h), code::ok);
}

TEST_F(BridgeTest, RawSnapshotsDeliverTheCumulativeValue)
{
    // bash (100) runs at 0.25, java (200) at 0.5 of a CPU; % Processor Time's raw value is CPU time in 100 ns.
    const int h =
        bridge->create(Bridge::kCustomRawType, std::vector<InputInfo>{{true, kProcess, kProcessorTime}}, false);
    ASSERT_GT(h, 0);
    std::vector<std::int64_t> first;
    for (const double seconds : {0.0, 2.0}) {
        machine.advance(seconds);
        ASSERT_EQ(bridge->prepare(h), code::ok);
        ASSERT_EQ(bridge->sample(h), code::ok);
        ASSERT_EQ(bridge->decode(h), code::ok);
        std::span<const std::int64_t> bits;
        std::span<const std::int8_t> types;
        ASSERT_EQ(bridge->value_bits(h, 8, bits, types), 2);
        for (const std::int8_t type : types)
            EXPECT_EQ(type, 1) << "a LONG, valid from the first cycle";
        if (first.empty()) {
            first.assign(bits.begin(), bits.end());
            continue;
        }
        EXPECT_EQ(bits[0] - first[0], static_cast<std::int64_t>(0.25 * 2.0 * 1e7)) << "bash";
        EXPECT_EQ(bits[1] - first[1], static_cast<std::int64_t>(0.5 * 2.0 * 1e7)) << "java";
    }
    EXPECT_EQ(bridge->destroy(h), code::ok);
}

TEST_F(BridgeTest, HelpTextsComeWithTheNames)
{
    EXPECT_EQ(bridge->help_count(), 0) << "the test machine's table has names only";
    EXPECT_EQ(bridge->help_length(), 1) << "the final NUL";
    EXPECT_EQ(bridge->reload_names(), code::ok);
    EXPECT_GT(bridge->names_count(), 0);
}

TEST_F(BridgeTest, OutOfOrderCallsAreInvalidState)
{
    const int h = custom({{true, kProcess, 0}});
    ASSERT_GT(h, 0);
    EXPECT_EQ(bridge->sample(h), code::invalid_state);  // not prepared
    EXPECT_EQ(bridge->decode(h), code::invalid_state);
    EXPECT_EQ(bridge->prepare(h), code::ok);
    EXPECT_EQ(bridge->decode(h), code::invalid_state);  // not sampled
    EXPECT_EQ(bridge->destroy(h), code::ok);
}

TEST_F(BridgeTest, BrowsingChecksObjectsAndArrays)
{
    const int h = custom({{true, kProcess, 0}});
    ASSERT_GT(h, 0);
    EXPECT_EQ(bridge->counter_count(h, 0), code::invalid_argument);
    EXPECT_EQ(bridge->counter_count(h, -5), code::invalid_argument);
    EXPECT_EQ(bridge->counter_count(h, kThread), code::not_found);  // not measured
    const int counters = bridge->counter_count(h, kProcess);
    ASSERT_EQ(counters, 4);
    std::span<const CounterRecordOut> records;
    EXPECT_EQ(bridge->counters(h, kProcess, counters - 1, records), code::buffer_too_small);
    ASSERT_EQ(bridge->counters(h, kProcess, counters, records), counters);
    const int instances = bridge->instance_count(h, kProcess);
    ASSERT_EQ(instances, 2);
    const int length = bridge->instance_length(h, kProcess);
    EXPECT_EQ(length, 5 + 5 + 1);  // "bash\0java\0\0"
    std::span<const char16_t> chars;
    std::span<const std::int32_t> ids;
    EXPECT_EQ(bridge->instances(h, kProcess, length - 1, instances, chars, ids), code::buffer_too_small);
    EXPECT_EQ(bridge->instances(h, kProcess, length, -1, chars, ids), code::null_argument);
    ASSERT_EQ(bridge->instances(h, kProcess, length, instances, chars, ids), instances);
    EXPECT_EQ(std::u16string(chars.data(), 11), std::u16string(u"bash\0java\0\0", 11));
    std::span<const std::int32_t> objects;
    EXPECT_EQ(bridge->object_names(h, 0, objects), code::buffer_too_small);
    EXPECT_EQ(bridge->destroy(h), code::ok);
}

TEST_F(BridgeTest, SamplerResolvesPathsAndNamesTheProblem)
{
    std::string message;
    std::vector<std::string> bad = {"\\Process(java)\\No Such Counter"};
    EXPECT_EQ(bridge->open_sampler(bad, message), code::not_found);
    EXPECT_NE(message.find("No Such Counter"), std::string::npos) << message;
    bad = {"Process\\% Processor Time"};
    EXPECT_EQ(bridge->open_sampler(bad, message), code::invalid_argument) << message;
    bad = {"\\Nothing\\x"};
    EXPECT_EQ(bridge->open_sampler(bad, message), code::not_found) << message;
    bad = {"\\Process(nobody)\\% Processor Time"};
    EXPECT_EQ(bridge->open_sampler(bad, message), code::not_found) << message;

    std::vector<std::string> paths = {"\\Process(java:200)\\% Processor Time", "\\Process(*)\\ID Process"};
    const int h = bridge->open_sampler(paths, message);
    ASSERT_GT(h, 0) << message;
    std::vector<std::string> headers;
    std::vector<std::int32_t> path_of;
    ASSERT_EQ(bridge->sampler_columns(h, headers, path_of), 3);
    EXPECT_EQ(headers[0], "\\Process(java:200)\\% Processor Time");
    EXPECT_EQ(path_of, (std::vector<std::int32_t>{0, 1, 1}));
    machine.advance(1.0);
    std::vector<double> values(3);
    const int c = bridge->sampler_sample(h, values, false, message);
    EXPECT_TRUE(c == code::ok || c == code::anomaly) << c << message;
    EXPECT_NEAR(values[0], 50.0, 1e-9);
    EXPECT_EQ(values[1] + values[2], 300.0);  // PIDs 100 and 200
    EXPECT_EQ(bridge->sampler_sample(h, std::span<double>(values.data(), 2), false, message), code::buffer_too_small);
    machine.end_process(200);
    machine.advance(1.0);
    bridge->sampler_sample(h, values, false, message);
    EXPECT_TRUE(std::isnan(values[0])) << "a gone instance reads NaN, never another process";
    EXPECT_EQ(bridge->close_sampler(h), code::ok);
    EXPECT_EQ(bridge->close_sampler(h), code::invalid_handle);
}

TEST_F(BridgeTest, ThreadsShareOneSnapshotAndDestroyDuringUse)
{
    const int shared = custom({{true, kProcess, 0}});
    ASSERT_GT(shared, 0);
    std::vector<std::thread> threads;
    std::atomic<int> crashes_avoided{0};
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            for (int i = 0; i < 200; ++i) {
                const int c = bridge->object_count(shared);
                const int v = bridge->item_count(shared);
                if (c < 0 || v < 0)
                    crashes_avoided.fetch_add(1);
            }
        });
    }
    EXPECT_EQ(bridge->destroy(shared), code::ok);
    for (auto& t : threads)
        t.join();
    EXPECT_EQ(bridge->object_count(shared), code::invalid_handle);
    EXPECT_EQ(bridge->live_snapshots(), 0u);
}

}  // namespace
}  // namespace perfscope::jni
