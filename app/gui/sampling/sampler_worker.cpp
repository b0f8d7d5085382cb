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
{
}

SamplerWorker::~SamplerWorker() = default;

wpo::SnapshotOptions SamplerWorker::snapshot_options() const
{
    wpo::SnapshotOptions options;
    options.cache = &m_hub.cache();
    options.decode.cap_percent = m_cap_percent;
    // A copy older than half an interval belongs to the previous interval.
    options.max_age = std::chrono::milliseconds(std::max(1, m_interval_ms / 2));
    return options;
}

void SamplerWorker::start()
{
    if (!m_timer) {
        m_timer = new QTimer(this);
        m_timer->setTimerType(Qt::PreciseTimer);
        connect(m_timer, &QTimer::timeout, this, &SamplerWorker::sampleOnce);
    }
    m_running = true;
    m_timer->start(m_snapshot ? m_interval_ms : std::min(m_interval_ms, kFirstValueMs));
    // Create the entity now, so its first sample is taken one short interval
    // before the first plotted value.
    if (!m_snapshot && !m_tracker.counters().isEmpty()) {
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

void SamplerWorker::setCounters(const QVector<ViewCounter>& counters)
{
    const auto before = m_tracker.requests();
    m_tracker.set_counters(counters);
    const auto after = m_tracker.requests();
    const bool same = before.size() == after.size() &&
                      std::equal(before.begin(), before.end(), after.begin(), [](const auto& a, const auto& b) {
                          return a.object_index == b.object_index && a.counter_index == b.counter_index;
                      });
    if (same && m_snapshot)
        return;
    // A snapshot's request is fixed at creation: a new one (series keep their
    // ids, since they are keyed by identity, not by entity).
    m_snapshot.reset();
    if (m_running && !counters.isEmpty())
        start();
}

void SamplerWorker::setIntervalMs(int interval_ms)
{
    m_interval_ms = interval_ms;
    m_snapshot.reset();  // max_age follows the interval
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
    if (m_timer && m_timer->interval() != m_interval_ms)
        m_timer->setInterval(m_interval_ms);
    SampleBatch batch;
    if (!ensure_snapshot(batch)) {
        if (!batch.error.isEmpty())
            finish(batch);
        return;
    }
    wpo::Snapshot& snapshot = *m_snapshot;
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
        batch.error = QString::fromStdString(status.error().describe());
    }
    finish(batch);
}

}  // namespace perfscope::gui
