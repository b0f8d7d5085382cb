// SPDX-License-Identifier: Apache-2.0
#include "native/bridge.h"

#include "core/utf.h"
#include "naming/instance_names.h"
#include "naming/sensor_name.h"
#include "snapshot/shared_source.h"


#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <limits>

namespace perfscope::jni {

// Held by every snapshot and sampler entry, made before its engine object
// and let go after it: the last one out tells the source it may let go too.
class Bridge::Lease {
public:
    explicit Lease(Bridge& bridge) : m_bridge(bridge) { m_bridge.m_users.fetch_add(1, std::memory_order_acq_rel); }
    ~Lease()
    {
        if (m_bridge.m_users.fetch_sub(1, std::memory_order_acq_rel) == 1)
            m_bridge.went_idle();
    }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;

private:
    Bridge& m_bridge;
};

struct Bridge::Entry {
    explicit Entry(Bridge& bridge) : lease(bridge) {}
    Lease lease;  // first: destroyed after the snapshot
    std::unique_ptr<wpo::Snapshot> snapshot;
    // Freshness (set_max_age): nanoseconds, or -1 for "since the previous sample call".
    std::atomic<std::int64_t> max_age{-1};
    std::atomic<std::int64_t> previous_sample{0};       // steady_clock nanoseconds of the previous sample call
    std::atomic<std::int64_t> collected{0};             // the last decode's oldest object, epoch nanoseconds
    std::atomic<std::int64_t> previous_sample_wall{0};  // the same call on the wall clock, epoch nanoseconds
    std::atomic<std::int64_t> oldest_allowed{0};        // the last sample's threshold, epoch nanoseconds
    // The last decode saw changed counter definitions: that cycle has no values.
    std::atomic<bool> empty_cycle{false};
};

struct Bridge::SamplerEntry {
    explicit SamplerEntry(Bridge& bridge) : lease(bridge) {}
    Lease lease;
    std::unique_ptr<PathSampler> sampler;
};

struct Bridge::ThreadCpuEntry {
    explicit ThreadCpuEntry(Bridge& bridge) : lease(bridge) {}
    Lease lease;
    std::unique_ptr<ThreadCpuReader> reader;
};

struct Bridge::NameCache {
    wpo::NameTable table;
    std::u16string chars;  // "name\0name\0...\0"
    std::vector<std::int32_t> indices;
    std::u16string help_chars;  // the same for the help texts
    std::vector<std::int32_t> help_indices;
};

// Reused per thread: browsing and value copies allocate only when a thread
// sees more data than before.
struct Bridge::Scratch {
    std::vector<std::uint32_t> objects;
    std::vector<std::int32_t> ints;
    std::vector<wpo::CounterRecord> counters;
    std::vector<CounterRecordOut> records;
    std::vector<wpo::InstanceInfo> instances;
    std::u16string chars;
    std::vector<wpo::CalculatedValue> values;
    std::vector<std::int64_t> bits;
    std::vector<std::int8_t> types;
};

Bridge::Scratch& Bridge::scratch()
{
    thread_local Scratch s;
    return s;
}

namespace {

void append_utf16(std::u16string& out, std::string_view utf8)
{
    const std::size_t units = wpo::utf16_length(utf8);
    const std::size_t at = out.size();
    out.resize(at + units);
    // UTF-16LE bytes straight into char16_t storage: both targets are little endian.
    wpo::encode_utf16le(utf8, reinterpret_cast<std::byte*>(out.data() + at));
}

bool fits(std::int64_t capacity, std::size_t needed)
{
    return capacity >= 0 && static_cast<std::uint64_t>(capacity) >= needed;
}

int capacity_code(std::int64_t capacity, std::size_t needed)
{
    if (capacity < 0)
        return code::null_argument;
    return fits(capacity, needed) ? code::ok : code::buffer_too_small;
}

std::int64_t steady_ns()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// Nanoseconds since 1970 of a block's PerfTime100nSec (100 ns since 1601); 0 for none.
std::int64_t epoch_ns(std::int64_t filetime)
{
    constexpr std::int64_t k1601To1970 = 116'444'736'000'000'000;
    return filetime <= k1601To1970 ? 0 : (filetime - k1601To1970) * 100;
}

int to_int(std::size_t n)
{
    return n > static_cast<std::size_t>(std::numeric_limits<int>::max()) ? code::failure : static_cast<int>(n);
}

std::int32_t value_type_ordinal(wpo::ValueType type)
{
    switch (type) {
    case wpo::ValueType::int32: return 0;
    case wpo::ValueType::int64: return 1;
    case wpo::ValueType::float64: return 2;
    }
    return 2;
}

}  // namespace

Bridge::Bridge(std::unique_ptr<wpo::Source> source, wpo::SnapshotOptions options)
    : m_source(std::move(source)), m_shared(std::make_unique<wpo::SharedSource>(*m_source)), m_options(options)
{}

Bridge::~Bridge() = default;

std::unique_lock<std::mutex> Bridge::lock_source()
{
    return m_shared->lock();
}

void Bridge::went_idle()
{
    if (!m_idle_release)
        return;
    auto held = m_shared->lock();
    // A handle made meanwhile keeps what it needs: it may be collecting right after this lock.
    if (m_users.load(std::memory_order_acquire) == 0)
        m_idle_release();
}

std::shared_ptr<Bridge::Entry> Bridge::find(std::int32_t handle) const
{
    return m_snapshots.lookup(handle);
}

const Bridge::NameCache* Bridge::load_names()
{
    std::lock_guard guard(m_names_mutex);
    if (m_names)
        return m_names.get();
    if (m_names_error != 0)
        return nullptr;
    auto table = m_shared->source().load_names();
    if (!table) {
        m_names_error = code_of(table.error());
        return nullptr;
    }
    auto cache = std::make_unique<NameCache>();
    cache->table = std::move(*table);
    for (const auto& [index, text] : cache->table.names()) {
        if (index > static_cast<std::uint32_t>(std::numeric_limits<std::int32_t>::max()))
            continue;  // Java indices are ints; Windows never comes near
        append_utf16(cache->chars, text);
        cache->chars.push_back(u'\0');
        cache->indices.push_back(static_cast<std::int32_t>(index));
    }
    cache->chars.push_back(u'\0');
    for (const auto& [index, text] : cache->table.helps()) {
        if (index > static_cast<std::uint32_t>(std::numeric_limits<std::int32_t>::max()))
            continue;
        append_utf16(cache->help_chars, text);
        cache->help_chars.push_back(u'\0');
        cache->help_indices.push_back(static_cast<std::int32_t>(index));
    }
    cache->help_chars.push_back(u'\0');
    m_names = std::move(cache);
    return m_names.get();
}

int Bridge::reload_names()
{
    {
        std::lock_guard guard(m_names_mutex);
        if (m_names)
            m_retired_names.push_back(std::move(m_names));
        m_names_error = 0;
    }
    return load_names() ? code::ok : m_names_error;
}

const wpo::NameTable* Bridge::name_table()
{
    const NameCache* names = load_names();
    return names ? &names->table : nullptr;
}

// --- JWPONames ---------------------------------------------------------------

int Bridge::names_count()
{
    const NameCache* names = load_names();
    return names ? to_int(names->indices.size()) : m_names_error;
}

int Bridge::names_length()
{
    const NameCache* names = load_names();
    return names ? to_int(names->chars.size()) : m_names_error;
}

int Bridge::names(std::int64_t chars_capacity, std::int64_t indices_capacity, std::span<const char16_t>& chars,
                  std::span<const std::int32_t>& indices)
{
    const NameCache* names = load_names();
    if (!names)
        return m_names_error;
    if (int c = capacity_code(chars_capacity, names->chars.size()); c != code::ok)
        return c;
    if (int c = capacity_code(indices_capacity, names->indices.size()); c != code::ok)
        return c;
    chars = names->chars;
    indices = names->indices;
    return code::ok;
}

int Bridge::help_count()
{
    const NameCache* names = load_names();
    return names ? to_int(names->help_indices.size()) : m_names_error;
}

int Bridge::help_length()
{
    const NameCache* names = load_names();
    return names ? to_int(names->help_chars.size()) : m_names_error;
}

int Bridge::helps(std::int64_t chars_capacity, std::int64_t indices_capacity, std::span<const char16_t>& chars,
                  std::span<const std::int32_t>& indices)
{
    const NameCache* names = load_names();
    if (!names)
        return m_names_error;
    if (int c = capacity_code(chars_capacity, names->help_chars.size()); c != code::ok)
        return c;
    if (int c = capacity_code(indices_capacity, names->help_indices.size()); c != code::ok)
        return c;
    chars = names->help_chars;
    indices = names->help_indices;
    return code::ok;
}

// --- creation ----------------------------------------------------------------

int Bridge::create(std::int32_t type, std::span<const InputInfo> inputs, bool inputs_null)
{
    wpo::SnapshotType snapshot_type{};
    wpo::SnapshotOptions options = m_options;
    switch (type) {
    case 0: snapshot_type = wpo::SnapshotType::global; break;
    case 1: snapshot_type = wpo::SnapshotType::costly; break;
    case 2: snapshot_type = wpo::SnapshotType::custom; break;
    case kCustomRawType:
        snapshot_type = wpo::SnapshotType::custom;
        options.decode.raw_values = true;
        break;
    default: return code::invalid_argument;
    }
    std::vector<wpo::CounterRequest> requests;
    if (snapshot_type == wpo::SnapshotType::custom) {
        if (inputs_null)
            return code::null_argument;
        if (inputs.empty())
            return code::invalid_argument;
        requests.reserve(inputs.size());
        for (const InputInfo& input : inputs) {
            if (!input.present)
                return code::null_argument;
            if (input.object <= 0 || input.counter < 0)
                return code::invalid_argument;
            requests.push_back({static_cast<std::uint32_t>(input.object), static_cast<std::uint32_t>(input.counter)});
        }
    } else if (!inputs_null && !inputs.empty()) {
        return code::invalid_argument;  // Global and Costly take every object whole
    }
    auto entry = std::make_shared<Entry>(*this);
    entry->previous_sample.store(steady_ns(), std::memory_order_relaxed);
    entry->previous_sample_wall.store(now_epoch_ns(), std::memory_order_relaxed);
    auto snapshot = wpo::Snapshot::create(*m_shared, snapshot_type, requests, options);
    if (!snapshot)
        return code_of(snapshot.error());
    entry->snapshot = std::move(*snapshot);
    note_time(*entry);
    const std::int32_t handle = m_snapshots.add(std::move(entry));
    return handle > 0 ? handle : code::too_many_handles;
}

int Bridge::destroy(std::int32_t handle)
{
    auto entry = m_snapshots.remove(handle);
    return entry ? code::ok : code::invalid_handle;
}

// --- structure ---------------------------------------------------------------

namespace {

int status_code(const wpo::Status& st)
{
    return st ? code::ok : code_of(st.error());
}

}  // namespace

// The preambles the browsing calls share: a known handle, a valid object index,
// then what is asked for copied into the thread's scratch under the shared lock.
int Bridge::load_objects(std::int32_t handle, Scratch& s)
{
    auto entry = find(handle);
    if (!entry)
        return code::invalid_handle;
    return status_code(entry->snapshot->objects_lock(s.objects));
}

int Bridge::load_counters(std::int32_t handle, std::int32_t object, Scratch& s)
{
    auto entry = find(handle);
    if (!entry)
        return code::invalid_handle;
    if (object <= 0)
        return code::invalid_argument;
    return status_code(entry->snapshot->counters_lock(static_cast<std::uint32_t>(object), s.counters));
}

int Bridge::load_instances(std::int32_t handle, std::int32_t object, Scratch& s)
{
    auto entry = find(handle);
    if (!entry)
        return code::invalid_handle;
    if (object <= 0)
        return code::invalid_argument;
    return status_code(entry->snapshot->instances_lock(static_cast<std::uint32_t>(object), s.instances));
}

int Bridge::object_count(std::int32_t handle)
{
    Scratch& s = scratch();
    if (int c = load_objects(handle, s); c != code::ok)
        return c;
    return to_int(s.objects.size());
}

int Bridge::object_names(std::int32_t handle, std::int64_t capacity, std::span<const std::int32_t>& out)
{
    Scratch& s = scratch();
    if (int c = load_objects(handle, s); c != code::ok)
        return c;
    if (int c = capacity_code(capacity, s.objects.size()); c != code::ok)
        return c;
    s.ints.assign(s.objects.begin(), s.objects.end());
    out = s.ints;
    return to_int(s.ints.size());
}

int Bridge::counter_count(std::int32_t handle, std::int32_t object)
{
    Scratch& s = scratch();
    if (int c = load_counters(handle, object, s); c != code::ok)
        return c;
    return to_int(s.counters.size());
}

int Bridge::counters(std::int32_t handle, std::int32_t object, std::int64_t capacity,
                     std::span<const CounterRecordOut>& out)
{
    Scratch& s = scratch();
    if (int c = load_counters(handle, object, s); c != code::ok)
        return c;
    if (int c = capacity_code(capacity, s.counters.size()); c != code::ok)
        return c;
    s.records.clear();
    for (const wpo::CounterRecord& r : s.counters) {
        CounterRecordOut o;
        o.description = static_cast<std::int32_t>(r.help_index);
        o.index = static_cast<std::int32_t>(r.name_index);
        o.type = static_cast<std::int32_t>(r.type);
        o.kind = r.kind == wpo::CounterKind::counter ? 0 : 1;
        o.value_type = value_type_ordinal(r.value_type);
        o.detail_level = static_cast<std::int32_t>(r.detail_level);
        o.default_scale = r.default_scale;
        s.records.push_back(o);
    }
    out = s.records;
    return to_int(s.records.size());
}

int Bridge::instance_count(std::int32_t handle, std::int32_t object)
{
    Scratch& s = scratch();
    if (int c = load_instances(handle, object, s); c != code::ok)
        return c;
    return to_int(s.instances.size());
}

int Bridge::instance_length(std::int32_t handle, std::int32_t object)
{
    Scratch& s = scratch();
    if (int c = load_instances(handle, object, s); c != code::ok)
        return c;
    std::size_t length = 1;
    for (const wpo::InstanceInfo& i : s.instances)
        length += wpo::utf16_length(i.name) + 1;
    return to_int(length);
}

int Bridge::instances(std::int32_t handle, std::int32_t object, std::int64_t chars_capacity, std::int64_t ids_capacity,
                      std::span<const char16_t>& chars, std::span<const std::int32_t>& ids)
{
    Scratch& s = scratch();
    if (int c = load_instances(handle, object, s); c != code::ok)
        return c;
    s.chars.clear();
    s.ints.clear();
    for (const wpo::InstanceInfo& i : s.instances) {
        append_utf16(s.chars, i.name);
        s.chars.push_back(u'\0');
        s.ints.push_back(static_cast<std::int32_t>(i.parent_object));
    }
    s.chars.push_back(u'\0');
    if (int c = capacity_code(chars_capacity, s.chars.size()); c != code::ok)
        return c;
    if (int c = capacity_code(ids_capacity, s.ints.size()); c != code::ok)
        return c;
    chars = s.chars;
    ids = s.ints;
    return to_int(s.instances.size());
}

int Bridge::instance_display_names(std::int32_t handle, std::int32_t object, std::int64_t chars_capacity,
                                   std::span<const char16_t>& chars, bool sensor)
{
    Scratch& s = scratch();
    if (int c = load_instances(handle, object, s); c != code::ok)
        return c;
    s.chars.clear();
    wpo::InstanceName name;
    for (const wpo::InstanceInfo& i : s.instances) {
        if (sensor) {
            name.display = i.display;
            name.id.reset();
            if (i.identity.kind == wpo::InstanceIdentity::Kind::process)
                name.id = i.identity.id;
            append_utf16(s.chars, wpo::sensor_instance_name(static_cast<std::uint32_t>(object), name));
        } else {
            append_utf16(s.chars, i.display);
        }
        s.chars.push_back(u'\0');
    }
    s.chars.push_back(u'\0');
    if (int c = capacity_code(chars_capacity, s.chars.size()); c != code::ok)
        return c;
    chars = s.chars;
    return to_int(s.chars.size());
}

// --- measuring ---------------------------------------------------------------

int Bridge::prepare(std::int32_t handle)
{
    auto entry = find(handle);
    if (!entry)
        return code::invalid_handle;
    wpo::Status st = entry->snapshot->prepare_lock();
    return st ? code::ok : code_of(st.error());
}

int Bridge::sample(std::int32_t handle)
{
    auto entry = find(handle);
    if (!entry)
        return code::invalid_handle;
    // The cache ages a copy from its insertion: at least 1 ns, since 0 would
    // mean the cache's own freshness.
    const std::int64_t now = steady_ns();
    const std::int64_t previous = entry->previous_sample.exchange(now, std::memory_order_acq_rel);
    const std::int64_t setting = entry->max_age.load(std::memory_order_relaxed);
    const std::int64_t max_age = setting < 0 ? now - previous : setting;
    const std::int64_t wall = now_epoch_ns();
    const std::int64_t previous_wall = entry->previous_sample_wall.exchange(wall, std::memory_order_acq_rel);
    entry->oldest_allowed.store(setting < 0 ? previous_wall : wall - setting, std::memory_order_relaxed);
    entry->snapshot->set_max_age_lock(std::chrono::nanoseconds(std::max<std::int64_t>(1, max_age)));
    auto anomalies = entry->snapshot->sample_lock();
    if (!anomalies)
        return code_of(anomalies.error());
    return anomalies->any() ? code::anomaly : code::ok;
}

int Bridge::decode(std::int32_t handle)
{
    auto entry = find(handle);
    if (!entry)
        return code::invalid_handle;
    auto decoded = entry->snapshot->decode_lock();
    if (!decoded)
        return code_of(decoded.error());
    // Changed definitions make this cycle a first sample: its rates would span
    // microseconds if measured again at once, so the cycle stays empty.
    entry->empty_cycle.store(decoded->definitions_changed, std::memory_order_release);
    note_time(*entry);
    if (int c = remeasure_if_stale(*entry); c != code::ok)
        return c;
    return decoded->instances_changed || decoded->definitions_changed ? code::anomaly : code::ok;
}

// The cache ages a copy from its insertion, when its collection ended: one
// collected across the threshold looks younger than it is. Such a sample is
// measured again from the source. Older by more than a second is not that
// (the source's clock is not this machine's), and a new collection would not help.
int Bridge::remeasure_if_stale(Entry& entry)
{
    constexpr std::int64_t kCollectionOverlapNs = 1'000'000'000;
    const std::int64_t collected = entry.collected.load(std::memory_order_relaxed);
    const std::int64_t oldest_allowed = entry.oldest_allowed.load(std::memory_order_relaxed);
    if (collected == 0 || collected >= oldest_allowed || oldest_allowed - collected > kCollectionOverlapNs)
        return code::ok;
    wpo::Snapshot& snapshot = *entry.snapshot;
    snapshot.set_max_age_lock(std::chrono::nanoseconds(1));
    if (wpo::Status st = snapshot.prepare_lock(); !st)
        return code_of(st.error());
    auto sampled = snapshot.sample_lock();
    if (!sampled)
        return code_of(sampled.error());
    auto again = snapshot.decode_lock();
    if (!again)
        return code_of(again.error());
    note_time(entry);
    return code::ok;
}

void Bridge::note_time(Entry& entry)
{
    Scratch& s = scratch();
    if (!entry.snapshot->objects_lock(s.objects))
        return;
    std::int64_t oldest = 0;
    for (std::uint32_t object : s.objects) {
        auto time = entry.snapshot->object_time_lock(object);
        const std::int64_t t = time ? epoch_ns(time->perf_time_100ns) : 0;
        if (t != 0 && (oldest == 0 || t < oldest))
            oldest = t;
    }
    entry.collected.store(oldest, std::memory_order_relaxed);
}

int Bridge::set_max_age(std::int32_t handle, std::int64_t nanos)
{
    auto entry = find(handle);
    if (!entry)
        return code::invalid_handle;
    if (nanos < -1)
        return code::invalid_argument;
    entry->max_age.store(nanos, std::memory_order_relaxed);
    return code::ok;
}

int Bridge::collection_time(std::int32_t handle, std::int64_t& epoch)
{
    auto entry = find(handle);
    if (!entry)
        return code::invalid_handle;
    epoch = entry->collected.load(std::memory_order_relaxed);
    return code::ok;
}

std::int64_t Bridge::now_epoch_ns()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// --- values ------------------------------------------------------------------

int Bridge::item_count(std::int32_t handle)
{
    auto entry = find(handle);
    if (!entry)
        return code::invalid_handle;
    Scratch& s = scratch();
    if (wpo::Status st = entry->snapshot->copy_values_lock(s.values); !st)
        return code_of(st.error());
    if (entry->empty_cycle.load(std::memory_order_acquire))
        s.values.clear();
    return to_int(s.values.size());
}

int Bridge::items(std::int32_t handle, std::int64_t capacity, std::span<const wpo::CalculatedValue>& out)
{
    auto entry = find(handle);
    if (!entry)
        return code::invalid_handle;
    if (capacity < 0)
        return code::null_argument;
    Scratch& s = scratch();
    if (wpo::Status st = entry->snapshot->copy_values_lock(s.values); !st)
        return code_of(st.error());
    if (entry->empty_cycle.load(std::memory_order_acquire))
        s.values.clear();
    if (!fits(capacity, s.values.size()))
        return code::buffer_too_small;
    out = s.values;
    return to_int(s.values.size());
}

int Bridge::values(std::int32_t handle, DoubleSink& out)
{
    auto entry = find(handle);
    if (!entry)
        return code::invalid_handle;
    const std::int64_t capacity = out.capacity();
    if (capacity < 0)
        return code::null_argument;
    // Converted where they lie, under the snapshot's shared lock, straight
    // into the destination: no intermediate copy (the per-value cost is the
    // point of this call).
    std::size_t n = 0;
    int result = code::ok;
    const bool empty = entry->empty_cycle.load(std::memory_order_acquire);
    wpo::Status st = entry->snapshot->read_values_lock([&](std::span<const wpo::CalculatedValue> all) {
        const auto values = empty ? all.first(0) : all;
        n = values.size();
        if (!fits(capacity, n)) {
            result = code::buffer_too_small;
            return;
        }
        if (n == 0)
            return;
        double* const storage = out.begin(n);
        if (!storage) {
            result = code::failure;
            return;
        }
        const double nan = std::numeric_limits<double>::quiet_NaN();
        double* o = storage;
        for (const wpo::CalculatedValue& v : values) {
            const wpo::Value& x = v.value;
            const double d = x.type == wpo::ValueType::float64 ? x.f64
                             : x.type == wpo::ValueType::int64 ? static_cast<double>(x.i64)
                                                               : static_cast<double>(x.i32);
            *o++ = x.status == wpo::ValueStatus::valid ? d : nan;
        }
        out.end(storage);
    });
    if (!st)
        return code_of(st.error());
    return result == code::ok ? to_int(n) : result;
}

int Bridge::value_bits(std::int32_t handle, std::int64_t capacity, std::span<const std::int64_t>& bits,
                       std::span<const std::int8_t>& types)
{
    auto entry = find(handle);
    if (!entry)
        return code::invalid_handle;
    if (capacity < 0)
        return code::null_argument;
    Scratch& s = scratch();
    const bool empty = entry->empty_cycle.load(std::memory_order_acquire);
    wpo::Status st = entry->snapshot->read_values_lock([&](std::span<const wpo::CalculatedValue> all) {
        const auto values = empty ? all.first(0) : all;
        s.bits.resize(values.size());
        s.types.resize(values.size());
        for (std::size_t i = 0; i < values.size(); ++i) {
            const wpo::Value& x = values[i].value;
            s.types[i] = x.valid() ? static_cast<std::int8_t>(value_type_ordinal(x.type)) : std::int8_t{-1};
            s.bits[i] = x.type == wpo::ValueType::float64 ? std::bit_cast<std::int64_t>(x.f64)
                        : x.type == wpo::ValueType::int64 ? x.i64
                                                          : std::int64_t{x.i32};
        }
    });
    if (!st)
        return code_of(st.error());
    if (!fits(capacity, s.bits.size()))
        return code::buffer_too_small;
    bits = s.bits;
    types = s.types;
    return to_int(s.bits.size());
}

int Bridge::value_keys(std::int32_t handle, std::span<std::int32_t> objects, std::span<std::int32_t> counters,
                       std::span<std::int32_t> instances, bool any_null)
{
    auto entry = find(handle);
    if (!entry)
        return code::invalid_handle;
    if (any_null)
        return code::null_argument;
    std::size_t n = 0;
    bool fits_out = false;
    const bool empty = entry->empty_cycle.load(std::memory_order_acquire);
    wpo::Status st = entry->snapshot->read_values_lock([&](std::span<const wpo::CalculatedValue> all) {
        const auto values = empty ? all.first(0) : all;
        n = values.size();
        fits_out = objects.size() >= n && counters.size() >= n && instances.size() >= n;
        if (!fits_out)
            return;
        for (std::size_t i = 0; i < n; ++i) {
            objects[i] = static_cast<std::int32_t>(values[i].object_index);
            counters[i] = static_cast<std::int32_t>(values[i].counter_index);
            instances[i] = values[i].instance;
        }
    });
    if (!st)
        return code_of(st.error());
    return fits_out ? to_int(n) : code::buffer_too_small;
}

int Bridge::value_keys(std::int32_t handle, std::int64_t objects_capacity, std::int64_t counters_capacity,
                       std::int64_t instances_capacity, std::span<const std::int32_t>& keys)
{
    auto entry = find(handle);
    if (!entry)
        return code::invalid_handle;
    if (objects_capacity < 0 || counters_capacity < 0 || instances_capacity < 0)
        return code::null_argument;
    Scratch& s = scratch();
    std::size_t n = 0;
    wpo::Status st = entry->snapshot->read_values_lock([&](std::span<const wpo::CalculatedValue> values) {
        n = values.size();
        s.ints.resize(3 * n);
        for (std::size_t i = 0; i < n; ++i) {
            s.ints[i] = static_cast<std::int32_t>(values[i].object_index);
            s.ints[n + i] = static_cast<std::int32_t>(values[i].counter_index);
            s.ints[2 * n + i] = values[i].instance;
        }
    });
    if (!st)
        return code_of(st.error());
    if (!fits(objects_capacity, n) || !fits(counters_capacity, n) || !fits(instances_capacity, n))
        return code::buffer_too_small;
    keys = std::span<const std::int32_t>(s.ints.data(), 3 * n);
    return to_int(n);
}

// --- sensor names ------------------------------------------------------------

int Bridge::format_sensor(const std::string& object, const std::string& counter, const std::string& instance,
                          std::string& out)
{
    if (object.empty() || counter.empty())
        return code::invalid_argument;
    wpo::SensorName name{object, counter, std::nullopt};
    if (!instance.empty())
        name.instance = instance;
    out = wpo::format_sensor_name(name);
    return code::ok;
}

int Bridge::parse_sensor(const std::string& text, std::string parts[3], bool& has_instance, std::string& message)
{
    auto parsed = wpo::parse_sensor_name(text);
    if (!parsed) {
        message = parsed.error().message();
        return code_of(parsed.error());
    }
    parts[0] = parsed->object;
    parts[1] = parsed->counter;
    has_instance = parsed->instance.has_value();
    parts[2] = parsed->instance.value_or("");
    return code::ok;
}

// --- path samplers -----------------------------------------------------------

int Bridge::open_sampler(std::span<const std::string> paths, std::string& message)
{
    const wpo::NameTable* names = name_table();
    if (!names) {
        message = "the source has no name table";
        return m_names_error != 0 ? m_names_error : code::failure;
    }
    auto entry = std::make_shared<SamplerEntry>(*this);
    auto sampler = PathSampler::open(*m_shared, *names, paths, m_options);
    if (!sampler) {
        message = sampler.error().message();
        return code_of(sampler.error());
    }
    entry->sampler = std::move(*sampler);
    if (m_recorded)
        entry->sampler->set_recorded();
    const std::int32_t handle = m_samplers.add(std::move(entry));
    if (handle <= 0) {
        message = "too many open samplers";
        return code::too_many_handles;
    }
    return handle;
}

int Bridge::close_sampler(std::int32_t handle)
{
    return m_samplers.remove(handle) ? code::ok : code::invalid_handle;
}

int Bridge::sampler_columns(std::int32_t handle, std::vector<std::string>& headers, std::vector<std::int32_t>& paths)
{
    auto entry = m_samplers.lookup(handle);
    if (!entry)
        return code::invalid_handle;
    headers.clear();
    paths.clear();
    thread_local std::vector<PathSampler::Column> columns;
    entry->sampler->columns(columns);
    for (const PathSampler::Column& c : columns) {
        headers.push_back(c.header);
        paths.push_back(static_cast<std::int32_t>(c.path));
    }
    return to_int(headers.size());
}

int Bridge::sampler_sample(std::int32_t handle, std::span<double> values, bool values_null, std::string& message)
{
    if (values_null)
        return m_samplers.lookup(handle) ? code::null_argument : code::invalid_handle;
    PathSampler::Sample sample;
    const int c = sampler_sample(handle, values, sample, message);
    if (c != code::ok && c != code::anomaly)
        return c;
    if (values.size() < sample.columns) {
        message = "the value array holds " + std::to_string(values.size()) + " of " + std::to_string(sample.columns) +
                  " columns";
        return code::buffer_too_small;
    }
    return c;
}

int Bridge::sampler_sample(std::int32_t handle, std::span<double> values, PathSampler::Sample& sample,
                           std::string& message)
{
    auto entry = m_samplers.lookup(handle);
    if (!entry)
        return code::invalid_handle;
    auto sampled = entry->sampler->sample(values);
    if (!sampled) {
        message = sampled.error().message();
        return code_of(sampled.error());
    }
    sample = *sampled;
    return sample.anomaly ? code::anomaly : code::ok;
}

int Bridge::sampler_values(std::int32_t handle, std::span<double> values)
{
    auto entry = m_samplers.lookup(handle);
    if (!entry)
        return code::invalid_handle;
    return to_int(entry->sampler->values(values));
}

int Bridge::sampler_set_max_age(std::int32_t handle, std::int64_t nanos, std::string& message)
{
    auto entry = m_samplers.lookup(handle);
    if (!entry)
        return code::invalid_handle;
    if (wpo::Status st = entry->sampler->set_max_age(nanos); !st) {
        message = st.error().message();
        return code_of(st.error());
    }
    return code::ok;
}

// --- ThreadCpu ---------------------------------------------------------------

int Bridge::open_thread_cpu(std::uint32_t process_id, std::string& message)
{
    auto entry = std::make_shared<ThreadCpuEntry>(*this);
    auto reader = ThreadCpuReader::open(*m_shared, process_id);
    if (!reader) {
        message = reader.error().message();
        return code_of(reader.error());
    }
    entry->reader = std::move(*reader);
    const std::int32_t handle = m_thread_cpus.add(std::move(entry));
    if (handle <= 0) {
        message = "too many open ThreadCpu objects";
        return code::too_many_handles;
    }
    return handle;
}

int Bridge::close_thread_cpu(std::int32_t handle)
{
    return m_thread_cpus.remove(handle) ? code::ok : code::invalid_handle;
}

int Bridge::thread_cpu_sample(std::int32_t handle, std::vector<ThreadCpuReader::Row>& rows, std::string& message)
{
    auto entry = m_thread_cpus.lookup(handle);
    if (!entry)
        return code::invalid_handle;
    if (wpo::Status sampled = entry->reader->sample(rows); !sampled) {
        message = sampled.error().message();
        return code_of(sampled.error());
    }
    return to_int(rows.size());
}

int Bridge::thread_cpu_rows(std::int32_t handle, std::vector<ThreadCpuReader::Row>& rows)
{
    auto entry = m_thread_cpus.lookup(handle);
    if (!entry)
        return code::invalid_handle;
    entry->reader->rows(rows);
    return to_int(rows.size());
}

int Bridge::thread_cpu_names(std::int32_t handle, std::vector<std::string>& names)
{
    auto entry = m_thread_cpus.lookup(handle);
    if (!entry)
        return code::invalid_handle;
    entry->reader->names(names);
    return to_int(names.size());
}

}  // namespace perfscope::jni
