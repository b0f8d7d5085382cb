// SPDX-License-Identifier: Apache-2.0
// `perfscope-cli record`: whole objects into a recording (docs/recording-format.md).
//
// One collection per interval of every object asked for (named, or named by
// a path or a counter set's paths), each block appended as the source gave
// it, so every counter and instance can be read later. The file is valid at
// every moment up to its last written chunk; Ctrl-C and SIGTERM end the loop
// and close it with its index.
#include "cli/commands.h"

#include "cli/record_file_name.h"
#include "core/this_os.h"
#include "format/block_view.h"
#include "format/object_query.h"
#include "naming/counter_path.h"
#include "recording/recording_writer.h"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <filesystem>
#include <optional>
#include <thread>

#ifdef _WIN32
#include <windows.h>
#else
#include <sys/resource.h>
#endif

namespace perfscope::cli {
namespace {

using wpo::Errc;
using wpo::Error;

// The object indices to record, ascending, each once.
wpo::Result<std::vector<std::uint32_t>> objects_to_record(const Options& options, Context& c)
{
    std::vector<std::uint32_t> indices;
    for (const std::string& name : options.objects) {
        auto index = resolve_object(c.names, name, &c.source, c.list_command());
        if (!index)
            return index.error();
        indices.push_back(*index);
    }
    for (const std::string& text : options.paths) {
        auto path = wpo::CounterPath::parse(text);
        if (!path)
            return Error(Errc::invalid_argument, "\"" + text + "\": " + path.error().message());
        auto index = resolve_object(c.names, path->object, &c.source, c.list_command());
        if (!index)
            return index.error();
        indices.push_back(*index);
    }
    std::sort(indices.begin(), indices.end());
    indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
    return indices;
}

// The recorder's own CPU time, user and system, all threads.
struct CpuClock {
    double seconds = 0;
};

CpuClock cpu_now()
{
#ifdef _WIN32
    // std::clock() is wall time on Windows; the process times are user and kernel, in 100 ns units.
    FILETIME created{}, exited{}, kernel{}, user{};
    if (!GetProcessTimes(GetCurrentProcess(), &created, &exited, &kernel, &user))
        return {};
    const auto ticks = [](const FILETIME& t) {
        return static_cast<double>((std::uint64_t(t.dwHighDateTime) << 32) | t.dwLowDateTime);
    };
    return {(ticks(kernel) + ticks(user)) / 1e7};
#else
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
    return {seconds(usage.ru_utime) + seconds(usage.ru_stime)};
#endif
}

// What --stats reports, over every file of the recording.
struct RecordTotals {
    std::uint64_t samples = 0;
    std::uint64_t values = 0;  // counters times instances of each sample's objects
    std::uint64_t files = 0;
    std::uint64_t file_bytes = 0;     // the files' sizes
    std::uint64_t written_bytes = 0;  // with what a circular recording dropped
    std::uint64_t raw_bytes = 0;

    void add(const wpo::recording::RecordingWriter& writer)
    {
        ++files;
        file_bytes += writer.file_bytes();
        written_bytes += writer.written_bytes();
        raw_bytes += writer.raw_bytes();
    }
};

void sleep_until(std::chrono::steady_clock::time_point deadline)
{
    // Short naps so Ctrl-C ends the recording promptly.
    while (!stop_requested()) {
        const auto now = std::chrono::steady_clock::now();
        if (now >= deadline)
            return;
        std::this_thread::sleep_for(
            std::min<std::chrono::steady_clock::duration>(deadline - now, std::chrono::milliseconds(200)));
    }
}

}  // namespace

wpo::Status run_record(const Options& given, Context& c)
{
    auto with_set = apply_counter_set(given);
    if (!with_set)
        return with_set.error();
    const Options& options = *with_set;
    auto indices = objects_to_record(options, c);
    if (!indices)
        return indices.error();
    const std::string query = wpo::ObjectQuery::list(*indices);

    using Clock = std::chrono::steady_clock;
    const bool rotating = options.new_file_every_s > 0;
    const auto file_name = [&] {
        return rotating ? timestamped_file_name(options.output_file, std::chrono::system_clock::now())
                        : options.output_file;
    };
    std::string file = file_name();
    std::error_code ec;
    if (std::filesystem::exists(file, ec) && !options.overwrite)
        return Error(Errc::invalid_argument, "output file \"" + file + "\" exists; add -y to overwrite it");

    std::vector<std::byte> buffer;
    if (wpo::Status status = c.source.collect(query, buffer); !status)
        return status;
    auto first = wpo::BlockView::parse(buffer);
    if (!first)
        return first.error();
    for (std::uint32_t index : *indices)
        if (!first->find_object(index))
            return Error(Errc::not_found, "object " + std::to_string(index) + " (" + std::string(c.names.name(index)) +
                                              ") is not served by this machine now");
    const wpo::recording::RecordingInfo info{first->system_name(), wpo::kThisOs, c.names};
    wpo::recording::WriterOptions writer_options;
    writer_options.max_file_bytes = options.max_size;
    writer_options.circular = options.circular;
    // A chunk is written when its span reaches this: one interval short of
    // --flush-every, so that the sample after it, which would start the next
    // chunk, comes no later than --flush-every after the last one written.
    writer_options.max_chunk_span_100ns =
        std::max<std::int64_t>(1, std::llround((options.flush_every_s - options.interval_s) * 1e7));
    std::optional<wpo::recording::RecordingWriter> writer;
    if (auto created = wpo::recording::RecordingWriter::create(file, info, writer_options); created)
        writer.emplace(std::move(*created));
    else
        return created.error();

    const auto interval =
        std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.interval_s));
    const auto period =
        std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.new_file_every_s));
    const auto start = Clock::now();
    auto next_file = start + period;
    const CpuClock cpu_start = cpu_now();
    RecordTotals totals;
    wpo::Status status;
    for (std::int64_t tick = 0;;) {
        if (totals.samples > 0) {
            // Collect (again) on the fixed grid; ticks missed by a slow
            // sample are skipped rather than taken back to back.
            tick = std::max<std::int64_t>(tick + 1, (Clock::now() - start) / interval + 1);
            sleep_until(start + interval * tick);
            if (stop_requested())
                break;
            if (status = c.source.collect(query, buffer); !status)
                break;
        }
        auto block = wpo::BlockView::parse(buffer);
        if (!block) {
            status = block.error();
            break;
        }
        if (rotating && Clock::now() >= next_file) {
            // Each file stands alone: its own header, key blocks and index.
            while (next_file <= Clock::now())
                next_file += period;
            status = writer->close();
            totals.add(*writer);
            if (!status)
                break;
            file = file_name();
            if (std::filesystem::exists(file, ec) && !options.overwrite) {
                status = Error(Errc::invalid_argument, "output file \"" + file + "\" exists; add -y to overwrite it");
                break;
            }
            auto next = wpo::recording::RecordingWriter::create(file, info, writer_options);
            if (!next) {
                status = next.error();
                break;
            }
            writer.reset();
            writer.emplace(std::move(*next));
        }
        if (status = writer->append(query, buffer, wpo::recording::RecordTimes::of(block->header())); !status) {
            if (writer->full()) {
                std::fprintf(
                    c.err, "record: stopped: \"%s\" reached --max-size (%" PRIu64 " bytes) after %" PRIu64 " samples\n",
                    file.c_str(), options.max_size, totals.samples);
                status = {};
            }
            break;
        }
        ++totals.samples;
        totals.values += wpo::recording::stored_values(*block);
        const bool enough = options.samples != 0 && totals.samples >= options.samples;
        const bool long_enough = options.duration_s > 0 &&
                                 Clock::now() - start + interval > std::chrono::duration<double>(options.duration_s);
        if (enough || long_enough || stop_requested())
            break;
    }
    // A failed write leaves the chunks before it; anything else is closed with its index.
    wpo::Status closed = writer->close();
    totals.add(*writer);
    if (options.stats) {
        const double cpu_s = cpu_now().seconds - cpu_start.seconds;
        const double wall_s = std::chrono::duration<double>(Clock::now() - start).count();
        const double values = static_cast<double>(totals.values);
        std::fprintf(c.err,
                     "record: samples %" PRIu64 ", values %" PRIu64 ", files %" PRIu64 ", file bytes %" PRIu64
                     ", bytes written %" PRIu64
                     ", bytes per stored value %.3f, raw bytes per value %.3f, recorder CPU %.3f s (%.3f %% of a core, "
                     "%.3f ms per sample)\n",
                     totals.samples, totals.values, totals.files, totals.file_bytes, totals.written_bytes,
                     values > 0 ? static_cast<double>(totals.written_bytes) / values : 0.0,
                     values > 0 ? static_cast<double>(totals.raw_bytes) / values : 0.0, cpu_s,
                     wall_s > 0 ? 100.0 * cpu_s / wall_s : 0.0,
                     totals.samples ? 1000.0 * cpu_s / static_cast<double>(totals.samples) : 0.0);
        std::fflush(c.err);
    }
    if (!status)
        return status;
    return closed;
}

}  // namespace perfscope::cli
