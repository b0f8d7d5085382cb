// SPDX-License-Identifier: Apache-2.0
// The bounded history of one plotted series: a ring buffer of (time, value)
// pairs that keeps the newest `capacity` points. 12 bytes per stored value: the
// value as a double (NaN marks a gap: no value that interval) and the time as a
// 32-bit millisecond offset from a base that moves forward with the data, so a
// history spans at most kMaxSpanMs (24.8 days); older points are dropped first.
#pragma once

#include <QtGlobal>

#include <cstdint>
#include <limits>
#include <vector>

namespace perfscope::gui {

class SeriesHistory {
public:
    static constexpr qsizetype kDefaultCapacity = 86'400;  // 24 h at 1 s
    static constexpr qint64 kMaxSpanMs = std::numeric_limits<qint32>::max();

    explicit SeriesHistory(qsizetype capacity = kDefaultCapacity);

    // Times never go backwards: an earlier time (a wall clock set back) is
    // stored as the last time, so the history stays ordered for searching.
    void append(qint64 time_ms, double value, bool valid);
    void clear();
    // Keeps the newest points that fit; the storage stays as it is when
    // every point fits and the ring has not wrapped yet.
    void setCapacity(qsizetype capacity);

    qsizetype capacity() const { return m_capacity; }
    qsizetype size() const { return m_size; }
    bool isEmpty() const { return m_size == 0; }

    // i = 0 is the oldest stored point.
    qint64 timeAt(qsizetype i) const { return m_base_ms + m_offsets[slot(i)]; }
    double valueAt(qsizetype i) const { return m_values[slot(i)]; }
    bool validAt(qsizetype i) const { return m_values[slot(i)] == m_values[slot(i)]; }  // not NaN
    qint64 firstTime() const { return timeAt(0); }
    qint64 lastTime() const { return timeAt(m_size - 1); }

    // First index whose time is >= time_ms (size() when none).
    qsizetype lowerBound(qint64 time_ms) const;
    // First index whose time is > time_ms (size() when none).
    qsizetype upperBound(qint64 time_ms) const;

    // Points ever appended since construction or clear(): lets a decimator see
    // which points are new since it last looked.
    quint64 appendedCount() const { return m_appended; }
    // Changes on clear() and setCapacity(): whatever was derived from the
    // history must be derived again.
    quint64 generation() const { return m_generation; }

    // Heap bytes held by the stored points (what the history costs).
    qsizetype memoryBytes() const;

private:
    qsizetype slot(qsizetype i) const
    {
        const qsizetype s = m_head + i;
        return s >= m_capacity ? s - m_capacity : s;
    }
    void rebase(qint64 time_ms);
    void reserveFor(qsizetype count);

    qsizetype m_capacity;
    qsizetype m_head = 0;  // slot of the oldest point
    qsizetype m_size = 0;
    qint64 m_base_ms = 0;
    quint64 m_appended = 0;
    quint64 m_generation = 0;
    std::vector<double> m_values;   // grows up to m_capacity, then wraps
    std::vector<qint32> m_offsets;  // time - m_base_ms
};

}  // namespace perfscope::gui
