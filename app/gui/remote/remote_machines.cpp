// SPDX-License-Identifier: Apache-2.0
#include "gui/remote/remote_machines.h"

#include "gui/browser/counter_browser.h"
#include "gui/browser/machine_chooser.h"
#include "gui/remote/add_machine_dialog.h"
#include "gui/remote/machine_hub.h"
#include "gui/remote/machine_paths.h"
#include "gui/remote/machine_view.h"
#include "gui/sampling/resolve_view_counters.h"
#include "gui/window/main_window.h"

#include <QAction>
#include <QStatusBar>
#include <QTimer>

namespace perfscope::gui {

RemoteMachines::RemoteMachines(MainWindow& window, SourceHub& live) : QObject(&window), m_window(window), m_live(live)
{
    m_action = new QAction(tr("Add &machine..."), this);
    m_action->setObjectName(QStringLiteral("addMachine"));
    m_action->setToolTip(tr("A view of another machine, read from its agent (perfscope-cli serve)"));
    m_action->setStatusTip(m_action->toolTip());
    connect(m_action, &QAction::triggered, this, &RemoteMachines::showAddMachineDialog);
    connect(&window, &MainWindow::currentViewChanged, this, &RemoteMachines::follow);
    MachineChooser& chooser = window.browser().machineChooser();
    chooser.show();
    connect(&chooser, &MachineChooser::machineChosen, this, &RemoteMachines::showMachine);
    connect(&chooser, &MachineChooser::addMachineRequested, this, &RemoteMachines::showAddMachineDialog);
}

void RemoteMachines::showMachine(const QString& machine)
{
    for (int i = 0; i < m_window.viewCount(); ++i) {
        ViewPane* pane = m_window.view(i);
        const auto* view = pane->findChild<MachineView*>();
        const bool match = machine.isEmpty() ? !view && !pane->isLog()  // a log or recording is no machine
                                             : view && view->machine().compare(machine, Qt::CaseInsensitive) == 0;
        if (match) {
            m_window.setCurrentView(i);
            return;
        }
    }
    if (machine.isEmpty())
        m_window.setCurrentView(m_window.viewIndex(m_window.addView()));
    else
        openView(machine);
}

RemoteMachines::~RemoteMachines() = default;

void RemoteMachines::showAddMachineDialog()
{
    AddMachineDialog dialog(&m_window);
    if (dialog.exec() == QDialog::Accepted)
        addMachine(dialog.machine());
}

ViewPane* RemoteMachines::addMachine(const QString& text, QString* error)
{
    auto machine = parse_machine(text);
    if (!machine) {
        if (error)
            *error = QString::fromStdString(machine.error().message());
        return nullptr;
    }
    return openView(*machine);
}

MachineHub& RemoteMachines::machineHub(const QString& machine)
{
    const QString key = machine.toLower();
    if (MachineHub* hub = m_hubs.value(key))
        return *hub;
    auto* hub = new MachineHub(machine, this);
    m_hubs.insert(key, hub);
    connect(hub, &MachineHub::stateChanged, this, [this, hub] { onHubState(hub); });
    QStringList machines;
    for (const MachineHub* each : std::as_const(m_hubs))
        machines.push_back(each->machine());
    machines.sort(Qt::CaseInsensitive);
    m_window.browser().machineChooser().setMachines(machines);
    return *hub;
}

ViewPane* RemoteMachines::openView(const QString& machine, ViewSettings settings, const QStringList& paths,
                                   const QVector<SeriesLook>& looks)
{
    if (settings.title.isEmpty())
        settings.title = machine;
    MachineHub& hub = machineHub(machine);
    if (SourceHub* ready = hub.hub()) {
        ViewPane* pane = m_window.addView(settings, ready);
        startSampling(pane, hub.machine(), *ready, paths, looks);
        return pane;
    }
    ViewPane* pane = m_window.addView(settings);
    adoptView(pane, machine, paths, looks);
    return pane;
}

void RemoteMachines::adoptView(ViewPane* pane, const QString& machine, const QStringList& paths,
                               const QVector<SeriesLook>& looks)
{
    MachineHub& hub = machineHub(machine);
    if (SourceHub* ready = hub.hub()) {
        replace({pane, hub.machine(), paths, looks}, *ready);
        return;
    }
    auto* view = new MachineView(hub.machine(), pane, false);
    connect(view, &MachineView::refused, this,
            [this](const QString& why) { m_window.statusBar()->showMessage(why, 10'000); });
    // Saved as they were while the view waits: counters known by their paths only, never sampled here.
    QVector<ViewCounter> named;
    for (const QString& path : paths)
        named.push_back(ViewCounter{with_machine(hub.machine(), path), 0, 0, ViewCounter::Instances::none, {}, {}});
    pane->sampler().addCounters(named);
    pane->setLooks(looks);
    m_waiting.push_back({pane, hub.machine(), paths, looks});
    showWaiting(m_waiting.back(), hub);
}

void RemoteMachines::showWaiting(const Waiting& waiting, const MachineHub& hub)
{
    auto* view = waiting.pane ? waiting.pane->findChild<MachineView*>() : nullptr;
    if (!view)
        return;
    if (hub.state() == MachineHub::State::failed)
        view->setMessage(tr("Cannot reach %1: %2. Trying again every %3 s.")
                             .arg(hub.machine(), hub.error())
                             .arg(MachineHub::kRetryMs / 1000));
    else
        view->setMessage(tr("Connecting to %1\u2026").arg(hub.machine()));
}

void RemoteMachines::onHubState(MachineHub* hub)
{
    const QVector<Waiting> waiting = m_waiting;
    m_waiting.removeIf([](const Waiting& w) { return !w.pane; });
    SourceHub* ready = hub->hub();
    for (const Waiting& w : waiting) {
        if (!w.pane || w.machine != hub->machine())
            continue;
        if (!ready)
            showWaiting(w, *hub);
        else if (replace(w, *ready))
            m_waiting.removeIf([&w](const Waiting& other) { return other.pane == w.pane; });
    }
}

bool RemoteMachines::replace(const Waiting& waiting, SourceHub& hub)
{
    ViewPane* old = waiting.pane;
    const int index = old ? m_window.viewIndex(old) : -1;
    if (index < 0)
        return false;  // closed while it waited (Undo may bring it back: follow() replaces it then)
    QPointer<ViewPane> before = m_window.currentView();
    const ViewSettings settings = old->settings();
    m_window.closeView(old);
    ViewPane* pane = m_window.addView(settings, &hub);
    if (m_window.viewIndex(pane) != index) {
        m_window.detachView(pane);
        m_window.attachView(pane, index);
    }
    if (before && before != old)
        m_window.setCurrentView(m_window.viewIndex(before));
    startSampling(pane, waiting.machine, hub, waiting.paths, waiting.looks);
    return true;
}

void RemoteMachines::startSampling(ViewPane* pane, const QString& machine, SourceHub& hub, const QStringList& paths,
                                   const QVector<SeriesLook>& looks)
{
    new MachineView(machine, pane, true);
    follow(m_window.currentView());
    if (paths.isEmpty()) {
        emit viewReady(pane);
        return;
    }
    QStringList local;
    for (const QString& path : paths)
        local << without_machine(path);
    QPointer<ViewPane> guard(pane);
    resolve_each_path_later(hub, local, pane, [this, guard, paths, looks](const PathsResolution& done) {
        if (!guard)
            return;
        QVector<ViewCounter> counters;
        QStringList skipped;
        for (qsizetype i = 0; i < paths.size(); ++i) {
            const QString reason = !done.error.isEmpty() ? done.error : done.paths.value(i).error;
            if (!reason.isEmpty())
                skipped << paths[i] + QStringLiteral(": ") + reason;
            else
                counters += done.paths[i].counters;
        }
        guard->setLooks(looks);
        if (!counters.isEmpty())
            guard->addCounters(counters);
        if (!skipped.isEmpty())
            m_window.statusBar()->showMessage(
                tr("Not found now, left out: %1").arg(skipped.join(QStringLiteral("; "))));
        emit viewReady(guard);
    });
}

void RemoteMachines::follow(ViewPane* pane)
{
    // A waiting view back in the window (Undo of its Close): it never samples this machine, and once its
    // machine is connected a view sampling it takes its place, after the window is done with this change.
    for (const Waiting& w : std::as_const(m_waiting)) {
        if (!pane || w.pane != pane)
            continue;
        if (pane->sampler().isRunning())
            pane->sampler().stop();
        if (machineHub(w.machine).hub())
            QTimer::singleShot(0, this, [this, guard = QPointer<ViewPane>(pane)] {
                if (guard)
                    onHubState(&machineHub(guard->findChild<MachineView*>()->machine()));
            });
    }
    auto* view = pane ? pane->findChild<MachineView*>() : nullptr;
    CounterBrowser& browser = m_window.browser();
    browser.machineChooser().setCurrentMachine(view ? view->machine() : QString());
    SourceHub* hub = view && view->isSampling() ? machineHub(view->machine()).hub() : nullptr;
    if (hub) {
        browser.setHub(*hub, tr("Browsing %1").arg(view->machine()));
        return;
    }
    // Leaving a machine's view: back to this machine (a recording's view moves on from there).
    for (MachineHub* machine : std::as_const(m_hubs))
        if (machine->hub() && &browser.hub() == machine->hub())
            browser.setHub(m_live);
}

}  // namespace perfscope::gui
