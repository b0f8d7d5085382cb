// SPDX-License-Identifier: Apache-2.0
#include "gui/recording/recorded_series.h"

#include "cache/perf_object_cache.h"
#include "format/block_view.h"
#include "gui/sampling/series_tracker.h"
#include "recording/replay_source.h"
#include "snapshot/shared_source.h"
#include "snapshot/snapshot.h"

#include <QHash>

#include <algorithm>
#include <chrono>
#include <memory>

namespace perfscope::gui {
namespace {

// FILETIME and the Unix epoch are 11644473600 s apart.
constexpr std::int64_t kUnixEpochMs = 11'644'473'600'000LL;

}  // namespace

qint64 unix_ms_of_filetime(std::int64_t time_100ns)
{
    return time_100ns / 10'000 - kUnixEpochMs;
}

RecordingOutline read_recording_outline(const std::string& path)
{
    RecordingOutline out;
    auto opened = wpo::recording::ReplaySource::open(path);
    if (!opened) {
        out.error = QString::fromStdString(opened.error().describe());
        return out;
    }
    wpo::recording::ReplaySource& source = **opened;
    auto first = source.next();
    if (!first || !*first) {
        out.error =
            first ? QStringLiteral("the recording holds no sample") : QString::fromStdString(first.error().describe());
        return out;
    }
    const wpo::NameTable& names = source.info().names;
    auto block = wpo::BlockView::parse(source.current().bytes);
    if (!block) {
        out.error = QString::fromStdString(block.error().describe());
        return out;
    }
    for (const wpo::ObjectView& object : block->objects()) {
        RecordedObject recorded;
        recorded.index = object.name_index();
        recorded.name = QString::fromStdString(std::string(names.name(object.name_index())));
        if (recorded.name.isEmpty())
            recorded.name = QString::number(object.name_index());
        recorded.has_instances = object.has_instances();
        for (const wpo::CounterDefinition& counter : object.counters()) {
            QString name = QString::fromStdString(std::string(names.name(counter.name_index)));
            recorded.counters.push_back(
                {counter.name_index, name.isEmpty() ? QString::number(counter.name_index) : name});
        }
        out.objects.push_back(std::move(recorded));
    }
    return out;
}

QVector<ViewCounter> default_recording_counters(const RecordingOutline& outline)
{
    QVector<ViewCounter> out;
    for (const RecordedObject& object : outline.objects) {
        if (!object.has_instances) {
            out.push_back(
                {QStringLiteral("\\%1\\*").arg(object.name), object.index, 0, ViewCounter::Instances::none, {}, {}});
            continue;
        }
        if (object.name != QLatin1String("Processor"))
            continue;
        for (const auto& [index, name] : object.counters)
            if (name == QLatin1String("% Processor Time"))
                out.push_back({QStringLiteral("\\%1(*)\\%2").arg(object.name, name),
                               object.index,
                               index,
                               ViewCounter::Instances::all,
                               {},
                               {}});
    }
    return out;
}

namespace {

// Replays every sample of `source` for `counters` into out.series. On an
// error (or when cancelled) it says why in out.error and keeps what was read
// before it.
void replay_samples(wpo::recording::ReplaySource& source, const QVector<ViewCounter>& counters,
                    const std::atomic<bool>* cancel, RecordedSeriesSet& out)
{
    // The cache runs on the recording's clock, so a copy is fresh only for
    // the sample it was taken from.
    wpo::PerfObjectCache cache(
        wpo::CacheOptions{std::chrono::milliseconds(1), &wpo::recording::ReplaySource::clock, &source});
    wpo::SharedSource shared(source);
    SeriesTracker tracker(source.info().names, source.info().machine);
    tracker.set_counters(counters);
    const auto requests = tracker.requests();
    if (requests.empty())
        return;

    wpo::SnapshotOptions options;
    options.cache = &cache;
    options.max_age = std::chrono::milliseconds(1);
    std::unique_ptr<wpo::Snapshot> snapshot;
    QHash<quint64, qsizetype> index_of;  // series id -> position in out.series
    for (;;) {
        if (cancel && cancel->load(std::memory_order_relaxed)) {
            out.error = QStringLiteral("cancelled");
            return;
        }
        auto more = source.next();
        if (!more) {
            // A damaged chunk: what came before it stays.
            out.error = QString::fromStdString(more.error().describe());
            break;
        }
        if (!*more)
            break;
        ++out.samples;
        const qint64 time_ms = unix_ms_of_filetime(source.current().times.time_100ns);
        if (!snapshot) {
            // Created on the first sample, which it takes; values start with the second.
            auto created = wpo::Snapshot::create(shared, wpo::SnapshotType::custom, requests, options);
            if (!created) {
                out.error = QString::fromStdString(created.error().describe());
                return;
            }
            snapshot = std::move(*created);
            continue;
        }
        wpo::Status status = snapshot->prepare();
        if (status) {
            if (auto sampled = snapshot->sample(); !sampled)
                status = sampled.error();
        }
        if (status) {
            if (auto decoded = snapshot->decode(); !decoded)
                status = decoded.error();
        }
        SampleBatch batch;
        if (status)
            status = tracker.collect(*snapshot, batch);
        if (!status) {
            out.error = QString::fromStdString(status.error().describe());
            return;
        }
        for (SeriesInfo& info : batch.added) {
            index_of.insert(info.id, out.series.size());
            out.series.push_back(SeriesWithHistory{std::move(info)});
        }
        for (const SamplePoint& point : batch.points) {
            const auto it = index_of.constFind(point.series);
            if (it != index_of.constEnd())
                out.series[*it].history.append(time_ms, point.value, point.valid);
        }
    }
}

}  // namespace

RecordedSeriesSet read_recorded_series(const std::string& path, const QVector<ViewCounter>& counters,
                                       const std::atomic<bool>* cancel)
{
    RecordedSeriesSet out;
    auto opened = wpo::recording::ReplaySource::open(path);
    if (!opened) {
        out.error = QString::fromStdString(opened.error().describe());
        return out;
    }
    wpo::recording::ReplaySource& source = **opened;
    out.machine = QString::fromStdString(source.info().machine);
    const auto& chunks = source.reader().chunks();
    if (!chunks.empty()) {
        out.first_ms = unix_ms_of_filetime(chunks.front().first_time);
        out.last_ms = unix_ms_of_filetime(chunks.back().last_time);
    }
    replay_samples(source, counters, cancel, out);
    // Each history's capacity is the sample count, also after an error or a
    // cancel, so the view takes it over as it is (no copy on the GUI thread).
    for (SeriesWithHistory& series : out.series)
        series.history.setCapacity(std::max<qsizetype>(1, out.samples));
    return out;
}

}  // namespace perfscope::gui
