// SPDX-License-Identifier: Apache-2.0
// Turns one view's decoded snapshot into series: which series each value
// belongs to, which series start (a counter added, an instance that started
// under <All instances>) and which end (their instance exited). A series is a
// (object, counter, instance identity) triple, never a position or a name, so
// a value never lands on another instance, and a later process with the same
// name is a new series.
//
// Not thread-safe: used by the view's sampler on its own thread.
#pragma once

#include "gui/data/sample_batch.h"
#include "names/name_table.h"
#include "naming/instance_identity.h"
#include "gui/sampling/view_counter.h"
#include "snapshot/snapshot.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace perfscope::gui {

class SeriesTracker {
public:
    SeriesTracker(const wpo::NameTable& names, std::string system_name);

    // Known series the new list still wants keep their ids.
    void set_counters(const QVector<ViewCounter>& counters);
    const QVector<ViewCounter>& counters() const { return m_counters; }
    // What the view's Custom snapshot must request, without duplicates.
    std::vector<wpo::CounterRequest> requests() const;

    // After a successful decode of `snapshot`: added, ended and points into `batch`.
    wpo::Status collect(const wpo::Snapshot& snapshot, SampleBatch& batch);

    // The user removed this series: no more points for it (an <All instances>
    // counter still adds instances that start later).
    void suppress(quint64 series);
    // Undone removal: points for it again (when its instance still lives).
    void unsuppress(quint64 series);

    // A process-wide id, never reused.
    static quint64 next_series_id();

private:
    struct Key {
        std::uint32_t object = 0;
        std::uint32_t counter = 0;
        bool has_instance = false;
        wpo::InstanceIdentity instance;
        friend auto operator<=>(const Key&, const Key&) = default;
    };
    struct Entry {
        quint64 id = 0;  // the series (only wanted values get an entry)
        std::uint64_t seen = 0;
        bool suppressed = false;
    };
    struct ObjectCycle {  // per object, fetched at most once per cycle
        bool present = false;
        bool have_instances = false;
        std::vector<wpo::InstanceInfo> instances;
        bool have_counters = false;
        std::vector<wpo::CounterRecord> counters;
    };

    // What the view's counters want of one counter's values (or, for
    // kAnyCounter, of any counter of the object): the value without an
    // instance, every instance, or these instances.
    static constexpr std::uint32_t kAnyCounter = 0xFFFFFFFFu;
    struct Want {
        bool none = false;
        bool all = false;
        std::vector<wpo::InstanceIdentity> ones;
        bool any_instance() const { return all || !ones.empty(); }
        bool covers(const Key& key) const;
    };

    // The merged wants of (object, counter), computed once per counter list.
    const Want& want_for(std::uint32_t object, std::uint32_t counter);
    bool wanted(const Key& key) { return want_for(key.object, key.counter).covers(key); }
    SeriesInfo describe(const wpo::Snapshot& snapshot, const Key& key, ObjectCycle& cycle) const;
    // The position in m_counters of the first counter that asks for `key`.
    qsizetype rank(const Key& key) const;
    // Moves this cycle's new series into the batch, by rank.
    void take_added(SampleBatch& batch);

    const wpo::NameTable& m_names;
    std::string m_system_name;
    QVector<ViewCounter> m_counters;
    std::map<Key, Entry> m_entries;
    std::map<std::uint32_t, ObjectCycle> m_cycle;
    std::map<std::pair<std::uint32_t, std::uint32_t>, Want> m_wants;  // cleared by set_counters
    std::vector<wpo::InstanceIdentity> m_ids;                         // reused
    std::vector<std::pair<qsizetype, SeriesInfo>> m_added;            // reused: this cycle's new series by rank
    std::uint64_t m_generation = 0;
};

}  // namespace perfscope::gui
