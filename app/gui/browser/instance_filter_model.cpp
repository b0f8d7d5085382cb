// SPDX-License-Identifier: Apache-2.0
#include "gui/browser/instance_filter_model.h"

#include "gui/data/natural_order.h"

#include "gui/browser/instance_list_model.h"

namespace perfscope::gui {

InstanceFilterModel::InstanceFilterModel(QObject* parent) : QSortFilterProxyModel(parent)
{
    setDynamicSortFilter(true);
    // The kernel mark can arrive after the row: re-filter on that role.
    setFilterRole(InstanceListModel::KernelThreadRole);
}

void InstanceFilterModel::setSourceModel(QAbstractItemModel* source)
{
    m_list = qobject_cast<InstanceListModel*>(source);
    QSortFilterProxyModel::setSourceModel(source);
    sort(0, Qt::AscendingOrder);
}

void InstanceFilterModel::setSearch(const QString& text)
{
    if (text == m_search)
        return;
    m_search = text;
    invalidateRowsFilter();
}

void InstanceFilterModel::setHideKernelThreads(bool hide)
{
    if (hide == m_hide_kernel)
        return;
    m_hide_kernel = hide;
    invalidateRowsFilter();
}

int InstanceFilterModel::matchCount() const
{
    int count = 0;
    for (int row = 0; row < rowCount(); ++row)
        count += rank(mapToSource(index(row, 0))) == 2 ? 1 : 0;
    return count;
}

int InstanceFilterModel::rank(const QModelIndex& source) const
{
    // Straight from the list when it is one: sorting thousands of threads
    // calls this ~100,000 times, too often for QVariants.
    if (m_list) {
        const BrowseInstance* instance = m_list->instanceAt(source);
        if (!instance)
            return m_list->isAllInstances(source) ? 0 : 2;
        return instance->display.compare(InstanceListModel::totalText(), Qt::CaseInsensitive) == 0 ? 1 : 2;
    }
    if (source.data(InstanceListModel::AllInstancesRole).toBool())
        return 0;
    if (source.data(InstanceListModel::TotalRole).toBool())
        return 1;
    return 2;
}

bool InstanceFilterModel::filterAcceptsRow(int source_row, const QModelIndex& source_parent) const
{
    const QModelIndex source = sourceModel()->index(source_row, 0, source_parent);
    if (rank(source) < 2)
        return true;
    if (const BrowseInstance* instance = m_list ? m_list->instanceAt(source) : nullptr) {
        if (m_hide_kernel && instance->kernel)
            return false;
        return m_search.isEmpty() || instance->display.contains(m_search, Qt::CaseInsensitive);
    }
    if (m_hide_kernel && source.data(InstanceListModel::KernelThreadRole).toBool())
        return false;
    return m_search.isEmpty() || source.data().toString().contains(m_search, Qt::CaseInsensitive);
}

bool InstanceFilterModel::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    const int l = rank(left), r = rank(right);
    if (l != r || l < 2)
        return l < r;
    if (m_list) {
        const QCollatorSortKey* a = m_list->sortKeyAt(left);
        const QCollatorSortKey* b = m_list->sortKeyAt(right);
        if (a && b)
            return a->compare(*b) < 0;
    }
    return naturalCollator().compare(left.data().toString(), right.data().toString()) < 0;
}

}  // namespace perfscope::gui
