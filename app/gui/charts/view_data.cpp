// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/view_data.h"

#include <QVarLengthArray>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

namespace perfscope::gui {
namespace {

constexpr size_t kManyRows = 32;

// 24 colors, each pair at least 27 apart in CIELAB (Delta E 1976; 2.3 is
// "just noticeable"), each with a contrast of at least 2.2:1 both on white
// and on a dark gray (#232323), so every one reads in both palettes. After
// them the colors repeat and the line's pen style tells a repeated color
// apart (PlotLinesItem).
constexpr QColor kPalette[] = {
    QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c), QColor(0xd6, 0x27, 0x28),
    QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b), QColor(0xe3, 0x77, 0xc2), QColor(0x7f, 0x7f, 0x7f),
    QColor(0x17, 0xbe, 0xcf), QColor(0x66, 0x00, 0xff), QColor(0xff, 0x11, 0xee), QColor(0xbb, 0xaa, 0x00),
    QColor(0x00, 0x55, 0xee), QColor(0x55, 0x66, 0x22), QColor(0xff, 0x00, 0x77), QColor(0x77, 0xbb, 0x88),
    QColor(0xff, 0x88, 0x88), QColor(0x99, 0x55, 0x00), QColor(0xaa, 0x00, 0x99), QColor(0xcc, 0xaa, 0x66),
    QColor(0x00, 0x66, 0x55), QColor(0x00, 0x88, 0xff), QColor(0xbb, 0x66, 0xff), QColor(0xaa, 0x22, 0x44),
};
constexpr int kPaletteSize = static_cast<int>(std::size(kPalette));

}  // namespace

double ViewSeries::scaleFactor() const
{
    return std::pow(10.0, scale_exponent);
}

QString ViewSeries::displayName() const
{
    return info.instance.isEmpty() ? info.counter : QStringLiteral("%1 (%2)").arg(info.counter, info.instance);
}

ViewData::ViewData(QObject* parent) : QObject(parent)
{}

ViewData::~ViewData() = default;

QColor ViewData::paletteColor(int index)
{
    return kPalette[((index % kPaletteSize) + kPaletteSize) % kPaletteSize];
}

// The palette's next color in turn, unless a color of it is on fewer of the
// view's rows: after a session or a set gave rows their saved colors, or
// after processes ended, a new row takes a color no line has rather than
// the next in turn that a line may have already (which would draw it dashed).
QColor ViewData::nextColor()
{
    int best = m_next_color;
    int best_uses = std::numeric_limits<int>::max();
    for (int i = 0; i < kPaletteSize && best_uses > 0; ++i) {
        const int index = (m_next_color + i) % kPaletteSize;
        const int uses = m_color_uses.value(kPalette[index].rgba(), 0);
        if (uses < best_uses) {
            best = index;
            best_uses = uses;
        }
    }
    // A free color taken out of turn leaves the turn where it was.
    if (best == m_next_color)
        m_next_color = (best + 1) % kPaletteSize;
    return kPalette[best];
}

void ViewData::countColor(const QColor& color, int change)
{
    const auto it = m_color_uses.find(color.rgba());
    if (it == m_color_uses.end()) {
        if (change > 0)
            m_color_uses.insert(color.rgba(), change);
        return;
    }
    *it += change;
    if (*it <= 0)
        m_color_uses.erase(it);
}

int ViewData::rowOf(quint64 series_id) const
{
    const int slot = m_slot_of.value(series_id, -1);
    if (slot < 0)
        return -1;
    if (m_rows_stale)
        renumber();
    return m_slot_rows[static_cast<size_t>(slot)];
}

qint64 ViewData::endOf(const ViewSeries& series)
{
    if (!series.ended)
        return kLive;
    return series.history.isEmpty() ? kNoData : series.history.lastTime();
}

void ViewData::takeEnds()
{
    for (size_t row = 0; row < m_rows.size(); ++row)
        m_row_ends[row] = endOf(*m_rows[row]);
}

void ViewData::renumber() const
{
    for (size_t row = 0; row < m_row_slots.size(); ++row)
        m_slot_rows[static_cast<size_t>(m_row_slots[row])] = static_cast<int>(row);
    m_rows_stale = false;
}

int ViewData::pushRow(std::unique_ptr<ViewSeries> series, int at)
{
    int slot;
    if (m_free_slots.empty()) {
        slot = static_cast<int>(m_slot_rows.size());
        m_slot_rows.push_back(-1);
    } else {
        slot = m_free_slots.back();
        m_free_slots.pop_back();
    }
    // A second series of one id (never from a sampler) takes the id over;
    // the first keeps its slot until it goes.
    m_slot_of.insert(series->info.id, slot);
    countColor(series->color, 1);
    const int count = seriesCount();
    const int row = at < 0 || at > count ? count : at;
    const qint64 end = endOf(*series);
    m_rows.insert(m_rows.begin() + row, std::move(series));
    m_row_slots.insert(m_row_slots.begin() + row, slot);
    m_row_ends.insert(m_row_ends.begin() + row, end);
    // The last row's number is right before a renumbering too; a row put
    // before others moves them.
    m_slot_rows[static_cast<size_t>(slot)] = row;
    m_rows_stale = m_rows_stale || row < count;
    return row;
}

int ViewData::addSeries(const SeriesInfo& info, const QColor& color)
{
    return insertRow(info, color, SeriesHistory(m_capacity));
}

int ViewData::adoptSeries(SeriesWithHistory&& series)
{
    if (!series.history.isEmpty())
        m_last_time = std::max(m_last_time, series.history.lastTime());
    return insertRow(series.info, QColor(), std::move(series.history));
}

int ViewData::insertRow(const SeriesInfo& info, const QColor& color, SeriesHistory&& history)
{
    auto row = std::make_unique<ViewSeries>();
    row->info = info;
    row->color = color.isValid() ? color : nextColor();
    row->scale_exponent = info.default_scale;
    row->history = std::move(history);
    row->history.setCapacity(m_capacity);
    const int index = pushRow(std::move(row));
    emit seriesAdded(index);
    return index;
}

void ViewData::appendPoint(int row, qint64 time_ms, double value, bool valid)
{
    if (row < 0 || row >= seriesCount())
        return;
    m_rows[static_cast<size_t>(row)]->history.append(time_ms, value, valid);
    m_row_ends[static_cast<size_t>(row)] = endOf(*m_rows[static_cast<size_t>(row)]);
    m_last_time = std::max(m_last_time, time_ms);
}

void ViewData::notifyAppended()
{
    ++m_batches;
    emit appended(m_last_time);
}

void ViewData::append(const SampleBatch& batch)
{
    if (m_read_only)
        return;
    for (const SeriesInfo& info : batch.added) {
        if (rowOf(info.id) < 0)
            addSeries(info);
    }
    for (quint64 id : batch.ended) {
        const int row = rowOf(id);
        if (row >= 0 && !m_rows[static_cast<size_t>(row)]->ended) {
            m_rows[static_cast<size_t>(row)]->ended = true;
            m_row_ends[static_cast<size_t>(row)] = endOf(*m_rows[static_cast<size_t>(row)]);
            ++m_ended;
            emit seriesChanged(row);
        }
    }
    if (batch.error != m_error) {
        m_error = batch.error;
        emit errorChanged(m_error);
    }
    // A live series the batch says nothing of gets a gap, so its line breaks
    // over a failed interval instead of joining across it.
    QVarLengthArray<bool, 256> seen(seriesCount());
    std::fill(seen.begin(), seen.end(), false);
    for (const SamplePoint& point : batch.points) {
        const int row = rowOf(point.series);
        if (row < 0 || m_row_ends[static_cast<size_t>(row)] != kLive || seen[row])
            continue;
        seen[row] = true;
        m_rows[static_cast<size_t>(row)]->history.append(batch.time_ms, point.value, point.valid);
    }
    for (int row = 0; row < seriesCount(); ++row) {
        if (!seen[row] && m_row_ends[static_cast<size_t>(row)] == kLive)
            m_rows[static_cast<size_t>(row)]->history.append(batch.time_ms, 0.0, false);
    }
    m_last_time = std::max(m_last_time, batch.time_ms);
    if (m_drop_ended && m_ended > 0)
        dropEndedOutsideHistory();
    notifyAppended();
}

void ViewData::dropEndedOutsideHistory()
{
    if (m_drop_age_ms > 0) {
        const qint64 start = m_last_time - m_drop_age_ms;
        removeEndedWhere([start](qint64 end) { return end < start; });
        return;
    }
    // Where the history begins: the oldest point of a full live history (a
    // history not yet full reaches back to the start of the data).
    bool full = false;
    qint64 start = 0;
    for (size_t row = 0; row < m_rows.size(); ++row) {
        if (m_row_ends[row] != kLive)
            continue;
        const SeriesHistory& history = m_rows[row]->history;
        if (history.size() < m_capacity)
            continue;
        start = full ? std::min(start, history.firstTime()) : history.firstTime();
        full = true;
    }
    if (!full)
        return;
    removeEndedWhere([start](qint64 end) { return end < start; });
}

template <typename Drop>
int ViewData::removeEndedWhere(Drop drop)
{
    std::vector<int> rows;
    for (int row = seriesCount() - 1; row >= 0; --row) {
        const qint64 end = m_row_ends[static_cast<size_t>(row)];
        if (end != kLive && drop(end))
            rows.push_back(row);
    }
    // A few rows go one by one (a view keeps its selection and scroll
    // position); many at once let models reset once instead of moving every
    // later row once per removed one.
    const bool many = rows.size() >= kManyRows;
    if (many)
        emit manySeriesAboutToBeRemoved(true);
    for (int row : rows)
        removeSeries(row);
    if (many)
        emit manySeriesRemoved();
    return static_cast<int>(rows.size());
}

void ViewData::setDropEnded(bool on)
{
    m_drop_ended = on;
}

int ViewData::removeEnded()
{
    return removeEndedWhere([](qint64) { return true; });
}

void ViewData::removeSeries(int row)
{
    takeSeries(row);
}

std::unique_ptr<ViewSeries> ViewData::takeSeries(int row)
{
    if (row < 0 || row >= seriesCount())
        return {};
    emit seriesAboutToBeRemoved(row);
    if (m_rows[static_cast<size_t>(row)]->ended)
        --m_ended;
    std::unique_ptr<ViewSeries> taken = std::move(m_rows[static_cast<size_t>(row)]);
    m_rows.erase(m_rows.begin() + row);
    const int slot = m_row_slots[static_cast<size_t>(row)];
    m_row_slots.erase(m_row_slots.begin() + row);
    m_row_ends.erase(m_row_ends.begin() + row);
    if (const auto it = m_slot_of.find(taken->info.id); it != m_slot_of.end() && *it == slot)
        m_slot_of.erase(it);
    m_slot_rows[static_cast<size_t>(slot)] = -1;
    m_free_slots.push_back(slot);
    countColor(taken->color, -1);
    m_rows_stale = m_rows_stale || row < seriesCount();
    emit seriesRemoved(row);
    return taken;
}

std::vector<std::unique_ptr<ViewSeries>> ViewData::takeSeriesOf(const std::vector<quint64>& ids,
                                                                std::vector<int>* taken_rows)
{
    std::vector<int> rows;
    rows.reserve(ids.size());
    for (quint64 id : ids)
        if (const int row = rowOf(id); row >= 0)
            rows.push_back(row);
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    std::vector<std::unique_ptr<ViewSeries>> taken(rows.size());
    const bool many = rows.size() >= kManyRows;
    if (many)
        emit manySeriesAboutToBeRemoved(
            std::all_of(rows.begin(), rows.end(), [this](int row) { return m_rows[static_cast<size_t>(row)]->ended; }));
    // The last first: the rows before keep their numbers.
    for (size_t i = rows.size(); i-- > 0;)
        taken[i] = takeSeries(rows[i]);
    if (many)
        emit manySeriesRemoved();
    if (taken_rows)
        *taken_rows = std::move(rows);
    return taken;
}

int ViewData::restoreSeries(std::unique_ptr<ViewSeries> series, int at)
{
    if (!series || rowOf(series->info.id) >= 0)
        return -1;
    series->history.setCapacity(m_capacity);
    if (series->ended)
        ++m_ended;
    const int index = pushRow(std::move(series), at);
    m_restoring = true;
    emit seriesAdded(index);
    m_restoring = false;
    return index;
}

void ViewData::clear()
{
    for (auto& row : m_rows)
        row->history.clear();
    takeEnds();
    emit cleared();
}

ViewData::SavedHistories ViewData::clearKeeping()
{
    SavedHistories saved;
    saved.reserve(m_rows.size());
    for (auto& row : m_rows) {
        saved.emplace_back(row->info.id, std::move(row->history));
        row->history.clear();  // a new generation: nothing drawn from the old one stays
        row->history.setCapacity(m_capacity);
    }
    takeEnds();
    emit cleared();
    return saved;
}

void ViewData::restoreHistories(SavedHistories&& saved)
{
    for (auto& [id, history] : saved) {
        const int row = rowOf(id);
        if (row < 0)
            continue;  // removed since the clear
        SeriesHistory& now = m_rows[static_cast<size_t>(row)]->history;
        for (qsizetype i = 0; i < now.size(); ++i)
            history.append(now.timeAt(i), now.valueAt(i), now.validAt(i));
        history.setCapacity(m_capacity);
        std::swap(now, history);
    }
    takeEnds();
    emit cleared();
}

void ViewData::setColor(int row, const QColor& color)
{
    if (row < 0 || row >= seriesCount() || !color.isValid() || m_rows[static_cast<size_t>(row)]->color == color)
        return;
    countColor(m_rows[static_cast<size_t>(row)]->color, -1);
    countColor(color, 1);
    m_rows[static_cast<size_t>(row)]->color = color;
    emit seriesChanged(row);
}

void ViewData::setScale(int row, int exponent)
{
    exponent = std::clamp(exponent, -10, 10);
    if (row < 0 || row >= seriesCount() || m_rows[static_cast<size_t>(row)]->scale_exponent == exponent)
        return;
    m_rows[static_cast<size_t>(row)]->scale_exponent = exponent;
    emit seriesChanged(row);
}

void ViewData::setVisible(int row, bool visible)
{
    if (row < 0 || row >= seriesCount() || m_rows[static_cast<size_t>(row)]->visible == visible)
        return;
    m_rows[static_cast<size_t>(row)]->visible = visible;
    emit seriesChanged(row);
}

void ViewData::setHistoryCapacity(qsizetype capacity)
{
    m_capacity = std::max<qsizetype>(capacity, 1);
    for (auto& row : m_rows)
        row->history.setCapacity(m_capacity);
    takeEnds();
}

qint64 ViewData::firstTime() const
{
    qint64 first = 0;
    bool any = false;
    for (const auto& row : m_rows) {
        if (row->history.isEmpty())
            continue;
        first = any ? std::min(first, row->history.firstTime()) : row->history.firstTime();
        any = true;
    }
    return first;
}

qsizetype ViewData::historyBytes() const
{
    qsizetype bytes = 0;
    for (const auto& row : m_rows)
        bytes += row->history.memoryBytes();
    return bytes;
}

qsizetype ViewData::storedValues() const
{
    qsizetype values = 0;
    for (const auto& row : m_rows)
        values += row->history.size();
    return values;
}

}  // namespace perfscope::gui
