// SPDX-License-Identifier: Apache-2.0
// The report: object → counter → instance with the last values, like PerfMon's report view.
#pragma once

#include "graph.h"

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

    QTreeWidget* tree() const { return m_report; }

private:
    void rebuildReport();

    const ViewData* m_data;
    bool m_report_dirty = true;
    QTreeWidget* m_report = nullptr;
    std::vector<QTreeWidgetItem*> m_report_items;  // per row: the item holding its value
};

}  // namespace perfscope::gui
