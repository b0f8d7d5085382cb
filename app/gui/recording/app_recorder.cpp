// SPDX-License-Identifier: Apache-2.0
#include "gui/recording/app_recorder.h"

namespace perfscope::gui {

AppRecorder::AppRecorder(SourceHub& hub, QObject* parent) : QObject(parent)
{
    qRegisterMetaType<RecordRequest>();
    m_worker = new RecorderWorker(hub);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &RecorderWorker::started, this, [this](const QString& path) {
        m_path = path;
        m_recording = true;
        emit stateChanged(true);
    });
    connect(m_worker, &RecorderWorker::progress, this, [this](qint64 bytes, qint64 samples) {
        m_bytes = bytes;
        m_samples = samples;
        emit progress(bytes, samples);
    });
    connect(m_worker, &RecorderWorker::finished, this,
            [this](const QString& path, qint64 bytes, qint64 samples, const QString& message) {
                m_bytes = bytes;
                m_samples = samples;
                const bool was = m_recording;
                m_recording = false;
                emit finished(path, bytes, message);
                if (was)
                    emit stateChanged(false);
            });
    m_thread.setObjectName(QStringLiteral("perfscope recorder"));
    m_thread.start();
}

AppRecorder::~AppRecorder()
{
    // The file is closed with its index on the worker's thread before the thread ends.
    QMetaObject::invokeMethod(m_worker, &RecorderWorker::stop, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

void AppRecorder::start(const RecordRequest& request)
{
    if (m_recording)
        return;
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, request] { worker->start(request); });
}

void AppRecorder::stop()
{
    QMetaObject::invokeMethod(m_worker, &RecorderWorker::stop);
}

}  // namespace perfscope::gui
