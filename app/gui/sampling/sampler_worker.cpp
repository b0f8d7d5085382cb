// SPDX-License-Identifier: Apache-2.0
#include "gui/sampling/sampler_worker.h"

#include <QDateTime>

#include <algorithm>
#include <chrono>

namespace perfscope::gui {

namespace {
// The first interval after creating an entity: its first sample was taken at
// creation, so a value (even a rate) can be plotted this soon, instead of a
// whole interval after the view starts.
constexpr int kFirstValueMs = 150;
}  // namespace

SamplerWorker::SamplerWorker(SourceHub& hub, int interval_ms)
    : m_hub(hub), m_interval_ms(interval_ms), m_tracker(hub.names(), hub.system_name())
{}

SamplerWorker::~SamplerWorker() = default;

wpo::SnapshotOptions SamplerWorker::snapshot_options() const
{
    wpo::SnapshotOptions options;
    options.cache = &m_hub.cache();
    options.decode.cap_percent = m_cap_percent;
    // A copy older than half an interval belongs to the previous interval.
    options.max_age = std::chrono::milliseconds(std::max(1, m_interval_ms / 2));
    // \Process(*)\% Processor Time then reads one file per process, not four.
    options.collect_only_requested = true;
    return options;
}

void SamplerWorker::start()
{
    if (quitRequested())
        return;
    if (!m_timer) {
        m_timer = new QTimer(this);
        m_timer->setTimerType(Qt::PreciseTimer);
        connect(m_timer, &QTimer::timeout, this, &SamplerWorker::sampleOnce);
    }
    m_running = true;
    const bool first = !m_snapshot && !m_retired;
    m_timer->start(first ? std::min(m_interval_ms, kFirstValueMs) : m_interval_ms);
    // Create the entity now, so its first sample is taken one short interval
    // before the first plotted value.
    if (first && !m_tracker.counters().isEmpty()) {
        SampleBatch batch;
        if (!ensure_snapshot(batch))
            finish(batch);
    }
}

void SamplerWorker::stop()
{
    m_running = false;
    if (m_timer)
        m_timer->stop();
}

void SamplerWorker::retire_snapshot()
{
    // The entity's request and max_age are fixed at creation, so a changed
    // view needs a new one. The old one is sampled once more at the next tick
    // (the series that stay get that interval's values) and the new one takes
    // its first sample in the same tick: no interval of an existing series is
    // lost, and a new counter's first interval is empty as at any start.
    if (m_snapshot)
        m_retired = std::move(m_snapshot);
}

void SamplerWorker::setCounters(const QVector<ViewCounter>& counters)
{
    const auto before = m_tracker.requests();
    m_tracker.set_counters(counters);
    const auto after = m_tracker.requests();
    const bool same = before.size() == after.size() &&
                      std::equal(before.begin(), before.end(), after.begin(), [](const auto& a, const auto& b) {
                          return a.object_index == b.object_index && a.counter_index == b.counter_index;
                      });
    if (same && (m_snapshot || m_retired))
        return;
    if (after.empty()) {
        m_snapshot.reset();
        m_retired.reset();
        return;
    }
    retire_snapshot();
    // Nothing sampled yet: start as a new view does (first value soon).
    if (m_running && !m_retired)
        start();
}

void SamplerWorker::setIntervalMs(int interval_ms)
{
    if (interval_ms == m_interval_ms)
        return;
    m_interval_ms = interval_ms;
    retire_snapshot();  // max_age follows the interval
    if (m_running)
        start();
}

void SamplerWorker::setCapPercent(bool cap)
{
    if (cap == m_cap_percent)
        return;
    m_cap_percent = cap;
    m_snapshot.reset();  // decode options are fixed at creation
    if (m_running)
        start();
}

void SamplerWorker::removeSeries(quint64 series)
{
    m_tracker.suppress(series);
}

void SamplerWorker::restoreSeries(quint64 series)
{
    m_tracker.unsuppress(series);
}

bool SamplerWorker::ensure_snapshot(SampleBatch& batch)
{
    if (m_snapshot)
        return true;
    const auto requests = m_tracker.requests();
    if (requests.empty())
        return false;
    auto created = wpo::Snapshot::create(m_hub.shared(), wpo::SnapshotType::custom, requests, snapshot_options());
    if (!created) {
        batch.error = QString::fromStdString(created.error().describe());
        return false;
    }
    m_snapshot = std::move(*created);
    return false;  // its first sample is taken; values come next interval
}

void SamplerWorker::finish(SampleBatch& batch)
{
    batch.time_ms = QDateTime::currentMSecsSinceEpoch();
    const std::uint64_t queries = SourceHub::queries_on_this_thread();
    const std::uint64_t objects = SourceHub::objects_queried_on_this_thread();
    batch.source_queries = queries - m_queries_reported;
    const std::uint64_t queried = objects - m_objects_reported;
    m_queries_reported = queries;
    m_objects_reported = objects;
    if (m_snapshot && batch.error.isEmpty()) {
        // Objects the entity needed and did not ask the source for came from the cache.
        std::uint64_t wanted = 0;
        std::uint32_t last = 0;
        for (const wpo::CounterRequest& r : m_tracker.requests()) {  // sorted by object
            wanted += r.object_index != last ? 1 : 0;
            last = r.object_index;
        }
        batch.cache_hits = wanted > queried ? wanted - queried : 0;
    }
    emit batchReady(batch);
}

void SamplerWorker::sampleOnce()
{
    if (quitRequested())
        return;
    if (m_timer && m_timer->interval() != m_interval_ms)
        m_timer->setInterval(m_interval_ms);
    SampleBatch batch;
    if (!m_snapshot && m_retired) {
        // The view changed since the last tick: the old entity's values for
        // the series that stay, then the new entity's first sample.
        std::unique_ptr<wpo::Snapshot> retired = std::move(m_retired);
        const wpo::Status status = sample_into(*retired, batch);
        retired.reset();
        if (quitRequested())
            return;
        SampleBatch created;
        (void)ensure_snapshot(created);
        if (!status)
            batch.error = QString::fromStdString(status.error().describe());
        else if (!created.error.isEmpty())
            batch.error = created.error;
        finish(batch);
        return;
    }
    if (!ensure_snapshot(batch)) {
        if (!batch.error.isEmpty())
            finish(batch);
        return;
    }
    if (wpo::Status status = sample_into(*m_snapshot, batch); !status)
        batch.error = QString::fromStdString(status.error().describe());
    finish(batch);
}

wpo::Status SamplerWorker::sample_into(wpo::Snapshot& snapshot, SampleBatch& batch)
{
    wpo::Status status = snapshot.prepare();
    if (status) {
        if (auto sampled = snapshot.sample(); !sampled)
            status = sampled.error();
    }
    if (status) {
        if (auto decoded = snapshot.decode(); !decoded)
            status = decoded.error();
    }
    if (status)
        status = m_tracker.collect(snapshot, batch);
    if (!status) {
        // The view keeps its history and shows the message; the next interval tries again.
        batch.added.clear();
        batch.ended.clear();
        batch.points.clear();
    }
    return status;
}

}  // namespace perfscope::gui
