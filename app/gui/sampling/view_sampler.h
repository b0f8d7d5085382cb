// SPDX-License-Identifier: Apache-2.0
// One view's sampling, owned by the GUI thread: a worker thread of its own
// running a SamplerWorker (the view's Custom snapshot entity on the shared
// cache, its timer). Sampling never runs on the GUI thread; batches arrive
// through batchReady(), a queued signal, one per interval.
//
//   ViewSampler sampler(hub, 1.0);
//   connect(&sampler, &ViewSampler::batchReady, viewData, &ViewData::append);
//   sampler.setCounters({...});
//   sampler.start();
#pragma once

#include "gui/data/sample_batch.h"
#include "gui/sampling/source_hub.h"
#include "gui/sampling/view_counter.h"

#include <QObject>
#include <QThread>

namespace perfscope::gui {

class SamplerWorker;

class ViewSampler : public QObject {
    Q_OBJECT
public:
    ViewSampler(SourceHub& hub, double interval_s, QObject* parent = nullptr);
    // Returns at once, even while the worker is inside a slow collection:
    // the worker stops through a flag and is deleted when its thread ends.
    ~ViewSampler() override;

    void setCounters(const QVector<ViewCounter>& counters);
    void addCounters(const QVector<ViewCounter>& counters);
    const QVector<ViewCounter>& counters() const { return m_counters; }
    // Clamped to files::kMinIntervalS..kMaxIntervalS (files/view_limits.h).
    void setInterval(double seconds);
    double interval() const { return m_interval_s; }
    // Percentages capped at 100 (PDH's default); off by default, as the CLI.
    void setCapPercent(bool cap);
    bool capPercent() const { return m_cap_percent; }
    // The view dropped this series: the sampler stops sending its points.
    void removeSeries(quint64 series);
    // A removal undone: its points come again.
    void restoreSeries(quint64 series);
    void start();
    void stop();
    bool isRunning() const { return m_running; }
    // One interval now, whatever the timer (tests).
    void sampleNow();
    // The object on the worker thread (tests watch it go after the sampler).
    QObject* worker() const;

    static double clampInterval(double seconds);

signals:
    void batchReady(const perfscope::gui::SampleBatch& batch);

private:
    SourceHub& m_hub;
    QThread* m_thread = nullptr;  // handed to the hub's RetiredThreads at destruction
    SamplerWorker* m_worker = nullptr;
    QVector<ViewCounter> m_counters;
    double m_interval_s = 1.0;
    bool m_cap_percent = false;
    bool m_running = false;
};

}  // namespace perfscope::gui
