// SPDX-License-Identifier: Apache-2.0
// Worker threads whose owner has gone. A view or the browser that closes
// must not wait for its worker, which may be inside a collection that takes
// seconds; it raises the worker's stop flag, asks the thread to quit and
// hands the thread here. When the thread finishes, the worker is deleted on
// it (finished -> deleteLater) and the thread object on the GUI thread. At
// exit, whatever has not finished yet is waited for here, before the source
// the workers use goes (SourceHub owns one of these and destroys it first).
#pragma once

#include <QList>
#include <QPointer>
#include <QThread>

namespace perfscope::gui {

class RetiredThreads {
public:
    RetiredThreads() = default;
    ~RetiredThreads();
    RetiredThreads(const RetiredThreads&) = delete;
    RetiredThreads& operator=(const RetiredThreads&) = delete;

    // Takes `thread` (created on the calling thread, no parent) and `worker`
    // (living on `thread`); asks the thread to quit. Returns at once.
    void retire(QThread* thread, QObject* worker);
    // Threads retired and not deleted yet.
    int pending() const;

private:
    QList<QPointer<QThread>> m_threads;
};

}  // namespace perfscope::gui
