// SPDX-License-Identifier: Apache-2.0
// perfscope's command line: the parser's rules row by row, then the real
// binary: bad arguments, paths and files exit 2 with a message naming the bad
// part before any window opens; good paths start the app.
#include "gui/app/command_line.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace perfscope::gui;

namespace {

struct Run {
    int exit_code = -1;
    QString out;
    QString err;
    bool still_running = false;
};

// Runs perfscope offscreen; a run still going after `wait_ms` is killed.
Run run(const QStringList& args, int wait_ms = 20000)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    QTemporaryDir home;
    env.insert("XDG_CONFIG_HOME", home.path());
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(PERFSCOPE_BINARY), args);
    Run r;
    if (!p.waitForFinished(wait_ms)) {
        r.still_running = p.state() == QProcess::Running;
        p.kill();
        p.waitForFinished();
    }
    r.exit_code = p.exitCode();
    r.out = QString::fromLocal8Bit(p.readAllStandardOutput());
    r.err = QString::fromLocal8Bit(p.readAllStandardError());
    return r;
}

}  // namespace

class CommandLineTest : public QObject {
    Q_OBJECT
private slots:
    void parsesGoodArguments()
    {
        QTemporaryDir dir;
        const QString set = dir.filePath("a.json");
        QFile(set).open(QIODevice::WriteOnly);
        auto line = parse_command_line(
            {"\\Memory\\Available Bytes", "--interval", "0.5", "\\Process(*)\\*", "--set", set, "--no-session"});
        QVERIFY(line);
        QCOMPARE(line->paths, QStringList({"\\Memory\\Available Bytes", "\\Process(*)\\*"}));
        QCOMPARE(*line->interval_s, 0.5);
        QCOMPARE(line->set_file, set);
        QVERIFY(line->no_session);
        auto typeperf = parse_command_line({"--interval", "01:30"});
        QVERIFY(typeperf);
        QCOMPARE(*typeperf->interval_s, 90.0);
    }

    void pathsOfOtherMachinesGoApart()
    {
        auto line = parse_command_line({"\\\\127.0.0.1:9654\\Memory\\Available Bytes", "\\Memory\\Committed Bytes",
                                        "\\\\localhost\\Memory\\Cache Bytes"});
        QVERIFY(line);
        QCOMPARE(line->machine_paths, QStringList{"\\\\127.0.0.1:9654\\Memory\\Available Bytes"});
        QCOMPARE(line->paths, QStringList({"\\Memory\\Committed Bytes", "\\\\localhost\\Memory\\Cache Bytes"}));
        QVERIFY(session_use(*line) == SessionUse::replace);
        auto alone = parse_command_line({"\\\\127.0.0.1:9654\\Memory\\Available Bytes"});
        QVERIFY(alone && session_use(*alone) == SessionUse::replace);
        // A machine that is no address is named before any window opens.
        auto bad = parse_command_line({"\\\\box:99999\\Memory\\Available Bytes"});
        QVERIFY(!bad);
        QVERIFY2(QString::fromStdString(bad.error().message()).contains("99999"), bad.error().message().c_str());
    }

    void rejectsBadArguments_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("named");
        QTest::newRow("unknown option") << QStringList{"--frobnicate"} << "--frobnicate";
        QTest::newRow("interval without value") << QStringList{"--interval"} << "--interval";
        QTest::newRow("interval not a number") << QStringList{"--interval", "soon"} << "soon";
        QTest::newRow("interval too short") << QStringList{"--interval", "0.05"} << "0.1 s";
        QTest::newRow("interval too long") << QStringList{"--interval", "2:00:00"} << "1 h";
        QTest::newRow("set missing") << QStringList{"--set", "/nonexistent/set.json"} << "/nonexistent/set.json";
        QTest::newRow("set a directory") << QStringList{"--set", "/tmp"} << "\"/tmp\"";
        QTest::newRow("log missing") << QStringList{"--open", "/nonexistent/log.csv"} << "/nonexistent/log.csv";
        QTest::newRow("not a path") << QStringList{"Memory"} << "\"Memory\"";
    }
    void rejectsBadArguments()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, named);
        auto line = parse_command_line(args);
        QVERIFY(!line);
        QVERIFY2(QString::fromStdString(line.error().message()).contains(named), line.error().message().c_str());
    }

    // QCommandLineParser: --opt=value, and Qt's own options known (QApplication takes them).
    void acceptsEqualsAndQtOptions()
    {
        QTemporaryDir dir;
        const QString set = dir.filePath("a.json");
        QFile(set).open(QIODevice::WriteOnly);
        auto line = parse_command_line({"--interval=0.5", "--set=" + set, "-platform", "offscreen", "-style", "fusion",
                                        "--reverse", "-reverse", "\\Memory\\Available Bytes"});
        QVERIFY2(line, line ? "" : line.error().message().c_str());
        QCOMPARE(*line->interval_s, 0.5);
        QCOMPARE(line->set_file, set);
        QCOMPARE(line->paths, QStringList{"\\Memory\\Available Bytes"});
        auto alias = parse_command_line({"-si", "2", "-h"});
        QVERIFY(alias);
        QCOMPARE(*alias->interval_s, 2.0);
        QVERIFY(alias->help);
        // The misspelled option is named as typed, also with a value after =.
        auto unknown = parse_command_line({"--intervall=3"});
        QVERIFY(!unknown);
        QVERIFY2(QString::fromStdString(unknown.error().message()).contains("\"--intervall\""),
                 unknown.error().message().c_str());
        auto bad_value = parse_command_line({"--interval=soon"});
        QVERIFY(!bad_value);
        QVERIFY(QString::fromStdString(bad_value.error().message()).contains("soon"));

        Run version = run({"-platform", "offscreen", "-style", "fusion", "--reverse", "--version"});
        QCOMPARE(version.exit_code, 0);
        QVERIFY(version.out.startsWith("perfscope "));
        Run help = run({"--help"});
        QVERIFY(help.out.contains("-platform"));
    }

    void helpAndVersionExitZero()
    {
        Run help = run({"--help"});
        QCOMPARE(help.exit_code, 0);
        QVERIFY(help.out.contains("usage: perfscope [PATH...]"));
        Run version = run({"--version"});
        QCOMPARE(version.exit_code, 0);
        QVERIFY(version.out.startsWith("perfscope "));
    }

    void badPathsAndFilesExitTwoNamingTheBadPart_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("named");
        QTest::newRow("unknown object") << QStringList{"\\Nonesuch\\Foo"} << "Nonesuch";
        QTest::newRow("unknown counter") << QStringList{"\\Memory\\Bogus Bytes"} << "Bogus Bytes";
        QTest::newRow("no such instance")
            << QStringList{"\\Process(nosuchprocess:1)\\% Processor Time"} << "nosuchprocess:1";
        QTest::newRow("instance missing") << QStringList{"\\Process\\% Processor Time"} << "has instances";
        QTest::newRow("bad interval") << QStringList{"\\Memory\\Available Bytes", "--interval", "x"} << "\"x\"";
        QTest::newRow("missing set") << QStringList{"--set", "/nonexistent/s.json"} << "/nonexistent/s.json";
        QTest::newRow("missing log") << QStringList{"--open", "/nonexistent/l.csv"} << "/nonexistent/l.csv";
    }
    void badPathsAndFilesExitTwoNamingTheBadPart()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, named);
        Run r = run(args);
        QVERIFY2(!r.still_running, "a window opened");
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.startsWith("perfscope: ") && r.err.contains(named), qPrintable(r.err));
    }

    void setsAndLogs()
    {
        QTemporaryDir dir;
        auto write = [&](const char* name, const QByteArray& text) {
            QFile f(dir.filePath(name));
            f.open(QIODevice::WriteOnly);
            f.write(text);
            return dir.filePath(name);
        };
        const QString good_set = write("good.json", R"({"version": 1, "views": [{"title": "cpu", "interval_s": 0.5,
            "counters": [{"path": "\\Processor(_Total)\\% Processor Time"}]}]})");
        const QString bad_json = write("bad.json", "{\"version\": 1, \"views\": [");
        const QString bad_path = write("badpath.json", R"({"version": 1, "views": [{"counters":
            [{"path": "\\Nonesuch\\Foo"}]}]})");
        const QString good_log = write("good.csv", "\"(PDH-CSV 4.0) (UTC)(0)\",\"\\\\H\\Memory\\Available Bytes\"\r\n"
                                                   "\"01/04/2026 12:00:00.000\",\"1\"\r\n");
        const QString bad_log = write("bad.csv", "\"(PDH-CSV 4.0) (UTC)(0)\",\"\\\\H\\Memory\\Available Bytes\"\r\n"
                                                 "\"not a time\",\"1\"\r\n");
        Run r = run({"--set", bad_json});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains("bad.json") && r.err.contains("line"), qPrintable(r.err));
        // A path not found now (an object this machine lacks) is left out with a warning; the app starts.
        r = run({"--set", bad_path}, 2500);
        QVERIFY2(r.still_running, qPrintable(r.err));
        QVERIFY2(r.err.contains("warning") && r.err.contains("\\Nonesuch\\Foo"), qPrintable(r.err));
        r = run({"--open", bad_log});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains("line 2"), qPrintable(r.err));
        r = run({"--set", good_set}, 2500);
        QVERIFY2(r.still_running, qPrintable(r.err));
        r = run({"--open", good_log}, 2500);
        QVERIFY2(r.still_running, qPrintable(r.err));
        // A file named alone opens as --open does: the same check of the log.
        r = run({bad_log});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains("line 2"), qPrintable(r.err));
        auto alone = parse_command_line({good_log});
        QVERIFY(alone);
        QCOMPARE(alone->log_file, good_log);
        QVERIFY(alone->paths.isEmpty());
        QCOMPARE(session_use(*alone), SessionUse::leave);
#ifdef PERFSCOPE_HAVE_RECORDING
        // A recording's magic followed by a header cut short: exit 2 naming the file, before any window.
        const QString bad_recording = write("cut.psrec", QByteArray("PSCOPREC\x01\0\0\0", 12));
        r = run({bad_recording});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains("cut.psrec"), qPrintable(r.err));
#endif
    }

    // A set the app saved while a process ran, opened after it exited: the
    // app starts with the rest, the warning names the path left out.
    void aSetNamingAProcessThatExitedStarts()
    {
        QProcess sleeper;
        sleeper.start("sleep", {"60"});
        QVERIFY(sleeper.waitForStarted());
        const QString path = QStringLiteral("\\Process(sleep:%1)\\% Processor Time").arg(sleeper.processId());
        sleeper.kill();
        sleeper.waitForFinished();
        QTemporaryDir dir;
        const QString set = dir.filePath("ended.json");
        QFile f(set);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QString json = QStringLiteral("{\"version\": 2, \"views\": [{\"counters\": [{\"path\": \"%1\"}, "
                                      "{\"path\": \"\\\\Memory\\\\Available Bytes\"}]}]}")
                           .arg(QString(path).replace("\\", "\\\\"));
        f.write(json.toUtf8());
        f.close();
        Run r = run({"--set", set}, 2500);
        QVERIFY2(r.still_running, qPrintable(r.err));
        QVERIFY2(r.err.contains("warning") && r.err.contains("\"" + path + "\""), qPrintable(r.err));
    }

    void goodPathsStartTheApp()
    {
        Run r = run(
            {"\\Processor(_Total)\\% Processor Time", "\\Process(*)\\Working Set", "--interval", "0.5", "--no-session"},
            2500);
        QVERIFY2(r.still_running, qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(CommandLineTest)
#include "command_line_test.moc"
