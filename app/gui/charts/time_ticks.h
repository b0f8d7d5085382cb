// SPDX-License-Identifier: Apache-2.0
// Where the time axis of a line view puts its ticks: at round local times
// (every 5 s, 1 min, 6 h, ...) that scroll with the data, as a strip chart's
// ticks do, rather than at fixed fractions of the plot whose labels would all
// change with every sample. The step is the smallest "nice" one whose ticks
// lie far enough apart in pixels for their labels; the label format follows
// the step (milliseconds only below a second, no seconds from a minute up).
#pragma once

#include <QString>
#include <QtGlobal>

#include <functional>
#include <vector>

namespace perfscope::gui {

struct TimeScale {
    qint64 step_ms = 0;
    QString format;  // QDateTime::toString format of the labels
};

// The nice steps, ascending: 1-2-5 from 1 ms to 500 ms, then 1, 2, 5, 10, 15,
// 30 s, 1, 2, 5, 10, 15, 30 min, 1, 2, 3, 6, 12 h, 1, 2, 7, 14, 28 days.
const std::vector<qint64>& niceTimeSteps();

// The label format for ticks `step_ms` apart over a window of `span_ms`.
QString timeLabelFormat(qint64 step_ms, qint64 span_ms);

// The smallest nice step whose ticks are at least `min_spacing_px(format)`
// apart on a plot `width_px` wide showing `span_ms`; the largest step when
// none is wide enough. span_ms and width_px must be positive.
TimeScale chooseTimeScale(qint64 span_ms, double width_px, const std::function<double(const QString&)>& min_spacing_px);

// The ticks in [from_ms, to_ms]: the times whose local time (UTC + offset_ms)
// is a multiple of step_ms, ascending, into `out` (cleared first).
void tickTimes(qint64 from_ms, qint64 to_ms, qint64 step_ms, qint64 offset_ms, std::vector<qint64>& out);

}  // namespace perfscope::gui
