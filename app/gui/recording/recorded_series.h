// SPDX-License-Identifier: Apache-2.0
// A recording's series for some view counters, read off the GUI thread: the
// file is replayed through a ReplaySource, a cache on the recording's clock
// and one Custom snapshot entity, exactly as a live view samples a machine,
// and a SeriesTracker turns each recorded sample into points. So a counter no
// view had while recording comes out of the recorded blocks like any other.
#pragma once

#include "gui/charts/series_with_history.h"
#include "gui/sampling/view_counter.h"

#include <QPair>
#include <QString>
#include <QVector>

#include <atomic>
#include <cstdint>
#include <string>

namespace perfscope::gui {

struct RecordedSeriesSet {
    // Times: UTC, ms since the Unix epoch (the recorded collection times).
    // Each history's capacity is the recording's sample count.
    QVector<SeriesWithHistory> series;
    QString machine;
    qint64 first_ms = 0;  // the first and last recorded sample
    qint64 last_ms = 0;
    qsizetype samples = 0;
    QString error;  // non-empty: nothing (or only the part before the damage) was read
};

// What a recording holds, from its first sample: the objects recorded whole,
// with their counters (name index and name).
struct RecordedObject {
    std::uint32_t index = 0;
    QString name;
    bool has_instances = false;
    QVector<QPair<std::uint32_t, QString>> counters;
};

struct RecordingOutline {
    QVector<RecordedObject> objects;
    QString error;
};

// FILETIME (100 ns since 1601) to Unix milliseconds.
qint64 unix_ms_of_filetime(std::int64_t time_100ns);

// Replays the whole of `path` for `counters`. `cancel`, when set, stops it
// between samples (the view closed).
RecordingOutline read_recording_outline(const std::string& path);

// What a recording view shows when it opens: every counter of the objects
// without instances (Memory, System) and each processor's % Processor Time.
QVector<ViewCounter> default_recording_counters(const RecordingOutline& outline);

RecordedSeriesSet read_recorded_series(const std::string& path, const QVector<ViewCounter>& counters,
                                       const std::atomic<bool>* cancel = nullptr);

}  // namespace perfscope::gui
