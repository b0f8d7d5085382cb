// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/hover_readout.h"

#include "gui/charts/value_format.h"

#include <QDateTime>

namespace perfscope::gui {

qsizetype HoverReadout::nearestPoint(const SeriesHistory& history, qint64 time_ms)
{
    if (history.isEmpty())
        return -1;
    qsizetype i = history.lowerBound(time_ms);
    if (i == history.size())
        return i - 1;
    if (i > 0 && time_ms - history.timeAt(i - 1) <= history.timeAt(i) - time_ms)
        return i - 1;
    return i;
}

QString HoverReadout::text(const ViewSeries& series, qint64 time_ms)
{
    QStringList lines;
    lines << (series.info.path.isEmpty() ? series.displayName() : series.info.path);
    lines << tr("Counter: %1").arg(series.info.counter);
    if (!series.info.instance.isEmpty())
        lines << (series.ended ? tr("Instance: %1 (ended)") : tr("Instance: %1")).arg(series.info.instance);
    const qsizetype i = nearestPoint(series.history, time_ms);
    if (i < 0) {
        lines << tr("No values yet");
        return lines.join(QLatin1Char('\n'));
    }
    const SeriesHistory& h = series.history;
    if (!h.validAt(i)) {
        lines << tr("Value: no value");
    } else if (series.scaleFactor() == 1.0) {
        lines << tr("Value: %1").arg(formatValue(h.valueAt(i), series.info.unit, ValueDetail::table));
    } else {
        // The line is drawn at value x scale: say both, so the axis reads right.
        lines << tr("Value: %1 (drawn × %2 = %3)")
                     .arg(formatValue(h.valueAt(i), series.info.unit, ValueDetail::table),
                          QString::number(series.scaleFactor(), 'g', 6),
                          QString::number(h.valueAt(i) * series.scaleFactor(), 'g', 4));
    }

    lines << tr("Time: %1")
                 .arg(QDateTime::fromMSecsSinceEpoch(h.timeAt(i)).toString(QStringLiteral("yyyy-MM-dd hh:mm:ss.zzz")));
    return lines.join(QLatin1Char('\n'));
}

}  // namespace perfscope::gui
