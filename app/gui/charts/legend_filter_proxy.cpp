// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/legend_filter_proxy.h"

#include "gui/charts/legend_model.h"

namespace perfscope::gui {

LegendFilterProxy::LegendFilterProxy(QObject* parent) : QSortFilterProxyModel(parent)
{
    setSortRole(Qt::UserRole);
}

void LegendFilterProxy::setShowEnded(bool show)
{
    if (show == m_show_ended)
        return;
    m_show_ended = show;
    invalidateRowsFilter();
}

void LegendFilterProxy::setPinnedSeries(quint64 id)
{
    if (id == m_pinned)
        return;
    m_pinned = id;
    if (!m_show_ended)
        invalidateRowsFilter();
}

bool LegendFilterProxy::filterAcceptsRow(int source_row, const QModelIndex& source_parent) const
{
    if (!m_show_ended) {
        const QModelIndex index = sourceModel()->index(source_row, 0, source_parent);
        if (index.data(LegendModel::EndedRole).toBool() &&
            (m_pinned == 0 || index.data(LegendModel::SeriesIdRole).value<quint64>() != m_pinned))
            return false;
    }
    return QSortFilterProxyModel::filterAcceptsRow(source_row, source_parent);
}

}  // namespace perfscope::gui
