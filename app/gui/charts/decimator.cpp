// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/decimator.h"

#include <algorithm>
#include <cmath>

namespace perfscope::gui {
namespace {

qint64 floor_div(qint64 a, qint64 b)
{
    const qint64 q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

void merge_into(DecimatedColumn& c, qint64 t, double v)
{
    if (std::isnan(v)) {
        ++c.invalid;
        return;
    }
    if (c.valid == 0) {
        c.min = c.max = v;
        c.min_ms = c.max_ms = c.first_ms = t;
    } else {
        if (v < c.min) {
            c.min = v;
            c.min_ms = t;
        }
        if (v > c.max) {
            c.max = v;
            c.max_ms = t;
        }
    }
    c.last = v;
    c.last_ms = t;
    c.sum += v;
    ++c.valid;
}

}  // namespace

void Decimator::reset()
{
    ++m_version;
    m_columns.clear();
    m_history = nullptr;
    m_valid = false;
}

void Decimator::merge(qint64 time_ms, double value)
{
    const qint64 index = floor_div(time_ms, m_column_ms);
    if (m_columns.empty() || m_columns.back().index != index) {
        DecimatedColumn c;
        c.index = index;
        m_columns.push_back(c);
    }
    merge_into(m_columns.back(), time_ms, value);
}

void Decimator::fullPass(const SeriesHistory& history)
{
    m_full = true;
    ++m_version;
    m_columns.clear();
    const qsizetype begin = history.lowerBound(m_from);
    const qsizetype end = history.upperBound(m_to);
    for (qsizetype i = begin; i < end; ++i)
        merge(history.timeAt(i), history.valueAt(i));
    m_scanned += end - begin;
    m_consumed = history.appendedCount() - static_cast<quint64>(history.size() - end);
}

void Decimator::rebuildFirstColumn(const SeriesHistory& history)
{
    if (history.isEmpty()) {
        if (!m_columns.empty())
            ++m_version;
        m_columns.clear();
        return;
    }
    const qint64 start = std::max(m_from, history.firstTime());
    const qint64 index = floor_div(start, m_column_ms);
    // The front as it was: when the rebuilt column equals it and it was the
    // only one replaced, nothing changed.
    const DecimatedColumn old_front = m_columns.empty() ? DecimatedColumn{} : m_columns.front();
    size_t popped = 0;
    while (!m_columns.empty() && m_columns.front().index <= index) {
        m_columns.pop_front();
        ++popped;
    }
    DecimatedColumn c;
    c.index = index;
    const qint64 column_end = (index + 1) * m_column_ms;  // exclusive
    for (qsizetype i = history.lowerBound(start); i < history.size(); ++i) {
        const qint64 t = history.timeAt(i);
        if (t >= column_end || t > m_to)
            break;
        merge_into(c, t, history.valueAt(i));
        ++m_scanned;
    }
    const bool kept = c.valid + c.invalid > 0;
    if (kept)
        m_columns.push_front(c);
    if (popped > 1 || (popped == 1) != kept || (kept && popped == 1 && !(old_front == c)))
        ++m_version;
}

void Decimator::update(const SeriesHistory& history, qint64 from_ms, qint64 to_ms, qint64 column_ms)
{
    column_ms = std::max<qint64>(column_ms, 1);
    m_scanned = 0;
    m_full = false;
    const quint64 appended = history.appendedCount();
    const quint64 unseen = appended - m_consumed;
    const bool incremental = m_valid && m_history == &history && m_generation == history.generation() &&
                             m_column_ms == column_ms && from_ms >= m_from && to_ms >= m_to && appended >= m_consumed &&
                             unseen <= static_cast<quint64>(history.size());
    m_history = &history;
    m_generation = history.generation();
    m_column_ms = column_ms;
    m_from = from_ms;
    m_to = to_ms;
    m_valid = true;
    if (!incremental) {
        fullPass(history);
        return;
    }
    // Points appended since the last update, oldest first.
    qsizetype i = history.size() - static_cast<qsizetype>(unseen);
    for (; i < history.size(); ++i) {
        const qint64 t = history.timeAt(i);
        if (t > m_to)
            break;
        if (t >= m_from) {
            merge(t, history.valueAt(i));
            ++m_version;
        }
        ++m_scanned;
    }
    m_consumed = appended - static_cast<quint64>(history.size() - i);
    // Nothing new and the whole history inside the window (an ended series
    // the window has not reached yet): the first column starts at the first
    // point as before and holds the same points, so it stays.
    if (unseen == 0 && !history.isEmpty() && history.firstTime() >= m_from)
        return;
    rebuildFirstColumn(history);
}

namespace {

// Emits one column's points: min and max in time order (one point when they coincide).
template <class Out>
void emit_column(const DecimatedColumn& c, double factor, Out& out)
{
    if (c.min_ms == c.max_ms) {
        out.append(QPointF(static_cast<double>(c.min_ms), c.min * factor));
    } else if (c.min_ms < c.max_ms) {
        out.append(QPointF(static_cast<double>(c.min_ms), c.min * factor));
        out.append(QPointF(static_cast<double>(c.max_ms), c.max * factor));
    } else {
        out.append(QPointF(static_cast<double>(c.max_ms), c.max * factor));
        out.append(QPointF(static_cast<double>(c.min_ms), c.min * factor));
    }
}

}  // namespace

void Decimator::points(double factor, QList<QPointF>& out) const
{
    out.clear();
    out.reserve(2 * static_cast<qsizetype>(m_columns.size()) + 8);
    bool pending_break = false;
    for (const DecimatedColumn& c : m_columns) {
        if (c.valid == 0) {
            pending_break = pending_break || c.invalid > 0;
            continue;
        }
        if (pending_break && !out.isEmpty())
            out.append(QPointF(std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()));
        pending_break = false;
        emit_column(c, factor, out);
    }
}

void Decimator::segments(double factor, QList<QList<QPointF>>& out) const
{
    out.clear();
    QList<QPointF> current;
    current.reserve(2 * static_cast<qsizetype>(m_columns.size()) + 8);
    bool pending_break = false;
    for (const DecimatedColumn& c : m_columns) {
        if (c.valid == 0) {
            pending_break = pending_break || c.invalid > 0;
            continue;
        }
        if (pending_break && !current.isEmpty()) {
            out.append(std::move(current));
            current = QList<QPointF>();
        }
        pending_break = false;
        emit_column(c, factor, current);
    }
    if (!current.isEmpty())
        out.append(std::move(current));
}

WindowStats Decimator::stats() const
{
    WindowStats s;
    double sum = 0.0;
    for (const DecimatedColumn& c : m_columns) {
        if (c.valid == 0)
            continue;
        if (s.count == 0) {
            s.minimum = c.min;
            s.maximum = c.max;
            s.first_ms = c.first_ms;
        } else {
            s.minimum = std::min(s.minimum, c.min);
            s.maximum = std::max(s.maximum, c.max);
        }
        s.count += c.valid;
        sum += c.sum;
        s.last = c.last;
        s.last_ms = c.last_ms;
    }
    if (s.count > 0)
        s.average = sum / static_cast<double>(s.count);
    return s;
}

}  // namespace perfscope::gui
