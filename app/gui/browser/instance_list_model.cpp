#include "gui/browser/instance_list_model.h"

#include <algorithm>

namespace perfscope::gui {

InstanceListModel::InstanceListModel(QObject* parent) : QAbstractListModel(parent) {}

QString InstanceListModel::allInstancesText() { return QStringLiteral("<All instances>"); }

void InstanceListModel::setInstances(const BrowseInstances& update, bool has_instances)
{
    if (update.object != m_object || has_instances != m_has_instances) {
        beginResetModel();
        m_object = update.object;
        m_has_instances = has_instances;
        m_instances = has_instances ? update.instances : QVector<BrowseInstance>{};
        endResetModel();
        return;
    }
    if (!m_has_instances)
        return;
    // Same object: remove the instances that are gone, then append the new
    // ones, so rows of running instances (and their selection) stay.
    for (int i = static_cast<int>(m_instances.size()) - 1; i >= 0; --i) {
        const auto& id = m_instances[i].identity;
        const bool alive = std::any_of(update.instances.begin(), update.instances.end(),
                                       [&](const BrowseInstance& b) { return b.identity == id; });
        if (!alive) {
            beginRemoveRows({}, i + 1, i + 1);
            m_instances.removeAt(i);
            endRemoveRows();
        }
    }
    QVector<BrowseInstance> fresh;
    for (const BrowseInstance& b : update.instances) {
        const bool known = std::any_of(m_instances.begin(), m_instances.end(),
                                       [&](const BrowseInstance& k) { return k.identity == b.identity; });
        if (!known)
            fresh.push_back(b);
    }
    if (!fresh.isEmpty()) {
        const int first = static_cast<int>(m_instances.size()) + 1;
        beginInsertRows({}, first, first + static_cast<int>(fresh.size()) - 1);
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
        default: return {};
        }
    }
    const BrowseInstance* instance = instanceAt(index);
    if (!instance)
        return {};
    switch (role) {
    case Qt::DisplayRole: return instance->display;
    case Qt::ToolTipRole: return instance->parent.isEmpty() ? instance->display : instance->parent + " / " + instance->display;
    case AllInstancesRole: return false;
    case ParentRole: return instance->parent;
    default: return {};
    }
}

}  // namespace perfscope::gui
