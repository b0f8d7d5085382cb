// SPDX-License-Identifier: Apache-2.0
// The commands of perfscope-cli. Each returns a Status; main() turns an
// error into a message on stderr and an exit code, once.
#pragma once

#include "cache/perf_object_cache.h"
#include "cli/cli_options.h"
#include "query/object_resolver.h"
#include "names/name_table.h"
#include "sources/source.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace perfscope::cli {

using wpo::query::resolve_object;
using wpo::query::unknown_object_hint;

// A recording being replayed (list|query --input): the commands step it
// instead of waiting for the clock. Implemented where the recording library
// is built (replay_input.h).
class Replay {
public:
    virtual ~Replay() = default;
    // Moves to the next recorded sample; false past the last one or -e.
    virtual wpo::Result<bool> next() = 0;
    // When the sample stood on was collected (UTC).
    virtual std::chrono::system_clock::time_point time() const = 0;
};

struct Context {
    wpo::Source& source;
    const wpo::NameTable& names;
    std::FILE* out;  // stdout unless a command writes a file
    // The cache query's entities share; null = PerfObjectCache::process_default().
    // Tests give each run its own: a cache serves one source.
    wpo::PerfObjectCache* cache = nullptr;
    std::FILE* err = stderr;  // query --stats writes here, keeping `out` pure CSV
    // Set for --input: the source replays a recording standing on its first
    // sample (or -b's), and `cache` runs on the recording's clock.
    Replay* replay = nullptr;
    // Another machine's agent: a failed sample is a message and a row of empty cells, and sampling goes
    // on (the source reconnects), rather than the end of the command.
    bool keep_sampling = false;
    // That machine as the command named it (\\HOST or -s); empty for this one.
    std::string machine;

    // The command that lists what this command reads, for hints: `perfscope-cli list [-s MACHINE] ["OBJECT"]`.
    std::string list_command(const std::string& object = {}) const;
};

wpo::Status run_list(const Options& options, Context& context);
wpo::Status run_query(const Options& options, Context& context);

// query --set: `options` with the counter set's paths before its own (every
// counter of every view, hidden ones too, each of the set's paths once) and, without -si,
// the interval of the set's current view. Errors name the file. run_query
// leaves out a set's path not found now (an ended process) with a warning.
wpo::Result<Options> apply_counter_set(const Options& options);
wpo::Status run_dump(const Options& options, Context& context);
// record: samples whole objects of `context.source` into a recording
// (record_command.cpp, built with the recording library).
wpo::Status run_record(const Options& options, Context& context);
// relog: cut, thin, filter, merge and convert recordings and logs into
// options.output_file (relog_command.cpp, built with the recording library).
wpo::Status run_relog(const Options& options, std::FILE* err);
// serve: Prometheus metrics over HTTP until stopped (docs/prometheus-naming.md).
wpo::Status run_serve(const Options& options, Context& context);
// top: the processes that used the most over a range (docs/process-ranking.md).
wpo::Status run_top(const Options& options, Context& context);
// counters install|uninstall: needs no source (docs/windows-provider.md).
wpo::Status run_counters(const Options& options, std::FILE* out);

// Ctrl-C / SIGTERM set this; long-running commands poll it.
bool stop_requested();
void install_stop_handler();

}  // namespace perfscope::cli
