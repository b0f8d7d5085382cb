// SPDX-License-Identifier: Apache-2.0
#include "gui/sampling/view_sampler.h"

#include "files/view_limits.h"
#include "gui/sampling/sampler_worker.h"

#include <QMetaObject>

#include <algorithm>
#include <cmath>

namespace perfscope::gui {

namespace {
int to_ms(double seconds)
{
    return static_cast<int>(std::lround(seconds * 1000.0));
}
}  // namespace

double ViewSampler::clampInterval(double seconds)
{
    return files::clamp_interval(seconds);
}

ViewSampler::ViewSampler(SourceHub& hub, double interval_s, QObject* parent)
    : QObject(parent), m_hub(hub), m_thread(new QThread), m_interval_s(clampInterval(interval_s))
{
    qRegisterMetaType<SampleBatch>();
    qRegisterMetaType<ViewCounter>();
    qRegisterMetaType<QVector<ViewCounter>>();
    m_worker = new SamplerWorker(hub, to_ms(m_interval_s));
    m_worker->moveToThread(m_thread);
    connect(m_worker, &SamplerWorker::batchReady, this, &ViewSampler::batchReady, Qt::QueuedConnection);
    m_thread->setObjectName(QStringLiteral("ViewSampler"));
    m_thread->start();
}

ViewSampler::~ViewSampler()
{
    // The worker, its timer and the view's entity go on the worker thread
    // when it ends, while the hub still exists (the hub waits for it at exit).
    m_worker->requestQuit();
    m_hub.retired().retire(m_thread, m_worker);
}

QObject* ViewSampler::worker() const
{
    return m_worker;
}

void ViewSampler::setCounters(const QVector<ViewCounter>& counters)
{
    m_counters = counters;
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, counters] { worker->setCounters(counters); }, Qt::QueuedConnection);
}

void ViewSampler::addCounters(const QVector<ViewCounter>& counters)
{
    QVector<ViewCounter> all = m_counters;
    for (const ViewCounter& c : counters) {
        const bool known = std::any_of(all.begin(), all.end(), [&](const ViewCounter& k) {
            return k.object == c.object && k.counter == c.counter && k.instances == c.instances &&
                   (c.instances != ViewCounter::Instances::one || k.identity == c.identity);
        });
        if (!known)
            all.push_back(c);
    }
    setCounters(all);
}

void ViewSampler::setInterval(double seconds)
{
    m_interval_s = clampInterval(seconds);
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, ms = to_ms(m_interval_s)] { worker->setIntervalMs(ms); }, Qt::QueuedConnection);
}

void ViewSampler::setCapPercent(bool cap)
{
    if (cap == m_cap_percent)
        return;
    m_cap_percent = cap;
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, cap] { worker->setCapPercent(cap); }, Qt::QueuedConnection);
}

void ViewSampler::removeSeries(quint64 series)
{
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, series] { worker->removeSeries(series); }, Qt::QueuedConnection);
}

void ViewSampler::restoreSeries(quint64 series)
{
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, series] { worker->restoreSeries(series); }, Qt::QueuedConnection);
}

void ViewSampler::start()
{
    m_running = true;
    QMetaObject::invokeMethod(m_worker, &SamplerWorker::start, Qt::QueuedConnection);
}

void ViewSampler::stop()
{
    m_running = false;
    QMetaObject::invokeMethod(m_worker, &SamplerWorker::stop, Qt::QueuedConnection);
}

void ViewSampler::sampleNow()
{
    QMetaObject::invokeMethod(m_worker, &SamplerWorker::sampleOnce, Qt::QueuedConnection);
}

}  // namespace perfscope::gui
