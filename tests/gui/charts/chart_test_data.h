// SPDX-License-Identifier: Apache-2.0
// Synthetic series for the charts tests: deterministic values by formula, so
// tests compute what they expect from the same inputs.
#pragma once

#include "gui/charts/view_data.h"

#include <cmath>

namespace perfscope::gui::test {

constexpr qint64 kT0 = 1'763'900'000'000;  // 2025-11-23, ms since the epoch

inline SeriesInfo make_info(quint64 id, const QString& object, const QString& counter, const QString& instance = {},
                            int scale = 0)
{
    SeriesInfo s;
    s.id = id;
    s.object = object;
    s.counter = counter;
    s.instance = instance;
    s.path = instance.isEmpty() ? QStringLiteral("\\\\host\\%1\\%2").arg(object, counter)
                                : QStringLiteral("\\\\host\\%1(%2)\\%3").arg(object, instance, counter);
    s.default_scale = scale;
    return s;
}

// A new series with one value (1.0) at time_ms, as the sampler brings it.
inline void add_live(ViewData& data, const SeriesInfo& info, qint64 time_ms)
{
    SampleBatch b;
    b.time_ms = time_ms;
    b.added.append(info);
    b.points.append({info.id, 1.0, true});
    data.append(b);
}

// Value of series `id` at step i; steps in `gap_from..gap_to` are gaps for id 1.
inline double wave(quint64 id, int i)
{
    return 50.0 + 40.0 * std::sin(i * 0.05 * double(id)) + double(id) * 3.0;
}

// `steps` batches 1 s apart: series 1..n, series 1 with gaps at [gap_from, gap_to).
inline void fill_view(ViewData& data, int n, int steps, int gap_from = -1, int gap_to = -1, qint64 step_ms = 1000)
{
    for (int i = 0; i < steps; ++i) {
        SampleBatch b;
        b.time_ms = kT0 + step_ms * i;
        if (i == 0) {
            for (int k = 1; k <= n; ++k)
                b.added.append(make_info(quint64(k), k % 2 ? QStringLiteral("Processor") : QStringLiteral("Memory"),
                                         QStringLiteral("Counter %1").arg(k),
                                         k % 2 ? QStringLiteral("cpu%1").arg(k) : QString()));
        }
        for (int k = 1; k <= n; ++k)
            b.points.append({quint64(k), wave(quint64(k), i), !(k == 1 && i >= gap_from && i < gap_to)});
        data.append(b);
    }
}

}  // namespace perfscope::gui::test
