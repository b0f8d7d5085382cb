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

#include <QStringList>

namespace perfscope::gui {

// Errors name the bad path and the bad part of it.
wpo::Result<QVector<ViewCounter>> resolve_view_counters(SourceHub& hub, const QStringList& paths);

}  // namespace perfscope::gui
