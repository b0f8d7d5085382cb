// SPDX-License-Identifier: Apache-2.0
#include "gui/app/command_line.h"

#include "gui/remote/machine_paths.h"
#include "query/interval.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QFileInfo>

namespace perfscope::gui {

namespace {

wpo::Error bad(const QString& message)
{
    return wpo::Error(wpo::Errc::invalid_argument, message.toStdString());
}

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
           "(\"(*)\" follows every instance, also those that start later). A path naming another\n"
           "machine, \"\\\\HOST:PORT\\Memory\\Available Bytes\", opens a view of that machine's agent\n"
           "(perfscope-cli serve), as File > Add machine does.\n"
           "\n"
           "  --interval S    sample interval of the view: seconds or [[hh:]mm:]ss, 0.1 s to 1 h (default 1)\n"
           "  --set FILE      open this counter set (JSON) instead of the last session\n"
           "  --open LOG.csv  open a PDH-CSV log (perfscope-cli query, typeperf, relog) or a recording\n"
           "                 (.psrec) read-only; a FILE argument (not a counter path) does the same\n"
           "  --no-session    start empty; the last session is neither restored nor written\n"
           "  --version       print the version and exit\n"
           "  --help          print this and exit\n"
           "\n"
           "Options take their value after a space or an = (--interval=0.5). Qt's own\n"
           "options work too: -platform NAME, -style NAME, -reverse (or --reverse).\n"
           "\n"
           "Exit code 2: a bad argument, path or file (named on stderr).\n";
}

SessionUse session_use(const CommandLine& line)
{
    if (line.no_session)
        return SessionUse::leave;
    if (!line.paths.isEmpty() || !line.machine_paths.isEmpty() || !line.set_file.isEmpty())
        return SessionUse::replace;
    // A log is a file to look at, not the user's views: they stay for the next start.
    return line.log_file.isEmpty() ? SessionUse::restore : SessionUse::leave;
}

namespace {

// Qt's own options, taken by QApplication itself: known here so they are not
// "unknown", and hidden from --help (Qt documents them).
const char* const kQtValueOptions[] = {
    "platform",     "platformpluginpath", "platformtheme", "plugin", "style",           "stylesheet",  "session",
    "display",      "geometry",           "title",         "name",   "qwindowgeometry", "qwindowicon", "qwindowtitle",
    "qmljsdebugger"};
const char* const kQtFlagOptions[] = {"reverse", "widgetcount", "nograb", "dograb", "sync"};

// The argument that named option `name` ("--set=x", "-si", "--frobnicate").
QString spelling(const QStringList& args, const QString& name)
{
    for (const QString& arg : args) {
        QString bare = arg.section('=', 0, 0);
        while (bare.startsWith('-'))
            bare.remove(0, 1);
        if (arg.startsWith('-') && bare == name)
            return arg.section('=', 0, 0);
    }
    return QStringLiteral("--") + name;
}

}  // namespace

wpo::Result<CommandLine> parse_command_line(const QStringList& args)
{
    QCommandLineParser parser;
    // -si and Qt's -platform are words, not clusters of one-letter options.
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help({"h", "help"}, "");
    const QCommandLineOption version("version", "");
    const QCommandLineOption no_session("no-session", "");
    const QCommandLineOption interval({"interval", "si"}, "", "S");
    const QCommandLineOption set("set", "", "FILE");
    const QCommandLineOption open("open", "", "LOG");
    parser.addOptions({help, version, no_session, interval, set, open});
    for (const char* name : kQtValueOptions) {
        QCommandLineOption qt(QString::fromLatin1(name), "", "value");
        qt.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(qt);
    }
    for (const char* name : kQtFlagOptions) {
        QCommandLineOption qt(QString::fromLatin1(name), "");
        qt.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(qt);
    }
    if (!parser.parse(QStringList{QStringLiteral("perfscope")} + args)) {
        if (!parser.unknownOptionNames().isEmpty())
            return bad(QStringLiteral("unknown option \"%1\" (see perfscope --help)")
                           .arg(spelling(args, parser.unknownOptionNames().front())));
        // QCommandLineParser's one other complaint: an option given no value.
        for (const char* name : {"interval", "si", "set", "open"}) {
            const QString option = spelling(args, QString::fromLatin1(name));
            if (args.contains(option) && args.indexOf(option) == args.size() - 1)
                return bad(QStringLiteral("%1 needs a value").arg(option));
        }
        return bad(parser.errorText());
    }

    CommandLine out;
    out.help = parser.isSet(help);
    out.version = parser.isSet(version);
    out.no_session = parser.isSet(no_session);
    if (parser.isSet(interval)) {
        const QString text = parser.value(interval);
        auto seconds = wpo::query::parse_interval(text.toStdString(), "--interval");
        if (!seconds)
            return seconds.error();
        if (*seconds < 0.1 || *seconds > 3600)
            return bad(QStringLiteral("--interval \"%1\": must be from 0.1 s to 1 h").arg(text));
        out.interval_s = *seconds;
    }
    if (parser.isSet(set)) {
        if (auto error = unreadable("--set", parser.value(set)))
            return *error;
        out.set_file = parser.value(set);
    }
    if (parser.isSet(open)) {
        if (auto error = unreadable("--open", parser.value(open)))
            return *error;
        out.log_file = parser.value(open);
    }
    for (const QString& arg : parser.positionalArguments()) {
        // A file named alone (a desktop's "open with", `perfscope day.psrec`) opens as --open does.
        if (!arg.startsWith('\\') && out.log_file.isEmpty() && QFileInfo(arg).isFile()) {
            if (auto error = unreadable("FILE", arg))
                return *error;
            out.log_file = arg;
            continue;
        }
        if (!arg.startsWith('\\'))
            return bad(
                QStringLiteral("\"%1\" is not a counter path (they start with \\, e.g. \"\\Memory\\Available Bytes\")")
                    .arg(arg));
        if (const QString machine = remote_machine_of(arg); !machine.isEmpty()) {
            if (auto checked = parse_machine(machine); !checked)
                return bad(QStringLiteral("\"%1\": %2").arg(arg, QString::fromStdString(checked.error().message())));
            out.machine_paths << arg;
            continue;
        }
        out.paths << arg;
    }
    return out;
}

}  // namespace perfscope::gui
