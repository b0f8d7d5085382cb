// SPDX-License-Identifier: Apache-2.0
#include "gui/window/series_looks.h"

#include "naming/counter_path.h"
#include "gui/sampling/view_sampler.h"
#include "gui/charts/view_data.h"

namespace perfscope::gui {

SeriesLooks::SeriesLooks(ViewData& data, const ViewSampler& sampler, QObject* parent)
    : QObject(parent), m_data(data), m_sampler(sampler)
{}

void SeriesLooks::follow()
{
    connect(&m_data, &ViewData::seriesAdded, this, &SeriesLooks::onAdded);
    connect(&m_data, &ViewData::seriesAboutToBeRemoved, this, &SeriesLooks::onAboutToBeRemoved);
    connect(&m_data, &ViewData::seriesChanged, this, &SeriesLooks::onChanged);
}

void SeriesLooks::setLooks(const QVector<SeriesLook>& looks)
{
    m_looks = looks;
    m_by_instance.clear();
    for (int i = 0; i < looks.size(); ++i) {
        const SeriesLook& look = looks[i];
        if (!look.instance.isEmpty())
            m_by_instance[look.instance.toCaseFolded()].push_back(i);
        if (look.removed && !m_removed.value(look.path).contains(look.instance))
            m_removed[look.path].push_back(look.instance);
    }
}

SeriesLooks::Look SeriesLooks::lookOf(int row) const
{
    const ViewSeries& s = m_data.series(row);
    return {s.color.rgb(), s.scale_exponent, s.visible};
}

void SeriesLooks::onAdded(int row)
{
    const SeriesInfo& info = m_data.series(row).info;
    const QString key = instance_key(info);
    if (m_data.isRestoring()) {
        onRestored(row, key);
        return;
    }
    const SeriesLook* chosen = nullptr;
    // An instance's own look wins over its path's. By name first: a set may
    // name thousands of instances, and a batch may bring as many series.
    if (auto named = m_by_instance.constFind(key.toCaseFolded()); named != m_by_instance.cend()) {
        for (int i : *named) {
            if (path_covers(m_looks[i].path, info)) {
                chosen = &m_looks[i];
                break;
            }
        }
    }
    for (int i = 0; !chosen && i < m_looks.size(); ++i)
        if (m_looks[i].instance.isEmpty() && path_covers(m_looks[i].path, info))
            chosen = &m_looks[i];
    if (chosen && chosen->removed) {
        // Not while ViewData is still adding the batch's series: a moment later.
        const quint64 id = info.id;
        m_dropping.insert(id);
        QMetaObject::invokeMethod(
            this,
            [this, id] {
                if (const int at = m_data.rowOf(id); at >= 0)
                    m_data.removeSeries(at);
                m_dropping.remove(id);
            },
            Qt::QueuedConnection);
    } else if (chosen) {
        if (chosen->color)
            m_data.setColor(row, *chosen->color);
        if (chosen->scale_exponent)
            m_data.setScale(row, *chosen->scale_exponent);
        if (!chosen->visible)
            m_data.setVisible(row, false);
    }
    m_seen.insert(info.id, lookOf(row));
}

void SeriesLooks::onRestored(int row, const QString& key)
{
    // A removal undone: the series comes back with the look it had, and is no
    // longer one the set keeps out.
    const SeriesInfo& info = m_data.series(row).info;
    for (const ViewCounter& c : m_sampler.counters()) {
        if (!path_covers(c.text, info))
            continue;
        if (auto removed = m_removed.find(c.text); removed != m_removed.end())
            removed->removeAll(key);
        m_removed_counters.remove(c.text);
    }
    m_seen.insert(info.id, lookOf(row));
    emit userChanged();
}

void SeriesLooks::onAboutToBeRemoved(int row)
{
    const ViewSeries& s = m_data.series(row);
    m_seen.remove(s.info.id);
    if (m_dropping.contains(s.info.id))
        return;
    // An ended instance cannot come back: nothing to keep out later.
    if (!s.ended) {
        const QString key = instance_key(s.info);
        for (const ViewCounter& c : m_sampler.counters()) {
            if (!path_covers(c.text, s.info))
                continue;
            if (c.instances == ViewCounter::Instances::all) {
                QStringList& removed = m_removed[c.text];
                if (!removed.contains(key))
                    removed.push_back(key);
                while (removed.size() > kMaxRemoved)
                    removed.removeFirst();
            } else {
                m_removed_counters.insert(c.text);
            }
        }
    }
    emit userChanged();
}

void SeriesLooks::onChanged(int row)
{
    const quint64 id = m_data.series(row).info.id;
    const Look now = lookOf(row);
    auto seen = m_seen.find(id);
    if (seen != m_seen.end() && *seen == now)
        return;
    m_seen.insert(id, now);
    emit userChanged();
}

void SeriesLooks::keepLoadedLooks(const QString& path, files::CounterSetEntry& entry) const
{
    for (const SeriesLook& look : m_looks) {
        if (look.path != path || look.removed)
            continue;
        const std::optional<std::uint32_t> color =
            look.color ? std::optional<std::uint32_t>(look.color->rgb() & 0xFFFFFF) : std::nullopt;
        if (look.instance.isEmpty()) {
            entry.color = color;
            entry.scale_exponent = look.scale_exponent;
            entry.visible = look.visible;
        } else {
            entry.instances.push_back({look.instance.toStdString(), color, look.scale_exponent, look.visible});
        }
    }
}

std::vector<files::CounterSetEntry> SeriesLooks::entries() const
{
    std::vector<files::CounterSetEntry> out;
    for (const ViewCounter& c : m_sampler.counters()) {
        files::CounterSetEntry entry;
        entry.path = c.text.toStdString();
        auto path = wpo::CounterPath::parse(entry.path);
        const bool all = c.instances == ViewCounter::Instances::all || (path && path->wildcard_instance);
        bool covered = false;
        QSet<QString> listed;
        for (int row = 0; path && row < m_data.seriesCount(); ++row) {
            const ViewSeries& s = m_data.series(row);
            if (!path_covers(*path, s.info))
                continue;
            covered = true;
            const auto color = static_cast<std::uint32_t>(s.color.rgb() & 0xFFFFFF);
            const std::optional<int> scale =
                s.scale_exponent != s.info.default_scale ? std::optional<int>(s.scale_exponent) : std::nullopt;
            if (!all) {
                entry.color = color;
                entry.scale_exponent = scale;
                entry.visible = s.visible;
                break;
            }
            // Ended instances do not come back; the live ones each keep their own look.
            const QString key = instance_key(s.info);
            if (s.ended || listed.contains(key))
                continue;
            listed.insert(key);
            entry.instances.push_back({key.toStdString(), color, scale, s.visible});
        }
        if (!all && !covered && m_removed_counters.contains(c.text))
            continue;  // the user removed its only series
        if (!covered)
            keepLoadedLooks(c.text, entry);  // not sampled yet (a long interval): what the set said
        if (all) {
            for (const QString& name : m_removed.value(c.text))
                if (!listed.contains(name))
                    entry.removed.push_back(name.toStdString());
        }
        out.push_back(std::move(entry));
    }
    return out;
}

}  // namespace perfscope::gui
