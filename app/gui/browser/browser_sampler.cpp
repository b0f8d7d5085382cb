// SPDX-License-Identifier: Apache-2.0
#include "gui/browser/browser_sampler.h"

#include "gui/browser/browser_worker.h"

#include <QMetaObject>

namespace perfscope::gui {

BrowserSampler::BrowserSampler(SourceHub& hub, int refresh_ms, QObject* parent)
    : QObject(parent), m_hub(hub), m_thread(new QThread)
{
    qRegisterMetaType<QVector<BrowseObject>>();
    qRegisterMetaType<BrowseInstances>();
    m_worker = new BrowserWorker(hub, refresh_ms);
    m_worker->moveToThread(m_thread);
    connect(m_worker, &BrowserWorker::objectsChanged, this, &BrowserSampler::objectsChanged, Qt::QueuedConnection);
    connect(m_worker, &BrowserWorker::instancesChanged, this, &BrowserSampler::instancesChanged, Qt::QueuedConnection);
    connect(m_worker, &BrowserWorker::errorOccurred, this, &BrowserSampler::errorOccurred, Qt::QueuedConnection);
    m_thread->setObjectName(QStringLiteral("BrowserSampler"));
    m_thread->start();
}

BrowserSampler::~BrowserSampler()
{
    m_worker->requestQuit();
    m_hub.retired().retire(m_thread, m_worker);
}

void BrowserSampler::start()
{
    QMetaObject::invokeMethod(m_worker, &BrowserWorker::start, Qt::QueuedConnection);
}
void BrowserSampler::stop()
{
    QMetaObject::invokeMethod(m_worker, &BrowserWorker::stop, Qt::QueuedConnection);
}
void BrowserSampler::refreshNow()
{
    QMetaObject::invokeMethod(m_worker, &BrowserWorker::refresh, Qt::QueuedConnection);
}

void BrowserSampler::setSelectedObject(std::uint32_t object)
{
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, object] { worker->setSelectedObject(object); }, Qt::QueuedConnection);
}

}  // namespace perfscope::gui
