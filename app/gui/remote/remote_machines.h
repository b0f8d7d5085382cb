// SPDX-License-Identifier: Apache-2.0
// The window's other machines: one MachineHub per machine (shared by all of
// that machine's views), "Add machine..." (File menu), views of a machine and
// the counter browser following the current view's machine. A view of a
// machine appears at once and shows "connecting..." while the hub is made off
// the GUI thread; then a view sampling that hub takes its place, with the
// counters its paths named.
#pragma once

#include "gui/sampling/source_hub.h"
#include "gui/window/counter_set_io.h"
#include "gui/window/view_settings.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QVector>

class QAction;

namespace perfscope::gui {

class MachineHub;
class MainWindow;
class ViewPane;

class RemoteMachines : public QObject {
    Q_OBJECT
public:
    RemoteMachines(MainWindow& window, SourceHub& live);
    ~RemoteMachines() override;

    QAction* addMachineAction() const { return m_action; }
    // Asks for a machine and opens its view.
    void showAddMachineDialog();
    // What the dialog does with what the user typed: a view of that machine,
    // or null with `error` saying why the text names none.
    ViewPane* addMachine(const QString& text, QString* error = nullptr);

    // A view of `machine` (as parse_machine gives it), its `paths` (with or
    // without the machine) and their looks.
    ViewPane* openView(const QString& machine, ViewSettings settings = {}, const QStringList& paths = {},
                       const QVector<SeriesLook>& looks = {});
    // Turns `pane`, made by the window, into a view waiting for `machine`.
    void adoptView(ViewPane* pane, const QString& machine, const QStringList& paths, const QVector<SeriesLook>& looks);
    // The machine's hub, made on first use (and listed in the browser's machines from then on).
    MachineHub& machineHub(const QString& machine);
    // The browser's choice: the first view of `machine` ("" this machine) becomes current, or a new one.
    void showMachine(const QString& machine);

signals:
    // `pane` samples its machine now, with the counters its paths named.
    void viewReady(perfscope::gui::ViewPane* pane);

private:
    struct Waiting {
        QPointer<ViewPane> pane;
        QString machine;
        QStringList paths;
        QVector<SeriesLook> looks;
    };
    void onHubState(MachineHub* hub);
    void showWaiting(const Waiting& waiting, const MachineHub& hub);
    bool replace(const Waiting& waiting, SourceHub& hub);
    void startSampling(ViewPane* pane, const QString& machine, SourceHub& hub, const QStringList& paths,
                       const QVector<SeriesLook>& looks);
    void follow(ViewPane* pane);

    MainWindow& m_window;
    SourceHub& m_live;
    QAction* m_action = nullptr;
    QHash<QString, MachineHub*> m_hubs;  // by machine, lower case
    QVector<Waiting> m_waiting;
};

}  // namespace perfscope::gui
