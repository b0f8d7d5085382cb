// SPDX-License-Identifier: Apache-2.0
// perfscope-cli's command line, parsed strictly: every bad argument is an
// Error naming the argument, so main() can print it and exit with code 2.
#pragma once

#include "cli/top_options.h"
#include "core/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace perfscope::cli {

enum class Command { help, version, list, query, dump, counters, record, serve, relog, top };
enum class OutputFormat { csv, tsv, bin };  // bin: relog's recording output

struct Options {
    Command command = Command::help;
    // help: the command whose usage to print (`help query`, `query --help`);
    // none = the overview.
    std::optional<Command> help_topic;
    std::string proc_root;  // Linux: read this /proc tree instead of /proc

    // list
    std::optional<std::string> object;
    bool help_text = false;

    // query
    std::vector<std::string> paths;
    double interval_s = 1.0;      // -si
    bool interval_given = false;  // -si was given (else --set's current view decides)
    std::string set_file;         // --set: the counters of a counter set's views
    std::uint64_t samples = 0;    // -sc, 0 = until interrupted
    std::string output_file;      // -o
    OutputFormat format = OutputFormat::csv;
    bool overwrite = false;    // -y
    bool cap_percent = false;  // --cap100 (typeperf shows values above 100)
    bool stats = false;        // --stats: the cache's figures on stderr at exit

    // list, query, dump: -s MACHINE, another machine's agent (docs/remote-protocol.md)
    std::string machine;

    // list, query: replay a recording instead of sampling this machine
    std::string input_file;                // --input
    std::optional<std::int64_t> begin_ms;  // -b: UTC milliseconds since 1970
    std::optional<std::int64_t> end_ms;    // -e

    // record (also -si, -sc, -o, -y, --set, --stats and `paths` of query)
    double duration_s = 0;        // --duration, 0 = none
    std::uint64_t max_size = 0;   // --max-size, bytes; 0 = no cap
    bool circular = false;        // --circular: keep the newest data within --max-size
    double new_file_every_s = 0;  // --new-file-every, 0 = one file
    double flush_every_s = 10;    // --flush-every: the most a chunk spans (what a kill -9 may lose)

    // dump
    std::vector<std::string> objects;
    bool single_sample = false;  // --once

    // counters
    std::string counters_action;  // "install" or "uninstall"
    std::string counters_target;  // install: the definition file; uninstall: the publisher name
    std::string library;          // --library: the provider DLL (default: beside perfscope-cli)

    // serve (and --set FILE above)
    std::string listen;                          // --listen ADDR:PORT; empty = kDefaultListen
    std::string web_config;                      // --web-config FILE: TLS and basic auth
    std::optional<std::string> include_process;  // --include-process RE: Process/Thread of matching names only
    std::optional<std::string> exclude_process;  // --exclude-process RE: not those of matching names
    std::string top_by;                          // --top-by COUNTER: ranks for --max-instances (empty: CPU time)
    std::optional<double> cache_freshness_s;     // --cache-freshness SECONDS: how long a collection is shared
    std::optional<std::uint64_t> max_instances;  // --max-instances N (0 = no limit)
    std::string sets_dir;                        // --sets-dir DIR: /metrics?set=NAME serves DIR/NAME.json

    // relog (also -o, -f, -y, -b, -e, and `paths` for -c): relog_options.h
    std::vector<std::string> inputs;  // INPUT...
    std::string counter_file;         // -cf FILE
    std::uint64_t keep_every = 1;     // -t N
    // top (also --input, -b and -e above)
    TopOptions top;
    bool stdio = false;  // --stdio: the remote endpoints on stdin/stdout, no port (docs/remote-protocol.md)
};

// serve's address without --listen: the loopback only (docs/prometheus-naming.md, "Serving").
inline constexpr const char* kDefaultListen = "127.0.0.1:9654";

// argv without the program name.
wpo::Result<Options> parse_options(const std::vector<std::string>& args);

// The command a word names ("query", "relog", ...), if any.
std::optional<Command> command_named(const std::string& name);

// The overview (no command), or one command's usage.
std::string usage(std::optional<Command> command = std::nullopt);

}  // namespace perfscope::cli
