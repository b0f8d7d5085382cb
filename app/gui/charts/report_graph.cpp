// SPDX-License-Identifier: Apache-2.0
#include "report_graph.h"

#include "legend_model.h"
#include "view_data.h"

#include <QHeaderView>
#include <QTreeWidget>

#include <map>
#include <utility>

namespace perfscope::gui {

ReportGraph::ReportGraph(const ViewData* data, QWidget* parent) : m_data(data)
{
    m_report = new QTreeWidget(parent);
    m_report->setColumnCount(2);
    m_report->setHeaderLabels({QObject::tr("Object / counter / instance"), QObject::tr("Value")});
    m_report->setRootIsDecorated(true);
    m_report->setUniformRowHeights(true);
    m_report->setSelectionMode(QAbstractItemView::NoSelection);
    m_report->setFocusPolicy(Qt::NoFocus);
    m_report->header()->setStretchLastSection(false);
    m_report->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_report->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
}

QWidget* ReportGraph::widget() const
{
    return m_report;
}

void ReportGraph::insertRow(int)
{
    m_report_dirty = true;
}

void ReportGraph::removeRow(int)
{
    m_report_dirty = true;
}

void ReportGraph::changeRow(int)
{
    m_report_dirty = true;  // ended instances are marked in the report
}

void ReportGraph::rebuildReport()
{
    m_report->clear();
    m_report_items.assign(static_cast<size_t>(m_data->seriesCount()), nullptr);
    std::map<QString, QTreeWidgetItem*> objects;
    std::map<std::pair<QString, QString>, QTreeWidgetItem*> counters;
    for (int row = 0; row < m_data->seriesCount(); ++row) {
        const ViewSeries& s = m_data->series(row);
        if (!s.visible)
            continue;
        QTreeWidgetItem*& object = objects[s.info.object];
        if (!object) {
            object = new QTreeWidgetItem(m_report, {s.info.object});
            QFont bold = object->font(0);
            bold.setBold(true);
            object->setFont(0, bold);
        }
        QTreeWidgetItem*& counter = counters[{s.info.object, s.info.counter}];
        if (!counter)
            counter = new QTreeWidgetItem(object, {s.info.counter});
        QTreeWidgetItem* item = counter;
        if (!s.info.instance.isEmpty()) {
            item = new QTreeWidgetItem(counter, {s.ended ? QObject::tr("%1 (ended)").arg(s.info.instance)
                                                         : s.info.instance});
        } else if (s.ended) {
            item->setText(0, QObject::tr("%1 (ended)").arg(s.info.counter));
        }
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
        item->setForeground(0, s.color.isValid() ? QBrush(s.color) : QBrush());
        m_report_items[static_cast<size_t>(row)] = item;
    }
    m_report->expandAll();
    m_report_dirty = false;
}

void ReportGraph::refresh(const GraphFrame& frame)
{
    if (m_report_dirty)
        rebuildReport();
    for (size_t row = 0; row < m_report_items.size(); ++row) {
        if (QTreeWidgetItem* item = m_report_items[row])
            item->setText(1, LegendModel::formatValue(frame.plots[row].stats.last));
    }
}

}  // namespace perfscope::gui
