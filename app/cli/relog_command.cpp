// SPDX-License-Identifier: Apache-2.0
// `perfscope-cli relog`: recordings and PDH-CSV/TSV logs cut (-b/-e), thinned
// (-t), filtered (-c/-cf), merged and converted (-f), as Windows relog does
// with its logs (docs/recording-format.md §6).
//
// A recording to CSV/TSV runs query's own sampling over the records kept
// (RelogStream is the Source and the Replay), so its values are what
// `query --input` prints, and with -t each rate spans the N records between
// two kept ones. A recording to bin copies the raw blocks kept, re-encoded
// into new chunks, with -c only the objects and instances the paths need
// (relog_object_filter.h).
//
// The output is written to a file beside it and renamed over it at the end,
// so a failure leaves no output and no partial file.
#include "cli/commands.h"

#include "cli/relog_log.h"
#include "cli/relog_object_filter.h"
#include "cli/relog_options.h"
#include "cli/relog_stream.h"
#include "files/text_file.h"
#include "format/block_view.h"
#include "format/object_query.h"
#include "naming/counter_path.h"
#include "recording/recording_layout.h"
#include "recording/recording_writer.h"

#include <array>
#include <cstring>
#include <filesystem>
#include <optional>

namespace perfscope::cli {
namespace {

namespace fs = std::filesystem;
using wpo::Errc;
using wpo::Error;

constexpr std::uint64_t kMaxCounterFileBytes = 1u << 20;
constexpr std::int64_t kUnixEpoch100ns = 116'444'736'000'000'000LL;

// The output under a temporary name until commit(); removed otherwise.
class PartialOutput {
public:
    explicit PartialOutput(std::string final_path)
        : m_final(std::move(final_path)), m_partial(m_final + ".relog-partial")
    {}
    PartialOutput(const PartialOutput&) = delete;
    PartialOutput& operator=(const PartialOutput&) = delete;
    ~PartialOutput()
    {
        if (m_file)
            std::fclose(m_file);
        if (!m_committed) {
            std::error_code ec;
            fs::remove(m_partial, ec);
        }
    }
    const std::string& path() const { return m_partial; }
    wpo::Result<std::FILE*> open()
    {
        m_file = std::fopen(m_partial.c_str(), "wb");
        if (!m_file)
            return Error(Errc::invalid_argument, "cannot write output file \"" + m_final + "\" (as \"" + m_partial +
                                                     "\"): " + std::strerror(errno));
        return m_file;
    }
    wpo::Status commit()
    {
        if (m_file) {
            const bool ok = std::fflush(m_file) == 0 && std::ferror(m_file) == 0;
            const bool closed = std::fclose(m_file) == 0;
            m_file = nullptr;
            if (!ok || !closed)
                return Error(Errc::io_error, "writing output file \"" + m_final + "\" failed");
        }
        std::error_code ec;
        fs::rename(m_partial, m_final, ec);
        if (ec)
            return Error(Errc::io_error, "cannot rename \"" + m_partial + "\" to \"" + m_final + "\": " + ec.message());
        m_committed = true;
        return {};
    }

private:
    std::string m_final;
    std::string m_partial;
    std::FILE* m_file = nullptr;
    bool m_committed = false;
};

enum class InputKind { recording, log };

wpo::Result<InputKind> kind_of(const std::string& path)
{
    std::error_code ec;
    if (!fs::exists(path, ec))
        return Error(Errc::not_found, "input file \"" + path + "\" does not exist");
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file)
        return Error(Errc::invalid_argument, "cannot open input file \"" + path + "\": " + std::strerror(errno));
    std::array<char, 8> magic{};
    const std::size_t got = std::fread(magic.data(), 1, magic.size(), file);
    std::fclose(file);
    return got == magic.size() && magic == wpo::recording::kFileMagic ? InputKind::recording : InputKind::log;
}

wpo::Result<std::vector<std::string>> counter_paths(const Options& o)
{
    if (o.counter_file.empty())
        return o.paths;
    auto text = files::read_text_file(o.counter_file, kMaxCounterFileBytes);
    if (!text)
        return text.error();
    auto paths = parse_counter_list(*text);
    if (!paths)
        return Error(paths.error().code(), "counter file \"" + o.counter_file + "\": " + paths.error().message());
    if (paths->empty())
        return Error(Errc::invalid_argument, "counter file \"" + o.counter_file + "\" names no counter");
    return paths;
}

// Without -c: every counter of every instance of the objects of the first record.
std::vector<std::string> every_counter(const RelogStream& stream)
{
    std::vector<std::string> paths;
    auto block = wpo::BlockView::parse(stream.current().bytes);
    if (!block)
        return paths;
    for (const wpo::ObjectView& object : block->objects()) {
        const std::string name = wpo::query::name_or_number(stream.info().names, object.name_index());
        if (!object.has_instances())
            paths.push_back("\\" + name + "\\*");
        else if (object.instance_count() > 0)
            paths.push_back("\\" + name + "(*)\\*");
    }
    return paths;
}

wpo::Status write_text(RelogStream& stream, const Options& o, std::vector<std::string> paths, std::FILE* out,
                       std::FILE* err)
{
    Options q;
    q.command = Command::query;
    q.paths = paths.empty() ? every_counter(stream) : std::move(paths);
    if (q.paths.empty())
        return Error(Errc::not_found, "\"" + stream.current_file() + "\" records no object with counters");
    q.format = o.format;
    const wpo::NameTable& names = stream.info().names;
    wpo::PerfObjectCache cache(wpo::CacheOptions{std::chrono::milliseconds(500), &RelogStream::clock, &stream});
    Context c{stream, names, out};
    c.cache = &cache;
    c.err = err;
    c.replay = &stream;
    return run_query(q, c);
}

wpo::Status write_recording(RelogStream& stream, const std::vector<std::string>& paths, const std::string& file)
{
    std::optional<RelogObjectFilter> filter;
    std::string filtered_query;
    if (!paths.empty()) {
        auto first = wpo::BlockView::parse(stream.current().bytes);
        if (!first)
            return Error(first.error().code(),
                         "\"" + stream.current_file() + "\": recorded block: " + first.error().message());
        auto made = RelogObjectFilter::make(paths, stream.info().names, *first, stream.current_file());
        if (!made)
            return made.error();
        filter = std::move(*made);
        filtered_query =
            wpo::ObjectQuery::list(std::vector<std::uint32_t>(filter->objects().begin(), filter->objects().end()));
    }
    auto writer = wpo::recording::RecordingWriter::create(file, stream.info());
    if (!writer)
        return writer.error();
    std::vector<std::byte> filtered;
    for (;;) {
        const wpo::recording::RecordedBlock& record = stream.current();
        if (!filter) {
            if (wpo::Status s = writer->append(record.query, record.bytes, record.times); !s)
                return s;
        } else {
            auto block = wpo::BlockView::parse(record.bytes);
            if (!block)
                return Error(block.error().code(),
                             "\"" + stream.current_file() + "\": recorded block: " + block.error().message());
            filter->cut(*block, filtered);
            if (wpo::Status s = writer->append(filtered_query, filtered, record.times); !s)
                return s;
        }
        auto more = stream.next();
        if (!more)
            return more.error();
        if (!*more || stop_requested())
            break;
    }
    return writer->close();
}

// Ctrl-C ends query's loop and the copy early, as success; relog's output is then incomplete and is not kept.
wpo::Status unless_interrupted(wpo::Status status)
{
    if (status && stop_requested())
        return Error(Errc::invalid_state, "interrupted: no output written");
    return status;
}

std::optional<std::int64_t> filetime_of_ms(std::optional<std::int64_t> unix_ms)
{
    if (!unix_ms)
        return std::nullopt;
    return *unix_ms * 10'000 + kUnixEpoch100ns;
}

}  // namespace

wpo::Status run_relog(const Options& o, std::FILE* err)
{
    std::error_code ec;
    if (fs::exists(o.output_file, ec) && !o.overwrite)
        return Error(Errc::invalid_argument, "output file \"" + o.output_file + "\" exists; add -y to overwrite it");
    auto paths = counter_paths(o);
    if (!paths)
        return paths.error();
    std::size_t recordings = 0;
    for (const std::string& input : o.inputs) {
        auto kind = kind_of(input);
        if (!kind)
            return kind.error();
        if (fs::equivalent(input, o.output_file, ec))
            return Error(Errc::invalid_argument, "input \"" + input + "\" is also the output file");
        recordings += *kind == InputKind::recording ? 1 : 0;
    }
    if (recordings != 0 && recordings != o.inputs.size())
        return Error(Errc::invalid_argument, "relog takes recordings or logs, not both");

    PartialOutput output(o.output_file);
    if (recordings == 0) {
        if (o.format == OutputFormat::bin)
            return Error(Errc::invalid_argument, "-f bin makes a recording, which needs recordings as input, not logs");
        auto out = output.open();
        if (!out)
            return out.error();
        if (wpo::Status s = relog_logs(o, *paths, *out); !s)
            return s;
        return output.commit();
    }

    auto stream = RelogStream::open(o.inputs, {filetime_of_ms(o.begin_ms), filetime_of_ms(o.end_ms), o.keep_every});
    if (!stream)
        return stream.error();
    if (o.format == OutputFormat::bin) {
        if (wpo::Status s = unless_interrupted(write_recording(**stream, *paths, output.path())); !s)
            return s;
        return output.commit();
    }
    auto out = output.open();
    if (!out)
        return out.error();
    if (wpo::Status s = unless_interrupted(write_text(**stream, o, std::move(*paths), *out, err)); !s)
        return s;
    return output.commit();
}

}  // namespace perfscope::cli
