// SPDX-License-Identifier: Apache-2.0
// The counter browser follows the current view: while a recording's view is
// current it browses the recording (its objects, counters and instances at
// the end of the range the view shows), otherwise the machine. The
// recording's side is a SourceHub of its own over a ReplaySource standing on
// that time, with a cache on the recording's clock; it is opened off the GUI
// thread and replaced when the view's range moves on.
#pragma once

#include "gui/sampling/source_hub.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <memory>

namespace perfscope::gui {

class MainWindow;
class RecordingView;
class ViewPane;

class RecordingBrowse : public QObject {
    Q_OBJECT
public:
    RecordingBrowse(MainWindow& window, SourceHub& live);
    ~RecordingBrowse() override;

    // The browser's source for this view (null: the machine's).
    void follow(ViewPane* pane);
    // The time the browser stands on in the recording (ms since the epoch; 0: the machine).
    qint64 browsedTime() const { return m_at; }
    bool isOpening() const { return m_watcher != nullptr; }

signals:
    // The browser browses the recording at `time_ms` now (0: the machine again).
    void browsing(qint64 time_ms);

private:
    struct Opened;
    void open(const QString& path, qint64 time_ms);
    void onOpened();

    MainWindow& m_window;
    SourceHub& m_live;
    QPointer<ViewPane> m_pane;
    QPointer<RecordingView> m_view;
    std::shared_ptr<Opened> m_current;  // the recording's hub the browser reads
    std::unique_ptr<QFutureWatcher<std::shared_ptr<Opened>>> m_watcher;
    QTimer m_settle;  // the view's range stands still a moment before the browser follows it
    qint64 m_at = 0;
    qint64 m_wanted = 0;
    QString m_path;
};

}  // namespace perfscope::gui
