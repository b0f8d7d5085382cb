// The instances of the browser's selected object: "<All instances>" first
// (a wildcard: the view keeps following the object and adds instances that
// start later), then each instance by its unique name ("bash:1234"). Updated
// live from BrowserSampler::instancesChanged with row inserts and removals,
// so a selection on a process that keeps running survives the refresh.
#pragma once

#include "gui/browser/browse_data.h"

#include <QAbstractListModel>

#include <optional>

namespace perfscope::gui {

class InstanceListModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role { AllInstancesRole = Qt::UserRole + 1, ParentRole };

    explicit InstanceListModel(QObject* parent = nullptr);

    // An object without instances shows an empty list (no <All instances>).
    void setInstances(const BrowseInstances& instances, bool has_instances);
    std::uint32_t object() const { return m_object; }
    bool isAllInstances(const QModelIndex& index) const;
    // nullptr for <All instances> or an invalid index.
    const BrowseInstance* instanceAt(const QModelIndex& index) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

    static QString allInstancesText();

private:
    std::uint32_t m_object = 0;
    bool m_has_instances = false;
    QVector<BrowseInstance> m_instances;  // row - 1
};

}  // namespace perfscope::gui
