// SPDX-License-Identifier: Apache-2.0
#include "gui/remote/set_machine_views.h"

#include "gui/window/main_window.h"
#ifdef PERFSCOPE_HAVE_REMOTE
#include "gui/remote/machine_paths.h"
#include "gui/remote/remote_machines.h"
#endif

namespace perfscope::gui {

QString view_machine([[maybe_unused]] const files::ViewSettings& view)
{
#ifdef PERFSCOPE_HAVE_REMOTE
    if (!view.counters.empty())
        return remote_machine_of(QString::fromStdString(view.counters.front().path));
#endif
    return {};
}

bool adopt_machine_view([[maybe_unused]] MainWindow& window, [[maybe_unused]] ViewPane* pane,
                        [[maybe_unused]] const files::ViewSettings& view)
{
#ifdef PERFSCOPE_HAVE_REMOTE
    const QString machine = view_machine(view);
    auto* machines = window.findChild<RemoteMachines*>();
    if (machine.isEmpty() || !machines)
        return false;
    QStringList paths;
    QVector<SeriesLook> looks;
    for (const files::CounterSetEntry& entry : view.counters) {
        paths << QString::fromStdString(entry.path);
        looks += looks_of(entry);
    }
    machines->adoptView(pane, machine, paths, looks);
    return true;
#else
    return false;
#endif
}

void open_machine_views([[maybe_unused]] MainWindow& window, [[maybe_unused]] const QStringList& paths,
                        [[maybe_unused]] const ViewSettings& settings)
{
#ifdef PERFSCOPE_HAVE_REMOTE
    auto* machines = window.findChild<RemoteMachines*>();
    if (!machines)
        return;
    QStringList order;
    QHash<QString, QStringList> by_machine;
    for (const QString& path : paths) {
        const QString machine = remote_machine_of(path);
        if (!by_machine.contains(machine))
            order << machine;
        by_machine[machine] << path;
    }
    for (const QString& machine : order)
        machines->openView(machine, settings, by_machine.value(machine));
#endif
}

}  // namespace perfscope::gui
