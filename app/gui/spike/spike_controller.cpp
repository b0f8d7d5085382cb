// SPDX-License-Identifier: Apache-2.0
#include "gui/spike/spike_controller.h"

#include "gui/charts/view_widget.h"
#include "gui/recording/recording_view.h"
#include "gui/sampling/source_hub.h"
#include "gui/sampling/view_counter.h"
#include "gui/spike/process_history.h"
#include "gui/spike/process_history_sampler.h"
#include "gui/spike/spike_panel.h"
#include "gui/window/view_pane.h"

#include <QMainWindow>

namespace perfscope::gui {

SpikeController::SpikeController(SourceHub& hub, QMainWindow& window)
    : QObject(&window), m_history(std::make_shared<ProcessHistory>())
{
    m_sampler = new ProcessHistorySampler(hub.shared(), *m_history, ProcessHistorySampler::kDefaultIntervalMs, this);
    m_panel = new SpikePanel(m_history, &window);
    window.addDockWidget(Qt::RightDockWidgetArea, m_panel);
    m_panel->hide();
    connect(m_panel, &SpikePanel::processChosen, this, &SpikeController::addProcessorTime);
}

// The sampler (a child) stops before the history it fills goes; rankings on
// the pool hold the history themselves.
SpikeController::~SpikeController()
{
    delete m_sampler;
}

void SpikeController::watch(ViewPane* pane)
{
    connect(&pane->content(), &ViewWidget::spikeRequested, this, [this, pane](qint64 from_ms, qint64 to_ms) {
        m_view = pane;
        m_panel->show();
        m_panel->raise();
        if (const RecordingView* recording = pane->findChild<RecordingView*>())
            m_panel->showRecordingRange(recording->path(), from_ms, to_ms);
        else
            m_panel->showRange(from_ms, to_ms);
    });
}

void SpikeController::addProcessorTime(quint32 pid, quint64 start, const QString& name)
{
    if (!m_view || !m_view->takesCounters())  // a recording's view takes them: it reads them from its file
        return;
    ViewCounter c;
    c.object = 230;  // Process
    c.counter = 6;   // % Processor Time
    c.instances = ViewCounter::Instances::one;
    c.identity = {wpo::InstanceIdentity::Kind::process, pid, start};
    c.instance = QStringLiteral("%1:%2").arg(name).arg(pid);
    c.text = QStringLiteral("\\Process(%1)\\% Processor Time").arg(c.instance);
    m_view->addCounters({c});
}

}  // namespace perfscope::gui
