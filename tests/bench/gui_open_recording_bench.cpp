// SPDX-License-Identifier: Apache-2.0
// gui_open_recording_ms_24h: a 24-hour recording at 1 s (86,400 samples of
// Processor and Memory, whole), synthesised from real blocks of this machine
// with their clocks moved on a second per sample, opened in the desktop app:
// the time from File > Open (MainWindow::openLog) to the first paint of the
// view with its data. Also the slowest GUI-thread step of dragging the
// overview strip's mark over that view (gui_recording_overview_drag_ms) and
// the longest GUI-thread step while it opens (gui_recording_open_max_stall_ms).
// Offscreen; the file is written once and opened `runs` times (argument 1,
// default 5), each in a new window; argument 2, when given, is where a copy
// of the file is kept (to look at it in the app).
#include "core/byte_io.h"
#include "format/block_view.h"
#include "format/layout.h"
#include "gui/charts/view_widget.h"
#include "gui/recording/overview_strip.h"
#include "gui/recording/recorded_series.h"
#include "gui/recording/recording_view.h"
#include "gui/window/main_window.h"
#include "query/platform_source.h"
#include "recording/recording_writer.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QEventLoop>
#include <QTimer>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

using namespace perfscope::gui;

namespace {

constexpr int kSamples = 86'400;

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n == 0 ? 0 : n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void print_result(const char* metric, const std::vector<double>& samples, const char* unit, const char* note)
{
    const auto [lo, hi] = std::minmax_element(samples.begin(), samples.end());
    std::printf("RESULT %s %.3f %s (median of %zu; min %.3f, max %.3f; %s)\n", metric, median(samples), unit,
                samples.size(), samples.empty() ? 0 : *lo, samples.empty() ? 0 : *hi, note);
    std::fflush(stdout);
}

// Real blocks, their times moved so that sample i is `i` seconds after the first.
bool write_day(const std::string& path, const wpo::NameTable& names, wpo::Source& source)
{
    const std::string query = "238 4";
    std::vector<std::vector<std::byte>> real;
    for (int i = 0; i < 8; ++i) {
        std::vector<std::byte> block;
        if (!source.collect(query, block))
            return false;
        real.push_back(std::move(block));
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    auto first = wpo::BlockView::parse(real.front());
    if (!first)
        return false;
    const wpo::BlockHeader start = first->header();
    auto writer = wpo::recording::RecordingWriter::create(path, {first->system_name(), "Linux", names});
    if (!writer)
        return false;
    namespace b = wpo::layout::block;
    for (int i = 0; i < kSamples; ++i) {
        // Back and forth over the real blocks, so counts change both ways as on a real day.
        const std::size_t n = real.size();
        const std::size_t k = static_cast<std::size_t>(i) % (2 * n - 2);
        std::vector<std::byte> block = real[k < n ? k : 2 * n - 2 - k];
        const std::int64_t perf_time = start.perf_time + std::int64_t{i} * start.perf_freq;
        const std::int64_t time_100ns = start.perf_time_100ns + std::int64_t{i} * 10'000'000;
        wpo::store<std::int64_t>(block.data() + b::kPerfTime, perf_time);
        wpo::store<std::int64_t>(block.data() + b::kPerfTime100nSec, time_100ns);
        if (!writer->append(query, block, {time_100ns, perf_time, start.perf_freq}))
            return false;
    }
    return static_cast<bool>(writer->close());
}

}  // namespace

int main(int argc, char** argv)
{
    const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    QTemporaryDir dir;
    auto source = wpo::query::make_platform_source();
    if (!source)
        return std::fprintf(stderr, "no source: %s\n", source.error().describe().c_str()), 1;
    auto names = (*source)->load_names();
    if (!names)
        return 1;
    const QString path = dir.filePath(QStringLiteral("day.psrec"));
    QElapsedTimer writing;
    writing.start();
    if (!write_day(path.toStdString(), *names, **source))
        return std::fprintf(stderr, "writing the recording failed\n"), 1;
    std::printf("wrote %d samples in %.1f s\n", kSamples, double(writing.elapsed()) / 1000.0);
    if (argc > 2)
        QFile::copy(path, QString::fromLocal8Bit(argv[2]));

    {
        // The replay alone, off any window: what the worker thread spends.
        const std::string file = path.toStdString();
        QElapsedTimer replay;
        replay.start();
        const auto outline = read_recording_outline(file);
        const auto set = read_recorded_series(file, default_recording_counters(outline));
        std::printf("replay alone: %.1f ms for %lld series of %lld samples\n", double(replay.nsecsElapsed()) / 1e6,
                    static_cast<long long>(set.series.size()), static_cast<long long>(set.samples));
    }
    auto hub_source = wpo::query::make_platform_source();
    if (!hub_source)
        return 1;
    wpo::PerfObjectCache cache;
    auto hub = SourceHub::create(std::move(*hub_source), &cache);
    if (!hub)
        return 1;

    std::vector<double> open_ms;
    std::vector<double> drag_ms;
    std::vector<double> stall_ms;
    for (int run = 0; run < runs; ++run) {
        MainWindow window(**hub);
        window.leaveSession(QStringLiteral("bench"));
        window.resize(1400, 900);
        window.show();
        if (!QTest::qWaitForWindowExposed(&window))
            return 1;
        QCoreApplication::processEvents();
        // A 1 ms timer on the GUI thread: the longest gap between its ticks is the longest GUI-thread step.
        QTimer watchdog;
        QElapsedTimer since_tick;
        qint64 longest = 0;
        QObject::connect(&watchdog, &QTimer::timeout, &window, [&] {
            longest = std::max(longest, since_tick.nsecsElapsed());
            since_tick.restart();
        });
        watchdog.start(1);
        since_tick.start();
        QElapsedTimer clock;
        clock.start();
        window.openLog(path);
        ViewPane* pane = window.view(window.viewCount() - 1);
        bool painted = false;
        // Waits in the event loop (not polling it), so the reading thread has the cores.
        QEventLoop wait;
        QObject::connect(&pane->content(), &ViewWidget::refreshed, &window, [&] {
            if (pane->data().seriesCount() > 0 && !painted) {
                pane->content().graphWidget()->repaint();
                painted = true;
                wait.quit();
            }
        });
        QTimer::singleShot(60'000, &wait, &QEventLoop::quit);
        if (!painted)
            wait.exec();
        if (!painted)
            return std::fprintf(stderr, "no paint within 60 s\n"), 1;
        open_ms.push_back(double(clock.nsecsElapsed()) / 1e6);
        stall_ms.push_back(double(longest) / 1e6);
        watchdog.stop();

        // Show an hour, then drag its mark across the strip in 20 steps.
        auto* strip = pane->findChild<OverviewStrip*>();
        const auto [first, last] = strip->fullRange();
        pane->content().zoomTo(first, first + 3'600'000);
        QCoreApplication::processEvents();
        const int y = strip->height() / 2;
        int x = static_cast<int>(strip->xOf(first + 1'800'000));
        QTest::mousePress(strip, Qt::LeftButton, {}, QPoint(x, y));
        for (int step = 0; step < 20; ++step) {
            x += std::max(1, strip->width() / 25);
            QElapsedTimer one;
            one.start();
            QTest::mouseMove(strip, QPoint(x, y));
            pane->content().refresh();
            strip->repaint();
            drag_ms.push_back(double(one.nsecsElapsed()) / 1e6);
        }
        QTest::mouseRelease(strip, Qt::LeftButton, {}, QPoint(x, y));
        (void)last;
    }
    print_result("gui_open_recording_ms_24h", open_ms, "ms",
                 "86,400 samples of Processor and Memory, open to first paint, target <= 1000 ms");
    print_result("gui_recording_open_max_stall_ms", stall_ms, "ms",
                 "longest GUI-thread step from open to first paint (1 ms timer's longest gap); target < 50 ms");
    print_result("gui_recording_overview_drag_ms", drag_ms, "ms",
                 "one drag step on the overview strip of that view: move, refresh, repaint; target < 50 ms");
    return 0;
}
