// SPDX-License-Identifier: Apache-2.0
// The browser's tree: objects at the top, their counters below. A counter's
// help text is its tooltip and HelpRole (the browser's "Explain"). Updated
// from BrowserSampler::objectsChanged; a reset only when the set of objects
// changed (rare: a provider came or went).
#pragma once

#include "gui/browser/browse_data.h"

#include <QAbstractItemModel>

namespace perfscope::gui {

class ObjectTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Role { HelpRole = Qt::UserRole + 1, ObjectIndexRole, CounterIndexRole, DefaultScaleRole };

    explicit ObjectTreeModel(QObject* parent = nullptr);

    void setObjects(const QVector<BrowseObject>& objects);
    const QVector<BrowseObject>& objects() const { return m_objects; }
    // nullptr for an index that is not an object or a counter of one.
    const BrowseObject* objectAt(const QModelIndex& index) const;
    const BrowseCounter* counterAt(const QModelIndex& index) const;
    QModelIndex indexOfObject(std::uint32_t object) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    // internalId: 0 for an object, object row + 1 for its counters.
    QVector<BrowseObject> m_objects;
};

}  // namespace perfscope::gui
