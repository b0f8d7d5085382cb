// SPDX-License-Identifier: Apache-2.0
// The settings of one view (interval, window, history, kind, value axis,
// percent cap), as the view settings dialog edits them and counter sets
// store them.
#pragma once

#include "files/view_limits.h"

#include <QString>
#include <QtGlobal>

namespace perfscope::gui {

// The one definition of a view's kind and limits is files/view_limits.h.
using files::ViewKind;

struct ViewSettings {
    QString title;
    ViewKind kind = ViewKind::line;
    double interval_s = 1.0;              // files::kMinIntervalS to files::kMaxIntervalS
    double window_s = 100.0;              // the time the graph shows
    qsizetype history_capacity = 86'400;  // values kept per series: 24 h at 1 s
    bool y_auto = true;                   // else the value axis shows y_min to y_max
    double y_min = 0.0;
    double y_max = 100.0;
    bool cap_percent = false;  // PDH's default cap at 100 %; off as in perfscope-cli
};

// The kind as the user reads it ("Line"), translated.
QString kind_label(ViewKind kind);
ViewKind next_kind(ViewKind kind);

}  // namespace perfscope::gui
