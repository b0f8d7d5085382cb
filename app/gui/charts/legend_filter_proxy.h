// SPDX-License-Identifier: Apache-2.0
// The legend's sort and filter: sorts by LegendModel's Qt::UserRole and, by
// default, leaves ended instances out (a busy machine's process view gathers
// hundreds of them; they stay in the history and come back with showEnded).
#pragma once

#include <QSortFilterProxyModel>

namespace perfscope::gui {

class LegendFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit LegendFilterProxy(QObject* parent = nullptr);

    void setShowEnded(bool show);
    bool showsEnded() const { return m_show_ended; }
    // An ended series that stays listed while ended ones are left out (the
    // one selected from the graph, say); 0 for none.
    void setPinnedSeries(quint64 id);

protected:
    bool filterAcceptsRow(int source_row, const QModelIndex& source_parent) const override;

private:
    bool m_show_ended = false;
    quint64 m_pinned = 0;
};

}  // namespace perfscope::gui
