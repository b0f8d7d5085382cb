// SPDX-License-Identifier: Apache-2.0
// The longest GUI-thread stall of a view with 2,000 series of which 1,500
// have ended, over the steps a user takes with it (every graph type, sorting
// and filtering the legend, adding and removing series, new data, "Remove
// ended"): the longest of each step's own time and the event-loop watchdog's
// longest gap (which also holds the refreshes and paints the steps caused).
// Prints RESULT lines (median, min, max over the runs); never fails on timing.
#include "../gui/charts/many_series_scenario.h"

#include <QApplication>

#include <algorithm>
#include <cstdio>
#include <map>
#include <vector>

using namespace perfscope::gui;
using namespace perfscope::gui::test;

namespace {

struct Run {
    double max_stall_ms = 0.0;
    std::string worst;
    std::map<std::string, double> step_max_ms;
    std::map<std::string, double> gap_max_ms;
};

Run run_once()
{
    const ManySeries m;
    ViewData data;
    ViewWidget w(&data);
    w.setMinRefreshInterval(0);
    w.resize(1200, 800);
    fill_many(data, m);
    w.show();
    if (!QTest::qWaitForWindowExposed(&w))
        std::printf("window not exposed\n");
    QTest::qWait(100);
    StallWatch watch;
    watch.start();
    ScenarioRunner runner(watch);
    run_many_series_steps(w, data, m, runner);
    watch.stop();
    Run run;
    run.max_stall_ms = watch.maxGapMs();
    run.worst = watch.worst();
    run.gap_max_ms = watch.maxGapMsByStep();
    for (const StepTime& s : runner.steps()) {
        double& worst = run.step_max_ms[s.name];
        worst = std::max(worst, s.ms);
        if (s.ms > run.max_stall_ms) {
            run.max_stall_ms = s.ms;
            run.worst = s.name;
        }
    }
    return run;
}

void report(const char* metric, std::vector<double> ms, const char* note)
{
    std::sort(ms.begin(), ms.end());
    std::printf("RESULT %s %.1f ms (median of %zu; min %.1f, max %.1f%s)\n", metric, ms[ms.size() / 2], ms.size(),
                ms.front(), ms.back(), note);
}

}  // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const int runs = qEnvironmentVariableIntValue("PERFSCOPE_BENCH_RUNS") > 0
                         ? qEnvironmentVariableIntValue("PERFSCOPE_BENCH_RUNS")
                         : 5;
    std::vector<double> stalls;
    std::map<std::string, std::vector<double>> steps;
    std::map<std::string, std::vector<double>> gaps;
    for (int r = 0; r < runs; ++r) {
        const Run run = run_once();
        stalls.push_back(run.max_stall_ms);
        std::printf("run %d: longest %.1f ms (%s)\n", r + 1, run.max_stall_ms, run.worst.c_str());
        for (const auto& [name, ms] : run.step_max_ms)
            steps[name].push_back(ms);
        for (const auto& [name, ms] : run.gap_max_ms)
            gaps[name].push_back(ms);
    }
    const auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v.empty() ? 0.0 : v[v.size() / 2];
    };
    for (const auto& [name, ms] : steps)
        std::printf("step %-18s longest call %5.1f ms, longest event-loop gap %5.1f ms (medians over runs)\n",
                    name.c_str(), median(ms), median(gaps[name]));
    report("gui_max_stall_ms_2000_series", stalls, "; 2,000 series, 1,500 ended, 100 s window, 1200 x 800");
    return 0;
}
