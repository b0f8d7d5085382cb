// SPDX-License-Identifier: Apache-2.0
// `perfscope-cli query`: typeperf's sampling loop over snapshot entities.
//
// Paths are resolved once, on one block collected when the query starts (a
// wildcard expands to the instances present then, as typeperf does). Then
// every path gets its own Custom snapshot entity, all on one SharedSource and
// one PerfObjectCache (query_sampler.h); creating an entity takes its first
// sample, so the first row, one interval later, already has rates, as
// typeperf's does. A column follows its instance by identity (PID/TID + start
// time), never by position, and a column whose instance has gone gets an
// empty cell. An entity never decodes across a change of an object's counter
// definitions.
#include "cli/commands.h"

#include "files/counter_set.h"
#include "files/pdh_csv_writer.h"
#include "query/path_resolution.h"
#include "query/query_columns.h"
#include "query/query_sampler.h"
#include "snapshot/shared_source.h"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <filesystem>
#include <set>
#include <thread>

namespace perfscope::cli {
namespace {

using wpo::query::LeftOutWarnings;
using files::PdhCsvWriter;
using wpo::query::QueryColumn;
using wpo::query::QueryPath;
using wpo::query::QuerySampler;

using wpo::Errc;
using wpo::Error;

void sleep_until(std::chrono::steady_clock::time_point deadline)
{
    // Short naps so Ctrl-C ends the command promptly on every platform.
    while (!stop_requested()) {
        const auto now = std::chrono::steady_clock::now();
        if (now >= deadline)
            return;
        std::this_thread::sleep_for(
            std::min<std::chrono::steady_clock::duration>(deadline - now, std::chrono::milliseconds(200)));
    }
}

// Opens -o's file; a path that cannot be written is a bad argument.
wpo::Result<std::FILE*> open_output(const Options& options)
{
    std::error_code ec;
    const bool exists = std::filesystem::exists(options.output_file, ec);
    if (ec)
        return Error(Errc::invalid_argument, "cannot use output file \"" + options.output_file + "\": " + ec.message());
    if (exists && !options.overwrite)
        return Error(Errc::invalid_argument,
                     "output file \"" + options.output_file + "\" exists; add -y to overwrite it");
    std::FILE* file = std::fopen(options.output_file.c_str(), "w");
    if (!file)
        return Error(Errc::invalid_argument, "cannot write output file \"" + options.output_file + "\"");
    return file;
}

// What --stats reports besides the cache's own figures.
struct RunFigures {
    std::size_t entities = 0;
    std::uint64_t intervals = 0;  // rows written
};

// The cache's figures for this run: counts as differences (the process's
// cache may have served others before), sizes as they are now.
void print_stats(std::FILE* err, const wpo::CacheStats& before, const wpo::CacheStats& after, const RunFigures& run)
{
    std::fprintf(err,
                 "cache: finds %" PRIu64 ", hits %" PRIu64 ", inserts %" PRIu64 ", source queries %" PRIu64
                 ", bytes copied %" PRIu64 ", stale inserts %" PRIu64 ", allocations %" PRIu64 ", items %" PRIu64
                 ", outdated %" PRIu64 "; entities %" PRIu64 ", intervals %" PRIu64 "\n",
                 after.finds - before.finds, after.hits - before.hits, after.inserts - before.inserts,
                 after.source_queries - before.source_queries, after.bytes_copied - before.bytes_copied,
                 after.stale_inserts - before.stale_inserts, after.allocations - before.allocations, after.items,
                 after.outdated, static_cast<std::uint64_t>(run.entities), run.intervals);
    std::fflush(err);
}

// A recording's rows: one per recorded sample after the one the entities
// were created on, stamped with its recorded time, as fast as they decode.
wpo::Status replay_rows(const Options& options, QuerySampler& sampler, Replay& replay, PdhCsvWriter& writer,
                        std::size_t columns, RunFigures& run)
{
    std::vector<std::optional<double>> row(columns);
    for (std::uint64_t n = 0; !stop_requested(); ++n) {
        auto more = replay.next();
        if (!more)
            return more.error();
        if (!*more)
            break;
        if (wpo::Status status = sampler.sample(row); !status)
            return status;
        if (!writer.write_row(replay.time(), row))
            return Error(Errc::io_error, "writing a sample failed");
        ++run.intervals;
        if (options.samples != 0 && n + 1 >= options.samples)
            break;
    }
    return {};
}

// A remote machine that did not answer: the row is empty and says so on stderr; the next sample tries again.
void report_failed_sample(std::FILE* err, const wpo::Error& error, std::vector<std::optional<double>>& row,
                          std::size_t columns)
{
    std::fprintf(err, "perfscope-cli: warning: %s (sampling goes on)\n", error.describe().c_str());
    std::fflush(err);
    row.assign(columns, std::nullopt);
}

// From the entities' creation to the last row. `run` counts what was done
// even when this fails half way.
wpo::Status sample_rows(const Options& options, wpo::SharedSource& source, wpo::PerfObjectCache& cache,
                        const std::vector<QueryPath>& paths, const std::vector<QueryColumn>& columns, std::FILE* out,
                        LeftOutWarnings& warnings, RunFigures& run, Replay* replay, std::FILE* keep_sampling)
{
    wpo::SnapshotOptions snapshot_options;
    snapshot_options.cache = &cache;
    snapshot_options.decode.cap_percent = options.cap_percent;
    // A copy older than half an interval belongs to the previous interval.
    snapshot_options.max_age =
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(options.interval_s / 2));
    if (replay)  // the cache's clock is the recording's: only copies of the sample stood on are current
        snapshot_options.max_age = std::chrono::milliseconds(1);
    auto sampler = QuerySampler::create(source, paths, columns, snapshot_options, &warnings);
    if (!sampler)
        return sampler.error();
    run.entities = sampler->entity_count();

    PdhCsvWriter writer(out, options.format == OutputFormat::tsv ? '\t' : ',');
    std::vector<std::string> headers;
    headers.reserve(columns.size());
    for (const QueryColumn& column : columns)
        headers.push_back(column.header);
    const auto [zone, bias] = PdhCsvWriter::local_zone(std::chrono::system_clock::now());
    if (!writer.write_header(headers, zone, bias))
        return Error(Errc::io_error, "writing the header failed");

    if (replay)
        return replay_rows(options, *sampler, *replay, writer, columns.size(), run);

    using Clock = std::chrono::steady_clock;
    const auto interval =
        std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.interval_s));
    const auto start = Clock::now();
    std::vector<std::optional<double>> row(columns.size());
    std::int64_t tick = 0;
    for (std::uint64_t n = 0;; ++n) {
        // The next tick on the fixed grid; ticks missed by a slow sample are
        // skipped rather than sampled back to back.
        tick = std::max<std::int64_t>(tick + 1, (Clock::now() - start) / interval + 1);
        sleep_until(start + interval * tick);
        if (stop_requested())
            break;
        const auto taken = std::chrono::system_clock::now();
        if (wpo::Status status = sampler->sample(row); !status) {
            if (!keep_sampling)
                return status;
            report_failed_sample(keep_sampling, status.error(), row, columns.size());
        }
        if (!writer.write_row(taken, row))
            return Error(Errc::io_error, "writing a sample failed");
        ++run.intervals;
        if ((options.samples != 0 && n + 1 >= options.samples) || stop_requested())
            break;
    }
    return {};
}

}  // namespace

namespace {

// apply_counter_set, also saying how many of the paths (the first ones) came from the set.
wpo::Result<Options> with_counter_set(const Options& options, std::size_t& from_set)
{
    from_set = 0;
    if (options.set_file.empty())
        return options;
    auto set = files::load_counter_set(options.set_file);
    if (!set)
        return set.error();
    Options out = options;
    out.paths.clear();
    std::set<std::string> seen;
    for (const files::ViewSettings& view : set->views)
        for (const files::CounterSetEntry& entry : view.counters)
            if (seen.insert(entry.path).second)
                out.paths.push_back(entry.path);
    if (out.paths.empty())
        return Error(Errc::invalid_argument, "counter set \"" + options.set_file + "\" has no counters");
    from_set = out.paths.size();
    // The command line's paths follow, as given (typeperf keeps repeats too).
    out.paths.insert(out.paths.end(), options.paths.begin(), options.paths.end());
    if (!options.interval_given && !set->views.empty())
        out.interval_s = set->views[static_cast<std::size_t>(set->current_view)].interval_s;
    // A view that caps percentages is sampled as it shows them: one value per counter.
    if (!set->views.empty() && set->views[static_cast<std::size_t>(set->current_view)].cap_percent)
        out.cap_percent = true;
    return out;
}

void warn_left_out(std::FILE* err, const std::string& set_file, const std::string& path, const std::string& why)
{
    std::fprintf(err, "perfscope-cli: warning: counter set \"%s\": left out \"%s\": %s\n", set_file.c_str(),
                 path.c_str(), why.c_str());
    std::fflush(err);
}

// Still a set that loaded: the warnings said what is missing, and there is nothing to sample.
wpo::Status nothing_left(std::FILE* err, const std::string& set_file)
{
    std::fprintf(err, "perfscope-cli: warning: counter set \"%s\": every path was left out, nothing to sample\n",
                 set_file.c_str());
    return {};
}

}  // namespace

wpo::Result<Options> apply_counter_set(const Options& options)
{
    std::size_t from_set = 0;
    return with_counter_set(options, from_set);
}

wpo::Status run_query(const Options& given, Context& c)
{
    using wpo::query::QueryPath;
    std::size_t from_set = 0;
    auto with_set = with_counter_set(given, from_set);
    if (!with_set)
        return with_set.error();
    const Options& options = *with_set;
    wpo::SharedSource source(c.source);
    // Counter names, instances and the machine's name need a block: every
    // path's object in one collection, as PDH validates paths before its first
    // sample, then each path on its own. A set's path that does not resolve now
    // (a process that exited since the set was saved, an object this machine
    // does not have) is left out, naming it; the command line's are refused.
    wpo::query::PathWording wording;
    const std::string list_command = c.list_command();  // with -s for another machine: its names, not ours
    wording.where_objects = list_command;
    wording.columns.list_command = list_command;
    auto resolution = wpo::query::resolve_paths(options.paths, source, c.names, wording);
    if (!resolution)
        return resolution.error();
    LeftOutWarnings warnings(c.err, c.names);
    warnings.report(resolution->left_out);
    std::vector<QueryPath> paths;
    std::vector<wpo::query::QueryColumn> columns;
    for (std::size_t i = 0; i < options.paths.size(); ++i) {
        if (const wpo::Status& status = resolution->status[i]; !status) {
            if (i >= from_set)
                return status;
            warn_left_out(c.err, options.set_file, options.paths[i], status.error().message());
            continue;
        }
        const std::size_t entity = paths.size();
        for (wpo::query::QueryColumn& column : resolution->columns)
            if (column.entity == i) {
                column.entity = entity;
                columns.push_back(std::move(column));
            }
        paths.push_back(std::move(resolution->paths[i]));
    }
    if (paths.empty())
        return nothing_left(c.err, options.set_file);

    std::FILE* out = c.out;
    if (!options.output_file.empty()) {
        auto file = open_output(options);
        if (!file)
            return file.error();
        out = *file;
    }
    struct Closer {
        std::FILE* file;
        std::FILE* keep;
        ~Closer()
        {
            if (file != keep)
                std::fclose(file);
        }
    } closer{out, c.out};

    wpo::PerfObjectCache& cache = c.cache ? *c.cache : wpo::PerfObjectCache::process_default();
    const wpo::CacheStats before = cache.stats();
    RunFigures run;
    wpo::Status status = sample_rows(options, source, cache, paths, columns, out, warnings, run, c.replay,
                                     c.keep_sampling ? c.err : nullptr);
    // Also after a failure: how far sampling got is what one wants to know then.
    if (options.stats)
        print_stats(c.err, before, cache.stats(), run);
    return status;
}

}  // namespace perfscope::cli
