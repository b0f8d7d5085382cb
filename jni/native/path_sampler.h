// SPDX-License-Identifier: Apache-2.0
// The plain Java API's sampler (org.perfscope.wpo.Sampler): counter paths as
// perfscope-cli and PDH write them ("\Process(java:1234)\% Processor Time",
// "\Processor(*)\*"), resolved by perfscope-cli's own resolver
// (engine/query/path_resolution.h), one Custom snapshot entity per path on the
// bridge's shared source and cache, the paths on one object asking for the
// same (so they share each interval's collection, as QuerySampler does).
//
// A path naming instances ("java:1234", "java#1") is resolved once, at open:
// its columns name their instance by identity, so a column follows its
// process however others start and exit, and reads NaN once it has gone. A
// path with a wildcard instance ("*", "java:1234/*") follows the machine, as
// the desktop app's <All instances> does: after every sample its columns are
// the instances present in that sample's data, and sample() says when they
// changed. The instance identities are compared every sample; only a change
// costs allocation (new headers).
//
// Every sample has a time: the oldest collection among its paths' data (the
// block's PerfTime100nSec, as epoch nanoseconds). The freshness threshold says
// how old that may be: by default nothing collected before the sampler's own
// previous call began (open() for the first sample), or a given age counted
// back from the call's start (0: only data collected during the call).
//
// sample() runs prepare -> sample -> decode on every entity into storage
// sized by the columns, not by the caller: no heap allocation in steady
// state. Calls are serialised by the sampler's own mutex, so a sampler
// shared by threads is safe (though pointless).
#pragma once

#include "core/result.h"
#include "names/name_table.h"
#include "naming/counter_path.h"
#include "naming/instance_identity.h"
#include "query/value_cells.h"
#include "snapshot/snapshot.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

namespace perfscope::jni {

class PathSampler {
public:
    struct Column {
        std::string header;    // \Object(Instance)\Counter as resolved (display instance names)
        std::size_t path = 0;  // which of the paths it came from
    };

    struct Sample {
        bool anomaly = false;          // instances came or went, buffers grew
        bool columns_changed = false;  // a wildcard path's instances changed: read the columns again
        std::size_t columns = 0;       // how many columns this sample has
        // When the oldest data of this sample was collected, in nanoseconds
        // since 1970 (UTC); 0 when the source gives no time.
        std::int64_t collected_ns = 0;
    };

    // The default threshold for set_max_age(): nothing older than the previous call.
    static constexpr std::int64_t kSincePreviousCall = -1;

    // Errors name the path and what is wrong with it: Errc::invalid_argument
    // for a malformed path, another machine, an instance given for an object
    // without instances (or none given for one with); Errc::not_found for an
    // unknown object, counter or instance. `names` must outlive the sampler.
    static wpo::Result<std::unique_ptr<PathSampler>> open(wpo::SharedSource& source, const wpo::NameTable& names,
                                                          std::span<const std::string> paths,
                                                          const wpo::SnapshotOptions& options);
    ~PathSampler();

    // The current columns (copied: a sample on another thread may change them).
    void columns(std::vector<Column>& out) const;
    std::size_t column_count() const;

    // The freshness threshold in nanoseconds (>= 0), or kSincePreviousCall.
    // Errc::invalid_argument for any other negative value.
    wpo::Status set_max_age(std::int64_t nanos);
    std::int64_t max_age() const;
    // For a source whose times are not this machine's wall clock (a
    // recording): no collection is repeated because its data's time lies
    // before the threshold; the cache's clock alone decides what is fresh.
    void set_recorded();

    // One interval into the sampler's own storage, then the values (one per
    // column, NaN where there is no valid value: instance gone, first sample
    // of a rate) copied into `out`, as many as fit. A failed collection or
    // decode is returned as is.
    wpo::Result<Sample> sample(std::span<double> out);
    // The last sample's values into `out`, as many as fit; returns how many
    // columns there are (more than out.size(): a short copy).
    std::size_t values(std::span<double> out) const;

private:
    using Cell = wpo::query::ValueCell;
    struct Entity;

    PathSampler(const wpo::NameTable& names);
    wpo::Result<bool> cycle(Entity& entity, std::chrono::steady_clock::time_point bound);
    wpo::Result<bool> follow(Entity& entity);
    void index_cells();
    void fill(const Entity& entity);
    std::string header(std::uint32_t object, const std::string* instance, std::uint32_t counter) const;

    mutable std::mutex m_mutex;
    const wpo::NameTable& m_names;
    std::vector<Entity> m_entities;
    // All columns of all paths, in path order; each entity's cells index them.
    struct ColumnKey {
        Column column;
        std::uint32_t counter = 0;
        bool has_instance = false;
        wpo::InstanceIdentity instance;
    };
    std::vector<ColumnKey> m_columns;
    std::vector<double> m_values;  // the last sample's, one per column
    std::vector<char> m_filled;    // per column, this interval
    std::int64_t m_max_age = kSincePreviousCall;
    std::chrono::steady_clock::time_point m_previous_call;
    std::chrono::system_clock::time_point m_previous_call_wall;
    bool m_recorded = false;
};

}  // namespace perfscope::jni
