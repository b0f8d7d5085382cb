// SPDX-License-Identifier: Apache-2.0
#include "gui/sampling/series_tracker.h"

#include "gui/charts/value_format.h"

#include <algorithm>
#include <atomic>

namespace perfscope::gui {

SeriesTracker::SeriesTracker(const wpo::NameTable& names, std::string system_name)
    : m_names(names), m_system_name(std::move(system_name))
{}

quint64 SeriesTracker::next_series_id()
{
    static std::atomic<quint64> counter{0};
    return counter.fetch_add(1, std::memory_order_relaxed) + 1;
}

void SeriesTracker::set_counters(const QVector<ViewCounter>& counters)
{
    m_counters = counters;
    m_wants.clear();
    // Entries decided under the old list are decided again: a series no
    // longer wanted is forgotten (the view removed it), a value that was
    // unwanted may now start a series.
    for (auto it = m_entries.begin(); it != m_entries.end();) {
        const bool keep = wanted(it->first);
        it = keep ? std::next(it) : m_entries.erase(it);
    }
}

std::vector<wpo::CounterRequest> SeriesTracker::requests() const
{
    std::vector<wpo::CounterRequest> out;
    for (const ViewCounter& c : m_counters)
        out.push_back({c.object, c.counter});
    // The whole object covers every counter of it.
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
        return std::tie(a.object_index, a.counter_index) < std::tie(b.object_index, b.counter_index);
    });
    std::vector<wpo::CounterRequest> unique;
    for (const wpo::CounterRequest& r : out) {
        if (!unique.empty() && unique.back().object_index == r.object_index &&
            (unique.back().counter_index == 0 || unique.back().counter_index == r.counter_index))
            continue;
        unique.push_back(r);
    }
    return unique;
}

void SeriesTracker::suppress(quint64 series)
{
    for (auto& [key, entry] : m_entries)
        if (entry.id == series)
            entry.suppressed = true;
}

void SeriesTracker::unsuppress(quint64 series)
{
    for (auto& [key, entry] : m_entries)
        if (entry.id == series)
            entry.suppressed = false;
}

bool SeriesTracker::Want::covers(const Key& key) const
{
    if (!key.has_instance)
        return none;
    return all || std::find(ones.begin(), ones.end(), key.instance) != ones.end();
}

const SeriesTracker::Want& SeriesTracker::want_for(std::uint32_t object, std::uint32_t counter)
{
    auto [it, inserted] = m_wants.try_emplace({object, counter});
    if (inserted) {
        Want& want = it->second;
        for (const ViewCounter& c : m_counters) {
            if (c.object != object || (counter != kAnyCounter && c.counter != 0 && c.counter != counter))
                continue;
            want.none |= c.instances == ViewCounter::Instances::none;
            want.all |= c.instances == ViewCounter::Instances::all;
            if (c.instances == ViewCounter::Instances::one)
                want.ones.push_back(c.identity);
        }
    }
    return it->second;
}

qsizetype SeriesTracker::rank(const Key& key) const
{
    for (qsizetype i = 0; i < m_counters.size(); ++i) {
        const ViewCounter& c = m_counters[i];
        if (c.object != key.object || (c.counter != 0 && c.counter != key.counter))
            continue;
        using Instances = ViewCounter::Instances;
        if (key.has_instance
                ? c.instances == Instances::all || (c.instances == Instances::one && c.identity == key.instance)
                : c.instances == Instances::none)
            return i;
    }
    return m_counters.size();
}

// New series in the order of the view's counters (a session or a set brings
// them all in one cycle: the legend then lists them as the user added them,
// not in the source's order of objects); a counter's instances in the
// source's order.
void SeriesTracker::take_added(SampleBatch& batch)
{
    std::stable_sort(m_added.begin(), m_added.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& [position, info] : m_added)
        batch.added.push_back(std::move(info));
    m_added.clear();
}

SeriesInfo SeriesTracker::describe(const wpo::Snapshot& snapshot, const Key& key, ObjectCycle& cycle) const
{
    SeriesInfo info;
    info.id = next_series_id();
    info.object = QString::fromStdString(std::string(m_names.name(key.object)));
    info.counter = QString::fromStdString(std::string(m_names.name(key.counter)));
    if (info.object.isEmpty())
        info.object = QString::number(key.object);
    if (info.counter.isEmpty())
        info.counter = QString::number(key.counter);
    if (!cycle.have_counters) {
        cycle.have_counters = true;
        (void)snapshot.counters(key.object, cycle.counters);
    }
    info.unit = unitOf(info.counter);
    for (const wpo::CounterRecord& record : cycle.counters)
        if (record.name_index == key.counter) {
            info.default_scale = record.default_scale;
            info.unit = unitOf(info.counter, record.type);
        }
    if (key.has_instance) {
        if (!cycle.have_instances) {
            cycle.have_instances = true;
            (void)snapshot.instances(key.object, cycle.instances);
        }
        for (const wpo::InstanceInfo& instance : cycle.instances) {
            if (instance.identity == key.instance) {
                info.instance = QString::fromStdString(instance.display);
                info.parent = QString::fromStdString(instance.parent);
                break;
            }
        }
    }
    info.path = QStringLiteral("\\\\") + QString::fromStdString(m_system_name) + QLatin1Char('\\') + info.object;
    if (key.has_instance)
        info.path += QLatin1Char('(') + info.instance + QLatin1Char(')');
    info.path += QLatin1Char('\\') + info.counter;
    return info;
}

wpo::Status SeriesTracker::collect(const wpo::Snapshot& snapshot, SampleBatch& batch)
{
    auto values = snapshot.values();
    if (!values)
        return values.error();
    ++m_generation;
    for (auto& [object, cycle] : m_cycle)
        cycle = ObjectCycle{.instances = std::move(cycle.instances), .counters = std::move(cycle.counters)};

    // Values come object by object, then instance by instance (snapshot.h):
    // the object's cycle and what any counter of it wants are looked up when
    // the object changes, so a value of an instance no counter of the view
    // wants (the other processes of a Process object) is passed over before
    // any lookup by counter.
    std::uint32_t ids_object = 0;
    bool have_ids = false;
    ObjectCycle* cycle = nullptr;
    const Want* object_want = nullptr;
    std::uint32_t cycle_object = 0;
    m_added.clear();
    for (const wpo::CalculatedValue& v : *values) {
        if (!cycle || cycle_object != v.object_index) {
            cycle = &m_cycle[v.object_index];
            cycle_object = v.object_index;
            cycle->present = true;
            object_want = &want_for(v.object_index, kAnyCounter);
        }
        Key key{v.object_index, v.counter_index, v.instance >= 0, {}};
        if (key.has_instance ? !object_want->any_instance() : !object_want->none)
            continue;
        if (key.has_instance) {
            if (!have_ids || ids_object != v.object_index) {
                if (wpo::Status listed = snapshot.identities(v.object_index, m_ids); !listed) {
                    take_added(batch);  // they have entries: the view must know them
                    return listed;
                }
                ids_object = v.object_index;
                have_ids = true;
            }
            if (static_cast<std::size_t>(v.instance) >= m_ids.size())
                continue;  // positions index the same sample's identities; never trust that blindly
            key.instance = m_ids[static_cast<std::size_t>(v.instance)];
        }
        if (!object_want->covers(key) || !wanted(key))
            continue;
        auto [it, inserted] = m_entries.try_emplace(key);
        Entry& entry = it->second;
        if (entry.seen == m_generation)
            continue;  // two instances sharing an identity: the first wins, as PDH takes the first match
        entry.seen = m_generation;
        if (inserted) {
            SeriesInfo info = describe(snapshot, key, *cycle);
            entry.id = info.id;
            m_added.emplace_back(rank(key), std::move(info));
        }
        if (!entry.suppressed)
            batch.points.push_back({entry.id, v.value.valid() ? v.value.as_double() : 0.0, v.value.valid()});
    }
    take_added(batch);

    // What was not seen: gone for good when its object was there (an
    // identity never comes back), a gap when the whole object was missing.
    for (auto it = m_entries.begin(); it != m_entries.end();) {
        Entry& entry = it->second;
        if (entry.seen == m_generation) {
            ++it;
            continue;
        }
        const auto object_cycle = m_cycle.find(it->first.object);
        const bool object_present = object_cycle != m_cycle.end() && object_cycle->second.present;
        if (!object_present) {
            if (!entry.suppressed)
                batch.points.push_back({entry.id, 0.0, false});
            ++it;
            continue;
        }
        if (!entry.suppressed)
            batch.ended.push_back(entry.id);
        it = m_entries.erase(it);
    }
    return {};
}

}  // namespace perfscope::gui
