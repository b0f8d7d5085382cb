// SPDX-License-Identifier: Apache-2.0
#include "gui/app/command_line.h"

#include "query/interval.h"

#include <QFileInfo>

namespace perfscope::gui {

namespace {

wpo::Error bad(const QString& message) { return wpo::Error(wpo::Errc::invalid_argument, message.toStdString()); }

// A file the app must read: named in the message when it cannot be.
std::optional<wpo::Error> unreadable(const QString& option, const QString& file)
{
    const QFileInfo info(file);
    if (!info.exists())
        return bad(QStringLiteral("%1: \"%2\" does not exist").arg(option, file));
    if (!info.isFile() || !info.isReadable())
        return bad(QStringLiteral("%1: \"%2\" is not a readable file").arg(option, file));
    return std::nullopt;
}

}  // namespace

const char* command_line_usage()
{
    return "usage: perfscope [PATH...] [--interval S] [--set FILE] [--open LOG.csv]\n"
           "\n"
           "Plots performance counters live. PATHs are typeperf counter paths, e.g.\n"
           "  \"\\Processor(_Total)\\% Processor Time\"  \"\\Process(*)\\Working Set\"  \"\\Memory\\*\"\n"
           "(\"(*)\" follows every instance, also those that start later).\n"
           "\n"
           "  --interval S    sample interval of the view: seconds or [[hh:]mm:]ss, 0.1 s to 1 h (default 1)\n"
           "  --set FILE      open this counter set (JSON) instead of the last session\n"
           "  --open LOG.csv  open a PDH-CSV log (perfscope-cli query, typeperf, relog) read-only\n"
           "  --no-session    start empty; the last session is neither restored nor written\n"
           "  --version       print the version and exit\n"
           "  --help          print this and exit\n"
           "\n"
           "Exit code 2: a bad argument, path or file (named on stderr).\n";
}

SessionUse session_use(const CommandLine& line)
{
    if (line.no_session)
        return SessionUse::leave;
    if (!line.paths.isEmpty() || !line.set_file.isEmpty())
        return SessionUse::replace;
    // A log is a file to look at, not the user's views: they stay for the next start.
    return line.log_file.isEmpty() ? SessionUse::restore : SessionUse::leave;
}

wpo::Result<CommandLine> parse_command_line(const QStringList& args)
{
    CommandLine out;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& arg = args[i];
        auto value = [&](const char* option) -> wpo::Result<QString> {
            if (i + 1 >= args.size())
                return bad(QStringLiteral("%1 needs a value").arg(QLatin1String(option)));
            return args[++i];
        };
        if (arg == "--help" || arg == "-h") {
            out.help = true;
        } else if (arg == "--version") {
            out.version = true;
        } else if (arg == "--no-session") {
            out.no_session = true;
        } else if (arg == "--interval" || arg == "-si") {
            auto text = value("--interval");
            if (!text)
                return text.error();
            auto seconds = wpo::query::parse_interval(text->toStdString(), "--interval");
            if (!seconds)
                return seconds.error();
            if (*seconds < 0.1 || *seconds > 3600)
                return bad(QStringLiteral("--interval \"%1\": must be from 0.1 s to 1 h").arg(*text));
            out.interval_s = *seconds;
        } else if (arg == "--set") {
            auto file = value("--set");
            if (!file)
                return file.error();
            if (auto error = unreadable("--set", *file))
                return *error;
            out.set_file = *file;
        } else if (arg == "--open") {
            auto file = value("--open");
            if (!file)
                return file.error();
            if (auto error = unreadable("--open", *file))
                return *error;
            out.log_file = *file;
        } else if (arg.startsWith("--")) {
            return bad(QStringLiteral("unknown option \"%1\" (see perfscope --help)").arg(arg));
        } else if (arg.startsWith('\\')) {
            out.paths << arg;
        } else {
            return bad(QStringLiteral("\"%1\" is not a counter path (they start with \\, e.g. \"\\Memory\\Available Bytes\")")
                           .arg(arg));
        }
    }
    return out;
}

}  // namespace perfscope::gui
