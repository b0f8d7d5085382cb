// SPDX-License-Identifier: Apache-2.0
// Records in the background while the app runs: a RecorderWorker on a
// thread of its own, independent of the views (they may come and go), until
// stop(), the size cap, a write error, or the recorder's destruction (at
// quit), which closes the file cleanly with its index.
#pragma once

#include "gui/recording/recorder_worker.h"

#include <QObject>
#include <QThread>

namespace perfscope::gui {

class AppRecorder : public QObject {
    Q_OBJECT
public:
    explicit AppRecorder(SourceHub& hub, QObject* parent = nullptr);
    // Stops a recording under way and waits for its file to be closed.
    ~AppRecorder() override;

    void start(const RecordRequest& request);
    void stop();
    bool isRecording() const { return m_recording; }
    QString path() const { return m_path; }
    qint64 bytes() const { return m_bytes; }
    qint64 samples() const { return m_samples; }

signals:
    void stateChanged(bool recording);
    void progress(qint64 bytes, qint64 samples);
    // `message` empty: stopped and closed cleanly.
    void finished(const QString& path, qint64 bytes, const QString& message);

private:
    QThread m_thread;
    RecorderWorker* m_worker = nullptr;
    bool m_recording = false;
    QString m_path;
    qint64 m_bytes = 0;
    qint64 m_samples = 0;
};

}  // namespace perfscope::gui
