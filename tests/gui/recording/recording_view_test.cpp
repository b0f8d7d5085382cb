// SPDX-License-Identifier: Apache-2.0
// Recordings in the desktop app, on this machine's procfs source: a file
// written here with RecordingWriter opened as a view (File > Open log's path),
// a counter no view had added afterwards and checked against the recorded raw
// blocks by the counter's formula, the overview strip's drag moving the view,
// and the Record action writing a file the reader opens with the objects asked for.
#include "format/block_view.h"
#include "gui/charts/view_widget.h"
#include "gui/recording/open_recording.h"
#include "gui/recording/overview_strip.h"
#include "gui/recording/record_control.h"
#include "gui/recording/recording_browse.h"
#include "gui/recording/recorded_series.h"
#include "gui/recording/recording_view.h"
#include "gui/window/main_window.h"
#include "query/platform_source.h"
#include "recording/recording_layout.h"
#include "recording/recording_reader.h"
#include "recording/recording_writer.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDropEvent>
#include <QFile>
#include <QLabel>
#include <QMimeData>
#include <QUrl>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <cmath>
#include <thread>

using namespace perfscope::gui;

namespace {

constexpr std::uint32_t kProcessor = 238;
constexpr std::uint32_t kMemory = 4;

struct RawSample {
    std::vector<std::byte> block;
    wpo::recording::RecordTimes times;
};

int rowOf(const ViewData& data, const QString& counter, const QString& instance = {})
{
    for (int row = 0; row < data.seriesCount(); ++row)
        if (data.series(row).info.counter == counter && data.series(row).info.instance == instance)
            return row;
    return -1;
}

// The raw value of `counter` of the Processor's `_Total` instance in a block.
std::optional<std::uint64_t> total_raw(const std::vector<std::byte>& bytes, std::uint32_t counter)
{
    auto block = wpo::BlockView::parse(bytes);
    if (!block)
        return std::nullopt;
    auto object = block->find_object(kProcessor);
    if (!object)
        return std::nullopt;
    for (const wpo::CounterDefinition& def : object->counters()) {
        if (def.name_index != counter)
            continue;
        for (const wpo::InstanceView& instance : object->instances())
            if (instance.name() == "_Total")
                return instance.counters().value(def);
    }
    return std::nullopt;
}

}  // namespace

class RecordingViewTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        auto source = wpo::query::make_platform_source();
        QVERIFY(source);
        auto names = (*source)->load_names();
        QVERIFY(names);
        m_names = std::move(*names);
        // Processor and Memory, whole, five times a quarter second apart.
        m_path = m_dir.filePath(QStringLiteral("machine.psrec"));
        const std::string query = "238 4";
        std::optional<wpo::recording::RecordingWriter> writer;
        for (int i = 0; i < 6; ++i) {
            if (i > 0)
                std::this_thread::sleep_for(std::chrono::milliseconds(250));
            RawSample sample;
            QVERIFY((*source)->collect(query, sample.block));
            auto block = wpo::BlockView::parse(sample.block);
            QVERIFY(block);
            sample.times = wpo::recording::RecordTimes::of(block->header());
            if (!writer) {
                auto created = wpo::recording::RecordingWriter::create(m_path.toStdString(),
                                                                       {block->system_name(), "Linux", m_names});
                QVERIFY(created);
                writer.emplace(std::move(*created));
            }
            QVERIFY(writer->append(query, sample.block, sample.times));
            m_samples.push_back(std::move(sample));
        }
        QVERIFY(writer->close());

        auto hub_source = wpo::query::make_platform_source();
        QVERIFY(hub_source);
        auto hub = SourceHub::create(std::move(*hub_source), &m_cache);
        QVERIFY(hub);
        m_hub = std::move(*hub);
    }

    void init()
    {
        m_window = std::make_unique<MainWindow>(*m_hub);
        m_window->setConfirmDestructive(false);
        m_window->leaveSession(QStringLiteral("test"));
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void cleanup() { m_window.reset(); }

    void opensAsAViewOverTheWholeFile()
    {
        QVERIFY(is_recording_file(m_path));
        const int before = m_window->viewCount();
        m_window->openLog(m_path);  // File > Open log and a dropped file go here
        QCOMPARE(m_window->viewCount(), before + 1);
        ViewPane* pane = m_window->view(before);
        QVERIFY(pane->isLog());
        QVERIFY(pane->takesCounters());
        QVERIFY(pane->findChild<OverviewStrip*>());
        // Memory's counters and each processor's % Processor Time, one point per sample after the first.
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(pane->data(), "Available Bytes") >= 0, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(pane->data(), "% Processor Time", "_Total") >= 0, 10000);
        const ViewSeries& available = pane->data().series(rowOf(pane->data(), "Available Bytes"));
        QCOMPARE(available.history.size(), qsizetype(m_samples.size() - 1));
        // A gauge: the raw value of its sample, at the recorded time.
        auto block = wpo::BlockView::parse(m_samples.back().block);
        QVERIFY(block);
        auto memory = block->find_object(kMemory);
        QVERIFY(memory);
        const auto index = m_names.find_counter(*memory, "Available Bytes");
        QVERIFY(index);
        for (const wpo::CounterDefinition& def : memory->counters())
            if (def.name_index == *index)
                QCOMPARE(available.history.valueAt(available.history.size() - 1),
                         static_cast<double>(memory->counter_block().value(def)));
        QCOMPARE(available.history.lastTime(), unix_ms_of_filetime(m_samples.back().times.time_100ns));
        QCOMPARE(pane->data().firstTime(), unix_ms_of_filetime(m_samples[1].times.time_100ns));
    }

    void aDroppedFileOpens()
    {
        const int before = m_window->viewCount();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(m_path)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(m_window.get(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(m_window.get(), &drop);
        QCOMPARE(m_window->viewCount(), before + 1);
        ViewPane* pane = m_window->view(before);
        QVERIFY(pane->findChild<RecordingView*>());
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(pane->data(), "Available Bytes") >= 0, 10000);
    }

    void addsACounterNoViewHad()
    {
        const int before = m_window->viewCount();
        m_window->openLog(m_path);
        ViewPane* pane = m_window->view(before);
        auto* recording = pane->findChild<RecordingView*>();
        QVERIFY(recording);
        QTRY_VERIFY_WITH_TIMEOUT(!recording->isLoading() && pane->data().seriesCount() > 0, 10000);
        QCOMPARE(rowOf(pane->data(), "Interrupts/sec", "_Total"), -1);
        // As Add or a drop hands it: Processor's Interrupts/sec for <All instances>.
        std::optional<std::uint32_t> interrupts;
        for (const auto& [index, name] : m_names.names())
            if (name == "Interrupts/sec")
                interrupts = index;
        QVERIFY(interrupts);
        ViewCounter counter;
        counter.text = QStringLiteral("\\Processor(*)\\Interrupts/sec");
        counter.object = kProcessor;
        counter.counter = *interrupts;
        counter.instances = ViewCounter::Instances::all;
        pane->addCounters({counter});
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(pane->data(), "Interrupts/sec", "_Total") >= 0, 10000);
        const SeriesHistory& history = pane->data().series(rowOf(pane->data(), "Interrupts/sec", "_Total")).history;
        QCOMPARE(history.size(), qsizetype(m_samples.size() - 1));
        // A bulk count: the change of the raw count over the change of the block's clock.
        for (std::size_t i = 1; i < m_samples.size(); ++i) {
            const auto now = total_raw(m_samples[i].block, *interrupts);
            const auto then = total_raw(m_samples[i - 1].block, *interrupts);
            QVERIFY(now && then);
            const double dt = double(m_samples[i].times.perf_time - m_samples[i - 1].times.perf_time);
            const double expected = double(*now - *then) * double(m_samples[i].times.perf_freq) / dt;
            const qsizetype at = static_cast<qsizetype>(i - 1);
            QVERIFY(history.validAt(at));
            QVERIFY2(std::abs(history.valueAt(at) - expected) <= 1e-9 * std::max(1.0, expected),
                     qPrintable(QStringLiteral("%1 vs %2").arg(history.valueAt(at)).arg(expected)));
            QCOMPARE(history.timeAt(at), unix_ms_of_filetime(m_samples[i].times.time_100ns));
        }
    }

    void browserBrowsesTheCurrentRecording()
    {
        CounterBrowser& browser = m_window->browser();
        browser.show();
        QAbstractItemModelTester objects(&browser.objectModel(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester instances(&browser.instanceModel(),
                                           QAbstractItemModelTester::FailureReportingMode::QtTest);
        ViewPane* live = m_window->addView({.title = "live"});
        QCOMPARE(&browser.hub(), m_hub.get());
        QTRY_VERIFY_WITH_TIMEOUT(browser.objectModel().rowCount() > 2, 10000);  // the machine's objects
        m_window->openLog(m_path);
        ViewPane* pane = m_window->view(m_window->viewCount() - 1);
        QCOMPARE(m_window->currentView(), pane);
        auto* browse = m_window->findChild<RecordingBrowse*>();
        QVERIFY(browse);
        QTRY_VERIFY_WITH_TIMEOUT(&browser.hub() != m_hub.get(), 10000);
        // The recording's two objects, with their recorded counters and instances.
        QTRY_COMPARE_WITH_TIMEOUT(browser.objectModel().rowCount(), 2, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(browser.select("Memory", "Available Bytes"), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(browser.select("Processor", "Interrupts/sec"), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(browser.selectInstance("_Total"), 10000);
        // Add from the browser reads the counter from the file.
        m_window->action(QStringLiteral("addCounters"))->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(pane->data(), "Interrupts/sec", "_Total") >= 0, 10000);
        QCOMPARE(pane->data().series(rowOf(pane->data(), "Interrupts/sec", "_Total")).history.size(),
                 qsizetype(m_samples.size() - 1));
        // The time browsed is a recorded sample's, at the end of what the view shows.
        QTRY_VERIFY_WITH_TIMEOUT(browse->browsedTime() != 0, 10000);
        QCOMPARE(browse->browsedTime(), unix_ms_of_filetime(m_samples.back().times.time_100ns));
        // Back on a live view, the browser browses the machine again.
        m_window->setCurrentView(m_window->viewIndex(live));
        QTRY_COMPARE_WITH_TIMEOUT(&browser.hub(), m_hub.get(), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(browser.objectModel().rowCount() > 2, 10000);
    }

    void overviewDragMovesTheVisibleRange()
    {
        const int before = m_window->viewCount();
        m_window->openLog(m_path);
        ViewPane* pane = m_window->view(before);
        auto* strip = pane->findChild<OverviewStrip*>();
        QVERIFY(strip);
        QTRY_VERIFY_WITH_TIMEOUT(pane->data().seriesCount() > 0, 10000);
        const auto [first, last] = strip->fullRange();
        QVERIFY(last > first);
        // Show the first half, then drag the mark right by a quarter of the strip.
        const qint64 half = (last - first) / 2;
        pane->content().zoomTo(first, first + half);
        QCOMPARE(strip->markedRange(), std::make_pair(first, first + half));
        const int y = strip->height() / 2;
        const double start_x = strip->xOf(first + half / 2);
        const double shift_px = strip->xOf(first + half / 2) - strip->xOf(first);
        QTest::mousePress(strip, Qt::LeftButton, {}, QPoint(int(std::lround(start_x)), y));
        QTest::mouseMove(strip, QPoint(int(std::lround(start_x + shift_px)), y));
        QTest::mouseRelease(strip, Qt::LeftButton, {}, QPoint(int(std::lround(start_x + shift_px)), y));
        const auto [from, to] = pane->content().visibleRange();
        // Moved by the time the pixels stand for (a pixel's worth of rounding), same span.
        const qint64 expected_shift =
            strip->timeAt(std::lround(start_x + shift_px)) - strip->timeAt(std::lround(start_x));
        QCOMPARE(to - from, half);
        QCOMPARE(from, std::min(first + expected_shift, last - half));
        QVERIFY(from > first);
        QCOMPARE(strip->markedRange(), std::make_pair(from, to));
    }

    void recordActionWritesTheViewsObjects()
    {
        ViewPane* live = m_window->addView({.title = "CPU", .interval_s = 0.2});
        ViewCounter cpu;
        cpu.object = kProcessor;
        cpu.counter = 6;
        cpu.instances = ViewCounter::Instances::all;
        live->addCounters({cpu});
        auto* control = m_window->findChild<RecordControl*>();
        QVERIFY(control);
        QAction* record = m_window->action(QStringLiteral("record"));
        QVERIFY(record);
        const QString file = m_dir.filePath(QStringLiteral("from-app.psrec"));
        control->setAsk([file](const QVector<RecordChoice>& offered) -> std::optional<RecordRequest> {
            RecordRequest request;
            request.path = file;
            for (const RecordChoice& choice : offered)
                if (choice.used || choice.name == QLatin1String("Memory"))
                    request.objects.push_back(choice.object);
            std::sort(request.objects.begin(), request.objects.end());
            request.interval_ms = 100;
            return request;
        });
        record->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(control->recorder().isRecording(), 5000);
        QVERIFY(control->statusLabel()->isVisible());
        QVERIFY(control->statusLabel()->text().contains(QStringLiteral("from-app.psrec")));
        QCOMPARE(record->text(), QStringLiteral("Stop &recording"));
        // Views come and go while it records.
        m_window->closeView(live);
        QTRY_VERIFY_WITH_TIMEOUT(control->recorder().samples() >= 4, 10000);
        record->trigger();  // Stop
        QTRY_VERIFY_WITH_TIMEOUT(!control->recorder().isRecording(), 5000);
        QVERIFY(!control->statusLabel()->isVisible());

        auto reader = wpo::recording::RecordingReader::open(file.toStdString());
        QVERIFY(reader);
        QVERIFY(!reader->index_rebuilt());  // closed cleanly, with its index
        std::vector<wpo::recording::RecordedBlock> blocks;
        QVERIFY(reader->read_chunk(0, blocks));
        QVERIFY(!blocks.empty());
        QCOMPARE(QString::fromStdString(blocks.front().query), QStringLiteral("4 238"));
        auto block = wpo::BlockView::parse(blocks.front().bytes);
        QVERIFY(block);
        QVERIFY(block->find_object(kProcessor));
        QVERIFY(block->find_object(kMemory));
        QCOMPARE(block->object_count(), 2u);
    }

    // A recording damaged in its last chunk: the samples before the damage
    // come out, the error says why, and every history's capacity is already
    // the sample count, as the view takes it over without a copy.
    void damagedRecordingKeepsWhatCameBefore()
    {
        const QString path = m_dir.filePath(QStringLiteral("damaged.psrec"));
        {
            wpo::recording::WriterOptions options;
            options.max_blocks_per_chunk = 1;  // one chunk per sample
            auto writer =
                wpo::recording::RecordingWriter::create(path.toStdString(), {"machine", "Linux", m_names}, options);
            QVERIFY(writer);
            for (const RawSample& sample : m_samples)
                QVERIFY(writer->append("238 4", sample.block, sample.times));
            QVERIFY(writer->close());
        }
        auto reader = wpo::recording::RecordingReader::open(path.toStdString());
        QVERIFY(reader);
        QCOMPARE(reader->chunks().size(), m_samples.size());
        const std::uint64_t last_chunk = reader->chunks().back().offset;
        {
            // One byte of the last chunk's payload: its CRC no longer matches.
            const auto at = static_cast<qint64>(last_chunk + wpo::recording::kChunkHeaderBytes + 4);
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadWrite));
            QVERIFY(file.seek(at));
            char byte = 0;
            QVERIFY(file.getChar(&byte));
            QVERIFY(file.seek(at));
            QVERIFY(file.putChar(static_cast<char>(byte ^ 0x5a)));
        }
        const QVector<ViewCounter> counters = default_recording_counters(read_recording_outline(path.toStdString()));
        QVERIFY(!counters.isEmpty());
        const RecordedSeriesSet set = read_recorded_series(path.toStdString(), counters);
        QVERIFY2(!set.error.isEmpty(), "the damaged chunk is an error");
        // Every sample before the damaged chunk; the first only starts the counters.
        QCOMPARE(set.samples, qsizetype(m_samples.size() - 1));
        QVERIFY(!set.series.isEmpty());
        for (const SeriesWithHistory& series : set.series) {
            QCOMPARE(series.history.size(), set.samples - 1);
            QCOMPARE(series.history.capacity(), set.samples);
            QVERIFY(series.history.memoryBytes() <= series.history.capacity() * 12);
        }
    }

    void sizeCapEndsTheRecording()
    {
        AppRecorder recorder(*m_hub);
        QSignalSpy done(&recorder, &AppRecorder::finished);
        RecordRequest request;
        request.path = m_dir.filePath(QStringLiteral("capped.psrec"));
        request.objects = {kProcessor};
        request.interval_ms = 100;
        request.max_bytes = 1;  // reached by the first chunk's bytes
        recorder.start(request);
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 10000);
        QVERIFY(done.front().at(2).toString().contains(QStringLiteral("size cap")));
        QVERIFY(!recorder.isRecording());
        QVERIFY(wpo::recording::RecordingReader::open(request.path.toStdString()));
    }

private:
    QTemporaryDir m_dir;
    QString m_path;
    wpo::NameTable m_names;
    std::vector<RawSample> m_samples;
    wpo::PerfObjectCache m_cache;
    std::unique_ptr<SourceHub> m_hub;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(RecordingViewTest)
#include "recording_view_test.moc"
