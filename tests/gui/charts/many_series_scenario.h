// SPDX-License-Identifier: Apache-2.0
// A view following a busy machine's processes: 2,000 series of which 1,500
// have ended, built from batches by formula; the steps a user takes with it
// (every graph type, sorting, the ended filter, adding and removing series,
// new data); and an event-loop watchdog that records the longest time the GUI
// thread went without running its timers. The unit test checks what the steps
// do, the benchmark reports how long the longest one took.
#pragma once

#include "chart_test_data.h"
#include "gui/charts/legend_model.h"
#include "gui/charts/view_widget.h"

#include <QElapsedTimer>
#include <QTableView>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace perfscope::gui::test {

// Series k (1..total): ended when k % 4 != 0 while ended == 3/4 of total (else
// the last `ended` ids), at step end_step(k); a distinct level per series so
// the order by value is known: (k * 37) mod 2003 plus a wobble below 0.5.
struct ManySeries {
    int total = 2000;
    int ended = 1500;
    int steps = 300;

    bool endsEver(int k) const { return ended * 4 == total * 3 ? k % 4 != 0 : k > total - ended; }
    int endStep(int k) const { return 10 + (k * 7) % (steps - 20); }
    static double level(int k) { return double((k * 37) % 2003); }
    static double value(int k, int i) { return level(k) + 0.25 * std::sin(i * 0.1 + k); }
    bool liveAt(int k, int i) const { return !endsEver(k) || i < endStep(k); }
};

inline SeriesInfo process_info(int k)
{
    return make_info(quint64(k), QStringLiteral("Process"), QStringLiteral("% Processor Time"),
                     QStringLiteral("proc%1:%2").arg(k % 50).arg(1000 + k));
}

inline SampleBatch many_batch(const ManySeries& m, int i)
{
    SampleBatch b;
    b.time_ms = kT0 + 1000 * qint64(i);
    if (i == 0) {
        for (int k = 1; k <= m.total; ++k)
            b.added.append(process_info(k));
    }
    for (int k = 1; k <= m.total; ++k) {
        if (m.liveAt(k, i))
            b.points.append({quint64(k), ManySeries::value(k, i), true});
        else if (m.endsEver(k) && i == m.endStep(k))
            b.ended.append(quint64(k));
    }
    return b;
}

inline void fill_many(ViewData& data, const ManySeries& m)
{
    for (int i = 0; i < m.steps; ++i)
        data.append(many_batch(m, i));
}

// Ticks every millisecond; the longest gap between two ticks is the longest
// the event loop was kept from running (one event, or code between waits).
class StallWatch {
public:
    StallWatch()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(1);
        QObject::connect(&m_timer, &QTimer::timeout, [this] { tick(); });
    }
    void start()
    {
        m_clock.start();
        m_last = 0;
        m_timer.start();
    }
    void stop() { m_timer.stop(); }
    // What the test does between steps is not the GUI's: the gap starts here.
    void mark() { m_last = m_clock.nsecsElapsed(); }
    double maxGapMs() const { return double(m_max) / 1e6; }
    const std::string& worst() const { return m_worst; }
    // The longest gap while each step (and what it scheduled) ran.
    std::map<std::string, double> maxGapMsByStep() const
    {
        std::map<std::string, double> ms;
        for (const auto& [step, ns] : m_step_max)
            ms[step] = double(ns) / 1e6;
        return ms;
    }
    void setStep(std::string step) { m_step = std::move(step); }

private:
    void tick()
    {
        const qint64 now = m_clock.nsecsElapsed();
        qint64& step_max = m_step_max[m_step];
        step_max = std::max(step_max, now - m_last);
        if (now - m_last > m_max) {
            m_max = now - m_last;
            m_worst = m_step;
        }
        m_last = now;
    }

    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_max = 0;
    std::string m_step;
    std::string m_worst;
    std::map<std::string, qint64> m_step_max;
};

struct StepTime {
    std::string name;
    double ms = 0.0;  // the call itself; what it scheduled shows in the watchdog
};

// Runs `action` as a GUI-thread step, then lets the loop run the refresh and
// the paint it scheduled (the watchdog sees those).
class ScenarioRunner {
public:
    explicit ScenarioRunner(StallWatch& watch) : m_watch(watch) {}
    void step(const std::string& name, const std::function<void()>& action)
    {
        m_watch.setStep(name);
        m_watch.mark();
        QElapsedTimer timer;
        timer.start();
        action();
        m_steps.push_back({name, double(timer.nsecsElapsed()) / 1e6});
        QTest::qWait(40);
    }
    const std::vector<StepTime>& steps() const { return m_steps; }
    StepTime longest() const
    {
        StepTime worst;
        for (const StepTime& s : m_steps)
            worst = s.ms > worst.ms ? s : worst;
        return worst;
    }

private:
    StallWatch& m_watch;
    std::vector<StepTime> m_steps;
};

// The user's steps over a shown view of `m` (data already filled up to
// m.steps); `check` runs after each named step (outside the measured time).
inline void run_many_series_steps(ViewWidget& w, ViewData& data, const ManySeries& m, ScenarioRunner& run,
                                  const std::function<void(const std::string&)>& check = {})
{
    const auto after = [&](const std::string& name) {
        if (check)
            check(name);
    };
    using Kind = ViewWidget::Kind;
    int step = m.steps;
    const auto next_batch = [&] {
        data.append(many_batch(m, step));
        ++step;
    };
    for (Kind kind : {Kind::Histogram, Kind::Report, Kind::Line, Kind::Histogram, Kind::Report, Kind::Line}) {
        run.step("kind", [&] { w.setKind(kind); });
        after("kind");
        run.step("batch", next_batch);
    }
    // Last at the end: the batches after it reorder the legend as values change.
    for (int column :
         {int(LegendModel::Instance), int(LegendModel::Maximum), int(LegendModel::Counter), int(LegendModel::Last)}) {
        run.step("sort", [&] { w.legendView()->sortByColumn(column, Qt::DescendingOrder); });
        after("sort");
    }
    run.step("show ended", [&] { w.setShowEnded(true); });
    after("show ended");
    run.step("batch", next_batch);
    run.step("hide ended", [&] { w.setShowEnded(false); });
    after("hide ended");
    run.step("add 100 series", [&] {
        SampleBatch b = many_batch(m, step++);
        for (int k = m.total + 1; k <= m.total + 100; ++k) {
            b.added.append(process_info(k));
            b.points.append({quint64(k), ManySeries::value(k, step), true});
        }
        data.append(b);
    });
    after("add 100 series");
    run.step("remove 10 series", [&] {
        for (int i = 0; i < 10; ++i)
            data.removeSeries(data.seriesCount() - 1 - 5 * i);
    });
    after("remove 10 series");
    for (Kind kind : {Kind::Histogram, Kind::Report, Kind::Line}) {
        run.step("kind", [&] { w.setKind(kind); });
        for (int i = 0; i < 3; ++i)
            run.step("batch", next_batch);
        // Past the legend's once-a-second statistics, so they come in too.
        QTest::qWait(1000);
    }
    run.step("remove ended", [&] { w.removeEnded(); });
    after("remove ended");
    run.step("refresh", [&] { w.refresh(); });
    after("refresh");
}

}  // namespace perfscope::gui::test
