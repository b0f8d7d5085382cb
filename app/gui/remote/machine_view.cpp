// SPDX-License-Identifier: Apache-2.0
#include "gui/remote/machine_view.h"

#include "gui/remote/machine_paths.h"
#include "gui/window/view_pane.h"

#include <QLabel>
#include <QVBoxLayout>

namespace perfscope::gui {

MachineView::MachineView(const QString& machine, ViewPane* pane, bool sampling)
    : QObject(pane), m_machine(machine), m_pane(pane), m_sampling(sampling)
{
    m_label = new QLabel(pane);
    m_label->setObjectName(QStringLiteral("machineMessage"));
    m_label->setWordWrap(true);
    m_label->setContentsMargins(6, 3, 6, 3);
    m_label->setAutoFillBackground(true);
    QPalette palette = m_label->palette();
    palette.setColor(QPalette::Window, palette.color(QPalette::ToolTipBase));
    palette.setColor(QPalette::WindowText, palette.color(QPalette::ToolTipText));
    m_label->setPalette(palette);
    m_label->hide();
    // Under the tile title, above the graph: in the view, never a dialog in the way.
    if (auto* layout = qobject_cast<QVBoxLayout*>(pane->layout()))
        layout->insertWidget(1, m_label);

    if (!sampling) {
        pane->setCounterSink([this](const QVector<ViewCounter>&) {
            emit refused(tr("%1 is not connected yet; add its counters once the view shows them").arg(m_machine));
        });
        return;
    }
    // Counters the browser gives name no machine: they are this machine's, and saved so.
    pane->setCounterSink([pane, machine](const QVector<ViewCounter>& counters) {
        QVector<ViewCounter> named = counters;
        for (ViewCounter& c : named)
            c.text = with_machine(machine, c.text);
        pane->sampler().addCounters(named);
        if (!pane->sampler().isRunning())
            pane->sampler().start();
        emit pane->changed();
    });
    connect(&pane->sampler(), &ViewSampler::batchReady, this, &MachineView::onBatch);
}

QString MachineView::message() const
{
    return m_label->isHidden() ? QString() : m_label->text();
}

void MachineView::setMessage(const QString& text)
{
    if (text == message())
        return;
    m_label->setText(text);
    m_label->setVisible(!text.isEmpty());
}

void MachineView::onBatch(const SampleBatch& batch)
{
    if (batch.error.isEmpty()) {
        setMessage({});
        return;
    }
    // The view's own error line under this says what failed; this says what happens to the view.
    setMessage(tr("%1 cannot be reached: the view keeps its history and goes on by itself when the agent is back.")
                   .arg(m_machine));
}

}  // namespace perfscope::gui
