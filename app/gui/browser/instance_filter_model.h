// SPDX-License-Identifier: Apache-2.0
// The browser's instance list as shown: "<All instances>" first and "_Total"
// second, always listed whatever the search; the other instances in natural
// order ("bash:12" before "bash:100") and narrowed by the instance search
// (case-insensitive, anywhere in the name) and, when asked, without kernel
// threads (InstanceListModel::KernelThreadRole).
#pragma once

#include <QSortFilterProxyModel>

namespace perfscope::gui {

class InstanceListModel;

class InstanceFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit InstanceFilterModel(QObject* parent = nullptr);

    void setSourceModel(QAbstractItemModel* source) override;

    void setSearch(const QString& text);
    QString search() const { return m_search; }
    void setHideKernelThreads(bool hide);
    bool hidesKernelThreads() const { return m_hide_kernel; }
    // Instances listed besides <All instances> and _Total.
    int matchCount() const;

protected:
    bool filterAcceptsRow(int source_row, const QModelIndex& source_parent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    // 0 <All instances>, 1 _Total, 2 the rest.
    int rank(const QModelIndex& source) const;

    InstanceListModel* m_list = nullptr;
    QString m_search;
    bool m_hide_kernel = true;
};

}  // namespace perfscope::gui
