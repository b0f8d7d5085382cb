// SPDX-License-Identifier: Apache-2.0
// The report, as PerfMon's report view: a table of last values with a
// heading row per object that names its instances, a row per counter below
// (see ReportModel, which keeps it up to date change by change). A click on
// a cell (or moving to it with the keys) selects its series in the view.
#pragma once

#include "gui/charts/graph.h"

#include <QFontMetrics>
#include <QMetaObject>
#include <QPointer>

#include <QModelIndex>

#include <functional>

class QTableView;

namespace perfscope::gui {

class ReportModel;

class ReportGraph : public Graph {
public:
    ReportGraph(const ViewData* data, QWidget* parent);
    ~ReportGraph() override;

    QWidget* widget() const override;
    void insertRow(int row) override;
    void removeRow(int row) override;
    void changeRow(int row) override;
    void refresh(const GraphFrame& frame) override;
    void applyPalette(const QPalette&) override {}

    void setShowEnded(bool show);
    void setShowMachine(bool show);
    // Called with the ViewData row of the cell the user makes current.
    void onCurrentSeries(std::function<void(int row)> handler) { m_on_current = std::move(handler); }
    // Marks the cell of a ViewData row as the current one (none for -1 or a
    // series without a cell).
    void setSelectedRow(int row);
    // The ViewData row of a cell, -1 for none.
    int seriesRowAt(const QModelIndex& index) const;

    QTableView* view() const { return m_view; }
    ReportModel* model() const { return m_model; }

private:
    // Shown: the model (reloaded if rows changed meanwhile) in the table;
    // hidden: nothing, and row changes only mark the model stale.
    void attach(bool shown);
    void fitColumns();
    void fitColumn(const QString& name);
    QFontMetrics headingMetrics() const;
    int maxColumnWidth() const;
    int widthFor(const QFontMetrics& bold, const QString& name) const;
    // Makes the selected series' cell current, scrolled into view unless it
    // only moved.
    void showSelected(bool scroll = true);

    const ViewData* m_data;
    ReportModel* m_model = nullptr;
    QTableView* m_view = nullptr;
    int m_value_width = 0;                       // the narrowest column: a table value with its unit
    int m_column_width = 0;                      // every column's: the longest instance name, within limits
    QPointer<QObject> m_watcher;                 // calls attach() on the table's show and hide
    QMetaObject::Connection m_reset_connection;  // the model's reset, while it is in the table
    bool m_stale = true;                         // rows changed while the table was hidden (or never shown)
    std::function<void(int)> m_on_current;
    bool m_showing = false;     // the current cell set for the selected series, not by the user
    quint64 m_selected_id = 0;  // the selected series, whose cell a reset makes current again
};

}  // namespace perfscope::gui
