// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/report_graph.h"

#include "gui/charts/report_header.h"
#include "gui/charts/report_model.h"
#include "gui/charts/view_data.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QTableView>

#include <algorithm>

namespace perfscope::gui {

ReportGraph::ReportGraph(const ViewData* data, QWidget* parent) : m_data(data)
{
    m_view = new QTableView(parent);
    m_view->setHorizontalHeader(new ReportHeader(m_view));
    m_model = new ReportModel(data, m_view);
    m_view->setModel(m_model);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setShowGrid(false);
    m_view->setWordWrap(false);
    m_view->setCornerButtonEnabled(false);
    m_view->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    QHeaderView* top = m_view->horizontalHeader();
    top->setHighlightSections(false);
    top->setSectionsClickable(false);
    // Sizes are set per column as it comes (fitColumns), never measured over
    // every cell: ResizeToContents would read each value on each change.
    top->setSectionResizeMode(QHeaderView::Interactive);
    top->setStretchLastSection(false);
    QHeaderView* side = m_view->verticalHeader();
    side->setHighlightSections(false);
    side->setSectionsClickable(false);
    side->setSectionResizeMode(QHeaderView::Fixed);
    side->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    const QFontMetrics fm = m_view->fontMetrics();
    m_value_width = fm.horizontalAdvance(QStringLiteral("0,000.000 MiB/s")) + 12;
    top->setDefaultSectionSize(m_value_width);
    QObject::connect(m_model, &QAbstractItemModel::columnsInserted, m_view,
                     [this](const QModelIndex&, int first, int last) { fitColumns(first, last); });
    QObject::connect(m_model, &QAbstractItemModel::modelReset, m_view, [this] {
        fitColumns(0, m_model->columnCount() - 1);
        showSelected();
    });
}

ReportGraph::~ReportGraph() = default;

QWidget* ReportGraph::widget() const
{
    return m_view;
}

// A column as wide as a value or its instance's name, whichever is wider,
// up to two values' width (a longer name is elided, its tooltip whole).
void ReportGraph::fitColumns(int first, int last)
{
    const QFontMetrics fm = m_view->horizontalHeader()->fontMetrics();
    for (int column = first; column <= last; ++column) {
        const int name = fm.horizontalAdvance(m_model->headerData(column, Qt::Horizontal).toString()) + 16;
        m_view->horizontalHeader()->resizeSection(column, std::clamp(name, m_value_width, 2 * m_value_width));
    }
}

void ReportGraph::insertRow(int row)
{
    m_model->seriesInserted(row);
}

void ReportGraph::removeRow(int row)
{
    m_model->seriesRemoved(row);
}

void ReportGraph::changeRow(int row)
{
    m_model->seriesChanged(row);
}

void ReportGraph::setShowEnded(bool show)
{
    m_model->setShowEnded(show);
}

void ReportGraph::refresh(const GraphFrame& frame)
{
    m_model->setValues(frame.plots);
}

void ReportGraph::setSelectedRow(int row)
{
    m_selected_id = row >= 0 && row < m_data->seriesCount() ? m_data->series(row).info.id : 0;
    showSelected();
}

void ReportGraph::showSelected()
{
    const QModelIndex cell = m_model->indexOfSeries(m_selected_id ? m_data->rowOf(m_selected_id) : -1);
    if (!cell.isValid()) {
        m_view->selectionModel()->clear();
        return;
    }
    m_view->selectionModel()->setCurrentIndex(cell, QItemSelectionModel::ClearAndSelect);
    m_view->scrollTo(cell);
}

int ReportGraph::seriesRowAt(const QModelIndex& index) const
{
    return m_model->seriesRowAt(index);
}

}  // namespace perfscope::gui
