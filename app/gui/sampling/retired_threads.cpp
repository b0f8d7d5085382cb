// SPDX-License-Identifier: Apache-2.0
#include "gui/sampling/retired_threads.h"

namespace perfscope::gui {

RetiredThreads::~RetiredThreads()
{
    // The only wait: at exit, for collections still running, so that no
    // worker outlives the source it reads.
    for (const QPointer<QThread>& thread : m_threads) {
        if (!thread)
            continue;
        thread->quit();
        thread->wait();
        delete thread.data();
    }
}

void RetiredThreads::retire(QThread* thread, QObject* worker)
{
    m_threads.removeIf([](const QPointer<QThread>& t) { return t.isNull(); });
    // Emitted on the finishing thread: the worker's deferred delete runs
    // there, before the thread ends; the thread object's on its own thread.
    QObject::connect(thread, &QThread::finished, worker, &QObject::deleteLater);
    QObject::connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    m_threads.push_back(thread);
    thread->quit();
}

int RetiredThreads::pending() const
{
    int n = 0;
    for (const QPointer<QThread>& thread : m_threads)
        n += thread ? 1 : 0;
    return n;
}

}  // namespace perfscope::gui
