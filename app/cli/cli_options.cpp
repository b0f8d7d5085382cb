// SPDX-License-Identifier: Apache-2.0
#include "cli/cli_options.h"

#include "cli/relog_options.h"
#include "files/pdh_csv_time.h"
#include "cli/record_size.h"
#include "query/interval.h"

#include <charconv>
#include <cmath>

namespace perfscope::cli {

using wpo::Errc;
using wpo::Error;

namespace {

Error bad(const std::string& what)
{
    return Error(Errc::invalid_argument, what);
}

// -b / -e: a local time as PDH-CSV logs write it (relog's -b and -e take the same).
wpo::Result<std::int64_t> parse_time(const std::string& flag, const std::string& text)
{
    const auto wall = files::parse_pdh_time(text);
    if (!wall)
        return bad(flag + " needs a local time \"MM/DD/YYYY HH:MM:SS\", got \"" + text + "\"");
    return files::local_wall_to_utc_ms(*wall);
}

wpo::Result<std::uint64_t> parse_count(const std::string& flag, const std::string& text)
{
    std::uint64_t n = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty())
        return bad(flag + " needs a whole number, got \"" + text + "\"");
    return n;
}

bool is_help_flag(const std::string& arg)
{
    return arg == "--help" || arg == "-h" || arg == "-?";
}

// serve's flags of the cardinality guard and the cache, each followed by a value.
bool serve_guard_flag_takes_value(const std::string& a)
{
    return a == "--include-process" || a == "--exclude-process" || a == "--top-by" || a == "--cache-freshness";
}

// Whether a help flag follows the command, skipping the values of the
// command's options (so `-o -h` names a file): help wins over every other
// argument, as a newcomer who added --help to a wrong line wants the usage,
// not the complaint.
bool asks_for_help(Command command, const std::vector<std::string>& args, std::size_t from)
{
    for (std::size_t i = from; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (is_help_flag(a))
            return true;
        const bool takes_value =
            (command == Command::serve && serve_guard_flag_takes_value(a)) ||
            (command == Command::query && (a == "-si" || a == "-sc" || a == "-o" || a == "-f" || a == "--set")) ||
            (command == Command::dump && a == "-si") || (command == Command::counters && a == "--library") ||
            (command == Command::record &&
             (a == "-si" || a == "-sc" || a == "-o" || a == "--set" || a == "--duration" || a == "--max-size" ||
              a == "--new-file-every" || a == "--flush-every")) ||
            ((command == Command::query || command == Command::list || command == Command::dump) &&
             (a == "--input" || a == "-b" || a == "-e" || a == "-s")) ||
            (command == Command::serve &&
             (a == "--listen" || a == "--set" || a == "--web-config" || a == "--max-instances" || a == "--sets-dir")) ||
            (command == Command::relog && relog_option_takes_value(a)) ||
            (command == Command::top && top_flag_takes_value(a));
        if (takes_value)
            ++i;
    }
    return false;
}

}  // namespace

std::optional<Command> command_named(const std::string& name)
{
    if (name == "list")
        return Command::list;
    if (name == "query")
        return Command::query;
    if (name == "dump")
        return Command::dump;
    if (name == "counters")
        return Command::counters;
    if (name == "record")
        return Command::record;
    if (name == "serve")
        return Command::serve;
    if (name == "relog")
        return Command::relog;
    if (name == "top")
        return Command::top;
    return std::nullopt;
}

wpo::Result<Options> parse_options(const std::vector<std::string>& args)
{
    Options o;
    std::size_t i = 0;
    auto value_of = [&](const std::string& flag) -> wpo::Result<std::string> {
        if (i + 1 >= args.size())
            return bad(flag + " needs a value");
        return args[++i];
    };

    // Global options before the command.
    while (i < args.size() && args[i].starts_with("--") && !is_help_flag(args[i]) && args[i] != "--version") {
        if (args[i] == "--proc-root") {
            auto v = value_of("--proc-root");
            if (!v)
                return v.error();
            o.proc_root = *v;
            ++i;
        } else {
            return bad("unknown option \"" + args[i] + "\"");
        }
    }
    if (i >= args.size())
        return bad("no command given");
    const std::string command = args[i++];
    if (command == "help" || is_help_flag(command)) {
        o.command = Command::help;
        // `help query`: that command's usage; `help` alone the overview.
        if (i < args.size()) {
            if (i + 1 < args.size())
                return bad("help takes one command, got \"" + args[i] + "\" and \"" + args[i + 1] + "\"");
            if (args[i] != "help") {
                o.help_topic = command_named(args[i]);
                if (!o.help_topic)
                    return bad("unknown command \"" + args[i] +
                               "\"; the commands are list, query, dump, record, relog, top, counters and serve");
            }
        }
        return o;
    }
    if (command == "--version" || command == "version") {
        o.command = Command::version;
    } else if (auto named = command_named(command)) {
        o.command = *named;
    } else {
        return bad("unknown command \"" + command + "\"");
    }
    if (asks_for_help(o.command, args, i)) {
        o.help_topic = o.command;
        o.command = Command::help;
        return o;
    }
    if (o.command == Command::relog)
        return parse_relog_options(args, i, std::move(o));

    for (; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (o.command == Command::top) {
            auto taken = parse_top_argument(args, i, o);
            if (!taken)
                return taken.error();
            if (*taken)
                continue;
        }
        if (o.command == Command::list && a == "--help-text") {
            o.help_text = true;
        } else if ((o.command == Command::query || o.command == Command::record) &&
                   (a == "-si" || a == "-sc" || a == "-o" || (a == "-f" && o.command == Command::query))) {
            auto v = value_of(a);
            if (!v)
                return v.error();
            if (a == "-si") {
                auto s = wpo::query::parse_interval(*v);
                if (!s)
                    return s.error();
                o.interval_s = *s;
                o.interval_given = true;
            } else if (a == "-sc") {
                auto n = parse_count(a, *v);
                if (!n)
                    return n.error();
                if (*n == 0)
                    return bad("-sc must be at least 1");
                o.samples = *n;
            } else if (a == "-o") {
                if (v->empty())
                    return bad("-o needs a file name");
                o.output_file = *v;
            } else {
                if (*v == "csv" || *v == "CSV")
                    o.format = OutputFormat::csv;
                else if (*v == "tsv" || *v == "TSV")
                    o.format = OutputFormat::tsv;
                else
                    return bad("-f supports csv and tsv, got \"" + *v + "\"");
            }
        } else if ((o.command == Command::query || o.command == Command::list || o.command == Command::dump) &&
                   (a == "--input" || a == "-b" || a == "-e")) {
            auto v = value_of(a);
            if (!v)
                return v.error();
            if (a == "--input") {
                if (v->empty())
                    return bad("--input needs a file name");
                o.input_file = *v;
            } else {
                auto t = parse_time(a, *v);
                if (!t)
                    return t.error();
                (a == "-b" ? o.begin_ms : o.end_ms) = *t;
            }
        } else if ((o.command == Command::query || o.command == Command::list || o.command == Command::dump) &&
                   a == "-s") {
            // typeperf's -s: the machine whose counters are read (docs/remote-protocol.md).
            auto v = value_of(a);
            if (!v)
                return v.error();
            if (v->empty())
                return bad("-s needs a machine (HOST[:PORT] or ssh://[USER@]HOST[:PORT])");
            o.machine = *v;
        } else if (o.command == Command::record &&
                   (a == "--duration" || a == "--new-file-every" || a == "--flush-every")) {
            auto v = value_of(a);
            if (!v)
                return v.error();
            auto s = wpo::query::parse_interval(*v, a);
            if (!s)
                return s.error();
            if (a == "--new-file-every" && *s < 1)
                return bad("--new-file-every needs at least 1 s (files are named to the second)");
            (a == "--duration" ? o.duration_s : a == "--new-file-every" ? o.new_file_every_s : o.flush_every_s) = *s;
        } else if (o.command == Command::record && a == "--max-size") {
            auto v = value_of(a);
            if (!v)
                return v.error();
            auto size = parse_size(a, *v);
            if (!size)
                return size.error();
            o.max_size = *size;
        } else if (o.command == Command::record && a == "--circular") {
            o.circular = true;
        } else if (o.command == Command::serve && (a == "--listen" || a == "--web-config" || a == "--sets-dir")) {
            auto v = value_of(a);
            if (!v)
                return v.error();
            (a == "--listen" ? o.listen : a == "--web-config" ? o.web_config : o.sets_dir) = *v;
        } else if (o.command == Command::serve && a == "--stdio") {
            o.stdio = true;
        } else if (o.command == Command::serve && a == "--max-instances") {
            auto v = value_of(a);
            if (!v)
                return v.error();
            auto n = parse_count(a, *v);
            if (!n)
                return n.error();
            o.max_instances = *n;
        } else if (o.command == Command::serve &&
                   (a == "--include-process" || a == "--exclude-process" || a == "--top-by")) {
            auto v = value_of(a);
            if (!v)
                return v.error();
            if (a == "--top-by")
                o.top_by = *v;
            else
                (a == "--include-process" ? o.include_process : o.exclude_process) = *v;
        } else if (o.command == Command::serve && a == "--cache-freshness") {
            auto v = value_of(a);
            if (!v)
                return v.error();
            if (*v == "0") {
                o.cache_freshness_s = 0.0;
            } else {
                auto s = wpo::query::parse_interval(*v, a);
                if (!s)
                    return s.error();
                o.cache_freshness_s = *s;
            }
        } else if ((o.command == Command::query || o.command == Command::record || o.command == Command::serve) &&
                   a == "--set") {
            auto v = value_of(a);
            if (!v)
                return v.error();
            if (v->empty())
                return bad("--set needs a file name");
            if (!o.set_file.empty())
                return bad("--set given twice: \"" + o.set_file + "\" and \"" + *v + "\"");
            o.set_file = *v;
        } else if ((o.command == Command::query || o.command == Command::record) && a == "-y") {
            o.overwrite = true;
        } else if (o.command == Command::query && a == "--cap100") {
            o.cap_percent = true;
        } else if ((o.command == Command::query || o.command == Command::record) && a == "--stats") {
            o.stats = true;
        } else if (o.command == Command::counters && a == "--library") {
            auto v = value_of("--library");
            if (!v)
                return v.error();
            o.library = *v;
        } else if (o.command == Command::dump && a == "--once") {
            o.single_sample = true;
        } else if (o.command == Command::dump && a == "-si") {
            auto v = value_of(a);
            if (!v)
                return v.error();
            auto s = wpo::query::parse_interval(*v);
            if (!s)
                return s.error();
            o.interval_s = *s;
            o.interval_given = true;
        } else if (a.size() > 1 && a[0] == '-' && !(a[1] >= '0' && a[1] <= '9')) {
            return bad("unknown option \"" + a + "\" for " + command);
        } else if (o.command == Command::list) {
            if (o.object)
                return bad("list takes one object, got \"" + *o.object + "\" and \"" + a + "\"");
            o.object = a;
        } else if (o.command == Command::query) {
            o.paths.push_back(a);
        } else if (o.command == Command::record) {
            (a.starts_with('\\') ? o.paths : o.objects).push_back(a);
        } else if (o.command == Command::dump) {
            o.objects.push_back(a);
        } else if (o.command == Command::counters && o.counters_action.empty()) {
            if (a != "install" && a != "uninstall")
                return bad("counters takes install or uninstall, got \"" + a + "\"");
            o.counters_action = a;
        } else if (o.command == Command::counters && o.counters_target.empty()) {
            o.counters_target = a;
        } else {
            return bad("unexpected argument \"" + a + "\"");
        }
    }
    if (o.command == Command::counters && o.counters_action.empty())
        return bad("counters needs install DEFINITION or uninstall NAME");
    if (o.command == Command::counters && o.counters_target.empty())
        return bad(o.counters_action == "install" ? "counters install needs a definition file"
                                                  : "counters uninstall needs the publisher name");
    if (o.command == Command::counters && o.counters_action == "uninstall" && !o.library.empty())
        return bad("--library is for counters install");
    if (o.command == Command::record) {
        if (o.output_file.empty())
            return bad("record needs -o FILE");
        if (o.paths.empty() && o.objects.empty() && o.set_file.empty())
            return bad("record needs objects (Processor Memory), counter paths or --set FILE");
        if (o.samples != 0 && o.duration_s != 0)
            return bad("record takes -sc or --duration, not both");
        if (o.circular && o.max_size == 0)
            return bad("--circular needs --max-size SIZE");
        if (o.circular && o.new_file_every_s != 0)
            return bad("record takes --circular or --new-file-every, not both");
    }
    if (o.command == Command::top)
        if (wpo::Status status = check_top_options(o); !status)
            return status.error();
    if (!o.input_file.empty() && o.interval_given)
        return bad("-si does not apply to --input: a recording is replayed at its own samples");
    if (o.input_file.empty() && (o.begin_ms || o.end_ms))
        return bad("-b and -e need --input FILE");
    if (o.begin_ms && o.end_ms && *o.end_ms < *o.begin_ms)
        return bad("-e is before -b");
    if (o.command == Command::query && o.paths.empty() && o.set_file.empty())
        return bad("query needs at least one counter path or --set FILE, "
                   "e.g. \"\\Processor(_Total)\\% Processor Time\"");
    return o;
}

namespace {

constexpr const char* kListUsage = R"(Usage: perfscope-cli [--proc-root DIR] list [OBJECT] [--help-text]
                                          [--input FILE [-b TIME]]

Without OBJECT: every object this machine serves, with its index, name, number
of counters and number of instances ("-" for a single-instance object).
With OBJECT (a name, any case, or an index): its counters (index, name, type)
and its instances as query paths name them (name:pid for processes).
  --help-text   also print each object's and counter's explanation
  --input FILE  the objects of a recording (perfscope-cli record) instead of
                this machine's, as at its first sample (or at -b TIME)
  -s MACHINE    another machine's (HOST[:PORT], ssh://[USER@]HOST[:PORT]),
                through its perfscope-cli serve; or OBJECT as \\MACHINE\OBJECT

Example: perfscope-cli list Processor
)";

constexpr const char* kQueryUsage =
    R"(Usage: perfscope-cli [--proc-root DIR] query [-si S] [-sc N] [-o FILE] [-f csv|tsv] [-y]
                                           [--cap100] [--stats] [--set FILE]
                                           [--input FILE [-b TIME] [-e TIME]] PATH...

Samples counters like Windows typeperf and writes PDH-CSV 4.0 (one header row,
one row per sample) to stdout or FILE. Find objects, counters and instances
with `perfscope-cli list` and `perfscope-cli list OBJECT`.

PATH (quote it in the shell):
  \Object\Counter                  a single-instance object: \Memory\Available Bytes
  \Object(Instance)\Counter        one instance: \Processor(_Total)\% Processor Time
  \Object(*)\Counter               every instance present when the query starts
  \Object(Parent/Instance)\Counter an instance under its parent
  \Object(Instance)\*              every counter of the instance
  Instances as name:pid (bash:1234), name, or name#N (the N-th of that name).
  Names are matched without regard to case.

Options:
  -si S       interval, [[hh:]mm:]ss, at least 0.1 s (default 1)
  -sc N       number of samples (default: until Ctrl-C)
  -o FILE     write to FILE instead of stdout; -y to overwrite it
  -f csv|tsv  comma- or tab-separated (default csv)
  -s MACHINE  read MACHINE's agent (HOST[:PORT], ssh://[USER@]HOST[:PORT]) for
              paths that name no machine; \\MACHINE\... in a path does the
              same (docs/remote-protocol.md)
  --cap100    cap percentages at 100, as PDH does by default
  --stats     print the object cache's figures to stderr at the end
  --set FILE  also sample every counter of a counter set's views (saved by the
              desktop app; docs/counter-sets.md), each path once, before the
              PATHs; without -si, at the interval of the set's current view
  --input FILE  replay a recording (perfscope-cli record) instead of sampling
              this machine: one row per recorded sample after the first, stamped
              with its recorded time; -b TIME / -e TIME ("MM/DD/YYYY HH:MM:SS",
              local time) start and end the replay

Example: perfscope-cli query -si 0.5 -sc 10 "\Processor(_Total)\% Processor Time"
)";

constexpr const char* kRecordUsage =
    R"(Usage: perfscope-cli [--proc-root DIR] record -o FILE [-y] [-si S] [-sc N | --duration T] [--stats]
                                            [--max-size SIZE [--circular]] [--new-file-every T]
                                            [--flush-every T]
                                            [--set FILE] [OBJECT | PATH]...

Records whole objects into a recording (docs/recording-format.md): every
counter and instance of each object, so any of them can be read later with
`query --input FILE` or `list --input FILE`. OBJECT is a name (any case) or an
index; a PATH (\Object\Counter, as query takes) or a counter set (--set)
records the objects its paths name.
  -o FILE       the recording; -y to overwrite it
  -si S         interval, [[hh:]mm:]ss, at least 0.1 s (default 1)
  -sc N         number of samples; --duration T: for T ([[hh:]mm:]ss); neither:
                until Ctrl-C. Ctrl-C and SIGTERM close the file cleanly; if the
                recorder is killed, at most the last 10 s of data are lost
  --stats       print samples, bytes per stored value and the recorder's own
                CPU time to stderr at the end
  --max-size SIZE  stop before the file would grow past SIZE (K, M, G: powers
                of 1024, e.g. 100M), index included
  --circular    with --max-size: keep recording, dropping the oldest data;
                the file keeps the newest half to all of SIZE
  --new-file-every T  start a new file every T ([[hh:]mm:]ss, at least 1 s),
                each a whole recording named FILE-YYYYmmdd-HHMMSS (UTC start);
                --max-size then caps each file
  --flush-every T  write the data to the file at least every T (default 10 s):
                the most a killed recorder loses; shorter compresses less

Example: perfscope-cli record -o today.psrec -si 5 Processor Memory Process
)";

constexpr const char* kDumpUsage = R"(Usage: perfscope-cli [--proc-root DIR] dump [OBJECT...] [-si S] [--once]
                                          [--input FILE [-b TIME]]

Every counter of the objects (all objects without OBJECT): raw value, type and
decoded value, object by object. Takes two samples S seconds apart (default 1)
so rates have a value; --once takes one sample and shows raw values only.
OBJECT is a name (any case) or an index, as `perfscope-cli list` shows them.
  --input FILE  a recording's first two samples (from -b TIME on) instead
                of this machine's; -si does not apply
  -s MACHINE    another machine's objects (HOST[:PORT], ssh://[USER@]HOST[:PORT]),
                through its perfscope-cli serve; or OBJECT as \\MACHINE\OBJECT

Example: perfscope-cli dump Memory --once
)";

constexpr const char* kCountersUsage = R"(Usage: perfscope-cli counters install DEFINITION [--library DLL]
       perfscope-cli counters uninstall NAME

Windows: registers (or removes) the provider DLL perfscope-counters.dll for the
counters an application publishes, so that Windows' performance data, PerfMon,
typeperf and perfscope show them. DEFINITION is the publisher's definition file
(docs/publishing.md); NAME is its publisher name. Writes
HKLM\SYSTEM\CurrentControlSet\Services\NAME and loads the names and help texts
as lodctr does; needs administrator rights. Nothing is left half-registered.
  --library DLL   the provider DLL (default: perfscope-counters.dll beside
                  perfscope-cli.exe)
Linux needs no registration: published counters are served as they appear.

Example: perfscope-cli counters install perfscope-demo.counters
)";

constexpr const char* kServeUsage = R"(Usage: perfscope-cli [--proc-root DIR] serve [--listen ADDR:PORT] [--set FILE]
                                           [--web-config FILE] [--max-instances N] [--sets-dir DIR]
                                           [--include-process RE] [--exclude-process RE]
                                           [--top-by COUNTER] [--cache-freshness SECONDS]
       perfscope-cli serve --stdio

Serves this machine's counters as Prometheus metrics on http://ADDR:PORT/metrics
until Ctrl-C (names, labels and types: docs/prometheus-naming.md), in the text
format 0.0.4, or OpenMetrics 1.0 when the request's Accept header asks for it.
Beside it, GET /perfscope/v1/names and /perfscope/v1/collect serve Perfscope
clients that read this machine as \\HOST:PORT (docs/remote-protocol.md).
Nothing a request says changes anything.
  --listen ADDR:PORT  where to listen (default 127.0.0.1:9654, this machine only;
                      port 0 picks a free port); the address is printed at start
  --set FILE          export the objects a counter set's paths name (default:
                      Processor, Memory, LogicalDisk, PhysicalDisk, Network
                      Interface, System)
  --web-config FILE   TLS (tls_server_config: cert_file, key_file, and
                      client_ca_file with client_auth_type
                      RequireAndVerifyClientCert) and basic auth
                      (basic_auth_users: name: bcrypt hash), in the Prometheus
                      exporter toolkit's web configuration format
  --max-instances N   export at most N instances of Process and of Thread,
                      those with the most CPU time, plus _Total (default 100;
                      0: all)
  --include-process RE  export only the processes whose name matches the
                      regular expression RE as a whole (ECMAScript), and their
                      threads
  --exclude-process RE  leave out the processes whose name matches RE, and
                      their threads
  --top-by COUNTER    rank processes and threads for --max-instances by this
                      counter's raw value (e.g. "Working Set"; default
                      "% Processor Time")
  --cache-freshness SECONDS  how long one collection of an object serves
                      the scrapes and remote clients that follow (default
                      0.5; 0: every request collects)
  --sets-dir DIR      /metrics?set=NAME exports the objects of the counter
                      set DIR/NAME.json (every set is read once at start)
  --stdio             answer Perfscope clients on standard input and output
                      instead (a client's ssh://HOST runs this; no port)

Example: perfscope-cli serve --listen 0.0.0.0:9654 --web-config web.yml
)";

constexpr const char* kOverview = R"(Usage: perfscope-cli [--proc-root DIR] COMMAND [ARGS]

Commands:
  list                       every object: index, name, counters, instances
  list OBJECT [--help-text]  the object's counters (index, name, type) and instances
  query [-si S] [-sc N] [-o FILE] [-f csv|tsv] [-y] [--cap100] [--stats] [--set FILE] PATH...
                             sample counters like typeperf; PATH is \Object\Counter,
                             \Object(Instance)\Counter, \Object(*)\Counter or
                             \Object(Parent/Instance)\Counter; instances as name:pid,
                             name or name#N. -si interval ([[hh:]mm:]ss, >= 0.1 s,
                             default 1), -sc number of samples (default: until Ctrl-C),
                             -o output file (PDH-CSV 4.0), -y overwrite it,
                             --cap100 cap percentages at 100 as PDH does by default,
                             --stats print the object cache's figures to stderr at exit,
                             --set FILE the counters of a counter set's views
  dump [OBJECT...] [-si S] [--once] [--input FILE [-b TIME]]
                             every raw and decoded value, object by object
  record -o FILE [-si S] [-sc N | --duration T] [--stats] [--max-size SIZE [--circular]]
         [--new-file-every T] [--set FILE] [OBJECT | PATH]...
                             record whole objects into a file; list and query
                             replay it with --input FILE [-b TIME] [-e TIME]
  relog INPUT... -o FILE [-f csv|tsv|bin] [-b TIME] [-e TIME] [-t N] [-c PATH... | -cf FILE] [-y]
                             cut, thin, filter, merge and convert recordings and
                             PDH-CSV/TSV logs, like Windows relog
  top [--by cpu|io|faults|ws] [-n N] [-f csv|table] [--input FILE [-b TIME] [-e TIME] | --last S]
                             the processes that used the most CPU, I/O, page
                             faults or working set over a range of a recording,
                             or of this machine over the next S seconds
  counters install DEFINITION [--library DLL] | counters uninstall NAME
                             (Windows) register or remove the provider DLL for
                             an application's published counters
  serve [--listen ADDR:PORT] [--set FILE] [--web-config FILE]
                             Prometheus metrics on http://ADDR:PORT/metrics
                             (default 127.0.0.1:9654); TLS and basic auth
                             from the exporter toolkit's web configuration
  help [COMMAND], COMMAND --help, --version

Options:
  --proc-root DIR            (Linux) read DIR instead of /proc

Exit codes: 0 success, 1 the data source failed, 2 bad arguments or unknown
object, counter or instance.
)";

}  // namespace

std::string usage(std::optional<Command> command)
{
    switch (command.value_or(Command::help)) {
    case Command::list: return kListUsage;
    case Command::query: return kQueryUsage;
    case Command::dump: return kDumpUsage;
    case Command::counters: return kCountersUsage;
    case Command::record: return kRecordUsage;
    case Command::serve: return kServeUsage;
    case Command::relog: return relog_usage();
    case Command::top: return top_usage();
    default: return kOverview;
    }
}

}  // namespace perfscope::cli
