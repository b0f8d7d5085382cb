// The main window's views to and from a counter set (app/files/counter_set.h,
// docs/counter-sets.md): the same format perfscope-cli query --set reads.
// Counters are stored as typeperf paths; a color, scale or hidden state is
// stored for a path when its series have one that differs from the default.
#pragma once

#include "files/counter_set.h"
#include "gui/charts/view_data.h"
#include "gui/window/view_settings.h"

#include <QColor>
#include <QString>
#include <QVector>

#include <optional>

namespace perfscope::gui {

ViewSettings from_core(const files::ViewSettings& settings);
files::ViewSettings to_core(const ViewSettings& settings);

// Whether `series` is one of the series the path stands for: same object and
// counter (or "\*"), same instance (or "(*)"), case-insensitively.
bool path_covers(const QString& path, const SeriesInfo& series);

// The presentation a set gives a path's series.
struct SeriesLook {
    QString path;
    std::optional<QColor> color;
    std::optional<int> scale_exponent;
    bool visible = true;
};

}  // namespace perfscope::gui
