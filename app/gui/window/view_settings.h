// The settings of one view (interval, window, history, kind), as the view
// settings dialog edits them and counter sets store them.
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
};

QString to_string(ViewKind kind);
ViewKind next_kind(ViewKind kind);

}  // namespace perfscope::gui
