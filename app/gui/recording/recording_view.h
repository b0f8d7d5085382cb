// SPDX-License-Identifier: Apache-2.0
// A view over a recording: the pane's ViewData filled from the whole file,
// read off the GUI thread (read_recorded_series through QtConcurrent), and
// counters added later read from the same file. The pane
// never samples the machine; what Add, a drop or the command line give it
// goes to addCounters(). Each read replays the file for the new counters only
// and lands on the GUI thread in one go.
#pragma once

#include "gui/recording/recorded_series.h"
#include "gui/sampling/view_counter.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QString>

#include <atomic>
#include <memory>
#include <vector>

namespace perfscope::gui {

class ViewData;
class ViewPane;

class RecordingView : public QObject {
    Q_OBJECT
public:
    // Makes `pane` (new, empty) a view of the recording at `path`; the pane owns this.
    RecordingView(const QString& path, ViewPane* pane);
    ~RecordingView() override;

    QString path() const { return m_path; }
    // Reads the file's outline and the default counters' series
    // (default_recording_counters); opened() or failed() follows.
    void open();
    // The recorded objects and counters (after opened()).
    const RecordingOutline& outline() const { return m_outline; }
    // Reads these counters' series from the file; loaded() or failed() follows.
    void addCounters(const QVector<ViewCounter>& counters);
    // Every counter asked for so far.
    const QVector<ViewCounter>& counters() const { return m_counters; }
    bool isLoading() const { return m_running > 0; }
    // The file's time range (known after the first read).
    qint64 firstTime() const { return m_first_ms; }
    qint64 lastTime() const { return m_last_ms; }

signals:
    void opened();
    void loaded(int series, int samples);
    void failed(const QString& message);

private:
    // The GUI-thread half: the set's series into `target`, their histories
    // moved out of `set` (read-only, ended instances kept: in a recording
    // they are history, not gone).
    static void fill(RecordedSeriesSet& set, ViewData* target);
    struct Read {
        bool opening = false;
        RecordingOutline outline;
        QVector<ViewCounter> counters;
        RecordedSeriesSet set;
    };
    using Watcher = QFutureWatcher<std::shared_ptr<Read>>;
    void start(bool opening, const QVector<ViewCounter>& counters);
    void onFinished(Watcher* watcher);

    QString m_path;
    QPointer<ViewPane> m_pane;
    QVector<ViewCounter> m_counters;
    RecordingOutline m_outline;
    std::shared_ptr<std::atomic<bool>> m_cancel = std::make_shared<std::atomic<bool>>(false);
    int m_running = 0;
    qint64 m_first_ms = 0;
    qint64 m_last_ms = 0;
};

}  // namespace perfscope::gui
