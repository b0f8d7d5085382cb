// SPDX-License-Identifier: Apache-2.0
// The part of a ViewSampler that lives on the view's worker thread: the
// view's Custom snapshot entity (sharing the hub's cache with every other
// view and the browser), its timer and its SeriesTracker. Every slot runs on
// that thread; results leave only as batchReady() (a queued signal).
#pragma once

#include "gui/data/sample_batch.h"
#include "gui/sampling/series_tracker.h"
#include "gui/sampling/source_hub.h"
#include "gui/sampling/view_counter.h"
#include "snapshot/snapshot.h"

#include <QObject>
#include <QTimer>

#include <atomic>
#include <memory>

namespace perfscope::gui {

class SamplerWorker : public QObject {
    Q_OBJECT
public:
    SamplerWorker(SourceHub& hub, int interval_ms);
    ~SamplerWorker() override;

    // Any thread: no collection starts after this (one under way finishes);
    // the owner then lets the thread quit without waiting for it.
    void requestQuit() { m_quit.store(true, std::memory_order_relaxed); }
    bool quitRequested() const { return m_quit.load(std::memory_order_relaxed); }

public slots:
    void start();
    void stop();
    void setCounters(const QVector<perfscope::gui::ViewCounter>& counters);
    void setIntervalMs(int interval_ms);
    // Percentages capped at 100 as PDH's default does; off by default, as
    // perfscope-cli query decodes.
    void setCapPercent(bool cap);
    void removeSeries(quint64 series);
    void restoreSeries(quint64 series);
    // One interval now (the timer calls it; tests may too).
    void sampleOnce();

signals:
    void batchReady(const perfscope::gui::SampleBatch& batch);

private:
    bool ensure_snapshot(SampleBatch& batch);
    void finish(SampleBatch& batch);
    void retire_snapshot();
    // One prepare/sample/decode/collect cycle of `snapshot`; on failure the batch is emptied.
    wpo::Status sample_into(wpo::Snapshot& snapshot, SampleBatch& batch);
    wpo::SnapshotOptions snapshot_options() const;

    SourceHub& m_hub;
    int m_interval_ms;
    bool m_cap_percent = false;
    QTimer* m_timer = nullptr;  // created on the worker thread by start()
    SeriesTracker m_tracker;
    std::unique_ptr<wpo::Snapshot> m_snapshot;
    std::unique_ptr<wpo::Snapshot> m_retired;  // the entity before the view changed, sampled once more
    bool m_running = false;
    std::atomic<bool> m_quit{false};
    std::uint64_t m_queries_reported = 0;
    std::uint64_t m_objects_reported = 0;
};

}  // namespace perfscope::gui
