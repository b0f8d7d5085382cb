// SPDX-License-Identifier: Apache-2.0
#include "gui/recording/recording_view.h"

#include "gui/charts/view_data.h"
#include "gui/window/view_pane.h"

#include <QFile>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace perfscope::gui {

RecordingView::RecordingView(const QString& path, ViewPane* pane) : QObject(pane), m_path(path), m_pane(pane)
{
    pane->beginLog();  // never samples the machine, never saved as counters
    pane->data().setDropEnded(false);
    pane->setCounterSink([this](const QVector<ViewCounter>& counters) { addCounters(counters); });
}

RecordingView::~RecordingView()
{
    // Reads under way stop at their next sample; their results find no watcher.
    m_cancel->store(true, std::memory_order_relaxed);
}

void RecordingView::open()
{
    start(true, {});
}

void RecordingView::addCounters(const QVector<ViewCounter>& counters)
{
    if (!counters.isEmpty())
        start(false, counters);
}

void RecordingView::start(bool opening, const QVector<ViewCounter>& counters)
{
    ++m_running;
    auto* watcher = new Watcher(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] { onFinished(watcher); });
    const std::string file = QFile::encodeName(m_path).toStdString();
    watcher->setFuture(QtConcurrent::run([file, opening, counters, cancel = m_cancel] {
        auto read = std::make_shared<Read>();
        read->opening = opening;
        read->counters = counters;
        if (opening) {
            read->outline = read_recording_outline(file);
            if (!read->outline.error.isEmpty()) {
                read->set.error = read->outline.error;
                return read;
            }
            read->counters = default_recording_counters(read->outline);
        }
        read->set = read_recorded_series(file, read->counters, cancel.get());
        return read;
    }));
}

void RecordingView::onFinished(Watcher* watcher)
{
    watcher->deleteLater();
    --m_running;
    const std::shared_ptr<Read> read = watcher->result();
    RecordedSeriesSet* set = &read->set;
    if (!m_pane)
        return;
    if (read->opening) {
        if (!read->outline.error.isEmpty()) {
            emit failed(tr("%1: %2").arg(m_path, read->outline.error));
            return;
        }
        m_outline = read->outline;
    }
    m_counters += read->counters;
    if (set->samples == 0 && !(read->opening && read->counters.isEmpty())) {
        emit failed(set->error.isEmpty() ? tr("%1: the recording holds no sample").arg(m_path)
                                         : tr("%1: %2").arg(m_path, set->error));
        return;
    }
    m_first_ms = set->first_ms;
    m_last_ms = set->last_ms;
    fill(*set, &m_pane->data());
    if (read->opening)
        emit opened();
    emit loaded(static_cast<int>(set->series.size()), static_cast<int>(set->samples));
    if (!set->error.isEmpty())
        emit failed(tr("%1: read up to a damaged part: %2").arg(m_path, set->error));
}

void RecordingView::fill(RecordedSeriesSet& set, ViewData* target)
{
    target->setDropEnded(false);
    target->setHistoryCapacity(std::max<qsizetype>(target->historyCapacity(), std::max<qsizetype>(1, set.samples)));
    // The points were stored on the reading thread: a day of samples is handed
    // over here, not copied on the GUI thread.
    for (SeriesWithHistory& series : set.series)
        target->adoptSeries(std::move(series));
    target->setReadOnly(true);
    target->notifyAppended();
}

}  // namespace perfscope::gui
