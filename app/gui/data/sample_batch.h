// SPDX-License-Identifier: Apache-2.0
// One interval of one view, as a sampler hands it to the GUI thread through a
// queued signal: a batch, never single values. Series appear (an instance that
// started, a counter that was added) and end (an instance that exited) inside
// batches, so the GUI never sees a value for a series it has not been told of.
#pragma once

#include "gui/data/series_info.h"

#include <QMetaType>
#include <QString>
#include <QVector>
#include <QtGlobal>

namespace perfscope::gui {

struct SamplePoint {
    quint64 series = 0;
    double value = 0.0;  // decoded value, unscaled
    bool valid = false;  // false: no value this interval (first sample, exited, bad delta): a gap
};

struct SampleBatch {
    qint64 time_ms = 0;           // UTC, milliseconds since the Unix epoch
    QVector<SeriesInfo> added;    // series that start with this batch
    QVector<quint64> ended;       // series that ended before this batch (their instance exited)
    QVector<SamplePoint> points;  // at most one per live series
    QString error;                // non-empty: the source failed this interval (points empty)
    quint64 source_queries = 0;   // the view entity's source queries this interval (cache misses)
    quint64 cache_hits = 0;       // objects this interval found in the shared cache
};

}  // namespace perfscope::gui

Q_DECLARE_METATYPE(perfscope::gui::SampleBatch)
