// SPDX-License-Identifier: Apache-2.0
// perfscope's command line:
//   perfscope [PATH...] [--interval S] [--set FILE] [--open LOG.csv] [--version] [--help]
// Parsed strictly before any window opens: a bad argument is an Error naming
// it, which main() prints on stderr with exit code 2. Paths are checked
// against the source later (resolve_view_counters), also before the window.
#pragma once

#include "core/result.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace perfscope::gui {

struct CommandLine {
    bool help = false;
    bool version = false;
    QStringList paths;                 // this machine's
    QStringList machine_paths;         // `\\HOST:PORT\...`: other machines' (checked, not resolved)
    std::optional<double> interval_s;  // --interval, typeperf's [[hh:]mm:]ss
    QString set_file;                  // --set
    QString log_file;                  // --open
    bool no_session = false;           // --no-session: start empty, neither restore nor write the last session
};

// What the window does with the last session (docs/desktop-app.md).
enum class SessionUse {
    restore,  // nothing named: the session is restored, then saved a moment after every change
    replace,  // counters or a set named: shown instead; saved once the user changes something
    leave,    // --no-session, or only a log named: the session is never written
};
SessionUse session_use(const CommandLine& line);

// Arguments without the program name.
wpo::Result<CommandLine> parse_command_line(const QStringList& args);

const char* command_line_usage();

}  // namespace perfscope::gui
