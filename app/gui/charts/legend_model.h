// SPDX-License-Identifier: Apache-2.0
// The legend table of a view: one row per series of its ViewData, PerfMon's
// columns (show, color, scale, counter, instance, parent, object, computer) and the
// statistics of the visible window (last, average, minimum, maximum), which
// the view hands over once per refresh. Show, color and scale are editable and
// write through to the ViewData. Qt::UserRole gives the raw value to sort by.
#pragma once

#include "gui/charts/decimator.h"
#include "gui/data/value_unit.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace perfscope::gui {

class ViewData;

class LegendModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Show,
        Color,
        Scale,
        Counter,
        Instance,
        Parent,
        Object,
        Computer,
        Last,
        Average,
        Minimum,
        Maximum,
        ColumnCount
    };
    // Any column: whether the row's instance has ended (bool).
    static constexpr int EndedRole = Qt::UserRole + 1;
    // Any column: the series' id (quint64).
    static constexpr int SeriesIdRole = Qt::UserRole + 2;

    explicit LegendModel(ViewData* data, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

    // Statistics per row over the visible window (size = rowCount()).
    void setStatistics(std::vector<WindowStats> stats);
    // The statistics of the rows listed (row, statistics); the others keep theirs.
    void updateStatistics(const std::vector<std::pair<int, WindowStats>>& changed);
    const WindowStats& statistics(int row) const;

    // Whether the view shows ended rows (its proxy's "Show ended"). Hidden
    // ended rows leave one by one even many at once: a proxy drops a row it
    // hides without telling its view, where a reset lays the table out again.
    void setEndedShown(bool shown) { m_ended_shown = shown; }
    bool endedShown() const { return m_ended_shown; }

    // A statistics cell: the value in its unit with a table's precision
    // (value_format.h); "—" for none.
    static QString formatValue(double value, ValueUnit unit = ValueUnit::none);

private:
    // Shows `now` for `row`: one dataChanged per cell whose value changed.
    void showStatistics(int row, const WindowStats& now);
    void onAdded(int row);
    void onAboutToBeRemoved(int row);
    void onRemoved(int row);
    void onChanged(int row);
    void onCleared();
    void onManyAboutToBeRemoved(bool ended_only);
    void onManyRemoved();

    ViewData* m_data;
    int m_rows = 0;  // mirrors the ViewData between begin/end notifications
    // On the heap: a view over every process removes a row of thousands
    // every few hundred milliseconds, which then moves pointers, not statistics.
    std::vector<std::unique_ptr<WindowStats>> m_stats;
    bool m_resetting = false;  // many rows go at once: one reset around them
    bool m_ended_shown = true;
};

}  // namespace perfscope::gui
