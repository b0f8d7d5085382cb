// SPDX-License-Identifier: Apache-2.0
// The settings of one view (interval, window, history, kind, value axis,
// percent cap), as the view settings dialog edits them and counter sets
// store them.
#pragma once

#include <QString>
#include <QtGlobal>

namespace perfscope::gui {

enum class ViewKind { line, histogram, report };

struct ViewSettings {
    QString title;
    ViewKind kind = ViewKind::line;
    double interval_s = 1.0;            // 0.1 s to 1 h
    double window_s = 100.0;            // the time the graph shows
    qsizetype history_capacity = 86'400;  // values kept per series: 24 h at 1 s
    bool y_auto = true;                   // else the value axis shows y_min to y_max
    double y_min = 0.0;
    double y_max = 100.0;
    bool cap_percent = false;             // PDH's default cap at 100 %; off as in perfscope-cli
};

QString to_string(ViewKind kind);
ViewKind next_kind(ViewKind kind);

}  // namespace perfscope::gui
