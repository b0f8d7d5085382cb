// SPDX-License-Identifier: Apache-2.0
#include "snapshot/snapshot.h"

#include "decode/object_layout.h"
#include "format/counter_type.h"
#include "format/object_query.h"
#include "naming/instance_names.h"

#include <algorithm>
#include <climits>
#include <map>
#include <mutex>
#include <set>
#include <shared_mutex>

namespace wpo {

// One object the snapshot keeps in its storage: a requested one, or the
// parent of a requested one's instances (kept so instances can be named).
struct Snapshot::Slot {
    std::uint32_t index = 0;
    bool requested = false;
    bool whole = false;
    std::vector<std::uint32_t> counters;  // requested counter indices when !whole
    // What the object is collected, found in the cache and inserted for:
    // ObjectQuery::spec() of its processes and counters under
    // SnapshotOptions::collect_only_requested, else empty (the whole object).
    std::string spec;
    // Slots of the objects its instances name as parents (positions in
    // m_slots). Parent references are instance positions, valid only within
    // one collection, so a child and its parents are always taken from the
    // same block.
    std::vector<std::size_t> parents;
    ObjectDecoder decoder;

    // This cycle: the copy find() handed out, if any.
    bool cached = false;
    CachedObject cached_object;

    // PerfTime of the data in the current storage: the cache must hand out
    // only newer data.
    std::int64_t newest_time = INT64_MIN;
    std::vector<InstanceIdentity> ids[2];  // per storage, like m_storage
    std::vector<std::int32_t> previous_of;
};

namespace {

// Room for one decimal object index and a separator in the request string.
constexpr std::size_t kQueryCharsPerObject = 11;

Error with_context(const Error& error, const std::string& context)
{
    return Error(error.code(), context + ": " + error.message());
}

}  // namespace

Snapshot::Snapshot(SharedSource& source, SnapshotType type, const SnapshotOptions& options)
    : m_source(source),
      m_cache(options.cache ? *options.cache : PerfObjectCache::process_default()),
      m_options(options),
      m_type(type)
{}

Snapshot::~Snapshot()
{
    release_cached();
    if (m_attached)
        m_cache.detach();
}

Result<std::unique_ptr<Snapshot>> Snapshot::create(SharedSource& source, SnapshotType type,
                                                   std::span<const CounterRequest> requests, SnapshotOptions options)
{
    std::unique_ptr<Snapshot> snapshot(new Snapshot(source, type, options));
    if (options.use_cache) {
        if (Status attached = snapshot->m_cache.attach(source.id()); !attached)
            return attached.error();
        snapshot->m_attached = true;
    }
    snapshot->m_entity = snapshot->m_cache.register_entity();
    if (Status initialized = snapshot->initialize(requests); !initialized)
        return initialized.error();
    return snapshot;
}

Status Snapshot::initialize(std::span<const CounterRequest> requests)
{
    set_state(SnapshotState::initializing);

    // Three sets (docs/snapshots-and-cache.md §2.1): requested counters, whole objects, and every
    // object to collect (the keys of `wanted`).
    struct Wanted {
        bool whole = false;
        std::set<std::uint32_t> counters;
        bool every_process = false;
        std::set<std::uint32_t> processes;
        std::string spec() const
        {
            const std::vector<std::uint32_t> p = every_process
                                                     ? std::vector<std::uint32_t>()
                                                     : std::vector<std::uint32_t>(processes.begin(), processes.end());
            const std::vector<std::uint32_t> c =
                whole ? std::vector<std::uint32_t>() : std::vector<std::uint32_t>(counters.begin(), counters.end());
            return ObjectQuery::spec(p, c);
        }
    };
    std::map<std::uint32_t, Wanted> wanted;
    std::string query;
    if (m_type == SnapshotType::custom) {
        if (requests.empty())
            return Error(Errc::invalid_argument, "a custom snapshot needs at least one requested object or counter");
        for (const CounterRequest& r : requests) {
            if (r.object_index == 0)
                return Error(Errc::invalid_argument,
                             "object index 0 is not an object (counter " + std::to_string(r.counter_index) + ")");
            Wanted& w = wanted[r.object_index];
            if (r.counter_index == 0)
                w.whole = true;
            else
                w.counters.insert(r.counter_index);
            if (r.process_id == 0)
                w.every_process = true;
            else
                w.processes.insert(r.process_id);
        }
        for (const auto& [index, w] : wanted)
            ObjectQuery::append(query, index, m_options.collect_only_requested ? w.spec() : std::string());
    } else {
        if (!requests.empty())
            return Error(Errc::invalid_argument, "only a custom snapshot takes a request list");
        query = m_type == SnapshotType::global ? "Global" : "Costly";
    }

    // The first sample, so that the first decode has an older one.
    auto collect_first = [&]() -> Result<BlockView> {
        if (Status collected = m_source.collect(query, m_block_bytes); !collected)
            return collected.error();  // as at every later collection (Snapshot::sample)
        m_cache.count_source_query();
        auto parsed = BlockView::parse(m_block_bytes);
        if (!parsed)
            return with_context(parsed.error(), "the block collected for objects \"" + query + "\"");
        m_left_out = parsed->left_out();
        return parsed;
    };
    auto block = collect_first();
    if (!block)
        return block.error();

    if (m_type != SnapshotType::custom) {
        for (const ObjectView& object : block->objects())
            wanted[object.name_index()].whole = true;
    }
    // Instances name their parents (Thread -> Process); a source that does
    // not bring the parent along is asked for it, so that instances are named
    // and identified the same whoever collected them.
    if (m_type == SnapshotType::custom) {
        std::set<std::uint32_t> missing;
        for (const auto& [index, w] : wanted)
            if (auto object = block->find_object(index))
                for (const InstanceView& instance : object->instances())
                    if (instance.parent_object_index() != 0 && !block->find_object(instance.parent_object_index()))
                        missing.insert(instance.parent_object_index());
        if (!missing.empty()) {
            for (std::uint32_t index : missing)
                ObjectQuery::append(query, index);
            block = collect_first();
            if (!block)
                return block.error();
        }
    }
    m_fresh = *block;

    for (const auto& [index, w] : wanted) {
        auto object = block->find_object(index);
        if (!object) {
            for (const LeftOutObject& bad : m_left_out.listed())
                if (bad.name_index() == index)
                    return Error(bad.code(), "object " + std::to_string(index) +
                                                 " was left out of the source's block: " + bad.message());
            return Error(Errc::not_found, "object " + std::to_string(index) + " is not served by the source");
        }
        const std::vector<CounterLayout> layouts = counter_layouts(*object);
        for (std::uint32_t counter : w.counters) {
            const bool present = std::any_of(layouts.begin(), layouts.end(), [&](const CounterLayout& layout) {
                return layout.definition.name_index == counter;
            });
            if (!present)
                return Error(Errc::not_found,
                             "object " + std::to_string(index) + " has no counter " + std::to_string(counter));
        }
        auto slot = std::make_unique<Slot>();
        slot->index = index;
        slot->requested = true;
        slot->whole = w.whole;
        if (!w.whole) {
            slot->counters.assign(w.counters.begin(), w.counters.end());
            slot->decoder.select(slot->counters);
        }
        if (m_options.collect_only_requested)
            slot->spec = w.spec();
        m_slots.push_back(std::move(slot));
    }
    // Parents of requested instances (Thread -> Process), so instances keep
    // their parents' names.
    std::set<std::uint32_t> parents;
    for (const auto& slot : m_slots) {
        for (const InstanceView& instance : block->find_object(slot->index)->instances()) {
            const std::uint32_t parent = instance.parent_object_index();
            if (parent != 0 && !wanted.count(parent) && block->find_object(parent))
                parents.insert(parent);
        }
    }
    for (std::uint32_t parent : parents) {
        auto slot = std::make_unique<Slot>();
        slot->index = parent;
        if (m_options.collect_only_requested) {
            // The processes of its children's lists (Thread of process 1234 ->
            // Process of 1234); every process when a child wants every one.
            Wanted of_children;
            of_children.whole = true;
            for (const auto& [index, w] : wanted) {
                const auto instances = block->find_object(index)->instances();
                if (std::none_of(instances.begin(), instances.end(),
                                 [&](const InstanceView& i) { return i.parent_object_index() == parent; }))
                    continue;
                of_children.every_process |= w.every_process;
                of_children.processes.insert(w.processes.begin(), w.processes.end());
            }
            slot->spec = of_children.spec();
        }
        m_slots.push_back(std::move(slot));
    }
    std::sort(m_slots.begin(), m_slots.end(), [](const auto& a, const auto& b) { return a->index < b->index; });
    for (const auto& slot : m_slots) {
        std::set<std::uint32_t> named;
        for (const InstanceView& instance : block->find_object(slot->index)->instances())
            if (instance.parent_object_index() != 0)
                named.insert(instance.parent_object_index());
        for (std::size_t i = 0; i < m_slots.size(); ++i)
            if (named.count(m_slots[i]->index) && m_slots[i].get() != slot.get())
                slot->parents.push_back(i);
    }

    m_query.reserve(m_slots.size() * kQueryCharsPerObject);
    Anomalies ignored;
    if (Status filled = fill_storage(m_storage[m_current], ignored); !filled)
        return filled;
    remember_times(m_storage[m_current]);
    insert_fresh();
    std::size_t value_count = 0;
    for (const auto& slot : m_slots) {
        auto entry = m_storage[m_current].find(slot->index);
        if (!slot->requested || !entry)
            continue;
        m_identifier.identify(m_storage[m_current].block(), entry->object, slot->ids[m_current]);
        slot->ids[1 - m_current].reserve(slot->ids[m_current].size());
        slot->previous_of.reserve(slot->ids[m_current].size());
        const std::size_t count = slot->decoder.value_count(entry->object);
        value_count += count;
        m_scratch.resize(std::max(m_scratch.size(), count));
    }
    m_values.reserve(value_count);
    m_storage[1 - m_current].clear();
    m_fresh.reset();
    set_state(SnapshotState::initialized);
    return {};
}

void Snapshot::set_state(SnapshotState state)
{
    m_state = state;
    if (m_options.on_state)
        m_options.on_state(m_options.on_state_context, *this, state);
}

Status Snapshot::require(bool allowed, const char* operation) const
{
    if (allowed)
        return {};
    return Error(Errc::invalid_state,
                 std::string("cannot ") + operation + " a snapshot in state " + std::string(to_string(m_state)));
}

bool Snapshot::browsable() const
{
    return m_state == SnapshotState::initialized || m_state == SnapshotState::prepared;
}

const Snapshot::Slot* Snapshot::find_slot(std::uint32_t object_index) const
{
    auto it = std::lower_bound(m_slots.begin(), m_slots.end(), object_index,
                               [](const auto& slot, std::uint32_t index) { return slot->index < index; });
    if (it == m_slots.end() || (*it)->index != object_index || !(*it)->requested)
        return nullptr;
    return it->get();
}

Result<const Snapshot::Slot*> Snapshot::browse_slot(std::uint32_t object_index, const char* operation) const
{
    if (Status allowed = require(browsable(), operation); !allowed)
        return allowed.error();
    const Slot* slot = find_slot(object_index);
    if (!slot)
        return Error(Errc::not_found, "the snapshot does not measure object " + std::to_string(object_index));
    return slot;
}

// --- browsing ---------------------------------------------------------------

Status Snapshot::objects(std::vector<std::uint32_t>& out) const
{
    if (Status allowed = require(browsable(), "list the objects of"); !allowed)
        return allowed;
    out.clear();
    for (const auto& slot : m_slots)
        if (slot->requested)
            out.push_back(slot->index);
    return {};
}

Status Snapshot::counters(std::uint32_t object_index, std::vector<CounterRecord>& out) const
{
    auto slot = browse_slot(object_index, "list the counters of");
    if (!slot)
        return slot.error();
    out.clear();
    auto entry = m_storage[m_current].find(object_index);
    if (!entry)
        return {};  // missing from the last sample: no structure to show
    for (const CounterLayout& layout : counter_layouts(entry->object)) {
        CounterRecord record;
        record.name_index = layout.definition.name_index;
        record.help_index = layout.definition.help_index;
        record.type = layout.definition.type;
        record.kind = needs_two_samples(layout.definition.type) ? CounterKind::counter : CounterKind::gauge;
        record.value_type = value_type(layout.definition.type);
        record.detail_level = layout.definition.detail_level;
        record.default_scale = layout.definition.default_scale;
        out.push_back(record);
    }
    return {};
}

Status Snapshot::instances(std::uint32_t object_index, std::vector<InstanceInfo>& out) const
{
    auto slot = browse_slot(object_index, "list the instances of");
    if (!slot)
        return slot.error();
    out.clear();
    const ObjectStorage& storage = m_storage[m_current];
    auto entry = storage.find(object_index);
    if (!entry || !entry->object.has_instances())
        return {};
    std::vector<InstanceName> names = instance_names(storage.block(), entry->object);
    const std::vector<InstanceIdentity>& ids = (*slot)->ids[m_current];
    std::uint32_t position = 0;
    for (const InstanceView& instance : entry->object.instances()) {
        InstanceInfo info;
        info.position = position;
        info.name = std::move(names[position].name);
        info.display = std::move(names[position].display);
        info.parent = std::move(names[position].parent);
        info.key = std::move(names[position].key);
        info.parent_object = instance.parent_object_index();
        info.parent_instance = instance.parent_instance();
        info.unique_id = instance.unique_id();
        if (position < ids.size())
            info.identity = ids[position];
        out.push_back(std::move(info));
        ++position;
    }
    return {};
}

Status Snapshot::identities(std::uint32_t object_index, std::vector<InstanceIdentity>& out) const
{
    auto slot = browse_slot(object_index, "list the instance identities of");
    if (!slot)
        return slot.error();
    const auto& ids = (*slot)->ids[m_current];
    out.assign(ids.begin(), ids.end());
    return {};
}

Result<BlockHeader> Snapshot::object_time(std::uint32_t object_index) const
{
    auto slot = browse_slot(object_index, "read the sample time of");
    if (!slot)
        return slot.error();
    auto entry = m_storage[m_current].find(object_index);
    if (!entry)
        return Error(Errc::not_found, "object " + std::to_string(object_index) + " was missing from the last sample");
    return *entry->origin;
}

// --- measuring --------------------------------------------------------------

void Snapshot::release_cached()
{
    for (const auto& slot : m_slots) {
        if (!slot->cached)
            continue;
        (void)m_cache.release(m_entity, slot->cached_object.bytes.data());
        slot->cached = false;
    }
}

Status Snapshot::prepare()
{
    const bool allowed = m_state == SnapshotState::initialized || m_state == SnapshotState::prepared ||
                         m_state == SnapshotState::sampled;
    if (Status s = require(allowed, "prepare"); !s)
        return s;
    set_state(SnapshotState::preparing);
    release_cached();  // a sample that is not going to be decoded
    m_fresh.reset();
    set_state(SnapshotState::prepared);
    return {};
}

Result<Anomalies> Snapshot::sample()
{
    if (Status s = require(m_state == SnapshotState::prepared, "sample"); !s)
        return s.error();
    set_state(SnapshotState::sampling);

    Anomalies anomalies;
    for (const auto& slot : m_slots)
        slot->cached = false;
    m_fresh.reset();
    m_left_out = {};
    if (!take_from_cache()) {
        // Wait for the source, then look again: an entity that collected
        // while we waited has inserted its objects by now (they go into the
        // cache before the source is let go), so entities sampling at the
        // same moment share one query instead of queueing up for their own.
        auto source_lock = m_source.lock();
        if (!take_from_cache()) {
            m_query.clear();
            for (const auto& slot : m_slots)
                if (!slot->cached)
                    ObjectQuery::append(m_query, slot->index, slot->spec);
            const std::size_t capacity = m_block_bytes.capacity();
            Status collected = m_source.collect_locked(source_lock, m_query, m_block_bytes);
            m_cache.count_source_query();
            if (collected) {
                auto block = BlockView::parse(m_block_bytes);
                if (block) {
                    m_fresh = *block;
                    m_left_out = block->left_out();
                    anomalies.object_left_out = !m_left_out.empty();
                } else {
                    // The source answered with a block that does not parse: which query it answered is
                    // what a bug report needs. A source's own failure already names what failed (a file,
                    // a machine), and the object numbers would mean nothing to the user reading it.
                    collected = with_context(block.error(), "the block collected for objects \"" + m_query + "\"");
                }
            }
            if (!collected) {
                source_lock.unlock();
                m_fresh.reset();
                release_cached();
                set_state(SnapshotState::initialized);
                return collected.error();
            }
            anomalies.buffer_grown = m_block_bytes.capacity() != capacity;
            insert_fresh();
        }
    }

    // Cheap checks now; decode compares instance identities.
    const ObjectStorage& current = m_storage[m_current];
    for (const auto& slot : m_slots) {
        std::optional<ObjectView> now;
        if (slot->cached)
            now = ObjectView::from_validated(slot->cached_object.bytes);
        else if (m_fresh)
            now = m_fresh->find_object(slot->index);
        if (!now) {
            anomalies.object_missing |= slot->requested;
            continue;
        }
        auto before = current.find(slot->index);
        if (slot->requested && (!before || before->object.instance_count() != now->instance_count()))
            anomalies.instances_changed = true;
    }
    set_state(SnapshotState::sampled);
    return anomalies;
}

bool Snapshot::take_from_cache()
{
    if (m_options.use_cache) {
        for (const auto& slot : m_slots) {
            if (slot->cached)
                continue;
            if (auto found = m_cache.find(slot->index, m_entity, slot->newest_time, m_options.max_age, slot->spec)) {
                slot->cached = true;
                slot->cached_object = *found;
            }
        }
        keep_families_together();
    }
    return std::all_of(m_slots.begin(), m_slots.end(), [](const auto& slot) { return slot->cached; });
}

namespace {

bool same_collection(const BlockHeader& a, const BlockHeader& b)
{
    return a.perf_time == b.perf_time && a.perf_time_100ns == b.perf_time_100ns && a.perf_freq == b.perf_freq;
}

}  // namespace

void Snapshot::keep_families_together()
{
    // A child taken from the cache with a parent from elsewhere (or from
    // another cached collection) would name its instances after the wrong
    // parents: collect both instead. Repeat for chains of parents.
    for (bool changed = true; changed;) {
        changed = false;
        for (const auto& slot : m_slots) {
            for (std::size_t p : slot->parents) {
                Slot& parent = *m_slots[p];
                const bool together =
                    slot->cached == parent.cached &&
                    (!slot->cached || same_collection(slot->cached_object.block, parent.cached_object.block));
                if (together)
                    continue;
                for (Slot* s : {slot.get(), &parent}) {
                    if (s->cached) {
                        (void)m_cache.release(m_entity, s->cached_object.bytes.data());
                        s->cached = false;
                    }
                }
                changed = true;
            }
        }
    }
}

Status Snapshot::fill_storage(ObjectStorage& storage, Anomalies& anomalies)
{
    storage.clear();
    Status status;
    for (const auto& slot : m_slots) {
        if (slot->cached) {
            const std::byte* object = slot->cached_object.bytes.data();
            Status locked = m_cache.lock(m_entity, object);
            if (locked) {
                storage.add(slot->cached_object.bytes, slot->cached_object.block);
                locked = m_cache.unlock(m_entity, object);
            }
            Status released = m_cache.release(m_entity, object);
            slot->cached = false;
            if (!locked || !released) {
                status = !locked ? locked : released;
                continue;
            }
        } else if (m_fresh) {
            auto object = m_fresh->find_object(slot->index);
            if (!object) {
                anomalies.object_missing |= slot->requested;
                continue;
            }
            storage.add(object->bytes(), m_fresh->header());
        }
    }
    storage.seal();
    anomalies.buffer_grown |= storage.grew();
    return status;
}

void Snapshot::remember_times(const ObjectStorage& storage)
{
    // Only for a storage that is kept: the cache must not hand out copies
    // older than what the next decode compares against.
    for (const auto& slot : m_slots)
        if (auto entry = storage.find(slot->index))
            slot->newest_time = entry->origin->perf_time;
}

void Snapshot::insert_fresh()
{
    if (!m_options.use_cache || !m_fresh)
        return;
    // Alone with the cache, nobody could use the copies; another entity
    // attaching meanwhile just queries for itself once.
    if (m_cache.attached() <= 1)
        return;
    // Every object of the block, also those not asked for (Thread brings
    // Process): another entity may want them (docs/snapshots-and-cache.md §2.3).
    // An object brought along by a query for some processes only (Thread of
    // 1234 brings Process) may hold those processes only: it is not the
    // whole object another entity would take it for, so it is not shared.
    const bool some_processes = std::any_of(m_slots.begin(), m_slots.end(),
                                            [](const auto& s) { return s->spec.find('/') != std::string::npos; });
    for (const ObjectView& object : m_fresh->objects()) {
        // m_slots is sorted by index (initialize()).
        const auto it = std::lower_bound(m_slots.begin(), m_slots.end(), object.name_index(),
                                         [](const auto& s, std::uint32_t index) { return s->index < index; });
        const Slot* slot = it != m_slots.end() && (*it)->index == object.name_index() ? it->get() : nullptr;
        if (slot)
            (void)m_cache.insert(m_entity, *m_fresh, object, slot->spec);
        else if (!some_processes)
            (void)m_cache.insert(m_entity, *m_fresh, object);
    }
}

Status Snapshot::compute(Anomalies& anomalies)
{
    const int next_index = 1 - m_current;
    const ObjectStorage& previous = m_storage[m_current];
    const ObjectStorage& next = m_storage[next_index];
    m_values.clear();
    for (const auto& slot : m_slots) {
        if (!slot->requested)
            continue;
        std::vector<InstanceIdentity>& ids = slot->ids[next_index];
        auto entry = next.find(slot->index);
        if (!entry) {
            ids.clear();
            continue;
        }
        const ObjectView& object = entry->object;
        const std::size_t ids_capacity = ids.capacity();
        const std::size_t pairing_capacity = slot->previous_of.capacity();
        m_identifier.identify(next.block(), object, ids);

        auto before = previous.find(slot->index);
        std::span<const std::int32_t> pairing;
        TimeStamps then;
        if (before) {
            if (object.has_instances() && before->object.has_instances()) {
                anomalies.instances_changed |= m_identifier.pair(slot->ids[m_current], ids, slot->previous_of);
                pairing = slot->previous_of;
            }
            anomalies.definitions_changed |= !same_definitions(before->object, object);
            then = time_stamps(*before->origin, before->object.header());
        }
        const TimeStamps now = time_stamps(*entry->origin, object.header());
        const std::size_t count = slot->decoder.value_count(object);
        if (m_scratch.size() < count) {
            m_scratch.resize(count);
            anomalies.buffer_grown = true;
        }
        anomalies.buffer_grown |= ids.capacity() != ids_capacity || slot->previous_of.capacity() != pairing_capacity;
        Status decoded = slot->decoder.decode(object, now, before ? &before->object : nullptr, before ? &then : nullptr,
                                              pairing, m_options.decode, std::span<Value>(m_scratch).first(count));
        if (!decoded)
            return decoded;

        const auto columns = slot->decoder.counters();
        const std::size_t rows = ObjectDecoder::row_count(object);
        const std::size_t first = m_values.size();
        m_values.resize(first + count);  // within capacity in steady state
        CalculatedValue* out = m_values.data() + first;
        const Value* value = m_scratch.data();
        for (std::size_t row = 0; row < rows; ++row) {
            const std::int32_t instance = object.has_instances() ? static_cast<std::int32_t>(row) : -1;
            for (const CounterLayout& column : columns) {
                out->object_index = slot->index;
                out->counter_index = column.definition.name_index;
                out->instance = instance;
                out->value = *value++;
                ++out;
            }
        }
    }
    return {};
}

Result<Anomalies> Snapshot::decode()
{
    if (Status s = require(m_state == SnapshotState::sampled, "decode"); !s)
        return s.error();
    set_state(SnapshotState::decoding);

    Anomalies anomalies;
    const std::size_t values_capacity = m_values.capacity();
    Status status = fill_storage(m_storage[1 - m_current], anomalies);
    m_fresh.reset();
    if (status)
        status = compute(anomalies);
    anomalies.buffer_grown |= m_values.capacity() != values_capacity;
    if (!status) {
        m_has_values = false;
        set_state(SnapshotState::initialized);
        return with_context(status.error(), "decoding");
    }
    // The storage just used as "previous" is filled next cycle: grow it now,
    // in the cycle that reported the growth, not one cycle later.
    remember_times(m_storage[1 - m_current]);
    m_storage[m_current].reserve_like(m_storage[1 - m_current]);
    for (const auto& slot : m_slots)
        slot->ids[m_current].reserve(slot->ids[1 - m_current].capacity());
    m_current = 1 - m_current;
    m_has_values = true;
    set_state(SnapshotState::initialized);
    return anomalies;
}

// --- values -----------------------------------------------------------------

Result<std::span<const CalculatedValue>> Snapshot::values() const
{
    if (Status s = require(m_state == SnapshotState::initialized && m_has_values, "read the values of"); !s) {
        if (m_state == SnapshotState::initialized)
            return Error(Errc::invalid_state, "the snapshot has no decoded values (decode first)");
        return s.error();
    }
    return std::span<const CalculatedValue>(m_values);
}

Status Snapshot::copy_values(std::vector<CalculatedValue>& out) const
{
    auto values = this->values();
    if (!values)
        return values.error();
    out.assign(values->begin(), values->end());
    return {};
}

// --- thread-safe variants ---------------------------------------------------

Status Snapshot::objects_lock(std::vector<std::uint32_t>& out) const
{
    std::shared_lock lock(m_lock);
    return objects(out);
}

Status Snapshot::counters_lock(std::uint32_t object_index, std::vector<CounterRecord>& out) const
{
    std::shared_lock lock(m_lock);
    return counters(object_index, out);
}

Status Snapshot::instances_lock(std::uint32_t object_index, std::vector<InstanceInfo>& out) const
{
    std::shared_lock lock(m_lock);
    return instances(object_index, out);
}

Status Snapshot::identities_lock(std::uint32_t object_index, std::vector<InstanceIdentity>& out) const
{
    std::shared_lock lock(m_lock);
    return identities(object_index, out);
}

Status Snapshot::prepare_lock()
{
    std::unique_lock lock(m_lock);
    return prepare();
}

Result<BlockHeader> Snapshot::object_time_lock(std::uint32_t object_index) const
{
    std::shared_lock lock(m_lock);
    return object_time(object_index);
}

void Snapshot::set_max_age_lock(std::chrono::nanoseconds max_age)
{
    std::unique_lock lock(m_lock);
    set_max_age(max_age);
}

Result<Anomalies> Snapshot::sample_lock()
{
    std::unique_lock lock(m_lock);
    return sample();
}

Result<Anomalies> Snapshot::decode_lock()
{
    std::unique_lock lock(m_lock);
    return decode();
}

Status Snapshot::copy_values_lock(std::vector<CalculatedValue>& out) const
{
    std::shared_lock lock(m_lock);
    return copy_values(out);
}

SnapshotState Snapshot::state_lock() const
{
    std::shared_lock lock(m_lock);
    return m_state;
}

LeftOutObjects Snapshot::left_out_lock() const
{
    std::shared_lock lock(m_lock);
    return m_left_out;
}

}  // namespace wpo
