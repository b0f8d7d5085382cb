// SPDX-License-Identifier: Apache-2.0
// A counter set's (or the session's) views of other machines: a view whose
// paths name a machine (`\\HOST:PORT\...`) is that machine's view again when
// the set is applied. Without the remote library every view is this machine's.
#pragma once

#include "files/counter_set.h"
#include "gui/window/view_settings.h"

#include <QString>
#include <QStringList>

namespace perfscope::gui {

class MainWindow;
class ViewPane;

// The other machine `view` reads (its first counter's path names it); empty: this machine.
QString view_machine(const files::ViewSettings& view);

// Makes `pane`, just made for `view`, a view of its machine, resolving its
// paths there once connected; false (nothing done) for this machine's views.
bool adopt_machine_view(MainWindow& window, ViewPane* pane, const files::ViewSettings& view);

// Paths of other machines (the command line's): a view for each machine, with
// its paths, in the order the machines first appear.
void open_machine_views(MainWindow& window, const QStringList& paths, const ViewSettings& settings);

}  // namespace perfscope::gui
