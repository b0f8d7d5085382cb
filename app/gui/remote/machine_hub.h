// SPDX-License-Identifier: Apache-2.0
// One other machine's SourceHub: a RemoteSource to its agent with a cache of
// its own, made off the GUI thread (loading the names and the first block are
// requests to the agent). Every view of that machine samples through it, so
// several views cost the agent one collection per interval. While the agent
// cannot be reached the hub tries again every few seconds; once made it stays,
// and its RemoteSource reconnects by itself after later failures.
#pragma once

#include "cache/perf_object_cache.h"
#include "gui/sampling/source_hub.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>

namespace perfscope::gui {

class MachineHub : public QObject {
    Q_OBJECT
public:
    enum class State { connecting, ready, failed };

    // `machine` as a counter path names it ("host:port", "ssh://user@host"); connects at once.
    explicit MachineHub(const QString& machine, QObject* parent = nullptr);
    ~MachineHub() override;

    const QString& machine() const { return m_machine; }
    State state() const { return m_state; }
    // The hub, once ready (null before).
    SourceHub* hub() const;
    // Why the last attempt failed (State::failed; another attempt follows).
    const QString& error() const { return m_error; }

    // Seconds between attempts while the agent cannot be reached.
    static constexpr int kRetryMs = 3000;

signals:
    void stateChanged();

private:
    struct Opened;
    void attempt();
    void onOpened();

    QString m_machine;
    State m_state = State::connecting;
    QString m_error;
    std::shared_ptr<Opened> m_opened;
    std::unique_ptr<QFutureWatcher<std::shared_ptr<Opened>>> m_watcher;
    QTimer m_retry;
};

}  // namespace perfscope::gui
