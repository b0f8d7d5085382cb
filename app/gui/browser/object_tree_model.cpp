// SPDX-License-Identifier: Apache-2.0
#include "gui/browser/object_tree_model.h"

namespace perfscope::gui {

ObjectTreeModel::ObjectTreeModel(QObject* parent) : QAbstractItemModel(parent)
{}

void ObjectTreeModel::setObjects(const QVector<BrowseObject>& objects)
{
    beginResetModel();
    m_objects = objects;
    endResetModel();
}

const BrowseObject* ObjectTreeModel::objectAt(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this)
        return nullptr;
    const auto row = index.internalId() == 0 ? index.row() : static_cast<int>(index.internalId() - 1);
    return row >= 0 && row < m_objects.size() ? &m_objects[row] : nullptr;
}

const BrowseCounter* ObjectTreeModel::counterAt(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this || index.internalId() == 0)
        return nullptr;
    const BrowseObject* object = objectAt(index);
    return object && index.row() < object->counters.size() ? &object->counters[index.row()] : nullptr;
}

QModelIndex ObjectTreeModel::indexOfObject(std::uint32_t object) const
{
    for (int row = 0; row < m_objects.size(); ++row)
        if (m_objects[row].index == object)
            return index(row, 0);
    return {};
}

QModelIndex ObjectTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, quintptr(0));
    return createIndex(row, column, quintptr(parent.row()) + 1);
}

QModelIndex ObjectTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return createIndex(static_cast<int>(child.internalId() - 1), 0, quintptr(0));
}

int ObjectTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return static_cast<int>(m_objects.size());
    if (parent.column() != 0 || parent.internalId() != 0)
        return 0;
    return static_cast<int>(m_objects[parent.row()].counters.size());
}

int ObjectTreeModel::columnCount(const QModelIndex&) const
{
    return 1;
}

QVariant ObjectTreeModel::data(const QModelIndex& index, int role) const
{
    if (const BrowseCounter* counter = counterAt(index)) {
        switch (role) {
        case Qt::DisplayRole: return counter->name;
        case Qt::ToolTipRole:
        case HelpRole: return counter->help;
        case ObjectIndexRole: return objectAt(index)->index;
        case CounterIndexRole: return counter->index;
        case DefaultScaleRole: return counter->default_scale;
        default: return {};
        }
    }
    if (const BrowseObject* object = objectAt(index)) {
        switch (role) {
        case Qt::DisplayRole: return object->name;
        case Qt::ToolTipRole:
        case HelpRole: return object->help;
        case ObjectIndexRole: return object->index;
        case CounterIndexRole: return 0u;
        default: return {};
        }
    }
    return {};
}

QVariant ObjectTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (section == 0 && orientation == Qt::Horizontal && role == Qt::DisplayRole)
        return tr("Object / counter");
    return {};
}

}  // namespace perfscope::gui
