// SPDX-License-Identifier: Apache-2.0
// The desktop app's cost, measured on the app's own code (MainWindow, views,
// samplers, ViewWidget) over the real /proc, under Xvfb:
//   gui_cpu_percent_4x50_1s    4 tiled views x 50 counters at 1 s, all visible
//   gui_cpu_percent_1x20_100ms 1 view x 20 counters at 0.1 s
//   gui_rss_growth_mb_10min    RSS growth over 10 min with the history full (CI mode: _20s, 20 s)
//   gui_history_bytes_per_value
//   gui_first_value_ms         process start to the first plotted value
//   gui_cpu_percent_process_all_1s  1 view x \Process(*)\% Processor Time and
//                              \Process(*)\Working Set (<All instances>) at 1 s, with
//                              500 helper processes besides the machine's own, 20 of
//                              them ended and 20 started every second; the value is
//                              the mean over the run (20 s, full mode 300 s) after
//                              a 110 s warm-up: the steady state, once the view's
//                              100 s window holds its full share of ended processes
// CPU is the process's user + system time (getrusage), per 5 s chunk as a
// percent of one core: median with min and max. The X server's share (its
// /proc/<pid>/stat) is printed beside it. Each scenario runs in a fresh
// process (this binary re-executed), so one's cost never leaks into another.
//
// Short CI mode by default; `--full` or PERFSCOPE_BENCH_FULL=1 for the
// README figures (60 s CPU runs, 300 s for the churning processes, 10 min
// memory run). The GUI thread's share
// of the CPU figure is printed beside it (its /proc/self/task stat).
#include "query/platform_source.h"
#include "gui/sampling/resolve_view_counters.h"
#include "gui/sampling/source_hub.h"
#include "snapshot/snapshot.h"
#include "gui/window/main_window.h"
#include "gui/window/process_cpu.h"
#include "support/churning_population.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QStandardPaths>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <numeric>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace perfscope::gui;

namespace {

bool g_full = false;

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void print_result(const char* metric, const std::vector<double>& samples, const char* unit, const std::string& note)
{
    const auto [lo, hi] = std::minmax_element(samples.begin(), samples.end());
    std::printf("RESULT %s %.3f %s (median of %zu; min %.3f, max %.3f%s%s)\n", metric, median(samples), unit,
                samples.size(), samples.empty() ? 0 : *lo, samples.empty() ? 0 : *hi, note.empty() ? "" : "; ",
                note.c_str());
    std::fflush(stdout);
}

// Seconds since this process started (/proc/self/stat field 22, in clock ticks since boot).
double process_age_s()
{
    std::ifstream stat("/proc/self/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), {});
    const auto close = text.rfind(')');
    std::vector<std::string> fields;
    std::string field;
    for (char c : text.substr(close + 2)) {
        if (c == ' ') {
            fields.push_back(field);
            field.clear();
        } else {
            field += c;
        }
    }
    const double start_ticks = std::stod(fields.at(19));  // field 22 overall
    std::ifstream uptime("/proc/uptime");
    double up = 0;
    uptime >> up;
    return up - start_ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// The X server of $DISPLAY (Xvfb under xvfb-run): its CPU seconds from /proc.
pid_t find_x_server()
{
    const QString display = qEnvironmentVariable("DISPLAY");
    for (const QString& entry : QDir("/proc").entryList(QDir::Dirs)) {
        bool numeric = false;
        const pid_t pid = entry.toInt(&numeric);
        if (!numeric)
            continue;
        QFile cmdline("/proc/" + entry + "/cmdline");
        if (!cmdline.open(QIODevice::ReadOnly))
            continue;
        const QList<QByteArray> args = cmdline.readAll().split('\0');
        if (!args.isEmpty() && (args[0].endsWith("Xvfb") || args[0].endsWith("Xorg") || args[0].endsWith("X")) &&
            args.contains(display.toUtf8()))
            return pid;
    }
    return 0;
}

double cpu_seconds_of_task(const std::string& stat_path)
{
    std::ifstream stat(stat_path);
    std::string text((std::istreambuf_iterator<char>(stat)), {});
    const auto close = text.rfind(')');
    if (close == std::string::npos)
        return 0;
    std::vector<std::string> fields;
    std::string field;
    for (char c : text.substr(close + 2)) {
        if (c == ' ') {
            fields.push_back(field);
            field.clear();
        } else {
            field += c;
        }
    }
    return (std::stod(fields.at(11)) + std::stod(fields.at(12))) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

double cpu_seconds_of(pid_t pid)
{
    return pid > 0 ? cpu_seconds_of_task("/proc/" + std::to_string(pid) + "/stat") : 0;
}

// CPU seconds of this process's main (GUI) thread: its task's stat.
double gui_thread_cpu_seconds()
{
    return cpu_seconds_of_task("/proc/self/task/" + std::to_string(getpid()) + "/stat");
}

double rss_mb()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmRSS:", 0) == 0)
            return std::stod(line.substr(6)) / 1024.0;
    return 0;
}

// `n` single counters of this machine: Memory, System, Processor(_Total) and
// this process, one ViewCounter per counter (as a user adds them one by one).
QVector<ViewCounter> some_counters(SourceHub& hub, int n)
{
    const QString self = QString("\\Process(%1:%2)\\*")
                             .arg(QString::fromLocal8Bit(program_invocation_short_name).left(15))
                             .arg(getpid());
    QVector<ViewCounter> out;
    for (const QString& path : {QString("\\Memory\\*"), QString("\\System\\*"), QString("\\Processor(_Total)\\*"), self,
                                QString("\\PhysicalDisk(_Total)\\*")}) {
        auto resolved = resolve_view_counters(hub, {path});
        if (!resolved) {
            std::fprintf(stderr, "gui_bench: %s\n", resolved.error().describe().c_str());
            continue;
        }
        const ViewCounter whole = resolved->first();
        wpo::CounterRequest request{whole.object, 0};
        auto snapshot = wpo::Snapshot::create(hub.shared(), wpo::SnapshotType::custom, {&request, 1});
        std::vector<wpo::CounterRecord> records;
        if (!snapshot || !(*snapshot)->counters(whole.object, records))
            continue;
        for (const wpo::CounterRecord& r : records) {
            if (out.size() >= n)
                return out;
            ViewCounter c = whole;
            c.counter = r.name_index;
            c.text = path.left(path.size() - 1) + QString::fromStdString(std::string(hub.names().name(r.name_index)));
            out.push_back(c);
        }
    }
    return out;
}

struct App {
    std::unique_ptr<SourceHub> hub;
    std::unique_ptr<MainWindow> window;
};

App make_app(int views, int counters, double interval, qsizetype capacity = 86'400)
{
    App app;
    auto source = wpo::query::make_platform_source();
    auto hub = SourceHub::create(std::move(*source));
    if (!hub) {
        std::fprintf(stderr, "gui_bench: %s\n", hub.error().describe().c_str());
        std::exit(1);
    }
    app.hub = std::move(*hub);
    app.window = std::make_unique<MainWindow>(*app.hub);
    app.window->browser().hide();  // the browser samples a Global snapshot only while shown
    app.window->resize(1600, 1000);
    const QVector<ViewCounter> list = some_counters(*app.hub, counters);
    if (list.size() < counters)
        std::fprintf(stderr, "gui_bench: only %lld counters found\n", static_cast<long long>(list.size()));
    for (int v = 0; v < views; ++v) {
        ViewSettings settings;
        settings.interval_s = interval;
        settings.history_capacity = capacity;
        app.window->addView(settings)->addCounters(list);
    }
    app.window->setTiled(views > 1);
    app.window->show();
    return app;
}

// Runs the event loop for `ms` (processEvents with a time limit would spin:
// it ignores WaitForMoreEvents).
void wait_ms(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

// One view following every process (the wildcard, as <All instances> adds it).
App make_process_app()
{
    App app;
    auto source = wpo::query::make_platform_source();
    auto hub = SourceHub::create(std::move(*source));
    if (!hub) {
        std::fprintf(stderr, "gui_bench: %s\n", hub.error().describe().c_str());
        std::exit(1);
    }
    app.hub = std::move(*hub);
    app.window = std::make_unique<MainWindow>(*app.hub);
    app.window->browser().hide();
    app.window->resize(1600, 1000);
    auto counters = resolve_view_counters(*app.hub, {"\\Process(*)\\% Processor Time", "\\Process(*)\\Working Set"});
    if (!counters) {
        std::fprintf(stderr, "gui_bench: %s\n", counters.error().describe().c_str());
        std::exit(1);
    }
    ViewSettings settings;
    settings.interval_s = 1.0;
    app.window->addView(settings)->addCounters(*counters);
    app.window->show();
    return app;
}

// `mean_value`: the RESULT's value is the mean over the run (the median of
// the chunks goes into the note), for targets stated as a mean.
int cpu_scenario(const char* metric, App app, const std::string& what, int seconds, bool mean_value = false,
                 int warm_up_ms = 3000)
{
    wait_ms(warm_up_ms);  // warm up: entities created, histories allocated
    const pid_t x = find_x_server();
    std::vector<double> own, gui, xs;
    for (int chunk = 0; chunk < seconds / 5; ++chunk) {
        ProcessCpu cpu;
        const double x_before = cpu_seconds_of(x);
        const double gui_before = gui_thread_cpu_seconds();
        QElapsedTimer timer;
        timer.start();
        wait_ms(5000);
        const double elapsed = static_cast<double>(timer.elapsed()) / 1000.0;
        own.push_back(cpu.percentSinceLast());
        gui.push_back((gui_thread_cpu_seconds() - gui_before) / elapsed * 100.0);
        xs.push_back((cpu_seconds_of(x) - x_before) / elapsed * 100.0);
    }
    quint64 samples = 0, queries = 0;
    int series = 0, ended = 0;
    for (int v = 0; v < app.window->viewCount(); ++v) {
        samples += app.window->view(v)->samples();
        queries += app.window->view(v)->sourceQueries();
        series += app.window->view(v)->data().seriesCount();
        ended += app.window->view(v)->data().endedCount();
    }
    // Chunks are equally long: their mean is the average over the whole run.
    char mean[64];
    const double average = own.empty() ? 0.0 : std::accumulate(own.begin(), own.end(), 0.0) / double(own.size());
    std::snprintf(mean, sizeof mean, "mean %.3f %% over %d s, ", average, seconds);
    const std::string note = std::string(mean_value ? "" : mean) + std::to_string(seconds) + " s in 5 s chunks, " +
                             what + ", " + std::to_string(samples) + " samples, " + std::to_string(queries) +
                             " source queries, at the end " + std::to_string(series) + " series of which " +
                             std::to_string(ended) + " ended";
    if (mean_value) {
        const auto [lo, hi] = std::minmax_element(own.begin(), own.end());
        std::printf("RESULT %s %.3f %% (mean over %d s; median of %zu 5 s chunks %.3f, min %.3f, max %.3f; %s)\n",
                    metric, average, seconds, own.size(), median(own), own.empty() ? 0 : *lo, own.empty() ? 0 : *hi,
                    note.c_str());
        std::string chunks = "# " + std::string(metric) + " per 5 s chunk:";
        for (double c : own) {
            char one[16];
            std::snprintf(one, sizeof one, " %.2f", c);
            chunks += one;
        }
        std::printf("%s\n", chunks.c_str());
        std::fflush(stdout);
    } else {
        print_result(metric, own, "%", note);
    }
    print_result((std::string(metric) + "_gui_thread").c_str(), gui, "%",
                 "the GUI thread's share of the above (clock ticks of its task)");
    print_result((std::string(metric) + "_xserver").c_str(), xs, "%", x ? "the X server's share" : "no X server found");
    return 0;
}

int rss_scenario()
{
    // A history that fills early: 300 values per series at 0.1 s = 30 s.
    const qsizetype capacity = 300;
    App app = make_app(1, 50, 0.1, capacity);
    // The metric's name says how long the growth was measured: from 40 s
    // (history full) for 10 min in full mode, 20 s in CI mode.
    const int span_s = g_full ? 600 : 20;
    wait_ms(40'000);  // full after 30 s
    const double start = rss_mb();
    std::vector<double> readings;
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < span_s * 1000) {
        wait_ms(5000);
        readings.push_back(rss_mb() - start);
    }
    ViewData& data = app.window->view(0)->data();
    const std::string metric = g_full ? "gui_rss_growth_mb_10min" : "gui_rss_growth_mb_20s";
    std::printf("RESULT %s %.3f MB (RSS at %d s minus RSS at 40 s, history full at 30 s: 50 series x %lld "
                "values at 0.1 s; largest growth seen %.3f MB; RSS %.1f MB)\n",
                metric.c_str(), readings.empty() ? 0.0 : readings.back(), 40 + span_s, static_cast<long long>(capacity),
                readings.empty() ? 0.0 : *std::max_element(readings.begin(), readings.end()), rss_mb());
    std::printf(
        "RESULT gui_history_bytes_per_value %.2f B (%lld bytes for %lld stored values)\n",
        data.storedValues() ? static_cast<double>(data.historyBytes()) / static_cast<double>(data.storedValues()) : 0.0,
        static_cast<long long>(data.historyBytes()), static_cast<long long>(data.storedValues()));
    std::fflush(stdout);
    return 0;
}

int first_value_scenario()
{
    // As the app starts: source, names, paths, window, one view at 1 s.
    App app = make_app(1, 5, 1.0);
    ViewPane* pane = app.window->view(0);
    double first = -1;
    QObject::connect(&pane->content(), &ViewWidget::refreshed, [&] {
        const ViewData& data = pane->data();
        for (int row = 0; row < data.seriesCount() && first < 0; ++row) {
            const SeriesHistory& h = data.series(row).history;
            for (qsizetype i = 0; i < h.size(); ++i)
                if (h.validAt(i)) {
                    first = process_age_s() * 1000.0;
                    break;
                }
        }
    });
    QEventLoop loop;
    QTimer::singleShot(10'000, &loop, &QEventLoop::quit);
    QObject::connect(&pane->content(), &ViewWidget::refreshed, &loop, [&] {
        if (first >= 0)
            loop.quit();
    });
    loop.exec();
    std::printf("FIRST %.1f\n", first);
    return 0;
}

// Runs this binary with `scenario`, passing its output through; returns it.
std::string run_child(const char* self, const char* scenario)
{
    int pipefd[2];
    if (pipe(pipefd) != 0)
        return {};
    const pid_t pid = fork();
    if (pid == 0) {
        dup2(pipefd[1], STDOUT_FILENO);
        close(pipefd[0]);
        execl(self, self, scenario, g_full ? "--full" : nullptr, nullptr);
        _exit(127);
    }
    close(pipefd[1]);
    std::string out;
    char buffer[4096];
    ssize_t n;
    while ((n = read(pipefd[0], buffer, sizeof buffer)) > 0)
        out.append(buffer, static_cast<std::size_t>(n));
    close(pipefd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return out;
}

}  // namespace

int main(int argc, char** argv)
{
    std::string scenario;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--full")
            g_full = true;
        else
            scenario = arg;
    }
    g_full |= qEnvironmentVariableIntValue("PERFSCOPE_BENCH_FULL") != 0;

    if (scenario.empty()) {
        // Each scenario in a fresh process; first-value five times.
        std::vector<double> firsts;
        for (int i = 0; i < 5; ++i) {
            const std::string out = run_child(argv[0], "first-value");
            const auto at = out.find("FIRST ");
            if (at != std::string::npos && std::stod(out.substr(at + 6)) >= 0)
                firsts.push_back(std::stod(out.substr(at + 6)));
        }
        print_result("gui_first_value_ms", firsts, "ms", "process start to the first plotted value, 5 runs");
        for (const char* s : {"cpu-4x50", "cpu-1x20", "cpu-process-all", "rss"})
            std::fputs(run_child(argv[0], s).c_str(), stdout);
        return 0;
    }

    // The churning helpers' manager is forked before Qt starts a thread; its
    // forks and reaps are its own CPU, not this process's.
    constexpr int kHelpers = 500, kChurnPerSecond = 20;
    std::unique_ptr<perfscope::bench::ChurningPopulation> population;
    if (scenario == "cpu-process-all") {
        population = std::make_unique<perfscope::bench::ChurningPopulation>(kHelpers, kChurnPerSecond);
        if (!population->started()) {
            std::fprintf(stderr, "gui_bench: cannot start the helper processes\n");
            return 1;
        }
    }

    QStandardPaths::setTestModeEnabled(true);  // no user session or settings
    QApplication app(argc, argv);
    if (scenario == "first-value")
        return first_value_scenario();
    const int cpu_seconds = g_full ? 60 : 20;
    if (scenario == "cpu-4x50")
        return cpu_scenario("gui_cpu_percent_4x50_1s", make_app(4, 50, 1.0), "4 views x 50 counters", cpu_seconds);
    if (scenario == "cpu-1x20")
        return cpu_scenario("gui_cpu_percent_1x20_100ms", make_app(1, 20, 0.1), "1 view x 20 counters", cpu_seconds);
    if (scenario == "cpu-process-all") {
        const std::string what = "1 view x \\Process(*)\\% Processor Time and Working Set, " +
                                 std::to_string(kHelpers) + " helper processes, " + std::to_string(kChurnPerSecond) +
                                 " ended and started per second";
        // Measured in the steady state: ended processes stay in the view until
        // their lines leave its 100 s window, so the first 100 s of a view cost
        // less than every minute after them (measured: 1.5 % in the first 5 s,
        // 4.5 % from 100 s on).
        const std::string steady = what + ", measured after a 110 s warm-up (the 100 s window full of ended processes)";
        return cpu_scenario("gui_cpu_percent_process_all_1s", make_process_app(), steady, g_full ? 300 : 20, true,
                            110'000);
    }
    if (scenario == "rss")
        return rss_scenario();
    std::fprintf(stderr, "usage: gui_bench [--full] [first-value|cpu-4x50|cpu-1x20|cpu-process-all|rss]\n");
    return 2;
}
