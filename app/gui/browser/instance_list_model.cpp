// SPDX-License-Identifier: Apache-2.0
#include "gui/browser/instance_list_model.h"

#include "gui/data/natural_order.h"

#include <QLocale>

#include <algorithm>
#include <map>
#include <set>

namespace perfscope::gui {

InstanceListModel::InstanceListModel(QObject* parent) : QAbstractListModel(parent), m_collator(naturalCollator())
{}

QString InstanceListModel::allInstancesText()
{
    return QStringLiteral("<All instances>");
}

QString InstanceListModel::totalText()
{
    return QStringLiteral("_Total");
}

void InstanceListModel::setInstances(const BrowseInstances& update, bool has_instances)
{
    if (update.object != m_object || has_instances != m_has_instances) {
        beginResetModel();
        m_object = update.object;
        m_has_instances = has_instances;
        m_instances = has_instances ? update.instances : QVector<BrowseInstance>{};
        m_keys.clear();
        m_keys.reserve(m_instances.size());
        for (const BrowseInstance& b : std::as_const(m_instances))
            m_keys.push_back(keyOf(b.display));
        endResetModel();
        return;
    }
    if (!m_has_instances)
        return;
    // Same object: remove the instances that are gone, then append the new
    // ones, so rows of running instances (and their selection) stay. Sets of
    // identities: a machine's thousands of threads stay well under a frame.
    std::set<wpo::InstanceIdentity> alive;
    for (const BrowseInstance& b : update.instances)
        alive.insert(b.identity);
    for (int i = static_cast<int>(m_instances.size()) - 1; i >= 0; --i) {
        if (!alive.contains(m_instances[i].identity)) {
            // Runs of gone rows go in one removal.
            int first = i;
            while (first > 0 && !alive.contains(m_instances[first - 1].identity))
                --first;
            beginRemoveRows({}, first + 1, i + 1);
            m_instances.remove(first, i - first + 1);
            m_keys.remove(first, i - first + 1);
            endRemoveRows();
            i = first;
        }
    }
    std::set<wpo::InstanceIdentity> known;
    for (int i = 0; i < m_instances.size(); ++i)
        known.insert(m_instances[i].identity);
    QVector<BrowseInstance> fresh;
    for (const BrowseInstance& b : update.instances) {
        if (!known.contains(b.identity))
            fresh.push_back(b);
    }
    // The kernel-thread mark may come a refresh after the row itself.
    std::map<wpo::InstanceIdentity, bool> kernel;
    for (const BrowseInstance& b : update.instances)
        kernel[b.identity] = b.kernel;
    for (int i = 0; i < m_instances.size(); ++i) {
        const bool mark = kernel[m_instances[i].identity];
        if (mark != m_instances[i].kernel) {
            m_instances[i].kernel = mark;
            const QModelIndex changed = index(i + 1);
            emit dataChanged(changed, changed, {KernelThreadRole});
        }
    }
    if (!fresh.isEmpty()) {
        const int first = static_cast<int>(m_instances.size()) + 1;
        beginInsertRows({}, first, first + static_cast<int>(fresh.size()) - 1);
        for (const BrowseInstance& b : std::as_const(fresh))
            m_keys.push_back(keyOf(b.display));
        m_instances += fresh;
        endInsertRows();
    }
}

bool InstanceListModel::isAllInstances(const QModelIndex& index) const
{
    return index.isValid() && index.model() == this && index.row() == 0 && m_has_instances;
}

const BrowseInstance* InstanceListModel::instanceAt(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this || index.row() < 1 || index.row() > m_instances.size())
        return nullptr;
    return &m_instances[index.row() - 1];
}

const QCollatorSortKey* InstanceListModel::sortKeyAt(const QModelIndex& index) const
{
    if (!instanceAt(index))
        return nullptr;
    return &m_keys[index.row() - 1];
}

int InstanceListModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_has_instances)
        return 0;
    return static_cast<int>(m_instances.size()) + 1;
}

QVariant InstanceListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (isAllInstances(index)) {
        switch (role) {
        case Qt::DisplayRole: return allInstancesText();
        case Qt::ToolTipRole: return tr("Every instance, also those that start later");
        case AllInstancesRole: return true;
        case KernelThreadRole:
        case TotalRole: return false;
        default: return {};
        }
    }
    const BrowseInstance* instance = instanceAt(index);
    if (!instance)
        return {};
    switch (role) {
    case Qt::DisplayRole: return instance->display;
    case Qt::ToolTipRole:
        return instance->parent.isEmpty() ? instance->display : instance->parent + " / " + instance->display;
    case AllInstancesRole: return false;
    case ParentRole: return instance->parent;
    case KernelThreadRole: return instance->kernel;
    case TotalRole: return instance->display.compare(totalText(), Qt::CaseInsensitive) == 0;
    default: return {};
    }
}

}  // namespace perfscope::gui
