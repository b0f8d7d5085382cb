// SPDX-License-Identifier: Apache-2.0
// What one view costs per batch on the GUI thread: ViewData::append plus the
// coalesced refresh (decimation, QXYSeries::replace, legend statistics), for
// the cases of the GUI thread's budget (well under 50 ms with 2,000 series). Prints RESULT lines (median, min, max over
// the runs); never fails on timing. Labels gui and bench: the dev preset's tests leave it out.
#include "chart_test_data.h"
#include "gui/charts/view_widget.h"

#include <QElapsedTimer>
#include <QEvent>
#include <QGraphicsView>
#include <QTest>

#include <algorithm>
#include <ctime>
#include <cstdio>
#include <vector>

using namespace perfscope::gui;
using namespace perfscope::gui::test;

namespace {

void report(const char* name, std::vector<double> us)
{
    std::sort(us.begin(), us.end());
    std::printf("RESULT %s %.1f us (min %.1f, max %.1f, %zu runs)\n", name, us[us.size() / 2], us.front(), us.back(),
                us.size());
}

// `series` series at `step_ms`, history pre-filled for `prefill` steps, then
// `runs` batches each followed by a refresh.
void run(const char* name, int series, qint64 step_ms, double window_s, int prefill, int runs)
{
    ViewData data;
    ViewWidget view(&data);
    view.resize(1000, 700);
    view.setTimeWindow(window_s);
    view.show();
    fill_view(data, series, prefill, -1, -1, step_ms);
    view.refresh();
    QCoreApplication::processEvents();
    view.refresh();
    std::vector<double> us;
    QElapsedTimer timer;
    for (int r = 0; r < runs; ++r) {
        SampleBatch b;
        b.time_ms = kT0 + step_ms * (prefill + r);
        for (int k = 1; k <= series; ++k)
            b.points.append({quint64(k), wave(quint64(k), prefill + r), true});
        timer.start();
        data.append(b);
        view.refresh();
        us.push_back(double(timer.nsecsElapsed()) / 1000.0);
    }
    report(name, us);
}

// Counts the paint events of the object it filters.
class PaintCounter : public QObject {
public:
    int count = 0;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint)
            ++count;
        return QObject::eventFilter(watched, event);
    }
};

double thread_cpu_us()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e6 + double(ts.tv_nsec) / 1e3;
}

// A view over every process of a machine where `per_second` processes end and
// as many start every second, `live` at a time (each lives live / per_second
// seconds), two counters each (a rate, mostly idle, and a size, mostly
// constant), window 100 s: what one second costs the GUI thread (the batch,
// the refresh with the legend's statistics, the paint) once the window holds
// its share of ended processes, in the thread's CPU time.
void run_churn(const char* name, int live, int per_second, int seconds)
{
    ViewData data;
    ViewWidget view(&data);
    view.setMinRefreshInterval(0);
    view.resize(1600, 1000);
    view.setTimeWindow(100);
    view.show();
    // Process p lives from second p / per_second - live / per_second (the
    // first `live` started before the view) to p / per_second; its series
    // are 2p + 1 and 2p + 2.
    const auto value = [](int p, int counter, int second) {
        if (counter == 0)
            return p % 4 == 0 ? 2.0 + double((p * 7 + second) % 5) : 0.0;
        return 4096.0 * double(100 + p % 37) + (p % 8 == 0 ? 4096.0 * double(second % 3) : 0.0);
    };
    auto* plot = view.findChild<QGraphicsView*>();
    if (!plot)
        qFatal("the view has no plot");
    PaintCounter paints;
    plot->viewport()->installEventFilter(&paints);
    std::vector<double> us;
    std::vector<int> paints_per_batch;
    const int warm_up = 110;
    for (int second = 0; second < warm_up + seconds; ++second) {
        SampleBatch b;
        b.time_ms = kT0 + 1000 * qint64(second);
        const int first = second * per_second;  // oldest process alive this second
        for (int p = first; p < first + live; ++p) {
            const bool starts = second == 0 || p >= first + live - per_second;
            for (int counter = 0; counter < 2; ++counter) {
                const quint64 id = quint64(2 * p + counter + 1);
                if (starts)
                    b.added.append(
                        make_info(id, QStringLiteral("Process"),
                                  counter == 0 ? QStringLiteral("% Processor Time") : QStringLiteral("Working Set"),
                                  QStringLiteral("helper:%1").arg(p)));
                b.points.append({id, value(p, counter, second), true});
            }
        }
        if (second > 0)
            for (int p = first - per_second; p < first; ++p)
                b.ended << quint64(2 * p + 1) << quint64(2 * p + 2);
        const double before = thread_cpu_us();
        const int paints_before = paints.count;
        data.append(b);
        // As in the app: the refresh the batch scheduled, and the paints the
        // batch and the refresh asked for, each when the event loop gets to it.
        for (int pass = 0; pass < 4; ++pass)
            QCoreApplication::processEvents();
        if (second >= warm_up) {
            us.push_back(thread_cpu_us() - before);
            paints_per_batch.push_back(paints.count - paints_before);
        }
    }
    report(name, us);
    std::sort(paints_per_batch.begin(), paints_per_batch.end());
    std::printf("# %s: %d series of which %d ended; plot painted %d to %d times a second\n", name, data.seriesCount(),
                data.endedCount(), paints_per_batch.front(), paints_per_batch.back());
}

}  // namespace

class BenchViewRefresh : public QObject {
    Q_OBJECT
private slots:
    void refreshCost()
    {
        run("gui_view_batch_50_series_100s_window_us", 50, 1000, 100, 200, 200);
        run("gui_view_batch_20_series_100ms_100s_window_us", 20, 100, 100, 2000, 200);
        run("gui_view_batch_10_series_24h_window_full_history_us", 10, 1000, 86'400, 86'400, 100);
        QVERIFY(true);  // figures only
    }

    void processChurnCost()
    {
        run_churn("gui_view_second_600_processes_20_churning_us", 600, 20, 30);
        QVERIFY(true);  // figures only
    }
};

QTEST_MAIN(BenchViewRefresh)
#include "gui_view_refresh_bench.moc"
