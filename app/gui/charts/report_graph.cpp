// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/report_graph.h"

#include "gui/charts/report_model.h"
#include "gui/charts/view_data.h"

#include <QEvent>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QTableView>

#include <algorithm>
#include <functional>
#include <utility>

namespace perfscope::gui {

namespace {

// Calls back when the watched widget is shown or hidden.
class VisibilityWatcher : public QObject {
public:
    VisibilityWatcher(QWidget* watched, std::function<void(bool)> changed)
        : QObject(watched), m_changed(std::move(changed))
    {
        watched->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Show || event->type() == QEvent::Hide)
            m_changed(event->type() == QEvent::Show);
        return QObject::eventFilter(watched, event);
    }

private:
    std::function<void(bool)> m_changed;
};

}  // namespace

ReportGraph::ReportGraph(const ViewData* data, QWidget* parent) : m_data(data)
{
    m_view = new QTableView(parent);
    m_model = new ReportModel(data, m_view);
    // Only while the table is shown does the model follow the view's rows
    // (and the table the model); shown again, the model is rebuilt in one
    // reset. Kept up to date while hidden, the report cost a view over every
    // process on a busy machine a fifth of its CPU: each process that starts
    // or ends inserts or removes a column.
    m_watcher = new VisibilityWatcher(m_view, [this](bool shown) { attach(shown); });
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setShowGrid(false);
    m_view->setWordWrap(false);
    m_view->setCornerButtonEnabled(false);
    m_view->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    // Each object names its instances in its heading row: the table's own
    // column header would name nothing.
    QHeaderView* top = m_view->horizontalHeader();
    top->hide();
    // Every column as wide as the longest instance name seen (fitColumns),
    // never measured over every cell: ResizeToContents would read each value
    // on each change. One width for all, since a column shows another
    // instance whenever one comes or goes before it.
    top->setSectionResizeMode(QHeaderView::Fixed);
    top->setStretchLastSection(false);
    QHeaderView* side = m_view->verticalHeader();
    side->setHighlightSections(false);
    side->setSectionsClickable(false);
    side->setSectionResizeMode(QHeaderView::Fixed);
    side->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    const QFontMetrics fm = m_view->fontMetrics();
    m_value_width = fm.horizontalAdvance(QStringLiteral("0,000.000 MiB/s")) + 12;
    m_column_width = m_value_width;
    top->setDefaultSectionSize(m_column_width);
    QObject::connect(m_model, &ReportModel::instanceNamed, m_view, [this](const QString& name) {
        if (m_view->model() == m_model)
            fitColumn(name);
    });
    // An instance that came or went before the selected cell moved it.
    QObject::connect(m_model, &ReportModel::cellsMoved, m_view, [this] { showSelected(false); });
}

// The table outlives this graph (its parent deletes it later, and hides it
// first): the watcher that calls back into this graph goes now.
ReportGraph::~ReportGraph()
{
    delete m_watcher;
}

QWidget* ReportGraph::widget() const
{
    return m_view;
}

void ReportGraph::attach(bool shown)
{
    if (shown == (m_view->model() == m_model))
        return;
    if (!shown) {
        QObject::disconnect(m_reset_connection);
        m_view->setModel(nullptr);
        return;
    }
    if (m_stale) {
        m_model->reload();
        m_stale = false;
    }
    m_view->setModel(m_model);
    // The user's current cell (a click, the arrow keys) selects its series;
    // the selection model is the table's new one after each setModel().
    QObject::connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, m_view,
                     [this](const QModelIndex& current) {
                         if (m_showing || !m_on_current)
                             return;
                         if (const int row = m_model->seriesRowAt(current); row >= 0)
                             m_on_current(row);
                     });
    // After the table's own reset handling, which clears its current cell:
    // connected anew after each setModel(), as the table connects there.
    QObject::disconnect(m_reset_connection);
    m_reset_connection = QObject::connect(m_model, &QAbstractItemModel::modelReset, m_view, [this] {
        fitColumns();
        showSelected();
    });
    fitColumns();
    showSelected();
}

// Columns as wide as a value or the longest instance name, whichever is
// wider, up to one and a half values' width (a longer name is elided, its
// tooltip whole: a few long kernel thread names would otherwise widen every
// column). Measured again from every heading row after a reset.
void ReportGraph::fitColumns()
{
    const QFontMetrics bold = headingMetrics();
    m_column_width = m_value_width;
    for (int row = 0; row < m_model->rowCount() && m_column_width < maxColumnWidth(); ++row) {
        if (!m_model->isObjectRow(row))
            continue;
        for (int column = 0; column < m_model->columnCount() && m_column_width < maxColumnWidth(); ++column)
            m_column_width = std::max(m_column_width, widthFor(bold, m_model->index(row, column).data().toString()));
    }
    m_view->horizontalHeader()->setDefaultSectionSize(m_column_width);
}

void ReportGraph::fitColumn(const QString& name)
{
    if (m_column_width >= maxColumnWidth())
        return;
    const int width = widthFor(headingMetrics(), name);
    if (width <= m_column_width)
        return;
    m_column_width = width;
    m_view->horizontalHeader()->setDefaultSectionSize(m_column_width);
}

// A heading cell's text is bold.
QFontMetrics ReportGraph::headingMetrics() const
{
    QFont bold = m_view->font();
    bold.setBold(true);
    return QFontMetrics(bold);
}

int ReportGraph::maxColumnWidth() const
{
    return m_value_width * 3 / 2;
}

int ReportGraph::widthFor(const QFontMetrics& bold, const QString& name) const
{
    return std::clamp(bold.horizontalAdvance(name) + 16, m_value_width, maxColumnWidth());
}

void ReportGraph::insertRow(int row)
{
    if (m_view->model() != m_model) {
        m_stale = true;  // attach() reloads
        return;
    }
    m_model->seriesInserted(row);
}

void ReportGraph::removeRow(int row)
{
    if (m_view->model() != m_model) {
        m_stale = true;
        return;
    }
    m_model->seriesRemoved(row);
}

void ReportGraph::changeRow(int row)
{
    if (m_view->model() != m_model) {
        m_stale = true;
        return;
    }
    m_model->seriesChanged(row);
}

void ReportGraph::setShowEnded(bool show)
{
    m_model->setShowEnded(show);
}

void ReportGraph::setShowMachine(bool show)
{
    m_model->setShowMachine(show);
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

void ReportGraph::showSelected(bool scroll)
{
    if (m_view->model() != m_model)
        return;  // attach() shows it
    const QModelIndex cell = m_model->indexOfSeries(m_selected_id ? m_data->rowOf(m_selected_id) : -1);
    if (!cell.isValid()) {
        if (m_view->selectionModel()->hasSelection() || m_view->currentIndex().isValid())
            m_view->selectionModel()->clear();
        return;
    }
    if (m_view->currentIndex() == cell && m_view->selectionModel()->isSelected(cell))
        return;
    m_showing = true;
    m_view->selectionModel()->setCurrentIndex(cell, QItemSelectionModel::ClearAndSelect);
    m_showing = false;
    if (scroll)
        m_view->scrollTo(cell);
}

int ReportGraph::seriesRowAt(const QModelIndex& index) const
{
    return m_model->seriesRowAt(index);
}

}  // namespace perfscope::gui
