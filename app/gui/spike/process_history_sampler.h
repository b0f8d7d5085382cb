// SPDX-License-Identifier: Apache-2.0
// Keeps a ProcessHistory filled: collects the Process object every interval
// on a thread of its own (never the GUI thread) through the hub's shared
// source, and appends what the ranking reads of it.
#pragma once

#include <QObject>

class QThread;

namespace wpo {
class SharedSource;
}

namespace perfscope::gui {

class ProcessHistory;

class ProcessHistorySampler : public QObject {
    Q_OBJECT
public:
    static constexpr int kDefaultIntervalMs = 2000;

    ProcessHistorySampler(wpo::SharedSource& source, ProcessHistory& history, int interval_ms = kDefaultIntervalMs,
                          QObject* parent = nullptr);
    // Stops the thread and waits for a collection under way (a few ms).
    ~ProcessHistorySampler() override;

    int intervalMs() const { return m_interval_ms; }

signals:
    // After each sample, from the sampler's thread (queued to receivers elsewhere).
    void sampled();

private:
    QThread* m_thread = nullptr;
    int m_interval_ms;
};

}  // namespace perfscope::gui
