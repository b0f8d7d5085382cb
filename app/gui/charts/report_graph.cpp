// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/report_graph.h"

#include "gui/charts/legend_model.h"
#include "gui/charts/view_data.h"

#include <QHeaderView>
#include <QTreeWidget>

#include <cmath>

namespace perfscope::gui {
namespace {

QString counter_key(const QString& object, const QString& counter)
{
    return object + QLatin1Char('\n') + counter;
}

}  // namespace

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
    // A fixed width: ResizeToContents measures every item on each change.
    m_report->header()->setSectionResizeMode(1, QHeaderView::Fixed);
    const int value_width = m_report->fontMetrics().horizontalAdvance(QStringLiteral("0000000000000.000"));
    m_report->header()->resizeSection(1, value_width);
}

QWidget* ReportGraph::widget() const
{
    return m_report;
}

QTreeWidgetItem* ReportGraph::itemOf(int row) const
{
    return row >= 0 && row < static_cast<int>(m_rows.size()) ? m_rows[static_cast<size_t>(row)].item : nullptr;
}

QTreeWidgetItem* ReportGraph::counterItem(const QString& object, const QString& counter)
{
    QTreeWidgetItem*& counter_item = m_counters[counter_key(object, counter)];
    if (counter_item)
        return counter_item;
    QTreeWidgetItem*& object_item = m_objects[object];
    if (!object_item) {
        object_item = new QTreeWidgetItem(m_report, {object});
        QFont bold = object_item->font(0);
        bold.setBold(true);
        object_item->setFont(0, bold);
        object_item->setExpanded(true);
    }
    counter_item = new QTreeWidgetItem(object_item, {counter});
    counter_item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
    counter_item->setExpanded(true);
    return counter_item;
}

void ReportGraph::insertRow(int row)
{
    m_rows.insert(m_rows.begin() + row, Row{});
    applyRow(row);
}

void ReportGraph::removeRow(int row)
{
    Row r = m_rows[static_cast<size_t>(row)];
    m_rows.erase(m_rows.begin() + row);
    releaseItem(r);
}

void ReportGraph::releaseItem(Row& r)
{
    if (!r.item)
        return;
    QTreeWidgetItem* counter = r.own ? r.item->parent() : r.item;
    if (r.own)
        delete r.item;
    else
        counter->setText(1, QString());
    r = Row{};
    dropEmptyParents(counter);
}

// A counter item stays while an instance or an instance-less row uses it.
void ReportGraph::dropEmptyParents(QTreeWidgetItem* counter)
{
    if (counter->childCount() > 0)
        return;
    for (const Row& r : m_rows) {
        if (r.item == counter)
            return;
    }
    QTreeWidgetItem* object = counter->parent();
    // By value: an instance-less ended counter's text says "(ended)".
    for (auto it = m_counters.begin(); it != m_counters.end(); ++it) {
        if (it.value() == counter) {
            m_counters.erase(it);
            break;
        }
    }
    delete counter;
    if (object->childCount() == 0) {
        m_objects.remove(object->text(0));
        delete object;
    }
}

void ReportGraph::changeRow(int row)
{
    applyRow(row);
}

// Whether it shows, its name and color.
void ReportGraph::applyRow(int row)
{
    const ViewSeries& s = m_data->series(row);
    Row& r = m_rows[static_cast<size_t>(row)];
    const bool shown = s.visible && (!s.ended || m_show_ended);
    if (!shown) {
        releaseItem(r);
        return;
    }
    if (!r.item) {
        QTreeWidgetItem* counter = counterItem(s.info.object, s.info.counter);
        if (s.info.instance.isEmpty()) {
            r.item = counter;
        } else {
            r.item = new QTreeWidgetItem(counter);
            r.item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
            r.own = true;
        }
    }
    const QString base = r.own ? s.info.instance : s.info.counter;
    const QString text = s.ended ? QObject::tr("%1 (ended)").arg(base) : base;
    if (r.item->text(0) != text)
        r.item->setText(0, text);
    const QBrush brush = s.color.isValid() ? QBrush(s.color) : QBrush();
    if (r.item->foreground(0) != brush)
        r.item->setForeground(0, brush);
}

void ReportGraph::setShowEnded(bool show)
{
    if (show == m_show_ended)
        return;
    m_show_ended = show;
    for (int row = 0; row < static_cast<int>(m_rows.size()); ++row) {
        if (m_data->series(row).ended)
            applyRow(row);
    }
}

void ReportGraph::refresh(const GraphFrame& frame)
{
    const auto same = [](double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); };
    for (size_t row = 0; row < m_rows.size(); ++row) {
        Row& r = m_rows[row];
        const double v = frame.plots[row].stats.last;
        if (!r.item || (r.has_text && same(r.shown, v)))
            continue;
        r.item->setText(1, LegendModel::formatValue(v, frame.data.series(static_cast<int>(row)).info.unit));
        r.shown = v;
        r.has_text = true;
    }
}

}  // namespace perfscope::gui
