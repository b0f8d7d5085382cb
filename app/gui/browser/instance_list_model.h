// SPDX-License-Identifier: Apache-2.0
// The instances of the browser's selected object: "<All instances>" first
// (a wildcard: the view keeps following the object and adds instances that
// start later), then each instance by its unique name ("bash:1234"). Updated
// live from BrowserSampler::instancesChanged with row inserts and removals,
// so a selection on a process that keeps running survives the refresh.
// Rows keep arrival order; InstanceFilterModel sorts and filters them, by the
// natural-order sort key each row gets once, when it arrives.
#pragma once

#include "gui/browser/browse_data.h"

#include <QAbstractListModel>
#include <QCollator>

#include <optional>

namespace perfscope::gui {

class InstanceListModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role { AllInstancesRole = Qt::UserRole + 1, ParentRole, KernelThreadRole, TotalRole };

    explicit InstanceListModel(QObject* parent = nullptr);

    // An object without instances shows an empty list (no <All instances>).
    void setInstances(const BrowseInstances& instances, bool has_instances);
    std::uint32_t object() const { return m_object; }
    bool isAllInstances(const QModelIndex& index) const;
    // nullptr for <All instances> or an invalid index.
    const BrowseInstance* instanceAt(const QModelIndex& index) const;
    // The natural-order key of an instance row (numbers by value: "bash:12"
    // before "bash:100"); null for <All instances>.
    const QCollatorSortKey* sortKeyAt(const QModelIndex& index) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

    static QString allInstancesText();
    static QString totalText();

private:
    QCollatorSortKey keyOf(const QString& display) const { return m_collator.sortKey(display); }

    std::uint32_t m_object = 0;
    bool m_has_instances = false;
    QCollator m_collator;
    QVector<BrowseInstance> m_instances;  // row - 1
    QList<QCollatorSortKey> m_keys;       // row - 1
};

}  // namespace perfscope::gui
