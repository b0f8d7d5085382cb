// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/series_history.h"

#include <algorithm>
#include <cmath>

namespace perfscope::gui {

SeriesHistory::SeriesHistory(qsizetype capacity) : m_capacity(std::max<qsizetype>(capacity, 1))
{}

void SeriesHistory::clear()
{
    m_values = {};
    m_offsets = {};
    m_head = 0;
    m_size = 0;
    m_base_ms = 0;
    m_appended = 0;
    ++m_generation;
}

void SeriesHistory::setCapacity(qsizetype capacity)
{
    capacity = std::max<qsizetype>(capacity, 1);
    if (capacity == m_capacity)
        return;
    if (m_head == 0 && m_size <= capacity) {
        // Not wrapped and every point fits: the storage stays as it is (a
        // history read off the GUI thread is handed over without a copy).
        m_capacity = capacity;
        if (static_cast<qsizetype>(m_values.capacity()) > capacity) {
            m_values.shrink_to_fit();
            m_offsets.shrink_to_fit();
        }
        ++m_generation;
        return;
    }
    const qsizetype keep = std::min(m_size, capacity);
    std::vector<double> values;
    std::vector<qint32> offsets;
    values.reserve(keep);
    offsets.reserve(keep);
    for (qsizetype i = m_size - keep; i < m_size; ++i) {
        values.push_back(m_values[slot(i)]);
        offsets.push_back(m_offsets[slot(i)]);
    }
    m_values = std::move(values);
    m_offsets = std::move(offsets);
    m_capacity = capacity;
    m_head = 0;
    m_size = keep;
    ++m_generation;
}

// Vectors grow by doubling but never past the capacity, so a full history
// holds exactly capacity × 12 bytes.
void SeriesHistory::reserveFor(qsizetype count)
{
    if (static_cast<qsizetype>(m_values.capacity()) >= count)
        return;
    const qsizetype grown =
        std::min(m_capacity, std::max<qsizetype>(count, 2 * static_cast<qsizetype>(m_values.size())));
    m_values.reserve(grown);
    m_offsets.reserve(grown);
}

// Moves the base to the oldest point kept, so offsets stay small; points too
// old to sit beside time_ms (more than kMaxSpanMs before it) are dropped. The
// storage is laid out again from slot 0 (rare: at most once per 24.8 days).
void SeriesHistory::rebase(qint64 time_ms)
{
    qsizetype first = 0;
    while (first < m_size && time_ms - timeAt(first) > kMaxSpanMs)
        ++first;
    const qint64 new_base = first < m_size ? timeAt(first) : time_ms;
    std::vector<double> values;
    std::vector<qint32> offsets;
    values.reserve(m_values.capacity());
    offsets.reserve(m_offsets.capacity());
    for (qsizetype i = first; i < m_size; ++i) {
        values.push_back(m_values[slot(i)]);
        offsets.push_back(static_cast<qint32>(timeAt(i) - new_base));
    }
    m_values = std::move(values);
    m_offsets = std::move(offsets);
    m_head = 0;
    m_size -= first;
    m_base_ms = new_base;
}

// Storage is either growing (head 0, one vector element per point) or a full
// ring (capacity elements, head the oldest).
void SeriesHistory::append(qint64 time_ms, double value, bool valid)
{
    if (m_size > 0)
        time_ms = std::max(time_ms, lastTime());
    if (m_size == 0) {
        m_values.clear();
        m_offsets.clear();
        m_head = 0;
        m_base_ms = time_ms;
    } else if (time_ms - m_base_ms > kMaxSpanMs) {
        rebase(time_ms);
    }
    const double stored = valid && !std::isnan(value) ? value : std::numeric_limits<double>::quiet_NaN();
    const auto offset = static_cast<qint32>(time_ms - m_base_ms);
    if (m_size < m_capacity) {
        reserveFor(m_size + 1);
        m_values.push_back(stored);
        m_offsets.push_back(offset);
        ++m_size;
    } else {
        m_values[m_head] = stored;
        m_offsets[m_head] = offset;
        m_head = slot(1);
    }
    ++m_appended;
}

qsizetype SeriesHistory::lowerBound(qint64 time_ms) const
{
    qsizetype lo = 0;
    qsizetype hi = m_size;
    while (lo < hi) {
        const qsizetype mid = lo + (hi - lo) / 2;
        if (timeAt(mid) < time_ms)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

qsizetype SeriesHistory::upperBound(qint64 time_ms) const
{
    qsizetype lo = 0;
    qsizetype hi = m_size;
    while (lo < hi) {
        const qsizetype mid = lo + (hi - lo) / 2;
        if (timeAt(mid) <= time_ms)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

qsizetype SeriesHistory::memoryBytes() const
{
    return static_cast<qsizetype>(m_values.capacity()) * qsizetype(sizeof(double)) +
           static_cast<qsizetype>(m_offsets.capacity()) * qsizetype(sizeof(qint32));
}

}  // namespace perfscope::gui
