// SPDX-License-Identifier: Apache-2.0
// A view's looks as a counter set keeps them: applies a set's colors,
// scales, shown states and removed instances to series as they appear, notes
// which instances the user removes, tells when the user changed a look, and
// gives the view's counters back as a set's entries (docs/counter-sets.md).
#pragma once

#include "files/counter_set.h"
#include "gui/window/counter_set_io.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QVector>

#include <vector>

namespace perfscope::gui {

class ViewData;
class ViewSampler;
struct ViewCounter;

class SeriesLooks : public QObject {
    Q_OBJECT
public:
    SeriesLooks(ViewData& data, const ViewSampler& sampler, QObject* parent = nullptr);
    // Starts following the data's series: after the widgets that draw them,
    // which must know a series before its look changes.
    void follow();

    // Looks for series of these paths, applied to each series as it appears.
    void setLooks(const QVector<SeriesLook>& looks);
    // The view's counters as a set's entries, with their looks and removed instances.
    std::vector<files::CounterSetEntry> entries() const;

    // The most instances of one path kept as removed: the oldest go first.
    static constexpr int kMaxRemoved = 1000;

signals:
    // The user changed a series' color, scale or shown state, or removed one.
    void userChanged();

private:
    struct Look {
        QRgb color = 0;
        int scale = 0;
        bool visible = true;
        friend bool operator==(const Look&, const Look&) = default;
    };
    Look lookOf(int row) const;
    void onAdded(int row);
    void onRestored(int row, const QString& key);
    void onAboutToBeRemoved(int row);
    void onChanged(int row);
    void keepLoadedLooks(const QString& path, files::CounterSetEntry& entry) const;

    ViewData& m_data;
    const ViewSampler& m_sampler;
    QVector<SeriesLook> m_looks;
    QHash<QString, QVector<int>> m_by_instance;  // case-folded instance name -> indices into m_looks
    // Per series id: the look it had when last seen, so a change of look is
    // told apart from other changes (an instance ending).
    QHash<quint64, Look> m_seen;
    // Per counter path: removed instances, in the order removed.
    QHash<QString, QStringList> m_removed;
    // Counters of one instance (or none) whose series the user removed.
    QSet<QString> m_removed_counters;
    QSet<quint64> m_dropping;  // series the set's "removed" takes out: not the user's doing
};

}  // namespace perfscope::gui
