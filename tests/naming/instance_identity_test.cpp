// SPDX-License-Identifier: Apache-2.0
// Numeric instance identities (InstanceIdentifier) over blocks built with
// BlockBuilder. The property that matters: after pair(), a value of the
// previous sample is only ever combined with the same instance's value.
//
// Linked with the counting allocator (perfscope_allocation_counter, so it is
// its own test executable) to prove that identify() and pair() do not
// allocate once their scratch space has grown.
#include "format/block_builder.h"
#include "format/counter_type.h"
#include "naming/instance_identity.h"
#include "naming/instance_names.h"
#include "allocation_counter.h"
#include "test_blocks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace wpo {
namespace {

using namespace counter_type;
using namespace well_known;
using Kind = InstanceIdentity::Kind;

constexpr std::uint32_t kValue = 900;  // a made-up counter that tells instances apart in tests
constexpr std::uint32_t kDiskObject = 234;
constexpr std::uint32_t kParentObject = 500;
constexpr std::uint32_t kChildObject = 502;

// FNV-1a 64 over the lower-cased UTF-16LE of "parent/name", written the slow
// way: the reference the identifier's hash is checked against.
std::uint64_t reference_hash(std::u16string_view parent, std::u16string_view name)
{
    std::u16string text(parent);
    text += u'/';
    text += name;
    std::uint64_t h = 0xcbf29ce484222325;
    for (char16_t c : text) {
        if (c >= u'A' && c <= u'Z')
            c = static_cast<char16_t>(c + (u'a' - u'A'));
        for (const unsigned byte : {unsigned(c) & 0xFFu, unsigned(c) >> 8}) {
            h ^= byte;
            h *= 0x100000001b3;
        }
    }
    return h;
}

struct Proc {
    std::string name;
    std::uint64_t pid = 0;
    std::uint64_t start = 0;
    std::uint64_t value = 0;  // written to counter kValue
};

struct Thread {
    std::string name;
    std::uint32_t process = 0;  // position in the Process object
    std::uint64_t tid = 0;
    std::uint64_t start = 0;
};

struct Named {
    std::string name;
    std::uint32_t parent_object = 0;
    std::uint32_t parent_instance = 0;
    std::int32_t unique_id = layout::kNoUniqueId;
    std::uint64_t value = 0;
};

class Blocks {
public:
    explicit Blocks(std::vector<std::byte>& out) : m_builder(out) { m_builder.begin(test::fixed_times(), "HOST"); }

    Blocks& processes(const std::vector<Proc>& procs, bool with_start = true, std::uint32_t object = kProcessObject)
    {
        m_builder.begin_object({.name_index = object, .help_index = 231, .has_instances = true});
        const auto pid =
            m_builder.add_counter({.name_index = kIdProcess, .help_index = 785, .type = PERF_COUNTER_RAWCOUNT});
        const auto value = m_builder.add_counter({.name_index = kValue, .type = PERF_COUNTER_LARGE_RAWCOUNT});
        std::optional<std::uint32_t> start;
        if (with_start)
            start = m_builder.add_counter({.name_index = kElapsedTime, .help_index = 685, .type = PERF_ELAPSED_TIME});
        for (const Proc& p : procs) {
            m_builder.begin_instance(p.name);
            m_builder.set(pid, p.pid);
            m_builder.set(value, p.value);
            if (start)
                m_builder.set(*start, p.start);
        }
        m_builder.end_object();
        return *this;
    }

    Blocks& threads(const std::vector<Thread>& threads, bool with_tid = true)
    {
        m_builder.begin_object({.name_index = kThreadObject, .help_index = 233, .has_instances = true});
        const auto start =
            m_builder.add_counter({.name_index = kElapsedTime, .help_index = 685, .type = PERF_ELAPSED_TIME});
        const auto tid = m_builder.add_counter(
            {.name_index = with_tid ? kIdThread : kValue, .help_index = 805, .type = PERF_COUNTER_RAWCOUNT});
        for (const Thread& t : threads) {
            m_builder.begin_instance(t.name, kProcessObject, t.process);
            m_builder.set(tid, t.tid);
            m_builder.set(start, t.start);
        }
        m_builder.end_object();
        return *this;
    }

    Blocks& named(std::uint32_t object, const std::vector<Named>& instances, std::uint32_t code_page = 0)
    {
        m_builder.begin_object({.name_index = object, .has_instances = true, .code_page = code_page});
        const auto value = m_builder.add_counter({.name_index = kValue, .type = PERF_COUNTER_LARGE_RAWCOUNT});
        for (const Named& n : instances) {
            m_builder.begin_instance(n.name, n.parent_object, n.parent_instance, n.unique_id);
            m_builder.set(value, n.value);
        }
        m_builder.end_object();
        return *this;
    }

    Blocks& single(std::uint32_t object)
    {
        m_builder.begin_object({.name_index = object});
        const auto value = m_builder.add_counter({.name_index = kValue, .type = PERF_COUNTER_RAWCOUNT});
        m_builder.begin_values();
        m_builder.set(value, 7);
        m_builder.end_object();
        return *this;
    }

    BlockView finish() { return BlockView::parse(m_builder.finish()).value(); }

private:
    BlockBuilder m_builder;
};

std::vector<InstanceIdentity> identify(const BlockView& block, std::uint32_t object)
{
    InstanceIdentifier identifier;
    std::vector<InstanceIdentity> out;
    identifier.identify(block, *block.find_object(object), out);
    return out;
}

// The raw kValue of every instance of `object`.
std::vector<std::uint64_t> values(const BlockView& block, std::uint32_t object)
{
    const ObjectView view = *block.find_object(object);
    std::optional<CounterDefinition> def;
    for (const CounterDefinition& d : view.counters())
        if (d.name_index == kValue)
            def = d;
    std::vector<std::uint64_t> out;
    for (const InstanceView& instance : view.instances())
        out.push_back(instance.counters().value(*def));
    return out;
}

InstanceIdentity process(std::uint64_t pid, std::uint64_t start)
{
    return {Kind::process, pid, start};
}

TEST(InstanceIdentity, ProcessesWithOneImageNameDifferByPid)
{
    std::vector<std::byte> buffer;
    const BlockView block =
        Blocks(buffer).processes({{"svchost", 400, 11}, {"bash", 100, 12}, {"svchost", 500, 13}}).finish();
    const auto ids = identify(block, kProcessObject);
    EXPECT_EQ(ids, (std::vector{process(400, 11), process(100, 12), process(500, 13)}));
}

TEST(InstanceIdentity, AnyObjectWithIdProcessIsIdentifiedByPid)
{
    // Process Memory Detail (Linux) and the like: one instance per process,
    // without Elapsed Time. By name + #N the survivor of two "zzsleep" would
    // take the exited one's place.
    constexpr std::uint32_t kPerProcess = 50100;
    std::vector<std::byte> before_bytes;
    std::vector<std::byte> after_bytes;
    const BlockView before =
        Blocks(before_bytes).processes({{"zzsleep", 10, 0}, {"zzsleep", 20, 0}}, false, kPerProcess).finish();
    const BlockView after = Blocks(after_bytes).processes({{"zzsleep", 20, 0}}, false, kPerProcess).finish();
    const auto old_ids = identify(before, kPerProcess);
    const auto new_ids = identify(after, kPerProcess);
    EXPECT_EQ(old_ids, (std::vector{process(10, 0), process(20, 0)}));
    InstanceIdentifier identifier;
    std::vector<std::int32_t> previous_of;
    EXPECT_TRUE(identifier.pair(old_ids, new_ids, previous_of));
    EXPECT_EQ(previous_of, (std::vector<std::int32_t>{1}));
}

TEST(InstanceIdentity, ProcessWithoutElapsedTimeHasStartZero)
{
    std::vector<std::byte> buffer;
    const BlockView block = Blocks(buffer).processes({{"bash", 100, 12}}, false).finish();
    EXPECT_EQ(identify(block, kProcessObject), (std::vector{process(100, 0)}));
}

TEST(InstanceIdentity, ReusedPidWithNewStartIsANewInstance)
{
    std::vector<std::byte> before_buffer, after_buffer;
    const BlockView before = Blocks(before_buffer).processes({{"bash", 100, 12}, {"init", 1, 1}}).finish();
    const BlockView after = Blocks(after_buffer).processes({{"bash", 100, 99}, {"init", 1, 1}}).finish();
    const auto previous = identify(before, kProcessObject);
    const auto current = identify(after, kProcessObject);
    EXPECT_NE(previous[0], current[0]);

    InstanceIdentifier identifier;
    std::vector<std::int32_t> previous_of;
    EXPECT_TRUE(identifier.pair(previous, current, previous_of));
    EXPECT_EQ(previous_of, (std::vector<std::int32_t>{-1, 1}));
}

TEST(InstanceIdentity, InstanceRemovedInTheMiddlePairsByIdentityNotPosition)
{
    std::vector<std::byte> before_buffer, after_buffer;
    const BlockView before = Blocks(before_buffer)
                                 .processes({{"svchost", 400, 1, 4000},
                                             {"svchost", 500, 2, 5000},
                                             {"svchost", 600, 3, 6000},
                                             {"bash", 700, 4, 7000}})
                                 .finish();
    const BlockView after =
        Blocks(after_buffer)
            .processes({{"svchost", 400, 1, 4001}, {"svchost", 600, 3, 6001}, {"bash", 700, 4, 7001}})
            .finish();
    InstanceIdentifier identifier;
    std::vector<InstanceIdentity> previous, current;
    identifier.identify(before, *before.find_object(kProcessObject), previous);
    identifier.identify(after, *after.find_object(kProcessObject), current);
    std::vector<std::int32_t> previous_of;
    EXPECT_TRUE(identifier.pair(previous, current, previous_of));
    ASSERT_EQ(previous_of, (std::vector<std::int32_t>{0, 2, 3}));

    // What a decoder does with the pairing: each delta combines one process's values.
    const auto old_values = values(before, kProcessObject);
    const auto new_values = values(after, kProcessObject);
    for (std::size_t i = 0; i < new_values.size(); ++i)
        EXPECT_EQ(new_values[i] - old_values[static_cast<std::size_t>(previous_of[i])], 1u) << "instance " << i;
}

TEST(InstanceIdentity, InstanceAddedAndReorderedPairs)
{
    const std::vector previous{process(1, 1), process(2, 2), process(3, 3)};
    InstanceIdentifier identifier;
    std::vector<std::int32_t> previous_of;

    const std::vector added{process(3, 3), process(9, 9), process(1, 1), process(2, 2)};
    EXPECT_TRUE(identifier.pair(previous, added, previous_of));
    EXPECT_EQ(previous_of, (std::vector<std::int32_t>{2, -1, 0, 1}));

    // Another order of the same instances is no change of the set.
    const std::vector reordered{process(2, 2), process(3, 3), process(1, 1)};
    EXPECT_FALSE(identifier.pair(previous, reordered, previous_of));
    EXPECT_EQ(previous_of, (std::vector<std::int32_t>{1, 2, 0}));

    EXPECT_FALSE(identifier.pair(previous, previous, previous_of));
    EXPECT_EQ(previous_of, (std::vector<std::int32_t>{0, 1, 2}));

    const std::vector removed{process(2, 2)};
    EXPECT_TRUE(identifier.pair(previous, removed, previous_of));
    EXPECT_EQ(previous_of, (std::vector<std::int32_t>{1}));
}

TEST(InstanceIdentity, DuplicatesPairInOrderOfAppearance)
{
    const InstanceIdentity a{Kind::name, 42, 0};
    const InstanceIdentity b{Kind::name, 43, 0};
    InstanceIdentifier identifier;
    std::vector<std::int32_t> previous_of;
    EXPECT_TRUE(identifier.pair(std::vector{a, b, a, a}, std::vector{a, a, b}, previous_of));
    EXPECT_EQ(previous_of, (std::vector<std::int32_t>{0, 2, 1}));
    EXPECT_TRUE(identifier.pair(std::vector{a}, std::vector{b, a, a}, previous_of));
    EXPECT_EQ(previous_of, (std::vector<std::int32_t>{-1, 0, -1}));
}

TEST(InstanceIdentity, PairWithBothSidesEmpty)
{
    InstanceIdentifier identifier;
    std::vector<std::int32_t> previous_of{5, 6};
    EXPECT_FALSE(identifier.pair({}, {}, previous_of));
    EXPECT_TRUE(previous_of.empty());

    EXPECT_TRUE(identifier.pair(std::vector{process(1, 1)}, {}, previous_of));
    EXPECT_TRUE(previous_of.empty());
    EXPECT_TRUE(identifier.pair({}, std::vector{process(1, 1)}, previous_of));
    EXPECT_EQ(previous_of, (std::vector<std::int32_t>{-1}));
}

TEST(InstanceIdentity, ObjectsWithoutInstancesHaveNoIdentities)
{
    std::vector<std::byte> buffer;
    const BlockView block = Blocks(buffer).single(2).named(kDiskObject, {}).finish();
    InstanceIdentifier identifier;
    std::vector<InstanceIdentity> out(3);
    identifier.identify(block, *block.find_object(2), out);
    EXPECT_TRUE(out.empty());
    out.resize(3);
    identifier.identify(block, *block.find_object(kDiskObject), out);
    EXPECT_TRUE(out.empty());
}

TEST(InstanceIdentity, ThreadsAreIdentifiedByTidAndStart)
{
    std::vector<std::byte> buffer;
    const BlockView block = Blocks(buffer)
                                .processes({{"svchost", 400, 11}, {"svchost", 500, 13}})
                                .threads({{"0", 0, 401, 20}, {"1", 0, 402, 21}, {"0", 1, 501, 22}})
                                .finish();
    const auto ids = identify(block, kThreadObject);
    EXPECT_EQ(ids, (std::vector<InstanceIdentity>{
                       {Kind::thread, 401, 20}, {Kind::thread, 402, 21}, {Kind::thread, 501, 22}}));
}

TEST(InstanceIdentity, TotalIsIdentifiedByName)
{
    std::vector<std::byte> buffer;
    const BlockView block = Blocks(buffer)
                                .processes({{"_Total", 0, 0}, {"Idle", 0, 0}, {"_total", 5, 6}})
                                .threads({{"_Total", 0, 0, 0}, {"0", 1, 4, 0}})
                                .finish();
    const auto processes = identify(block, kProcessObject);
    EXPECT_EQ(processes[0], (InstanceIdentity{Kind::name, reference_hash(u"", u"_Total"), 0}));
    EXPECT_EQ(processes[1], process(0, 0));
    // As in instance_names, only the exact "_Total" is the total.
    EXPECT_EQ(processes[2], process(5, 6));

    const auto threads = identify(block, kThreadObject);
    EXPECT_EQ(threads[0], (InstanceIdentity{Kind::name, reference_hash(u"_Total", u"_Total"), 0}));
    EXPECT_EQ(threads[1], (InstanceIdentity{Kind::thread, 4, 0}));
}

TEST(InstanceIdentity, UniqueIdsIdentifyOtherInstances)
{
    std::vector<std::byte> buffer;
    const BlockView block = Blocks(buffer)
                                .named(kDiskObject, {{.name = "a", .unique_id = 7},
                                                     {.name = "a", .unique_id = 0},
                                                     {.name = "b", .unique_id = -2},
                                                     {.name = "c"}})
                                .finish();
    const auto ids = identify(block, kDiskObject);
    EXPECT_EQ(ids, (std::vector<InstanceIdentity>{{Kind::unique_id, 7, 0},
                                                  {Kind::unique_id, 0, 0},
                                                  {Kind::unique_id, 0xFFFF'FFFE, 0},
                                                  {Kind::name, reference_hash(u"", u"c"), 0}}));
}

TEST(InstanceIdentity, DuplicateNamesCountOccurrencesLikeInstanceNames)
{
    std::vector<std::byte> buffer;
    const BlockView block =
        Blocks(buffer).named(kDiskObject, {{"sda"}, {"sdb"}, {"sda"}, {"sdc"}, {"sda"}, {"sdb"}}).finish();
    const auto ids = identify(block, kDiskObject);
    const std::uint64_t sda = reference_hash(u"", u"sda");
    const std::uint64_t sdb = reference_hash(u"", u"sdb");
    const std::uint64_t sdc = reference_hash(u"", u"sdc");
    EXPECT_EQ(ids, (std::vector<InstanceIdentity>{{Kind::name, sda, 0},
                                                  {Kind::name, sdb, 0},
                                                  {Kind::name, sda, 1},
                                                  {Kind::name, sdc, 0},
                                                  {Kind::name, sda, 2},
                                                  {Kind::name, sdb, 1}}));
    // The "#N" of the display names is the same occurrence.
    const auto names = instance_names(block, *block.find_object(kDiskObject));
    for (std::size_t i = 0; i < ids.size(); ++i)
        EXPECT_EQ(ids[i].start, names[i].occurrence) << names[i].display;
}

TEST(InstanceIdentity, NamesCompareAsciiCaseInsensitively)
{
    std::vector<std::byte> buffer;
    const BlockView block =
        Blocks(buffer).named(kDiskObject, {{"SDA"}, {"sda"}, {"Sda"}, {"\xC3\x84"}, {"\xC3\xA4"}}).finish();
    const auto ids = identify(block, kDiskObject);
    EXPECT_EQ(ids[0].id, ids[1].id);
    EXPECT_EQ(ids[0].id, ids[2].id);
    EXPECT_EQ((std::vector{ids[0].start, ids[1].start, ids[2].start}), (std::vector<std::uint64_t>{0, 1, 2}));
    // Beyond ASCII nothing is folded ("Ä" and "ä"), as in PDH.
    EXPECT_NE(ids[3].id, ids[4].id);
    EXPECT_EQ(ids[3].id, reference_hash(u"", u"\u00C4"));
}

TEST(InstanceIdentity, EightBitCodePageNamesHashLikeTheirUtf16)
{
    const std::vector<Named> instances{{"sda"}, {"SDA"}, {"caf\xC3\xA9"}, {"x/y"}};
    std::vector<std::byte> wide_buffer, narrow_buffer;
    const BlockView wide = Blocks(wide_buffer).named(kDiskObject, instances).finish();
    const BlockView narrow = Blocks(narrow_buffer).named(kDiskObject, instances, 1252).finish();
    ASSERT_NE(narrow.find_object(kDiskObject)->header().code_page, 0u);
    const auto narrow_ids = identify(narrow, kDiskObject);
    EXPECT_EQ(narrow_ids, identify(wide, kDiskObject));
    EXPECT_EQ(narrow_ids[0], (InstanceIdentity{Kind::name, reference_hash(u"", u"sda"), 0}));
    EXPECT_EQ(narrow_ids[1], (InstanceIdentity{Kind::name, reference_hash(u"", u"sda"), 1}));
    EXPECT_EQ(narrow_ids[2], (InstanceIdentity{Kind::name, reference_hash(u"", u"caf\u00E9"), 0}));
}

TEST(InstanceIdentity, ThreadsWithoutIdsAreNamedUnderTheirProcessRawName)
{
    std::vector<std::byte> buffer;
    const BlockView block = Blocks(buffer)
                                .processes({{"svchost", 400, 11}, {"bash", 100, 12}, {"SVCHOST", 500, 13}})
                                .threads({{"0", 0, 401, 20}, {"0", 1, 101, 21}, {"0", 2, 501, 22}}, false)
                                .finish();
    const auto ids = identify(block, kThreadObject);
    // The raw parent name, not its display "svchost:400": both svchost threads share a hash.
    EXPECT_EQ(ids, (std::vector<InstanceIdentity>{{Kind::name, reference_hash(u"svchost", u"0"), 0},
                                                  {Kind::name, reference_hash(u"bash", u"0"), 0},
                                                  {Kind::name, reference_hash(u"svchost", u"0"), 1}}));
}

TEST(InstanceIdentity, ChildrenOfDifferentParentsDiffer)
{
    std::vector<std::byte> buffer;
    const BlockView block = Blocks(buffer)
                                .named(kParentObject, {{"ctrl0"}, {"ctrl1"}}, 1252)
                                .named(kChildObject, {{"port", kParentObject, 0},
                                                      {"port", kParentObject, 1},
                                                      {"port", kParentObject, 0},
                                                      {"port", kParentObject, 7},  // no such parent instance
                                                      {"port", 9999, 0},           // no such parent object
                                                      {"port"}})
                                .finish();
    const auto ids = identify(block, kChildObject);
    const std::uint64_t under0 = reference_hash(u"ctrl0", u"port");
    const std::uint64_t under1 = reference_hash(u"ctrl1", u"port");
    const std::uint64_t orphan = reference_hash(u"", u"port");
    EXPECT_EQ(ids, (std::vector<InstanceIdentity>{{Kind::name, under0, 0},
                                                  {Kind::name, under1, 0},
                                                  {Kind::name, under0, 1},
                                                  {Kind::name, orphan, 0},
                                                  {Kind::name, orphan, 1},
                                                  {Kind::name, orphan, 2}}));
}

TEST(InstanceIdentity, NoAllocationsOnceWarm)
{
    std::vector<std::byte> before_buffer, after_buffer;
    std::vector<Proc> procs;
    std::vector<Thread> threads;
    std::vector<Named> disks;
    for (std::uint32_t i = 0; i < 200; ++i) {
        procs.push_back({i % 3 == 0 ? "svchost" : "p" + std::to_string(i), 1000 + i, i});
        threads.push_back({std::to_string(i % 4), i, 5000 + i, i});
        disks.push_back({"disk" + std::to_string(i % 10), kProcessObject, i});
    }
    const BlockView before =
        Blocks(before_buffer).processes(procs).threads(threads, false).named(kDiskObject, disks).finish();
    procs.erase(procs.begin() + 50);
    std::swap(procs[3], procs[150]);
    procs.push_back({"new", 99, 99});
    const BlockView after =
        Blocks(after_buffer).processes(procs).threads(threads, false).named(kDiskObject, disks).finish();

    InstanceIdentifier identifier;
    std::vector<InstanceIdentity> previous, current;
    std::vector<std::int32_t> previous_of;
    std::size_t allocations[2] = {};
    bool changed[2] = {};
    for (int round = 0; round < 2; ++round) {
        allocations[round] = test::allocations_in([&] {
            // Process last: its pairing is the one checked below.
            for (const std::uint32_t object : {kThreadObject, kDiskObject, kProcessObject}) {
                identifier.identify(before, *before.find_object(object), previous);
                identifier.identify(after, *after.find_object(object), current);
                changed[round] = identifier.pair(previous, current, previous_of);
            }
        });
    }
    EXPECT_GT(allocations[0], 0u);  // the counting operator new is in use
    EXPECT_EQ(allocations[1], 0u);
    EXPECT_TRUE(changed[0]);
    EXPECT_TRUE(changed[1]);
    EXPECT_EQ(previous_of.size(), procs.size());
}

// Random generations of processes: some exit, some start (some of them with
// a PID that was just freed), the order shuffles. Every pairing must join
// the same PID and start time; everything unpaired must really be new.
TEST(InstanceIdentity, RandomGenerationsPairTheSameProcess)
{
    std::mt19937_64 random(20240924);
    std::vector<Proc> world;
    std::uint64_t clock = 1;
    std::uint64_t serial = 0;  // the value tells which (pid, start) wrote it
    std::map<std::uint64_t, std::pair<std::uint64_t, std::uint64_t>> owner;  // value -> (pid, start)
    const auto spawn = [&](std::uint64_t pid) {
        const Proc p{"img" + std::to_string(random() % 4), pid, clock++, serial++};
        owner[p.value] = {p.pid, p.start};
        return p;
    };
    for (int i = 0; i < 20; ++i)
        world.push_back(spawn(random() % 64));

    InstanceIdentifier identifier;
    std::vector<std::byte> before_buffer, after_buffer;
    std::vector<InstanceIdentity> previous, current;
    std::vector<std::int32_t> previous_of;
    for (int generation = 0; generation < 300; ++generation) {
        std::vector<Proc> next;
        std::vector<std::uint64_t> freed;
        for (const Proc& p : world) {
            if (random() % 5 == 0)
                freed.push_back(p.pid);
            else
                next.push_back(p);
        }
        const std::size_t births = random() % 6;
        for (std::size_t i = 0; i < births; ++i) {
            const bool reuse = !freed.empty() && random() % 2 == 0;
            next.push_back(spawn(reuse ? freed[random() % freed.size()] : random() % 64));
        }
        std::shuffle(next.begin(), next.end(), random);
        // A value is carried over like a counter that keeps counting; the
        // owner map says which process it belongs to.
        const BlockView before = Blocks(before_buffer).processes(world).finish();
        const BlockView after = Blocks(after_buffer).processes(next).finish();
        identifier.identify(before, *before.find_object(kProcessObject), previous);
        identifier.identify(after, *after.find_object(kProcessObject), current);
        const bool changed = identifier.pair(previous, current, previous_of);

        const auto old_values = values(before, kProcessObject);
        const auto new_values = values(after, kProcessObject);
        std::multiset<std::uint64_t> old_set(old_values.begin(), old_values.end());
        std::multiset<std::uint64_t> new_set(new_values.begin(), new_values.end());
        std::size_t paired = 0;
        std::set<std::int32_t> used;
        for (std::size_t i = 0; i < new_values.size(); ++i) {
            const auto& [pid, start] = owner.at(new_values[i]);
            if (previous_of[i] < 0) {
                // Unpaired: no previous instance had this PID and start.
                for (std::uint64_t v : old_values)
                    ASSERT_NE(owner.at(v), std::make_pair(pid, start)) << "generation " << generation;
                continue;
            }
            ASSERT_TRUE(used.insert(previous_of[i]).second) << "paired twice, generation " << generation;
            const std::uint64_t old = old_values[static_cast<std::size_t>(previous_of[i])];
            ASSERT_EQ(owner.at(old), std::make_pair(pid, start)) << "generation " << generation;
            ++paired;
        }
        EXPECT_EQ(changed, paired != old_values.size() || paired != new_values.size());
        EXPECT_EQ(changed, old_set != new_set);
        world = std::move(next);
    }
}

}  // namespace
}  // namespace wpo
