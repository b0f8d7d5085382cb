// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/legend_table_view.h"

#include <QHeaderView>
#include <QScrollBar>

namespace perfscope::gui {

LegendTableView::LegendTableView(QWidget* parent) : QTableView(parent)
{}

void LegendTableView::setModel(QAbstractItemModel* model)
{
    if (QAbstractItemModel* old = this->model())
        disconnect(old, nullptr, this, nullptr);
    noteOther();
    QTableView::setModel(model);
    if (!model)
        return;
    // What moves or changes rows or columns that may be visible: laid out
    // and repainted in full, as QTableView does.
    connect(model, &QAbstractItemModel::modelAboutToBeReset, this, &LegendTableView::noteOther);
    connect(model, &QAbstractItemModel::layoutAboutToBeChanged, this, &LegendTableView::noteOther);
    connect(model, &QAbstractItemModel::rowsAboutToBeMoved, this, &LegendTableView::noteOther);
    connect(model, &QAbstractItemModel::columnsAboutToBeInserted, this, &LegendTableView::noteOther);
    connect(model, &QAbstractItemModel::columnsAboutToBeRemoved, this, &LegendTableView::noteOther);
    connect(model, &QAbstractItemModel::columnsAboutToBeMoved, this, &LegendTableView::noteOther);
    connect(model, &QAbstractItemModel::headerDataChanged, this, &LegendTableView::noteOther);
}

bool LegendTableView::belowViewport(const QModelIndex& parent, int start) const
{
    if (parent.isValid() || parent != rootIndex())
        return false;
    const int last_visible = rowAt(viewport()->height() - 1);
    return last_visible >= 0 && start > last_visible;
}

// QAbstractItemView leaves the repaint of changed cells to a pending layout,
// and a quiet layout repaints nothing: without this, a legend whose rows come
// and go below it every second (processes starting and ending) would never
// show its new values.
void LegendTableView::dataChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight, const QList<int>& roles)
{
    QTableView::dataChanged(topLeft, bottomRight, roles);
    if (!m_rows_below || m_other || !topLeft.isValid() || topLeft.parent() != rootIndex())
        return;
    viewport()->update(visualRect(topLeft).united(visualRect(bottomRight)));
}

void LegendTableView::rowsInserted(const QModelIndex& parent, int start, int end)
{
    if (belowViewport(parent, start))
        m_rows_below = true;
    else
        noteOther();
    QTableView::rowsInserted(parent, start, end);
}

void LegendTableView::rowsAboutToBeRemoved(const QModelIndex& parent, int start, int end)
{
    if (belowViewport(parent, start))
        m_rows_below = true;
    else
        noteOther();
    QTableView::rowsAboutToBeRemoved(parent, start, end);
}

void LegendTableView::doItemsLayout()
{
    const bool quiet = m_rows_below && !m_other;
    m_rows_below = false;
    m_other = false;
    if (!quiet) {
        ++m_full_layouts;
        QTableView::doItemsLayout();
        return;
    }
    // QAbstractItemView::doItemsLayout less its viewport()->update(): the
    // scroll bars' ranges and the headers follow the new row count (a scroll
    // this causes repaints what it moves, as any scroll does).
    ++m_quiet_layouts;
    updateGeometries();
    if (!verticalHeader()->updatesEnabled())
        verticalHeader()->setUpdatesEnabled(true);
}

}  // namespace perfscope::gui
