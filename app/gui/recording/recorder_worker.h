// SPDX-License-Identifier: Apache-2.0
// The app's recorder on its worker thread: whole objects collected from the
// hub's source once an interval and appended to a RecordingWriter, as
// perfscope-cli record does. Every slot runs on that thread; the file is
// written only there. A size cap ends the recording before the file would
// pass it (one more chunk at most: the writer writes whole chunks).
#pragma once

#include "gui/sampling/source_hub.h"
#include "recording/recording_writer.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace perfscope::gui {

struct RecordRequest {
    QString path;
    std::vector<std::uint32_t> objects;  // name indices, recorded whole
    int interval_ms = 1000;
    qint64 max_bytes = 0;  // 0: no cap
};

class RecorderWorker : public QObject {
    Q_OBJECT
public:
    explicit RecorderWorker(SourceHub& hub);
    ~RecorderWorker() override;

public slots:
    void start(const perfscope::gui::RecordRequest& request);
    // Closes the file with its index; nothing when not recording.
    void stop();
    // One collection now (the timer calls it).
    void sampleOnce();

signals:
    void started(const QString& path);
    // The file's size so far (bytes written plus the chunk being filled) and the samples taken.
    void progress(qint64 bytes, qint64 samples);
    // The recording ended: `message` empty when it closed cleanly at stop().
    void finished(const QString& path, qint64 bytes, qint64 samples, const QString& message);

private:
    void end(const QString& message);

    SourceHub& m_hub;
    QTimer* m_timer = nullptr;
    std::optional<wpo::recording::RecordingWriter> m_writer;
    RecordRequest m_request;
    std::string m_query;
    std::vector<std::byte> m_buffer;
    qint64 m_samples = 0;
};

}  // namespace perfscope::gui

Q_DECLARE_METATYPE(perfscope::gui::RecordRequest)
