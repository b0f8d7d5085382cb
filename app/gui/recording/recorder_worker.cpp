// SPDX-License-Identifier: Apache-2.0
#include "gui/recording/recorder_worker.h"

#include "core/this_os.h"
#include "format/block_view.h"
#include "format/object_query.h"

#include <QFile>

namespace perfscope::gui {

RecorderWorker::RecorderWorker(SourceHub& hub) : m_hub(hub)
{}

RecorderWorker::~RecorderWorker()
{
    if (m_writer)
        (void)m_writer->close();
}

void RecorderWorker::start(const RecordRequest& request)
{
    if (m_writer)
        return;
    m_request = request;
    m_samples = 0;
    m_query = wpo::ObjectQuery::list(request.objects);
    if (wpo::Status status = m_hub.shared().collect(m_query, m_buffer); !status) {
        emit finished(request.path, 0, 0, QString::fromStdString(status.error().describe()));
        return;
    }
    auto block = wpo::BlockView::parse(m_buffer);
    if (!block) {
        emit finished(request.path, 0, 0, QString::fromStdString(block.error().describe()));
        return;
    }
    auto writer = wpo::recording::RecordingWriter::create(QFile::encodeName(request.path).toStdString(),
                                                          {block->system_name(), wpo::kThisOs, m_hub.names()});
    if (!writer) {
        emit finished(request.path, 0, 0, QString::fromStdString(writer.error().describe()));
        return;
    }
    m_writer.emplace(std::move(*writer));
    if (!m_timer) {
        m_timer = new QTimer(this);
        m_timer->setTimerType(Qt::PreciseTimer);
        connect(m_timer, &QTimer::timeout, this, &RecorderWorker::sampleOnce);
    }
    emit started(request.path);
    // The block just collected is the first sample.
    if (wpo::Status status = m_writer->append(m_query, m_buffer, wpo::recording::RecordTimes::of(block->header()));
        !status) {
        end(QString::fromStdString(status.error().describe()));
        return;
    }
    ++m_samples;
    emit progress(static_cast<qint64>(m_writer->file_bytes()) + static_cast<qint64>(m_writer->pending_bytes()),
                  m_samples);
    m_timer->start(std::max(100, request.interval_ms));
}

void RecorderWorker::sampleOnce()
{
    if (!m_writer)
        return;
    if (wpo::Status status = m_hub.shared().collect(m_query, m_buffer); !status) {
        // A failed collection is one missing sample, as in a view; the next interval tries again.
        return;
    }
    auto block = wpo::BlockView::parse(m_buffer);
    if (!block)
        return;
    if (wpo::Status status = m_writer->append(m_query, m_buffer, wpo::recording::RecordTimes::of(block->header()));
        !status) {
        end(QString::fromStdString(status.error().describe()));
        return;
    }
    ++m_samples;
    const auto bytes = static_cast<qint64>(m_writer->file_bytes()) + static_cast<qint64>(m_writer->pending_bytes());
    emit progress(bytes, m_samples);
    if (m_request.max_bytes > 0 && bytes >= m_request.max_bytes)
        end(tr("the recording reached its size cap of %1 MB").arg(m_request.max_bytes / (1024 * 1024)));
}

void RecorderWorker::stop()
{
    if (m_writer)
        end({});
}

void RecorderWorker::end(const QString& message)
{
    if (m_timer)
        m_timer->stop();
    QString reason = message;
    if (wpo::Status status = m_writer->close(); !status && reason.isEmpty())
        reason = QString::fromStdString(status.error().describe());
    const auto bytes = static_cast<qint64>(m_writer->file_bytes());
    m_writer.reset();
    emit finished(m_request.path, bytes, m_samples, reason);
}

}  // namespace perfscope::gui
