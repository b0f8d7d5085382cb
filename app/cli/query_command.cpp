// `perfscope-cli query`: typeperf's sampling loop. Paths are resolved once,
// on the first sample (a wildcard expands to the instances present then, as
// typeperf does); afterwards every column follows its instance by identity
// (PID/TID + start time), so a column never jumps to another process when
// instances come and go. A column whose instance has gone gets an empty cell.
// Counters are found by index in each sample's own definitions, and two
// samples are paired only when an object's definitions did not change.
#include "commands.h"

#include "core/utf.h"
#include "counter_value.h"
#include "decode/object_layout.h"
#include "naming/counter_path.h"
#include "naming/instance_names.h"
#include "pdh_csv_writer.h"
#include "sample.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <thread>

namespace perfscope::cli {
namespace {

using wpo::Errc;
using wpo::Error;

struct Column {
    std::string header;
    std::uint32_t object = 0;
    std::uint32_t counter = 0;  // name index
    std::string instance_key;   // empty for single-instance objects
};

struct ParsedPath {
    std::string text;
    wpo::CounterPath path;
    std::uint32_t object = 0;
};

// One object in one sample: its view, its counters and its counter blocks by
// instance key. `paired` says the previous sample's state can be used for
// two-sample counters.
struct ObjectState {
    wpo::ObjectView object;
    std::vector<wpo::CounterLayout> layouts;
    std::map<std::string, wpo::CounterBlock> blocks;
    bool paired = false;

    const wpo::CounterLayout* layout(std::uint32_t counter) const
    {
        for (const wpo::CounterLayout& l : layouts)
            if (l.definition.name_index == counter)
                return &l;
        return nullptr;
    }
};
using SampleState = std::map<std::uint32_t, ObjectState>;

// Layouts are taken over from `before` when the definitions did not change
// (cell() needs only its objects and blocks afterwards).
SampleState index_sample(const Sample& sample, const std::set<std::uint32_t>& objects, SampleState& before)
{
    SampleState out;
    for (std::uint32_t index : objects) {
        auto object = sample.block.find_object(index);
        if (!object)
            continue;
        ObjectState& state = out[index];
        state.object = *object;
        auto old = before.find(index);
        state.paired = old != before.end() && wpo::same_definitions(old->second.object, *object);
        state.layouts = state.paired ? std::move(old->second.layouts) : wpo::counter_layouts(*object);
        state.blocks = counter_blocks_by_key(sample.block, *object);
    }
    return out;
}

bool is_this_machine(const std::string& machine, const std::string& system_name)
{
    return machine.empty() || wpo::iequals(machine, system_name) || wpo::iequals(machine, "localhost");
}

wpo::Result<std::vector<Column>> resolve_columns(const std::vector<ParsedPath>& paths, const Sample& sample,
                                                 const wpo::NameTable& names)
{
    std::vector<Column> columns;
    const std::string system = sample.block.system_name();
    for (const ParsedPath& p : paths) {
        if (!is_this_machine(p.path.machine, system))
            return Error(Errc::invalid_argument, "\"" + p.text + "\" names the machine \\\\" + p.path.machine +
                                                     "; only this machine (\\\\" + system + ") can be monitored");
        auto object = sample.block.find_object(p.object);
        if (!object)
            return Error(Errc::not_found, "object \"" + p.path.object + "\" in \"" + p.text +
                                              "\" is not served by this source");
        std::vector<std::uint32_t> counters;
        if (p.path.wildcard_counter) {
            for (const wpo::CounterLayout& layout : wpo::counter_layouts(*object))
                counters.push_back(layout.definition.name_index);
        } else if (auto index = names.find_counter(*object, p.path.counter)) {
            counters.push_back(*index);
        } else {
            return Error(Errc::not_found,
                         "unknown counter \"" + p.path.counter + "\" of object \"" + p.path.object + "\" in \"" +
                             p.text + "\" (see perfscope-cli list \"" + p.path.object + "\")");
        }

        std::vector<std::pair<std::string, std::string>> instances;  // key, display
        if (object->has_instances()) {
            if (!p.path.has_instance)
                return Error(Errc::invalid_argument, "object \"" + p.path.object + "\" has instances; write \"\\" +
                                                         p.path.object + "(*)\\" + p.path.counter + "\" or name one");
            const auto all = wpo::instance_names(sample.block, *object);
            const auto matched = wpo::match_instances(all, p.path);
            if (matched.empty() && !p.path.wildcard_instance)
                return Error(Errc::not_found, "no instance \"" + p.path.instance_text() + "\" of object \"" +
                                                  p.path.object + "\" in \"" + p.text + "\"");
            for (std::uint32_t i : matched)
                instances.emplace_back(all[i].key, p.path.wildcard_instance ? all[i].display : p.path.instance_text());
        } else {
            if (p.path.has_instance)
                return Error(Errc::invalid_argument, "object \"" + p.path.object +
                                                         "\" has no instances; drop \"(" + p.path.instance_text() +
                                                         ")\" from \"" + p.text + "\"");
            instances.emplace_back("", "");
        }
        for (const auto& [key, display] : instances) {
            for (std::uint32_t counter : counters) {
                Column c;
                c.object = p.object;
                c.counter = counter;
                c.instance_key = key;
                c.header = "\\\\" + system + "\\" + std::string(names.name(p.object));
                if (!display.empty())
                    c.header += "(" + display + ")";
                c.header += "\\" + std::string(names.name(counter));
                columns.push_back(std::move(c));
            }
        }
    }
    return columns;
}

std::optional<double> cell(const Column& column, const Sample& now, const SampleState& state, const Sample& before,
                           const SampleState& old_state, const wpo::DecodeOptions& options)
{
    auto object = state.find(column.object);
    if (object == state.end())
        return std::nullopt;
    const wpo::CounterLayout* layout = object->second.layout(column.counter);
    auto block = object->second.blocks.find(column.instance_key);
    if (!layout || block == object->second.blocks.end())
        return std::nullopt;
    std::optional<CounterSource> old;
    if (object->second.paired) {
        const ObjectState& o = old_state.at(column.object);
        if (auto b = o.blocks.find(column.instance_key); b != o.blocks.end())
            old = CounterSource{&before.block, o.object, b->second};
    }
    const wpo::Value value = decode_counter(*layout, {&now.block, object->second.object, block->second}, old, options);
    if (!value.valid())
        return std::nullopt;
    return value.as_double();
}

void sleep_until(std::chrono::steady_clock::time_point deadline)
{
    // Short naps so Ctrl-C ends the command promptly on every platform.
    while (!stop_requested()) {
        const auto now = std::chrono::steady_clock::now();
        if (now >= deadline)
            return;
        std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(deadline - now,
                                                                                 std::chrono::milliseconds(200)));
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

}  // namespace

wpo::Status run_query(const Options& options, Context& c)
{
    std::vector<ParsedPath> paths;
    std::set<std::uint32_t> objects;
    for (const std::string& text : options.paths) {
        auto path = wpo::CounterPath::parse(text);
        if (!path)
            return path.error();
        auto object = resolve_object(c.names, path->object);
        if (!object)
            return Error(Errc::not_found, "unknown object \"" + path->object + "\" in \"" + text + "\"");
        objects.insert(*object);
        paths.push_back({text, std::move(*path), *object});
    }
    const std::string query = object_query({objects.begin(), objects.end()});

    Sample samples[2];
    Sample* current = &samples[0];
    Sample* previous = &samples[1];
    if (wpo::Status status = current->collect(c.source, query); !status)
        return status;
    auto columns = resolve_columns(paths, *current, c.names);
    if (!columns)
        return columns.error();

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

    PdhCsvWriter writer(out, options.format == OutputFormat::tsv ? '\t' : ',');
    std::vector<std::string> headers;
    for (const Column& column : *columns)
        headers.push_back(column.header);
    const auto [zone, bias] = PdhCsvWriter::local_zone(current->taken);
    if (!writer.write_header(headers, zone, bias))
        return Error(Errc::io_error, "writing the header failed");

    const wpo::DecodeOptions decode_options{.cap_percent = options.cap_percent};
    using Clock = std::chrono::steady_clock;
    const auto interval =
        std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.interval_s));
    const auto start = Clock::now();
    SampleState before;
    std::vector<std::optional<double>> row(columns->size());
    std::int64_t tick = 0;
    for (std::uint64_t n = 0;; ++n) {
        if (n > 0) {
            // The next tick on the fixed grid; ticks missed by a slow collect
            // are skipped rather than sampled back to back.
            tick = std::max<std::int64_t>(tick + 1, (Clock::now() - start) / interval + 1);
            sleep_until(start + interval * tick);
            if (stop_requested())
                break;
            std::swap(current, previous);
            if (wpo::Status status = current->collect(c.source, query); !status)
                return status;
        }
        SampleState now = index_sample(*current, objects, before);
        for (std::size_t i = 0; i < columns->size(); ++i)
            row[i] = cell((*columns)[i], *current, now, *previous, before, decode_options);
        if (!writer.write_row(current->taken, row))
            return Error(Errc::io_error, "writing a sample failed");
        before = std::move(now);
        if ((options.samples != 0 && n + 1 >= options.samples) || stop_requested())
            break;
    }
    return {};
}

}  // namespace perfscope::cli
