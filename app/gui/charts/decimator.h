// SPDX-License-Identifier: Apache-2.0
// Reduces one series' history over a time window to at most two points per
// pixel column (its minimum and maximum, in time order), so what reaches the
// chart is ≈ 2 × plot width points whatever the history and the interval.
//
// Columns are fixed in absolute time (column k covers [k·w, (k+1)·w) ms), so
// while the window slides forward only the columns that received new points
// are touched: an update costs the new points plus one rebuilt edge column,
// not the window's points. The first column is rebuilt from the raw points on
// each update so that the statistics cover exactly [from, to].
#pragma once

#include "gui/charts/series_history.h"

#include <QList>
#include <QPointF>
#include <QtGlobal>

#include <deque>
#include <limits>

namespace perfscope::gui {

struct DecimatedColumn {
    qint64 index = 0;  // floor(time / column_ms)
    qint64 first_ms = 0;
    qint64 last_ms = 0;
    qint64 min_ms = 0;  // time of the first minimum
    qint64 max_ms = 0;  // time of the first maximum
    double min = 0.0;
    double max = 0.0;
    double last = 0.0;
    double sum = 0.0;
    qint32 valid = 0;    // points with a value
    qint32 invalid = 0;  // gaps

    bool operator==(const DecimatedColumn&) const = default;
};

// Statistics of the valid points in a window (unscaled values).
struct WindowStats {
    qsizetype count = 0;
    double last = std::numeric_limits<double>::quiet_NaN();
    double average = std::numeric_limits<double>::quiet_NaN();
    double minimum = std::numeric_limits<double>::quiet_NaN();
    double maximum = std::numeric_limits<double>::quiet_NaN();
    qint64 first_ms = 0;  // time of the first and the last valid point
    qint64 last_ms = 0;
};

class Decimator {
public:
    // Brings the columns to the window [from_ms, to_ms] of `history` with
    // columns column_ms wide (>= 1). Incremental when the window only moved
    // forward over the same history; otherwise a full pass over the window.
    void update(const SeriesHistory& history, qint64 from_ms, qint64 to_ms, qint64 column_ms);
    void reset();

    const std::deque<DecimatedColumn>& columns() const { return m_columns; }
    // Chart points (x = time in ms, y = value × factor) with a NaN point where
    // a run of columns held only gaps: the line must break there.
    void points(double factor, QList<QPointF>& out) const;
    // The same split at the breaks: one list per unbroken stretch.
    void segments(double factor, QList<QList<QPointF>>& out) const;
    WindowStats stats() const;

    // Changes whenever update() changed a column (new points, the window's
    // edge moved into the data, a full pass): a reader that saw this
    // version has nothing new to read. An ended series lying inside the
    // window keeps its version while the window slides.
    quint64 version() const { return m_version; }

    // Raw history points read by the last update() (for tests and benchmarks).
    qsizetype lastScanned() const { return m_scanned; }
    bool lastWasFull() const { return m_full; }

private:
    void fullPass(const SeriesHistory& history);
    void rebuildFirstColumn(const SeriesHistory& history);
    void merge(qint64 time_ms, double value);

    std::deque<DecimatedColumn> m_columns;
    const SeriesHistory* m_history = nullptr;
    quint64 m_generation = 0;
    quint64 m_consumed = 0;  // history.appendedCount() up to which points were merged or passed
    qint64 m_from = 0;
    qint64 m_to = 0;
    qint64 m_column_ms = 0;
    bool m_valid = false;
    qsizetype m_scanned = 0;
    bool m_full = false;
    quint64 m_version = 0;
};

}  // namespace perfscope::gui
