// SPDX-License-Identifier: Apache-2.0
// The report as PerfMon shows it: a compact table with a heading row per
// object that names the object's instances in its cells, under it a row per
// counter with the values below their instance's name. Each object has its
// own instances: column 3 is "_Total" under Processor and "bash" under
// Process, so a view over every process keeps Processor's _Total in its
// first columns. The table is as wide as the object with the most instances.
// An object's counters without instances take its first column (their
// heading cell is empty). Instances follow in natural order ("yes", "yes#1",
// "yes#2", … "yes#10"), _Total last. Cells hold the last value of the window
// in the counter's unit.
//
// Incremental over its ViewData: a series shown takes its cell (a new object
// or counter inserts its rows; a new instance moves the object's later cells
// one column right, a dataChanged over that rectangle), one that goes gives
// it back (an object, counter or instance left empty is removed), and the
// table gains or loses columns only at its right edge. setValues emits one
// dataChanged over the rectangle of the values that changed. Only steps that
// change most of the table at once (showing or hiding many ended instances,
// a large removal) reset the model, once. Hidden series and, unless shown,
// ended instances have no cell.
#pragma once

#include "gui/charts/row_plots.h"
#include "gui/data/value_unit.h"

#include <QAbstractTableModel>
#include <QCollator>
#include <QHash>
#include <QString>

#include <memory>
#include <vector>

namespace perfscope::gui {

class ViewData;

class ReportModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int SeriesIdRole = Qt::UserRole + 1;       // the cell's series id (quint64)
    static constexpr int InstanceEndedRole = Qt::UserRole + 2;  // a heading cell's: every cell of it ended (bool)
    // Showing or hiding more ended instances than this at once resets the
    // model instead of inserting their columns one by one.
    static constexpr int kResetThreshold = 64;

    explicit ReportModel(const ViewData* data, QObject* parent = nullptr);
    ~ReportModel() override;

    // The ViewData's rows as they change (what a Graph is told).
    void seriesInserted(int row);
    void seriesRemoved(int row);  // before the ViewData removes it
    void seriesChanged(int row);

    // Rebuilds every cell from the ViewData in one reset: for a graph that let
    // row changes pass while it was hidden.
    void reload();
    void setShowEnded(bool show);
    bool showsEnded() const { return m_show_ended; }
    // Headings name their machine ("\\HOST\Processor"): for a view over
    // more than one.
    void setShowMachine(bool show);
    // The last values, one per ViewData row (the refresh's frame).
    void setValues(const RowPlots& plots);

    // The cell of a ViewData row (invalid when the series has none).
    QModelIndex indexOfSeries(int row) const;
    // The ViewData row of a cell, -1 for a heading or an empty cell.
    int seriesRowAt(const QModelIndex& index) const;
    bool isObjectRow(int row) const;

signals:
    // An object's cells moved sideways (an instance came or went before
    // them): a cell made current for its series must be made current again.
    void cellsMoved();
    // A column now names this instance (the graph sizes its columns by the
    // longest name). Not sent for the columns a reset brings.
    void instanceNamed(const QString& name);

public:
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

private:
    struct Column;
    struct Line;
    struct Entry;

    void readSeries(Entry& e, int row) const;
    const Column* columnAt(const Line& line, int column) const;
    const Entry* entryAt(const QModelIndex& index) const;
    QVariant headingData(const Line& heading, int column, int role) const;
    bool wantsCell(const Entry& e) const;
    void apply(Entry& e);
    void place(Entry& e);
    void release(Entry& e);
    void placeWaitingFor(const QString& line_key, const QString& column_name);
    Line* lineFor(const Entry& e);
    Column* columnFor(Line* heading, const QString& name);
    void removeLine(Line* line);
    void removeColumn(Line* heading, Column* column);
    void blockCellsMoved(const Line* heading, int from, int to);
    void fitColumnCount();
    int widestObject() const;
    void columnEndedChanged(const Line* heading, const Column* column, bool was_all_ended);
    void cellChanged(const Line* line, const Column* column);
    bool columnBefore(const QString& a, const QString& b) const;
    void renumberLines(size_t from);
    void beginBulk();
    void endBulk();

    const ViewData* m_data;
    bool m_show_ended = false;
    bool m_show_machine = false;
    bool m_bulk = false;       // inside a reset: no per-change signals
    bool m_many_bulk = false;  // the reset is a large removal's
    int m_waiting = 0;         // entries whose cell another series holds
    int m_column_count = 0;    // the most columns of an object
    QCollator m_collator;
    std::vector<std::unique_ptr<Entry>> m_entries;  // per ViewData row
    std::vector<std::unique_ptr<Line>> m_lines;     // the table's rows
    QHash<QString, Line*> m_line_of;                // machine \n object [\n counter]
};

}  // namespace perfscope::gui
