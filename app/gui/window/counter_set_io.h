// SPDX-License-Identifier: Apache-2.0
// The main window's views to and from a counter set (app/files/counter_set.h,
// docs/counter-sets.md): the same format perfscope-cli query --set reads.
// Counters are stored as typeperf paths with their looks; a path with "(*)"
// also keeps the look of each of its instances and the instances removed.
#pragma once

#include "files/counter_set.h"
#include "gui/charts/view_data.h"
#include "gui/window/view_settings.h"

#include <QColor>
#include <QString>
#include <QVector>

#include <optional>

namespace wpo {
struct CounterPath;
}

namespace perfscope::gui {

ViewSettings from_core(const files::ViewSettings& settings);
files::ViewSettings to_core(const ViewSettings& settings);

// Whether `series` is one of the series the path stands for: same object and
// counter (or "\*"), same instance (or "(*)"), case-insensitively.
bool path_covers(const QString& path, const SeriesInfo& series);
bool path_covers(const wpo::CounterPath& path, const SeriesInfo& series);

// How a counter set names a series' instance: "bash:1234", or
// "parent/instance" for an object with parents (a thread).
QString instance_key(const SeriesInfo& series);

// The presentation a set gives a path's series: all of them (`instance`
// empty) or the one instance named; `removed`: that instance stays out.
struct SeriesLook {
    QString path;
    std::optional<QColor> color;
    std::optional<int> scale_exponent;
    bool visible = true;
    QString instance;
    bool removed = false;
};

// The looks a set's counter gives: its instances' first, then its own.
QVector<SeriesLook> looks_of(const files::CounterSetEntry& entry);

}  // namespace perfscope::gui
