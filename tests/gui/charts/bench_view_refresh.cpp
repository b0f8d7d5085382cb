// SPDX-License-Identifier: Apache-2.0
// What one view costs per batch on the GUI thread: ViewData::append plus the
// coalesced refresh (decimation, QXYSeries::replace, legend statistics), for
// the cases of the GUI thread's budget (well under 50 ms with 2,000 series). Prints RESULT lines (median, min, max over
// the runs); never fails on timing. Label bench: not part of ctest -L gui.
#include "chart_test_data.h"
#include "gui/charts/view_widget.h"

#include <QElapsedTimer>
#include <QTest>

#include <algorithm>
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
};

QTEST_MAIN(BenchViewRefresh)
#include "bench_view_refresh.moc"
