// SPDX-License-Identifier: Apache-2.0
#include "gui/charts/time_ticks.h"

namespace perfscope::gui {
namespace {

constexpr qint64 kSecond = 1000;
constexpr qint64 kMinute = 60 * kSecond;
constexpr qint64 kHour = 60 * kMinute;
constexpr qint64 kDay = 24 * kHour;

// Floor division: local times before 1970 have negative milliseconds.
qint64 floor_div(qint64 a, qint64 b)
{
    const qint64 q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

}  // namespace

const std::vector<qint64>& niceTimeSteps()
{
    static const std::vector<qint64> steps = {1,
                                              2,
                                              5,
                                              10,
                                              20,
                                              50,
                                              100,
                                              200,
                                              500,
                                              kSecond,
                                              2 * kSecond,
                                              5 * kSecond,
                                              10 * kSecond,
                                              15 * kSecond,
                                              30 * kSecond,
                                              kMinute,
                                              2 * kMinute,
                                              5 * kMinute,
                                              10 * kMinute,
                                              15 * kMinute,
                                              30 * kMinute,
                                              kHour,
                                              2 * kHour,
                                              3 * kHour,
                                              6 * kHour,
                                              12 * kHour,
                                              kDay,
                                              2 * kDay,
                                              7 * kDay,
                                              14 * kDay,
                                              28 * kDay};
    return steps;
}

QString timeLabelFormat(qint64 step_ms, qint64 span_ms)
{
    if (step_ms >= kDay)
        return QStringLiteral("MM-dd");
    if (span_ms > 2 * kDay)
        return QStringLiteral("MM-dd hh:mm");
    if (step_ms >= kMinute)
        return QStringLiteral("hh:mm");
    if (step_ms >= kSecond)
        return QStringLiteral("hh:mm:ss");
    return QStringLiteral("hh:mm:ss.zzz");
}

TimeScale chooseTimeScale(qint64 span_ms, double width_px, const std::function<double(const QString&)>& min_spacing_px)
{
    const std::vector<qint64>& steps = niceTimeSteps();
    for (qint64 step : steps) {
        const QString format = timeLabelFormat(step, span_ms);
        if (double(step) / double(span_ms) * width_px >= min_spacing_px(format))
            return {step, format};
    }
    return {steps.back(), timeLabelFormat(steps.back(), span_ms)};
}

void tickTimes(qint64 from_ms, qint64 to_ms, qint64 step_ms, qint64 offset_ms, std::vector<qint64>& out)
{
    out.clear();
    // More ticks than pixels means a step no caller chose: draw none.
    if (step_ms <= 0 || to_ms < from_ms || (to_ms - from_ms) / step_ms > 100'000)
        return;
    // The first multiple of the step at or after from, in local time.
    qint64 local = floor_div(from_ms + offset_ms, step_ms) * step_ms;
    if (local < from_ms + offset_ms)
        local += step_ms;
    for (; local - offset_ms <= to_ms; local += step_ms)
        out.push_back(local - offset_ms);
}

}  // namespace perfscope::gui
