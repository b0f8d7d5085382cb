// SPDX-License-Identifier: Apache-2.0
// What the GUI knows of one plotted series: which counter of which instance,
// named as perfscope-cli names its columns. Immutable once the series exists;
// the sampler creates it, views and the legend only read it.
#pragma once

#include "gui/data/value_unit.h"

#include <QMetaType>
#include <QString>
#include <QStringView>
#include <QtGlobal>

namespace perfscope::gui {

struct SeriesInfo {
    quint64 id = 0;                    // unique in the process, never reused
    QString path;                      // \\HOST\Object(Instance)\Counter, as query columns are named
    QString object;                    // "Process"
    QString counter;                   // "% Processor Time"
    QString instance;                  // "bash:1234"; empty for single-instance objects
    QString parent;                    // "bash:1234" for a Thread; empty when none
    int default_scale = 0;             // the definition's DefaultScale: plotted value = value * 10^scale
    ValueUnit unit = ValueUnit::none;  // from the counter's name and type (unitOf)
};

}  // namespace perfscope::gui

namespace perfscope::gui {

// "\\HOST" of "\\HOST\Object(Instance)\Counter" (PerfMon's Computer); empty
// for a path without one.
inline QStringView machineOf(const QString& path)
{
    if (!path.startsWith(QLatin1String("\\\\")))
        return {};
    const qsizetype end = path.indexOf(QLatin1Char('\\'), 2);
    return end < 0 ? QStringView(path) : QStringView(path).left(end);
}

}  // namespace perfscope::gui

Q_DECLARE_METATYPE(perfscope::gui::SeriesInfo)
