// SPDX-License-Identifier: Apache-2.0
// The native side of org.perfscope.wpo without the JVM: everything the JNI
// functions do except moving data in and out of Java arrays. Each method
// validates its arguments (handles, counts, array capacities: -1 = a null
// array), calls the engine through the `_lock` variants (so Java threads may
// share a snapshot) and returns the codes of docs/java.md §2.1 (error_codes.h). Results
// that go into Java arrays come back as spans into thread-local scratch that
// stays valid until the calling thread's next call; the JNI layer copies them.
// Fuzzed by tests/fuzz/fuzz_jni_arguments.cpp.
#pragma once

#include "native/error_codes.h"
#include "native/handle_table.h"
#include "native/path_sampler.h"
#include "native/thread_cpu_reader.h"

#include "names/name_table.h"
#include "snapshot/snapshot.h"
#include "sources/source.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace perfscope::jni {

// WPOSnapshotInputInfo as read from Java (present = the element was not null).
struct InputInfo {
    bool present = true;
    std::int32_t object = 0;
    std::int32_t counter = 0;
};

// CounterRecord's fields (docs/java.md §2), all ints for Java.
struct CounterRecordOut {
    std::int32_t description = 0;  // help index
    std::int32_t index = 0;        // name index
    std::int32_t type = 0;         // raw counter type
    std::int32_t kind = 0;         // 0 counter, 1 gauge (JPMF)
    std::int32_t value_type = 0;   // ValueType ordinal: 0 INTEGER, 1 LONG, 2 DOUBLE
    std::int32_t detail_level = 0;
    std::int32_t default_scale = 0;
};

// Where Bridge::values writes: the JNI layer hands out a Java array's own
// storage (GetPrimitiveArrayCritical) only once the count is known and the
// snapshot's lock is held, so nothing blocks inside the critical region.
class DoubleSink {
public:
    virtual ~DoubleSink() = default;
    // Capacity in doubles; -1 for a null array.
    virtual std::int64_t capacity() const = 0;
    // Storage for n <= capacity() doubles, or null (out of memory).
    virtual double* begin(std::size_t n) = 0;
    virtual void end(double* storage) = 0;
};

// A DoubleSink over memory the caller owns (tests, fuzzing, C++ callers).
class SpanSink final : public DoubleSink {
public:
    explicit SpanSink(std::span<double> out, bool null = false) : m_out(out), m_null(null) {}
    std::int64_t capacity() const override { return m_null ? -1 : static_cast<std::int64_t>(m_out.size()); }
    double* begin(std::size_t) override { return m_out.data(); }
    void end(double*) override {}

private:
    std::span<double> m_out;
    bool m_null;
};

class Bridge {
public:
    // The process-wide bridge of the JNI library: the platform source
    // (/proc on Linux, or the tree named by PERFSCOPE_PROC_ROOT; the
    // registry on Windows) and the process's default cache.
    static Bridge& instance();
    // How many descriptors instance()'s source may keep open between
    // collections (docs/java.md, "The library as a guest"); read when
    // instance() is first called, so set it before.
    static constexpr std::size_t kDefaultDescriptorBudget = 64;
    static void set_descriptor_budget(std::size_t descriptors);

    explicit Bridge(std::unique_ptr<wpo::Source> source, wpo::SnapshotOptions options = {});
    ~Bridge();
    Bridge(const Bridge&) = delete;
    Bridge& operator=(const Bridge&) = delete;

    // --- JWPONames -----------------------------------------------------------
    int names_count();
    // Characters of all names, each NUL-terminated, plus the final NUL.
    int names_length();
    // Checks the capacities of getNames' arrays; on success `chars` and
    // `indices` view the table (chars includes the final NUL).
    int names(std::int64_t chars_capacity, std::int64_t indices_capacity, std::span<const char16_t>& chars,
              std::span<const std::int32_t>& indices);
    // The help texts, in the same shapes as the names (help_count entries,
    // help_length characters with every NUL).
    int help_count();
    int help_length();
    int helps(std::int64_t chars_capacity, std::int64_t indices_capacity, std::span<const char16_t>& chars,
              std::span<const std::int32_t>& indices);
    // Loads the name table again from the source (publishers that started
    // since add their names); 0 or a code. The tables handed out before stay
    // valid (they are kept until the bridge goes).
    int reload_names();

    // --- JWPOSnapshot: creation ----------------------------------------------
    // type: 0 Global, 1 Costly, 2 Custom (EWPOSnapshotType), or Perfscope's
    // kCustomRawType: Custom whose values are each counter's raw value (the
    // cumulative count or time under a rate, DecodeOptions::raw_values).
    // Handle > 0 or a code.
    static constexpr std::int32_t kCustomRawType = 3;
    int create(std::int32_t type, std::span<const InputInfo> inputs, bool inputs_null);
    int destroy(std::int32_t handle);

    // --- structure -----------------------------------------------------------
    int object_count(std::int32_t handle);
    int object_names(std::int32_t handle, std::int64_t capacity, std::span<const std::int32_t>& out);
    int counter_count(std::int32_t handle, std::int32_t object);
    int counters(std::int32_t handle, std::int32_t object, std::int64_t capacity,
                 std::span<const CounterRecordOut>& out);
    int instance_count(std::int32_t handle, std::int32_t object);
    int instance_length(std::int32_t handle, std::int32_t object);
    // Raw instance names (double-NUL list) and, as the thesis has it, each
    // instance's parent object index.
    int instances(std::int32_t handle, std::int32_t object, std::int64_t chars_capacity, std::int64_t ids_capacity,
                  std::span<const char16_t>& chars, std::span<const std::int32_t>& ids);
    // Perfscope addition: unique display names ("java:1234", "java:1234/1240").
    // With `sensor`, the JPMF sensor instance names instead (naming/instance_names.h
    // sensor_instance_name: a Process by its PID alone).
    int instance_display_names(std::int32_t handle, std::int32_t object, std::int64_t chars_capacity,
                               std::span<const char16_t>& chars, bool sensor = false);

    // --- measuring -----------------------------------------------------------
    int prepare(std::int32_t handle);
    // 0, code::anomaly, or a failure code.
    int sample(std::int32_t handle);
    // 0, or code::anomaly when decoding found what the sample's cheap checks
    // cannot see: instance identities that changed at an equal count, or
    // counter definitions that changed. After a definition change the cycle
    // is empty (no values until the next cycle), as the CLI leaves it.
    int decode(std::int32_t handle);

    // --- values --------------------------------------------------------------
    int item_count(std::int32_t handle);
    int items(std::int32_t handle, std::int64_t capacity, std::span<const wpo::CalculatedValue>& out);
    // Perfscope addition for the no-allocation fast path: values as doubles
    // (NaN where not valid) into caller storage of `capacity` doubles.
    int values(std::int32_t handle, DoubleSink& out);
    int values(std::int32_t handle, std::span<double> out, bool out_null)
    {
        SpanSink sink(out, out_null);
        return values(handle, sink);
    }
    // Every value exactly (docs/java.md §4.2): bits[i] the int32/int64 value,
    // or a double's bit pattern; types[i] the ValueType ordinal, -1 where the
    // value is not valid. Views thread-local scratch, like the browsing calls.
    int value_bits(std::int32_t handle, std::int64_t capacity, std::span<const std::int64_t>& bits,
                   std::span<const std::int8_t>& types);
    // The (object, counter, instance) of each value, into three int arrays.
    int value_keys(std::int32_t handle, std::span<std::int32_t> objects, std::span<std::int32_t> counters,
                   std::span<std::int32_t> instances, bool any_null);
    // The same into the thread's scratch, sized by the values (the arrays'
    // capacities only checked, -1 = null): `keys` holds objects, counters,
    // instances one after the other, the value count each.
    int value_keys(std::int32_t handle, std::int64_t objects_capacity, std::int64_t counters_capacity,
                   std::int64_t instances_capacity, std::span<const std::int32_t>& keys);

    // --- freshness and time ----------------------------------------------------
    // The oldest data sampleSnapshot may take from other snapshots' collections:
    // `nanos` >= 0, or -1 for the default (nothing collected before this
    // snapshot's previous sample call; creation for the first).
    int set_max_age(std::int32_t handle, std::int64_t nanos);
    // When the oldest object of the last decoded sample was collected, in
    // nanoseconds since 1970 (UTC); 0 when the source gives no time.
    int collection_time(std::int32_t handle, std::int64_t& epoch_ns);
    // The wall clock the sources stamp their data with, in nanoseconds since 1970.
    static std::int64_t now_epoch_ns();

    // --- JPMF sensor names (naming/sensor_name.h) ------------------------------
    // "win32.winperf/Object/Counter[#Instance]"; an empty instance = none.
    static int format_sensor(const std::string& object, const std::string& counter, const std::string& instance,
                             std::string& out);
    // parts = {object, counter, instance}; has_instance false for a single sensor.
    static int parse_sensor(const std::string& text, std::string parts[3], bool& has_instance, std::string& message);

    // --- path samplers (plain Java API) --------------------------------------
    // Handle > 0, or a code with `message` naming the problem.
    int open_sampler(std::span<const std::string> paths, std::string& message);
    int close_sampler(std::int32_t handle);
    // Column headers and the path each came from; their number or a code.
    int sampler_columns(std::int32_t handle, std::vector<std::string>& headers, std::vector<std::int32_t>& paths);
    int sampler_sample(std::int32_t handle, std::span<double> values, bool values_null, std::string& message);
    // One interval into the sampler's own storage (sized by its columns), the
    // values then copied into `values`, as many as fit; `sample` says how
    // many columns there are, whether they changed and when the data was
    // collected. 0, code::anomaly, or a failure code.
    int sampler_sample(std::int32_t handle, std::span<double> values, PathSampler::Sample& sample,
                       std::string& message);
    // The last sample's values into `values`, as many as fit; the column count or a code.
    int sampler_values(std::int32_t handle, std::span<double> values);
    // PathSampler::set_max_age; code::invalid_argument with `message` for a bad age.
    int sampler_set_max_age(std::int32_t handle, std::int64_t nanos, std::string& message);

    // --- ThreadCpu: one process's threads (thread_cpu_reader.h) --------------
    // Handle > 0, or a code with `message` naming the problem.
    int open_thread_cpu(std::uint32_t process_id, std::string& message);
    int close_thread_cpu(std::int32_t handle);
    // One sample; its rows copied into `rows`. The number of rows or a code.
    int thread_cpu_sample(std::int32_t handle, std::vector<ThreadCpuReader::Row>& rows, std::string& message);
    // The last sample's rows again, and their threads' names.
    int thread_cpu_rows(std::int32_t handle, std::vector<ThreadCpuReader::Row>& rows);
    int thread_cpu_names(std::int32_t handle, std::vector<std::string>& names);

    // A bridge over a recording (recording_bridge.h): the times of its data are
    // the recording's, not this machine's wall clock, so its samplers leave
    // freshness to the cache's clock alone (PathSampler::set_recorded).
    void set_recorded() { m_recorded = true; }
    // Holds the source still: a recording moves to another record under it.
    std::unique_lock<std::mutex> lock_source();

    // Called under the source's lock whenever the last snapshot and sampler
    // are gone, so that the source closes what it keeps open between
    // collections. Set before the first handle is made.
    void set_idle_release(std::function<void()> release) { m_idle_release = std::move(release); }

    // For tests: live handles.
    std::size_t live_snapshots() const { return m_snapshots.live(); }
    std::size_t live_samplers() const { return m_samplers.live(); }
    std::size_t live_thread_cpus() const { return m_thread_cpus.live(); }
    // The name table (loaded on first use). Null when the source has none.
    const wpo::NameTable* name_table();

private:
    struct Entry;
    struct SamplerEntry;
    struct ThreadCpuEntry;
    struct NameCache;
    struct Scratch;
    class Lease;

    static Scratch& scratch();
    void went_idle();
    std::shared_ptr<Entry> find(std::int32_t handle) const;
    const NameCache* load_names();
    int load_objects(std::int32_t handle, Scratch& s);
    int load_counters(std::int32_t handle, std::int32_t object, Scratch& s);
    int load_instances(std::int32_t handle, std::int32_t object, Scratch& s);
    void note_time(Entry& entry);
    int remeasure_if_stale(Entry& entry);

    std::unique_ptr<wpo::Source> m_source;
    std::unique_ptr<wpo::SharedSource> m_shared;
    wpo::SnapshotOptions m_options;
    HandleTable<Entry> m_snapshots;
    HandleTable<SamplerEntry> m_samplers;
    HandleTable<ThreadCpuEntry> m_thread_cpus;
    std::mutex m_names_mutex;
    std::unique_ptr<NameCache> m_names;
    std::vector<std::unique_ptr<NameCache>> m_retired_names;  // reload_names: callers may still read them
    int m_names_error = 0;
    // Snapshots and samplers alive (a Lease each), for m_idle_release.
    std::atomic<std::size_t> m_users{0};
    std::function<void()> m_idle_release;
    bool m_recorded = false;
};

}  // namespace perfscope::jni
