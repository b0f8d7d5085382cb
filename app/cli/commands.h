// The commands of perfscope-cli. Each returns a Status; main() turns an
// error into a message on stderr and an exit code, once.
#pragma once

#include "cache/perf_object_cache.h"
#include "cli_options.h"
#include "names/name_table.h"
#include "sources/source.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace perfscope::cli {

struct Context {
    wpo::Source& source;
    const wpo::NameTable& names;
    std::FILE* out;  // stdout unless a command writes a file
    // The cache query's entities share; null = PerfObjectCache::process_default().
    // Tests give each run its own: a cache serves one source.
    wpo::PerfObjectCache* cache = nullptr;
    std::FILE* err = stderr;  // query --stats writes here, keeping `out` pure CSV
};

wpo::Status run_list(const Options& options, Context& context);
wpo::Status run_query(const Options& options, Context& context);
wpo::Status run_dump(const Options& options, Context& context);

// "Process" or "230" -> 230; Errc::not_found naming the object otherwise,
// with where to look and, given the source, the closest object it serves.
wpo::Result<std::uint32_t> resolve_object(const wpo::NameTable& names, const std::string& text,
                                          wpo::Source* source = nullptr);

// " (did you mean \"Processor\"? see perfscope-cli list)": the objects the
// source serves (Global and Costly; collected only for this, on the way to an
// error) give the suggestion. Without a source, only where to look.
std::string unknown_object_hint(const wpo::NameTable& names, const std::string& text, wpo::Source* source);

// "230 232": the query string asking a Source for these objects.
std::string object_query(const std::vector<std::uint32_t>& indices);

// Ctrl-C / SIGTERM set this; long-running commands poll it.
bool stop_requested();
void install_stop_handler();

}  // namespace perfscope::cli
