// SPDX-License-Identifier: Apache-2.0
// The report: object → counter → instance with the last values, like
// PerfMon's report view. Kept up to date item by item: a row added, removed or
// changed touches its own item (and its parents when they appear or empty);
// a refresh sets the text of the values that changed only. Hidden series and,
// unless the view shows them, ended instances have no item at all (a hidden
// tree row is a persistent index the tree model walks on every removal).
#pragma once

#include "gui/charts/graph.h"

#include <QHash>
#include <QString>

#include <vector>

class QTreeWidget;
class QTreeWidgetItem;

namespace perfscope::gui {

class ReportGraph : public Graph {
public:
    ReportGraph(const ViewData* data, QWidget* parent);

    QWidget* widget() const override;
    void insertRow(int row) override;
    void removeRow(int row) override;
    void changeRow(int row) override;
    void refresh(const GraphFrame& frame) override;
    void applyPalette(const QPalette&) override {}

    void setShowEnded(bool show);
    QTreeWidget* tree() const { return m_report; }
    // The item holding a row's value (nullptr for an unknown row).
    QTreeWidgetItem* itemOf(int row) const;

private:
    struct Row {
        QTreeWidgetItem* item = nullptr;  // its own, the counter's when it has no instance, or none
        bool own = false;                 // item is the instance's (deleted with the row)
        double shown = 0.0;               // the value in its text
        bool has_text = false;
    };
    QTreeWidgetItem* counterItem(const QString& object, const QString& counter);
    void applyRow(int row);
    void releaseItem(Row& r);
    void dropEmptyParents(QTreeWidgetItem* counter);

    const ViewData* m_data;
    bool m_show_ended = false;
    QTreeWidget* m_report = nullptr;
    std::vector<Row> m_rows;  // per ViewData row
    QHash<QString, QTreeWidgetItem*> m_objects;
    QHash<QString, QTreeWidgetItem*> m_counters;  // key: object + '\n' + counter
};

}  // namespace perfscope::gui
