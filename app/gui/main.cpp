// SPDX-License-Identifier: Apache-2.0
// perfscope: the desktop app. The command line is checked, and its counter
// paths resolved against the source, before any window opens: a bad
// argument, path or file is a message on stderr naming it and exit code 2
// (and a message box when there is a display).
#include "gui/app/command_line.h"
#include "gui/app/startup_error.h"
#include "files/counter_set.h"
#include "files/pdh_csv_reader.h"
#include "query/platform_source.h"
#include "gui/sampling/resolve_view_counters.h"
#include "gui/sampling/source_hub.h"
#include "gui/window/main_window.h"
#include "gui/remote/set_machine_views.h"
#ifdef PERFSCOPE_HAVE_RECORDING
#include "gui/recording/open_recording.h"
#include "gui/recording/recorded_series.h"
#endif

#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QTimer>

#include <cstdio>
#include <optional>

#ifndef PERFSCOPE_VERSION
#define PERFSCOPE_VERSION "0"
#endif

using namespace perfscope::gui;

int main(int argc, char** argv)
{
    auto fail = [argc, argv](const std::string& message) {
        return report_startup_error(QString::fromStdString(message), argc, argv);
    };
    QStringList args;
    for (int i = 1; i < argc; ++i)
        args << QString::fromLocal8Bit(argv[i]);
    auto command_line = parse_command_line(args);
    if (!command_line)
        return fail(command_line.error().message());
    if (command_line->help) {
        std::fputs(command_line_usage(), stdout);
        return 0;
    }
    if (command_line->version) {
        std::printf("perfscope %s\n", PERFSCOPE_VERSION);
        return 0;
    }

    QString recording;  // --open (or a file named alone) naming a recording, not a log
#ifdef PERFSCOPE_HAVE_RECORDING
    if (!command_line->log_file.isEmpty() && is_recording_file(command_line->log_file)) {
        recording = command_line->log_file;
        const auto outline = read_recording_outline(QFile::encodeName(recording).toStdString());
        if (!outline.error.isEmpty())
            return fail("--open: " + outline.error.toStdString());  // the reader names the file
    }
#endif
    auto source = wpo::query::make_platform_source();
    if (!source)
        return fail(source.error().message());
    auto hub = SourceHub::create(std::move(*source));
    if (!hub)
        return fail(hub.error().message());
    auto counters = resolve_view_counters(**hub, command_line->paths);
    if (!counters)
        return fail(counters.error().message());
    // A set and a log are read whole now: a bad one stops here, naming the file and the line.
    // Only a malformed set stops here; a path not found now (a process that
    // exited since the set was saved) is left out with a warning naming it.
    std::optional<perfscope::files::CounterSet> set;
    if (!command_line->set_file.isEmpty()) {
        auto loaded = perfscope::files::load_counter_set(command_line->set_file.toStdString());
        if (!loaded)
            return fail("--set: " + loaded.error().message());
        QStringList paths;
        for (const auto& view : loaded->views)
            for (const auto& entry : view.counters)
                if (view_machine(view).isEmpty())  // another machine's paths are resolved there, once connected
                    paths << QString::fromStdString(entry.path);
        // One collection for all of them, as the window does when it applies the set.
        const PathsResolution resolution = resolve_each_path(**hub, paths);
        for (qsizetype i = 0; i < paths.size(); ++i) {
            const QString reason = !resolution.error.isEmpty() ? resolution.error : resolution.paths.value(i).error;
            if (!reason.isEmpty())
                std::fprintf(stderr, "perfscope: warning: --set \"%s\": left out \"%s\": %s\n",
                             command_line->set_file.toLocal8Bit().constData(), paths[i].toLocal8Bit().constData(),
                             reason.toLocal8Bit().constData());
        }
        set = std::move(*loaded);
    }
    std::optional<perfscope::files::PdhCsvLog> log;
    if (!command_line->log_file.isEmpty() && recording.isEmpty()) {
        auto read = perfscope::files::read_pdh_csv(command_line->log_file.toStdString());
        if (!read)
            return fail("--open: " + read.error().message());
        log = std::move(*read);
    }

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("perfscope"));
    QApplication::setOrganizationName(QStringLiteral("perfscope"));
    QApplication::setApplicationVersion(QStringLiteral(PERFSCOPE_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/perfscope/perfscope.svg")));

    MainWindow window(**hub);
    const SessionUse session = session_use(*command_line);
    // What the command line names is shown instead of the last session.
    const bool named =
        !counters->isEmpty() || !command_line->machine_paths.isEmpty() || set || log || !recording.isEmpty();
    if (set) {
        window.applyCounterSet(*set);
        window.setCounterSetPath(command_line->set_file);
    }
    if (!counters->isEmpty() || (!named && (session == SessionUse::leave || !window.restoreSession()))) {
        ViewSettings settings;
        if (command_line->interval_s)
            settings.interval_s = *command_line->interval_s;
        ViewPane* pane = window.addView(settings);
        if (!counters->isEmpty()) {
            pane->addCounters(*counters);
        } else {
            // Nothing named and no session: start by watching this machine's
            // processors and memory, as PerfMon starts with % Processor Time
            // (all percentages, so they share one axis). A source without one
            // of them (another platform's names) just leaves it out.
            for (const char* path : {"\\Processor(_Total)\\% Processor Time", "\\Processor(_Total)\\% User Time",
                                     "\\Processor(_Total)\\% Privileged Time", "\\Memory\\% Committed Bytes In Use"})
                if (auto first = resolve_view_counters(**hub, {QString::fromLatin1(path)}))
                    pane->addCounters(*first);
        }
    }
    if (!command_line->machine_paths.isEmpty()) {
        ViewSettings settings;
        if (command_line->interval_s)
            settings.interval_s = *command_line->interval_s;
        open_machine_views(window, command_line->machine_paths, settings);  // connected off the GUI thread
    }
    if (log)
        window.addLogView(*log, QFileInfo(command_line->log_file).fileName());
#ifdef PERFSCOPE_HAVE_RECORDING
    if (!recording.isEmpty())
        open_recording_view(window, recording);
#endif
    // From here on, changes are saved as the session (a moment after each),
    // unless the window does not show it: then the user's views stay for the next start.
    if (session == SessionUse::leave)
        window.leaveSession(
            command_line->no_session ? QApplication::translate("main", "Session not saved (--no-session)")
            : !recording.isEmpty()
                ? QApplication::translate("main", "Showing a recording: the last session is kept as it was")
                : QApplication::translate("main", "Showing a log: the last session is kept as it was"));
    else
        window.claimSession(session == SessionUse::replace);
    window.show();
    return app.exec();
}
