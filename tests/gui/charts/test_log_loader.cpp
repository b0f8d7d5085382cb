// SPDX-License-Identifier: Apache-2.0
// LogLoader: typeperf/relog fixtures and files written by the CLI's writer
// open as read-only views with the values of the file; broken files load
// nothing and the message names the line; the file is read off the GUI thread.
#include "chart_test_data.h"
#include "gui/charts/graph_exporter.h"
#include "gui/charts/legend_model.h"
#include "gui/charts/log_loader.h"
#include "files/pdh_csv_reader.h"
#include "files/pdh_csv_writer.h"
#include "gui/charts/view_widget.h"

#include <QDateTime>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <cmath>
#include <optional>

using namespace perfscope::gui;
using namespace perfscope::gui::test;

Q_DECLARE_METATYPE(std::optional<double>)

namespace {

qint64 utc(int y, int mo, int d, int h, int mi, int s, int ms)
{
    return QDateTime(QDate(y, mo, d), QTime(h, mi, s, ms), Qt::UTC).toMSecsSinceEpoch();
}

QString fixture(const char* name)
{
    return QStringLiteral(PERFSCOPE_LOG_FIXTURES "/") + QLatin1String(name);
}

// Loads through the asynchronous path and waits for its outcome.
bool load(ViewData& data, const QString& path, QString* message = nullptr)
{
    LogLoader loader(&data);
    QSignalSpy loaded(&loader, &LogLoader::loaded);
    QSignalSpy failed(&loader, &LogLoader::failed);
    loader.load(path);
    // Nothing arrives synchronously: the reading happens on a pool thread.
    if (loaded.size() + failed.size() != 0)
        return false;
    if (!QTest::qWaitFor([&] { return loaded.size() + failed.size() > 0; }, 10'000))
        return false;
    if (!failed.isEmpty() && message)
        *message = failed.front().at(1).toString();
    return !loaded.isEmpty();
}

void write_file(const QString& path, const QByteArray& text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

}  // namespace

class TestLogLoader : public QObject {
    Q_OBJECT
private slots:
    void fixtures_data();
    void fixtures();
    void cliWrittenFileRoundTrips();
    void malformedLoadsNothing_data();
    void malformedLoadsNothing();
    void missingFileNamesIt();
    void cutLastLineLoadsTheCompleteRows();
    void logWithoutZoneSaysLocalTime();
    void logViewHasLegendZoomAndExport();

private:
    QTemporaryDir m_dir;
};

void TestLogLoader::fixtures_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("columns");
    QTest::addColumn<int>("rows");
    QTest::addColumn<qint64>("first_utc");
    // One cell to check: its column, row, value (none = a gap).
    QTest::addColumn<int>("col");
    QTest::addColumn<int>("row");
    QTest::addColumn<std::optional<double>>("value");
    QTest::addColumn<QString>("object");
    QTest::addColumn<QString>("counter");
    QTest::addColumn<QString>("instance");
    // Pacific, bias 480: UTC = local + 8 h.
    QTest::newRow("typeperf console, gap")
        << fixture("typeperf_console.csv") << 3 << 3 << utc(2026, 11, 22, 16, 30, 1, 123) << 2 << 1
        << std::optional<double>() << "Process"
        << "Working Set"
        << "chrome#1";
    QTest::newRow("typeperf console, value")
        << fixture("typeperf_console.csv") << 3 << 3 << utc(2026, 11, 22, 16, 30, 1, 123) << 0 << 2
        << std::optional<double>(100.0) << "Processor"
        << "% Processor Time"
        << "_Total";
    // W. Europe, bias -60: UTC = local - 1 h, across a leap day.
    QTest::newRow("typeperf file") << fixture("typeperf_file.csv") << 2 << 2 << utc(2024, 2, 29, 22, 59, 59, 999) << 1
                                   << 1 << std::optional<double>(2048.0) << "Network Interface"
                                   << "Bytes Total/sec"
                                   << "Intel[R] Ethernet Connection [7] I219-V";
    QTest::newRow("typeperf tsv") << fixture("typeperf.tsv") << 2 << 2 << utc(2026, 1, 1, 0, 0, 0, 0) << 1 << 0
                                  << std::optional<double>(15234.5) << "System"
                                  << "Context Switches/sec"
                                  << "";
    // India, bias -330: UTC = local - 5:30.
    QTest::newRow("relog, BOM, unquoted") << fixture("relog_bom_unquoted.csv") << 1 << 3 << utc(2026, 7, 4, 6, 30, 0, 0)
                                          << 0 << 2 << std::optional<double>(-1250.0) << "Memory"
                                          << "Pages/sec"
                                          << "";
}

void TestLogLoader::fixtures()
{
    QFETCH(QString, file);
    QFETCH(int, columns);
    QFETCH(int, rows);
    QFETCH(qint64, first_utc);
    QFETCH(int, col);
    QFETCH(int, row);
    QFETCH(std::optional<double>, value);
    QFETCH(QString, object);
    QFETCH(QString, counter);
    QFETCH(QString, instance);
    ViewData data;
    QString message;
    QVERIFY2(load(data, file, &message), qPrintable(message));
    QVERIFY(data.isReadOnly());
    QCOMPARE(data.seriesCount(), columns);
    for (int c = 0; c < columns; ++c)
        QCOMPARE(data.series(c).history.size(), rows);
    QCOMPARE(data.firstTime(), first_utc);
    const ViewSeries& s = data.series(col);
    QCOMPARE(s.info.object, object);
    QCOMPARE(s.info.counter, counter);
    QCOMPARE(s.info.instance, instance);
    QVERIFY(s.info.path.startsWith(QStringLiteral("\\\\WIN-PERF01\\") + object));
    QCOMPARE(s.history.validAt(row), value.has_value());
    if (value)
        QCOMPARE(s.history.valueAt(row), *value);
    QCOMPARE(data.series(0).color, ViewData::paletteColor(0));
}

void TestLogLoader::cliWrittenFileRoundTrips()
{
    // Written by the writer perfscope-cli query uses, in the local zone.
    const QString path = m_dir.filePath(QStringLiteral("cli.csv"));
    std::FILE* f = std::fopen(QFile::encodeName(path).constData(), "wb");
    QVERIFY(f);
    perfscope::files::PdhCsvWriter writer(f, ',');
    using std::chrono::milliseconds;
    using std::chrono::system_clock;
    const auto [zone, bias] = perfscope::files::PdhCsvWriter::local_zone(system_clock::time_point(milliseconds(kT0)));
    QVERIFY(writer.write_header({"\\\\host\\Processor(cpu0)\\% User Time", "\\\\host\\Memory\\MemFree"}, zone, bias));
    for (int i = 0; i < 50; ++i) {
        std::optional<double> a = i == 10 ? std::nullopt : std::optional<double>(wave(1, i));
        QVERIFY(writer.write_row(system_clock::time_point(milliseconds(kT0 + 250 * i)), {a, wave(2, i) * 1e6}));
    }
    std::fclose(f);
    ViewData data;
    QString message;
    QVERIFY2(load(data, path, &message), qPrintable(message));
    QCOMPARE(data.seriesCount(), 2);
    QCOMPARE(data.series(0).info.instance, QStringLiteral("cpu0"));
    QCOMPARE(data.series(1).info.counter, QStringLiteral("MemFree"));
    for (int i = 0; i < 50; ++i) {
        QCOMPARE(data.series(0).history.timeAt(i), kT0 + 250 * i);
        QCOMPARE(data.series(0).history.validAt(i), i != 10);
        if (i != 10)
            QVERIFY(std::abs(data.series(0).history.valueAt(i) - wave(1, i)) <= 5e-7);
        QVERIFY(std::abs(data.series(1).history.valueAt(i) - wave(2, i) * 1e6) <= 5e-7);
    }
}

void TestLogLoader::malformedLoadsNothing_data()
{
    const QByteArray head = "\"(PDH-CSV 4.0) (UTC)(0)\",\"\\\\h\\Memory\\MemFree\",\"\\\\h\\Memory\\Cached\"\n";
    const QByteArray row = "\"11/22/2026 12:00:00.000\",\"1\",\"2\"\n";
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("wrong column count") << head + row + "\"11/22/2026 12:00:01.000\",\"1\"\n" + row << "line 3";
    QTest::newRow("bad time stamp") << head + row + "\"2026-11-22 12:00:01\",\"1\",\"2\"\n"
                                    << "line 3";
    QTest::newRow("not csv") << QByteArray("hello world\nthis is text\n") << "line 1";
    QTest::newRow("empty") << QByteArray() << "line 1";
}

void TestLogLoader::malformedLoadsNothing()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, mentions);
    const QString path = m_dir.filePath(QStringLiteral("bad.csv"));
    write_file(path, text);
    ViewData data;
    QSignalSpy added(&data, &ViewData::seriesAdded);
    QString message;
    QVERIFY(!load(data, path, &message));
    QVERIFY2(message.contains(mentions), qPrintable(message));
    QVERIFY2(message.contains(path), qPrintable(message));
    QCOMPARE(data.seriesCount(), 0);
    QCOMPARE(added.size(), 0);
    QVERIFY(!data.isReadOnly());
}

void TestLogLoader::missingFileNamesIt()
{
    ViewData data;
    QString message;
    const QString path = m_dir.filePath(QStringLiteral("no-such-log.csv"));
    QVERIFY(!load(data, path, &message));
    QVERIFY2(message.contains(path), qPrintable(message));
    QCOMPARE(data.seriesCount(), 0);
}

void TestLogLoader::cutLastLineLoadsTheCompleteRows()
{
    const QByteArray head = "\"(PDH-CSV 4.0) (Pacific Standard Time)(480)\",\"\\\\web-3\\Memory\\MemFree\","
                            "\"\\\\web-3\\Memory\\Cached\"\n";
    const QByteArray row1 = "\"11/22/2026 12:00:00.000\",\"1\",\"2\"\n";
    const QByteArray row2 = "\"11/22/2026 12:00:01.000\",\"3\",\"4\"\n";
    const QString path = m_dir.filePath(QStringLiteral("cut.csv"));
    write_file(path, head + row1 + row2 + "\"11/22/2026 12:00:02.000\",\"5");
    ViewData data;
    QVERIFY(load(data, path));
    QCOMPARE(data.seriesCount(), 2);
    QCOMPARE(data.series(0).history.size(), qsizetype(2));
    QCOMPARE(data.series(1).history.valueAt(1), 4.0);
    // Bias 480 (UTC = local + 8 h): UTC-08:00.
    QCOMPARE(data.series(0).history.timeAt(0), utc(2026, 11, 22, 20, 0, 0, 0));
    const QString notice = data.error();
    QVERIFY2(notice.contains(QStringLiteral("Log of web-3")), qPrintable(notice));
    QVERIFY2(notice.contains(QStringLiteral("UTC-08:00 (Pacific Standard Time)")), qPrintable(notice));
    QVERIFY2(notice.contains(QStringLiteral("Line 4 is cut short")), qPrintable(notice));
    QVERIFY2(notice.contains(QStringLiteral("(column 27: the quoted cell is not closed")), qPrintable(notice));
}

void TestLogLoader::logWithoutZoneSaysLocalTime()
{
    const QString path = m_dir.filePath(QStringLiteral("typeperf-redirect.csv"));
    write_file(path, "\r\n\"(PDH-CSV 4.0)\",\"\\\\box\\Processor(_Total)\\% Processor Time\"\r\n"
                     "\"11/22/2026 12:00:00.000\",\"7.5\"\r\n");
    ViewData data;
    QVERIFY(load(data, path));
    QCOMPARE(data.seriesCount(), 1);
    const qint64 local = QDateTime(QDate(2026, 11, 22), QTime(12, 0), Qt::LocalTime).toMSecsSinceEpoch();
    QCOMPARE(data.series(0).history.timeAt(0), local);
    QVERIFY2(data.error().contains(QStringLiteral("local time")), qPrintable(data.error()));
    QVERIFY2(data.error().contains(QStringLiteral("Log of box")), qPrintable(data.error()));
}

void TestLogLoader::logViewHasLegendZoomAndExport()
{
    ViewData data;
    QVERIFY(load(data, fixture("typeperf_console.csv")));
    ViewWidget view(&data);
    view.resize(800, 500);
    view.setTimeWindow(double(data.lastTime() - data.firstTime()) / 1000.0);
    view.show();
    view.refresh();
    // The whole log in the window: the legend's statistics are the file's.
    QCOMPARE(view.legendModel()->index(1, LegendModel::Average).data(Qt::UserRole).toDouble(), 3020.0);
    QCOMPARE(view.legendModel()->index(0, LegendModel::Maximum).data(Qt::UserRole).toDouble(), 100.0);
    QCOMPARE(view.legendModel()->statistics(2).count, 2);
    // A live batch cannot change a log.
    SampleBatch b;
    b.time_ms = data.lastTime() + 1000;
    b.points = {{1, 5.0, true}};
    data.append(b);
    QCOMPARE(data.series(0).history.size(), 3);
    // Zoom to the first two rows, export: the CSV holds just those.
    view.zoomTo(data.firstTime(), data.firstTime() + 1500);
    const QString out = m_dir.filePath(QStringLiteral("zoomed.csv"));
    QString error;
    QVERIFY2(GraphExporter(&view).save(out, &error), qPrintable(error));
    auto log = perfscope::files::read_pdh_csv(QFile::encodeName(out).toStdString());
    QVERIFY(log.ok());
    QCOMPARE(log->rows.size(), size_t(2));
    QCOMPARE(log->rows[1].values[0], std::optional<double>(7.03125));
    QCOMPARE(log->rows[1].values[2], std::optional<double>());
    QCOMPARE(log->rows[0].time_ms, data.firstTime());
}

QTEST_MAIN(TestLogLoader)
#include "test_log_loader.moc"
