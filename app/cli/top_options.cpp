// SPDX-License-Identifier: Apache-2.0
#include "cli/top_options.h"

#include "cli/cli_options.h"
#include "files/pdh_csv_time.h"
#include "query/interval.h"

#include <charconv>

namespace perfscope::cli {
namespace {

using wpo::Errc;
using wpo::Error;
using wpo::query::RankBy;

Error bad(const std::string& what)
{
    return Error(Errc::invalid_argument, what);
}

}  // namespace

bool top_flag_takes_value(const std::string& flag)
{
    return flag == "--input" || flag == "-b" || flag == "-e" || flag == "--by" || flag == "-n" || flag == "-f" ||
           flag == "--last";
}

wpo::Result<bool> parse_top_argument(const std::vector<std::string>& args, std::size_t& i, Options& o)
{
    const std::string& a = args[i];
    if (!top_flag_takes_value(a))
        return false;
    if (i + 1 >= args.size())
        return bad(a + " needs a value");
    const std::string& v = args[++i];
    if (a == "--input") {
        if (v.empty())
            return bad("--input needs a file name");
        o.input_file = v;
    } else if (a == "-b" || a == "-e") {
        const auto wall = files::parse_pdh_time(v);
        if (!wall)
            return bad(a + " needs a local time \"MM/DD/YYYY HH:MM:SS\", got \"" + v + "\"");
        (a == "-b" ? o.begin_ms : o.end_ms) = files::local_wall_to_utc_ms(*wall);
    } else if (a == "--by") {
        if (v == "cpu")
            o.top.by = RankBy::cpu;
        else if (v == "io")
            o.top.by = RankBy::io;
        else if (v == "faults")
            o.top.by = RankBy::faults;
        else if (v == "ws")
            o.top.by = RankBy::working_set;
        else
            return bad("--by takes cpu, io, faults or ws, got \"" + v + "\"");
    } else if (a == "-n") {
        std::size_t n = 0;
        auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
        if (ec != std::errc() || end != v.data() + v.size() || v.empty())
            return bad("-n needs a whole number, got \"" + v + "\"");
        o.top.count = n;
    } else if (a == "-f") {
        if (v == "csv" || v == "CSV")
            o.top.csv = true;
        else if (v == "table")
            o.top.csv = false;
        else
            return bad("-f takes csv or table, got \"" + v + "\"");
    } else {
        auto s = wpo::query::parse_interval(v, a);
        if (!s)
            return s.error();
        o.top.last_s = *s;
        o.top.last_given = true;
    }
    return true;
}

wpo::Status check_top_options(const Options& o)
{
    if (!o.input_file.empty() && o.top.last_given)
        return bad("--last is for this machine; with --input, -b and -e choose the range");
    return {};
}

const char* top_usage()
{
    return R"(Usage: perfscope-cli [--proc-root DIR] top [--by cpu|io|faults|ws] [-n N] [-f csv|table]
                                         [--input FILE [-b TIME] [-e TIME] | --last S]

Who caused this spike: the processes that used the most CPU time, I/O bytes or
page faults, or whose working set grew most, over a range, each with its share
of the whole (docs/process-ranking.md). A process is its PID and start time: a
PID reused inside the range is two rows; a process that ended inside the range
counts up to its last sample.
  --by cpu|io|faults|ws  what to rank by (default cpu)
  -n N          the first N processes (default 10; 0: all)
  -f csv|table  a table for reading (default) or CSV with every measure
  --input FILE  a recording of the Process object (perfscope-cli record ...
                Process), from -b TIME to -e TIME ("MM/DD/YYYY HH:MM:SS",
                local time; default its whole length)
  --last S      without --input: this machine over the next S seconds
                ([[hh:]mm:]ss, default 5)

Example: perfscope-cli top --input today.psrec -b "11/26/2026 02:29:00" -e "11/26/2026 02:32:00"
)";
}

}  // namespace perfscope::cli
