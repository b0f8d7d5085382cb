// SPDX-License-Identifier: Apache-2.0
// BrowserSampler's half on the worker thread (see browser_sampler.h).
#pragma once

#include "gui/browser/browse_data.h"
#include "gui/sampling/source_hub.h"
#include "snapshot/snapshot.h"

#include <QObject>
#include <QTimer>

#include <atomic>
#include <memory>

namespace perfscope::gui {

class BrowserWorker : public QObject {
    Q_OBJECT
public:
    BrowserWorker(SourceHub& hub, int refresh_ms);
    ~BrowserWorker() override;

    // Any thread: no refresh starts after this (see SamplerWorker::requestQuit).
    void requestQuit() { m_quit.store(true, std::memory_order_relaxed); }

public slots:
    void start();
    void stop();
    void setSelectedObject(std::uint32_t object);
    void refresh();

signals:
    void objectsChanged(const QVector<perfscope::gui::BrowseObject>& objects);
    void instancesChanged(const perfscope::gui::BrowseInstances& instances);
    void errorOccurred(const QString& message);

private:
    void publish_objects();
    void publish_instances();
    // Marks Process and Thread instances that are kernel threads (kernel_threads.h).
    void mark_kernel_threads(BrowseInstances& out) const;

    SourceHub& m_hub;
    int m_refresh_ms;
    QTimer* m_timer = nullptr;
    std::unique_ptr<wpo::Snapshot> m_snapshot;
    std::vector<std::uint32_t> m_objects;  // as last published
    std::uint32_t m_selected = 0;
    std::atomic<bool> m_quit{false};
};

}  // namespace perfscope::gui
