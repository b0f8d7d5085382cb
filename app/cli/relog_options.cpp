// SPDX-License-Identifier: Apache-2.0
#include "cli/relog_options.h"

#include "files/pdh_csv_time.h"

#include <charconv>

namespace perfscope::cli {
namespace {

using wpo::Errc;
using wpo::Error;

Error bad(const std::string& what)
{
    return Error(Errc::invalid_argument, what);
}

// -b / -e: a local time as the logs write it, as relog.exe takes it.
wpo::Result<std::int64_t> parse_local_time(const std::string& flag, const std::string& text)
{
    const auto wall = files::parse_pdh_time(text);
    if (!wall)
        return bad(flag + " needs a local time \"MM/DD/YYYY HH:MM:SS\", got \"" + text + "\"");
    return files::local_wall_to_utc_ms(*wall);
}

bool equals_ignoring_case(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
        if (lower(a[i]) != lower(b[i]))
            return false;
    }
    return true;
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

char lower_ascii(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// "\\HOST\rest" -> "\rest"; anything else as it is.
std::string_view without_machine(std::string_view path)
{
    if (!path.starts_with("\\\\"))
        return path;
    const std::size_t slash = path.find('\\', 2);
    return slash == std::string_view::npos ? path : path.substr(slash);
}

// '*' matches any run; iterative with one back-track point, so linear-ish and no recursion.
bool glob(std::string_view text, std::string_view pattern)
{
    std::size_t t = 0, p = 0, star = std::string_view::npos, mark = 0;
    while (t < text.size()) {
        if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            mark = t;
        } else if (p < pattern.size() && lower_ascii(pattern[p]) == lower_ascii(text[t])) {
            ++p;
            ++t;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            t = ++mark;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

}  // namespace

bool column_matches(std::string_view column, std::string_view path)
{
    if (path.starts_with("\\\\"))
        return glob(column, path);
    return glob(without_machine(column), path);
}

bool relog_option_takes_value(const std::string& flag)
{
    return flag == "-o" || flag == "-f" || flag == "-b" || flag == "-e" || flag == "-t" || flag == "-cf";
}

wpo::Result<Options> parse_relog_options(const std::vector<std::string>& args, std::size_t from, Options o)
{
    bool format_given = false;
    bool counters_given = false;
    for (std::size_t i = from; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (relog_option_takes_value(a)) {
            if (i + 1 >= args.size())
                return bad(a + " needs a value");
            const std::string& v = args[++i];
            if (a == "-o") {
                if (v.empty())
                    return bad("-o needs a file name");
                if (!o.output_file.empty())
                    return bad("-o given twice: \"" + o.output_file + "\" and \"" + v + "\"");
                o.output_file = v;
            } else if (a == "-f") {
                if (equals_ignoring_case(v, "csv"))
                    o.format = OutputFormat::csv;
                else if (equals_ignoring_case(v, "tsv"))
                    o.format = OutputFormat::tsv;
                else if (equals_ignoring_case(v, "bin"))
                    o.format = OutputFormat::bin;
                else
                    return bad("-f supports csv, tsv and bin, got \"" + v + "\"");
                format_given = true;
            } else if (a == "-b" || a == "-e") {
                auto t = parse_local_time(a, v);
                if (!t)
                    return t.error();
                (a == "-b" ? o.begin_ms : o.end_ms) = *t;
            } else if (a == "-t") {
                std::uint64_t n = 0;
                auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
                if (ec != std::errc() || end != v.data() + v.size() || v.empty() || n == 0)
                    return bad("-t needs a whole number of at least 1, got \"" + v + "\"");
                o.keep_every = n;
            } else {
                if (v.empty())
                    return bad("-cf needs a file name");
                o.counter_file = v;
            }
        } else if (a == "-c") {
            // relog.exe's -c takes the paths that follow it, up to the next option.
            std::size_t taken = 0;
            while (i + 1 < args.size() && args[i + 1].starts_with('\\')) {
                o.paths.push_back(args[++i]);
                ++taken;
            }
            if (taken == 0)
                return bad("-c needs counter paths, e.g. \"\\Processor(_Total)\\% Processor Time\"");
            counters_given = true;
        } else if (a == "-y") {
            o.overwrite = true;
        } else if (a.size() > 1 && a[0] == '-') {
            return bad("unknown option \"" + a + "\" for relog");
        } else {
            if (a.empty())
                return bad("relog's input file name is empty");
            o.inputs.push_back(a);
        }
    }
    if (o.inputs.empty())
        return bad("relog needs at least one input file (a recording or a PDH-CSV/TSV log)");
    if (o.output_file.empty())
        return bad("relog needs -o FILE");
    if (counters_given && !o.counter_file.empty())
        return bad("relog takes -c or -cf, not both");
    if (o.begin_ms && o.end_ms && *o.end_ms < *o.begin_ms)
        return bad("-e is before -b");
    if (!format_given)
        o.format = OutputFormat::csv;
    return o;
}

wpo::Result<std::vector<std::string>> parse_counter_list(std::string_view text)
{
    if (text.starts_with("\xEF\xBB\xBF"))
        text.remove_prefix(3);
    std::vector<std::string> paths;
    std::size_t line = 0;
    while (!text.empty()) {
        ++line;
        const std::size_t end = text.find('\n');
        const std::string_view raw = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        const std::string_view path = trim(raw);
        if (path.empty() || path.front() == '#')
            continue;
        if (path.front() != '\\')
            return bad("line " + std::to_string(line) + ": not a counter path (\\Object\\Counter): \"" +
                       std::string(path.substr(0, 80)) + "\"");
        paths.emplace_back(path);
    }
    return paths;
}

std::string relog_usage()
{
    return R"(Usage: perfscope-cli relog INPUT... -o FILE [-f csv|tsv|bin] [-b TIME] [-e TIME] [-t N]
                             [-c PATH... | -cf FILE] [-y]

Cuts, thins, filters, merges and converts recordings (perfscope-cli record)
and PDH-CSV/TSV logs, as Windows relog does with its logs. Several INPUTs
are merged in time order; they must come from one machine and must not
overlap in time. FILE is written whole or not at all.
  -o FILE       the output; -y to overwrite it
  -f csv|tsv|bin  PDH-CSV (default), PDH-TSV, or a recording (bin; recordings
                in only). CSV values are what `query --input` prints
  -b TIME       from this local time on ("MM/DD/YYYY HH:MM:SS")
  -e TIME       up to this local time
  -t N          keep every Nth sample: rates cover the longer interval
                (a recording keeps every Nth raw block; a log, every Nth row)
  -c PATH...    only these counters (\Object(Instance)\Counter, * allowed);
                for bin, only the objects the paths need
  -cf FILE      the counter paths from FILE, one a line ('#' comments)
Without -c, a CSV of a recording has every counter of every instance
present in its first sample.

Example: perfscope-cli relog day.psrec -o noon.csv -b "11/26/2026 12:00:00" -e "11/26/2026 13:00:00" -t 10
)";
}

}  // namespace perfscope::cli
