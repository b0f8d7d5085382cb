// SPDX-License-Identifier: Apache-2.0
// `perfscope-cli record`: whole objects into a recording (docs/recording-format.md).
//
// One collection per interval of every object asked for (named, or named by
// a path or a counter set's paths), each block appended as the source gave
// it, so every counter and instance can be read later. The file is valid at
// every moment up to its last written chunk; Ctrl-C and SIGTERM end the loop
// and close it with its index.
#include "cli/commands.h"

#include "format/block_view.h"
#include "format/object_query.h"
#include "naming/counter_path.h"
#include "recording/recording_writer.h"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <ctime>
#include <filesystem>
#include <thread>

namespace perfscope::cli {
namespace {

using wpo::Errc;
using wpo::Error;

// The object indices to record, ascending, each once.
wpo::Result<std::vector<std::uint32_t>> objects_to_record(const Options& options, Context& c)
{
    std::vector<std::uint32_t> indices;
    for (const std::string& name : options.objects) {
        auto index = resolve_object(c.names, name, &c.source);
        if (!index)
            return index.error();
        indices.push_back(*index);
    }
    for (const std::string& text : options.paths) {
        auto path = wpo::CounterPath::parse(text);
        if (!path)
            return Error(Errc::invalid_argument, "\"" + text + "\": " + path.error().message());
        auto index = resolve_object(c.names, path->object, &c.source);
        if (!index)
            return index.error();
        indices.push_back(*index);
    }
    std::sort(indices.begin(), indices.end());
    indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
    return indices;
}

// Counter values the block holds: counters times instances, per object.
std::uint64_t stored_values(const wpo::BlockView& block)
{
    std::uint64_t values = 0;
    for (const wpo::ObjectView& object : block.objects())
        values += std::uint64_t{object.counter_count()} * std::max<std::uint32_t>(1, object.instance_count());
    return values;
}

const char* operating_system()
{
#ifdef _WIN32
    return "Windows";
#else
    return "Linux";
#endif
}

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

    std::error_code ec;
    if (std::filesystem::exists(options.output_file, ec) && !options.overwrite)
        return Error(Errc::invalid_argument,
                     "output file \"" + options.output_file + "\" exists; add -y to overwrite it");

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
    auto writer = wpo::recording::RecordingWriter::create(options.output_file,
                                                          {first->system_name(), operating_system(), c.names});
    if (!writer)
        return writer.error();

    using Clock = std::chrono::steady_clock;
    const auto interval =
        std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.interval_s));
    const auto start = Clock::now();
    const std::clock_t cpu_start = std::clock();
    std::uint64_t samples = 0;
    std::uint64_t values = 0;
    wpo::Status status;
    for (std::int64_t tick = 0;;) {
        if (samples > 0) {
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
        if (status = writer->append(query, buffer, wpo::recording::RecordTimes::of(block->header())); !status)
            break;
        ++samples;
        values += stored_values(*block);
        const bool enough = options.samples != 0 && samples >= options.samples;
        const bool long_enough = options.duration_s > 0 &&
                                 Clock::now() - start + interval > std::chrono::duration<double>(options.duration_s);
        if (enough || long_enough || stop_requested())
            break;
    }
    // A failed write leaves the chunks before it; anything else is closed with its index.
    wpo::Status closed = writer->close();
    if (options.stats) {
        const double cpu_s = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
        const double wall_s = std::chrono::duration<double>(Clock::now() - start).count();
        std::fprintf(c.err,
                     "record: samples %" PRIu64 ", values %" PRIu64 ", file bytes %" PRIu64
                     ", bytes per stored value %.3f, raw bytes per value %.3f, recorder CPU %.3f s (%.3f %% of a core, "
                     "%.3f ms per sample)\n",
                     samples, values, writer->file_bytes(),
                     values ? static_cast<double>(writer->file_bytes()) / static_cast<double>(values) : 0.0,
                     values ? static_cast<double>(writer->raw_bytes()) / static_cast<double>(values) : 0.0, cpu_s,
                     wall_s > 0 ? 100.0 * cpu_s / wall_s : 0.0,
                     samples ? 1000.0 * cpu_s / static_cast<double>(samples) : 0.0);
        std::fflush(c.err);
    }
    if (!status)
        return status;
    return closed;
}

}  // namespace perfscope::cli
