// SPDX-License-Identifier: Apache-2.0
// "Who caused this?" in the window: keeps the app's Process history (a
// ProcessHistorySampler filling a ProcessHistory), shows the SpikePanel dock
// when a view asks (ViewWidget::spikeRequested, from the legend's menu) and
// adds a chosen process's % Processor Time to that view. A view over a
// recording is ranked from its file, not from the live history.
#pragma once

#include <QObject>
#include <QPointer>

#include <memory>

class QMainWindow;

namespace perfscope::gui {

class ProcessHistory;
class ProcessHistorySampler;
class SourceHub;
class SpikePanel;
class ViewPane;

class SpikeController : public QObject {
    Q_OBJECT
public:
    SpikeController(SourceHub& hub, QMainWindow& window);
    ~SpikeController() override;

    // Listens to the pane's view for "Who caused this?".
    void watch(ViewPane* pane);

    SpikePanel* panel() const { return m_panel; }
    const ProcessHistory& history() const { return *m_history; }
    ProcessHistorySampler* sampler() const { return m_sampler; }

private:
    void addProcessorTime(quint32 pid, quint64 start, const QString& name);

    std::shared_ptr<ProcessHistory> m_history;
    ProcessHistorySampler* m_sampler = nullptr;
    SpikePanel* m_panel = nullptr;
    QPointer<ViewPane> m_view;  // the view the panel ranks for
};

}  // namespace perfscope::gui
