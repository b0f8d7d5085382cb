// SPDX-License-Identifier: Apache-2.0
// "Who caused this?": a dock listing the processes that used the most CPU
// time, I/O, page faults or working set over a view's range, from the app's
// ProcessHistory or from a recording's file. The ranking runs on the thread pool, never on the GUI
// thread; a newer request supersedes one still running. Clicking a process
// asks for its % Processor Time (processChosen).
#pragma once

#include <QDockWidget>

#include <cstdint>
#include <memory>

class QComboBox;
class QLabel;
class QTableView;

namespace perfscope::gui {

class ProcessHistory;
class SpikeModel;

class SpikePanel : public QDockWidget {
    Q_OBJECT
public:
    SpikePanel(std::shared_ptr<const ProcessHistory> history, QWidget* parent = nullptr);

    // Ranks the processes over [from_ms, to_ms] (ms since the epoch, UTC).
    void showRange(qint64 from_ms, qint64 to_ms);
    // Ranks the processes over [from_ms, to_ms] from the recording at `path`.
    void showRecordingRange(const QString& path, qint64 from_ms, qint64 to_ms);

    SpikeModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    QComboBox* measure() const { return m_by; }
    QString summary() const;
    // What the summary says before the first ranking: how to ask for one.
    static QString howToAsk();
    // Rankings asked for and not yet shown.
    bool isBusy() const { return m_pending != m_shown; }

signals:
    // The user clicked a process: pid and start time are its identity.
    void processChosen(quint32 pid, quint64 start, const QString& name);
    // A ranking arrived and is shown.
    void rankingShown();

private:
    void recompute();

    std::shared_ptr<const ProcessHistory> m_history;
    SpikeModel* m_model = nullptr;
    QComboBox* m_by = nullptr;
    QLabel* m_summary = nullptr;
    QTableView* m_table = nullptr;
    bool m_asked = false;  // a range was asked for (until then the summary says how)
    QString m_recording;   // non-empty: rank from this recording, not the history
    qint64 m_from_ms = 0;
    qint64 m_to_ms = 0;
    quint64 m_pending = 0;  // the newest request
    quint64 m_shown = 0;    // the request whose ranking is shown
};

}  // namespace perfscope::gui
