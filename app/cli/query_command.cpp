// `perfscope-cli query`: typeperf's sampling loop. Paths are resolved once,
// on the first sample (a wildcard expands to the instances present then, as
// typeperf does); afterwards every column follows its instance by identity
// (PID/TID + start time), so a column never jumps to another process when
// instances come and go. A column whose instance has gone gets an empty cell.
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
    wpo::CounterLayout counter;
    std::string instance_key;  // empty for single-instance objects
};

struct ParsedPath {
    std::string text;
    wpo::CounterPath path;
    std::uint32_t object = 0;
};

// Per object of one sample: its view and counter blocks by instance key.
struct ObjectIndex {
    wpo::ObjectView object;
    std::map<std::string, wpo::CounterBlock> blocks;
};

std::map<std::uint32_t, ObjectIndex> index_sample(const Sample& sample, const std::set<std::uint32_t>& objects)
{
    std::map<std::uint32_t, ObjectIndex> out;
    for (std::uint32_t index : objects) {
        auto object = sample.block.find_object(index);
        if (!object)
            continue;
        ObjectIndex& entry = out[index];
        entry.object = *object;
        if (!object->has_instances()) {
            entry.blocks.emplace("", object->counter_block());
            continue;
        }
        const auto names = wpo::instance_names(sample.block, *object);
        std::size_t i = 0;
        for (const wpo::InstanceView& instance : object->instances())
            entry.blocks.emplace(names[i++].key, instance.counters());
    }
    return out;
}

wpo::Result<std::vector<Column>> resolve_columns(const std::vector<ParsedPath>& paths, const Sample& sample,
                                                 const wpo::NameTable& names)
{
    std::vector<Column> columns;
    const std::string host = "\\\\" + sample.block.system_name();
    for (const ParsedPath& p : paths) {
        auto object = sample.block.find_object(p.object);
        if (!object)
            return Error(Errc::not_found, "object \"" + p.path.object + "\" in \"" + p.text +
                                              "\" is not served by this source");
        std::vector<wpo::CounterLayout> counters;
        for (const wpo::CounterLayout& layout : wpo::counter_layouts(*object)) {
            if (p.path.wildcard_counter || wpo::iequals(names.name(layout.definition.name_index), p.path.counter))
                counters.push_back(layout);
            if (!counters.empty() && !p.path.wildcard_counter)
                break;
        }
        if (counters.empty())
            return Error(Errc::not_found,
                         "unknown counter \"" + p.path.counter + "\" of object \"" + p.path.object + "\" in \"" +
                             p.text + "\" (see perfscope-cli list \"" + p.path.object + "\")");

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
            for (const wpo::CounterLayout& layout : counters) {
                Column c;
                c.object = p.object;
                c.counter = layout;
                c.instance_key = key;
                c.header = host + "\\" + std::string(names.name(p.object));
                if (!display.empty())
                    c.header += "(" + display + ")";
                c.header += "\\" + std::string(names.name(layout.definition.name_index));
                columns.push_back(std::move(c));
            }
        }
    }
    return columns;
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
    std::string query;
    for (std::uint32_t index : objects)
        query += (query.empty() ? "" : " ") + std::to_string(index);

    // Refuse to clobber a file before any sampling starts.
    if (!options.output_file.empty() && std::filesystem::exists(options.output_file) && !options.overwrite)
        return Error(Errc::invalid_argument, "output file \"" + options.output_file + "\" exists; add -y to overwrite it");

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
        out = std::fopen(options.output_file.c_str(), "w");
        if (!out)
            return Error(Errc::io_error, "cannot write \"" + options.output_file + "\"");
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
    const auto interval = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(options.interval_s));
    const auto start = std::chrono::steady_clock::now();
    std::map<std::uint32_t, ObjectIndex> before;
    std::vector<std::optional<double>> row(columns->size());
    for (std::uint64_t n = 0;; ++n) {
        if (n > 0) {
            sleep_until(start + interval * static_cast<std::int64_t>(n));
            if (stop_requested())
                break;
            std::swap(current, previous);
            if (wpo::Status status = current->collect(c.source, query); !status)
                return status;
        }
        auto now = index_sample(*current, objects);
        for (std::size_t i = 0; i < columns->size(); ++i) {
            const Column& column = (*columns)[i];
            row[i].reset();
            auto object = now.find(column.object);
            if (object == now.end())
                continue;
            auto block = object->second.blocks.find(column.instance_key);
            if (block == object->second.blocks.end())
                continue;
            std::optional<CounterSource> old;
            if (auto o = before.find(column.object); o != before.end())
                if (auto b = o->second.blocks.find(column.instance_key); b != o->second.blocks.end())
                    old = CounterSource{&previous->block, o->second.object, b->second};
            const wpo::Value value =
                decode_counter(column.counter, {&current->block, object->second.object, block->second}, old,
                               decode_options);
            if (value.valid())
                row[i] = value.as_double();
        }
        if (!writer.write_row(current->taken, row))
            return Error(Errc::io_error, "writing a sample failed");
        before = std::move(now);
        if (options.samples != 0 && n + 1 >= options.samples)
            break;
        if (stop_requested())
            break;
    }
    return {};
}

}  // namespace perfscope::cli
