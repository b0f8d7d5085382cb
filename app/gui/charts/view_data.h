// SPDX-License-Identifier: Apache-2.0
// The data of one view, on the GUI thread: one row per plotted series with its
// presentation (color, scale, shown) and its history. Samplers fill it through
// append(SampleBatch); widgets and models only read it and listen to its
// signals. A log opened from a file is a read-only ViewData: batches are
// ignored, presentation stays editable.
#pragma once

#include "gui/data/sample_batch.h"
#include "gui/data/series_info.h"
#include "gui/charts/series_history.h"
#include "gui/charts/series_with_history.h"

#include <QColor>
#include <QHash>
#include <QObject>
#include <QString>

#include <algorithm>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

namespace perfscope::gui {

struct ViewSeries {
    SeriesInfo info;
    QColor color;
    int scale_exponent = 0;  // plotted value = value × 10^scale_exponent
    bool visible = true;
    bool ended = false;  // its instance exited: no more values
    SeriesHistory history;

    double scaleFactor() const;
    QString displayName() const;  // "Counter (instance)" or "Counter"
};

class ViewData : public QObject {
    Q_OBJECT
public:
    explicit ViewData(QObject* parent = nullptr);
    ~ViewData() override;

    int seriesCount() const { return static_cast<int>(m_rows.size()); }
    const ViewSeries& series(int row) const { return *m_rows[static_cast<size_t>(row)]; }
    int rowOf(quint64 series_id) const;  // -1 when unknown
    int endedCount() const { return m_ended; }

    // Adds the batch's new series, marks ended ones, appends one point per live
    // series (a gap for a live series the batch has no valid point for), and
    // takes the batch's error as the view's current error. Ignored when read-only.
    void append(const SampleBatch& batch);

    // For logs and tests: add a series and points directly (also when read-only).
    int addSeries(const SeriesInfo& info, const QColor& color = QColor());
    void appendPoint(int row, qint64 time_ms, double value, bool valid);
    // A series whose points were read elsewhere (off the GUI thread), taken
    // over without a copy when they fit the view's history capacity.
    int adoptSeries(SeriesWithHistory&& series);
    // After appendPoint calls: tell listeners once.
    void notifyAppended();

    void removeSeries(int row);
    // Undo's half of a removal: the series as it was (looks, history, ended),
    // and the way back in, at row `at` (the row it had; the last row when `at`
    // is -1 or past the end). seriesAdded() tells of a restored series as of
    // a new one; isRestoring() tells them apart while it runs.
    std::unique_ptr<ViewSeries> takeSeries(int row);
    int restoreSeries(std::unique_ptr<ViewSeries> series, int at = -1);
    bool isRestoring() const { return m_restoring; }
    // Many at once (Remove ended as the user does it): the series of these
    // ids, in row order; unknown ids are skipped. `rows` (when given) gets
    // the row each had. restoreSeries() of each, in that order at those rows,
    // brings the rows back as they were.
    std::vector<std::unique_ptr<ViewSeries>> takeSeriesOf(const std::vector<quint64>& ids,
                                                          std::vector<int>* rows = nullptr);
    // Removes every ended series; returns how many.
    int removeEnded();
    // Ended series go by themselves once their last point is older than
    // `age` ms before the newest data (the view's time window: they have left
    // the graph), or, with age 0, once the history of the live series no
    // longer reaches back to them (a full history's oldest point). On by
    // default, with age 0 until a view sets its window.
    void setDropEnded(bool on);
    bool dropsEnded() const { return m_drop_ended; }
    void setEndedDropAge(qint64 age_ms) { m_drop_age_ms = std::max<qint64>(0, age_ms); }
    qint64 endedDropAge() const { return m_drop_age_ms; }
    // Empties every history, keeps the series.
    void clear();
    // A clear that can be undone: the histories it emptied, by series id, and
    // the way back (points that came since follow the old ones). Both tell
    // listeners through cleared(): the histories were replaced.
    using SavedHistories = std::vector<std::pair<quint64, SeriesHistory>>;
    SavedHistories clearKeeping();
    void restoreHistories(SavedHistories&& saved);

    void setColor(int row, const QColor& color);
    void setScale(int row, int exponent);
    void setVisible(int row, bool visible);

    void setReadOnly(bool read_only) { m_read_only = read_only; }
    bool isReadOnly() const { return m_read_only; }

    // Capacity of each series' history (values kept per series).
    void setHistoryCapacity(qsizetype capacity);
    qsizetype historyCapacity() const { return m_capacity; }

    QString error() const { return m_error; }
    // Over every series; 0 when there is no data.
    qint64 firstTime() const;
    qint64 lastTime() const { return m_last_time; }
    qint64 appendedBatches() const { return m_batches; }

    // The palette new series take their colors from: distinct hues of
    // medium lightness, readable on light and dark backgrounds. In turn,
    // unless a color is on fewer of the view's rows than the next one.
    static QColor paletteColor(int index);
    // Heap bytes of all histories and values stored (for bytes per value).
    qsizetype historyBytes() const;
    qsizetype storedValues() const;

signals:
    void seriesAdded(int row);
    void seriesAboutToBeRemoved(int row);  // the row is still there (models call beginRemoveRows)
    void seriesRemoved(int row);
    // Around many removals at once (Remove ended, a large drop): the rows still
    // go one by one in between, and a model may reset once instead.
    // `ended_only`: every row that goes has ended.
    void manySeriesAboutToBeRemoved(bool ended_only);
    void manySeriesRemoved();
    void seriesChanged(int row);
    void appended(qint64 time_ms);
    void cleared();
    void errorChanged(const QString& error);

private:
    int insertRow(const SeriesInfo& info, const QColor& color, SeriesHistory&& history);
    QColor nextColor();
    void countColor(const QColor& color, int change);  // m_color_uses
    void renumber() const;
    // Puts a series into m_rows at `at` (the end when -1 or past it), indexed.
    int pushRow(std::unique_ptr<ViewSeries> series, int at = -1);
    void dropEndedOutsideHistory();
    // Removes the ended rows whose end (m_row_ends) `drop` says to, the last
    // first; returns how many.
    template <typename Drop>
    int removeEndedWhere(Drop drop);
    static qint64 endOf(const ViewSeries& series);
    // m_row_ends again, after histories changed under ended rows.
    void takeEnds();

    std::vector<std::unique_ptr<ViewSeries>> m_rows;
    // rowOf's index: each series' id names a slot that keeps its number
    // while it stays; the slot's row is renumbered when next asked after
    // rows left before it. Removing many rows one after another costs one
    // pass over two arrays of ints, not a hash rebuilt (a view over every
    // process loses about 20 of its 5,000 rows every second; the rebuild was
    // a twentieth of the GUI thread's work, most of it cache misses).
    QHash<quint64, int> m_slot_of;
    std::vector<int> m_row_slots;  // each row's slot, beside m_rows
    // Each row's end, beside m_rows: kLive while live, else the time of its
    // last point (kNoData without one). Each second a view over every
    // process appends to its 1,000 live rows and drops ended rows whose data
    // left the window, out of 5,000; asking every row's ViewSeries whether it
    // ended was a cache miss per row, most of the time of both.
    static constexpr qint64 kLive = std::numeric_limits<qint64>::max();
    static constexpr qint64 kNoData = std::numeric_limits<qint64>::min();
    std::vector<qint64> m_row_ends;
    mutable std::vector<int> m_slot_rows;  // each slot's row (-1: free)
    std::vector<int> m_free_slots;
    mutable bool m_rows_stale = false;
    int m_ended = 0;
    bool m_drop_ended = true;
    qint64 m_drop_age_ms = 0;
    qsizetype m_capacity = SeriesHistory::kDefaultCapacity;
    int m_next_color = 0;           // the palette's next color in turn
    QHash<QRgb, int> m_color_uses;  // rows per color
    bool m_read_only = false;
    bool m_restoring = false;
    QString m_error;
    qint64 m_last_time = 0;
    qint64 m_batches = 0;
};

}  // namespace perfscope::gui
