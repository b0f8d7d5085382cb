// SPDX-License-Identifier: Apache-2.0
// Typeperf counter paths ("\Process(bash:1234)\% Processor Time",
// "\Processor(*)\*") into a view's counters, resolved like perfscope-cli
// query resolves them (same parser, same resolution against one block of the
// paths' objects), except that "(*)" keeps following the object (<All
// instances>) instead of expanding to the instances present now.
#pragma once

#include "core/result.h"
#include "gui/sampling/source_hub.h"
#include "gui/sampling/view_counter.h"

#include <QObject>
#include <QStringList>

#include <functional>

namespace perfscope::gui {

// Errors name the bad path and the bad part of it.
wpo::Result<QVector<ViewCounter>> resolve_view_counters(SourceHub& hub, const QStringList& paths);

// One path's counters, or (error not empty) why it resolves to nothing now.
struct PathCounters {
    QVector<ViewCounter> counters;
    QString error;
};

// Many paths against one collection, each on its own: a path that does not
// resolve (an exited process) costs only itself. `error` set: the collection
// itself failed and `paths` is empty.
struct PathsResolution {
    QVector<PathCounters> paths;  // one per path given, in order
    QString error;
};
PathsResolution resolve_each_path(SourceHub& hub, const QStringList& paths);

// The same on the hub's pool, off the calling (GUI) thread; `done` runs on
// `context`'s thread, unless `context` is gone by then.
void resolve_each_path_later(SourceHub& hub, const QStringList& paths, QObject* context,
                             std::function<void(const PathsResolution&)> done);

}  // namespace perfscope::gui
