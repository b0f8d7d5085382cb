// SPDX-License-Identifier: Apache-2.0
// The legend's table. A view over every process gains and loses rows every
// second, almost all of them below what the table shows; QTableView lays
// itself out again for each such change and repaints its whole viewport,
// every visible cell's text shaped anew. This view repaints nothing for rows
// that come or go below its last visible row (the scroll bar still follows):
// the cells it shows are the same ones at the same places. Any other change
// (a reset, sorting, columns, rows above or among the visible ones) lays out
// and repaints as QTableView does. Cells that change while such a quiet
// layout is pending are repainted by themselves.
#pragma once

#include <QTableView>

namespace perfscope::gui {

class LegendTableView : public QTableView {
    Q_OBJECT
public:
    explicit LegendTableView(QWidget* parent = nullptr);

    void setModel(QAbstractItemModel* model) override;
    void doItemsLayout() override;

    // Layouts since construction that repainted the viewport, and those that
    // left it as it was (only rows below it changed).
    int fullLayouts() const { return m_full_layouts; }
    int quietLayouts() const { return m_quiet_layouts; }

protected slots:
    void dataChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight,
                     const QList<int>& roles = QList<int>()) override;
    void rowsInserted(const QModelIndex& parent, int start, int end) override;
    void rowsAboutToBeRemoved(const QModelIndex& parent, int start, int end) override;

private:
    // Whether rows from `start` on lie below the viewport's last row, which
    // is shown (the rows fill the viewport down to its bottom).
    bool belowViewport(const QModelIndex& parent, int start) const;
    void noteOther() { m_other = true; }

    bool m_rows_below = false;  // rows came or went below the viewport since the last layout
    bool m_other = false;       // anything else that asks for a layout since then
    int m_full_layouts = 0;
    int m_quiet_layouts = 0;
};

}  // namespace perfscope::gui
