// SPDX-License-Identifier: Apache-2.0
#include "cli/relog_log.h"

#include "cli/relog_options.h"

#include "files/pdh_csv_reader.h"
#include "files/pdh_csv_writer.h"

#include <algorithm>
#include <chrono>

namespace perfscope::cli {
namespace {

using wpo::Errc;
using wpo::Error;

}  // namespace

wpo::Status relog_logs(const Options& o, const std::vector<std::string>& paths, std::FILE* out)
{
    struct Input {
        std::string path;
        files::PdhCsvLog log;
    };
    std::vector<Input> inputs;
    for (const std::string& path : o.inputs) {
        auto log = files::read_pdh_csv(path);
        if (!log)
            return log.error();
        if (!inputs.empty()) {
            const Input& first = inputs.front();
            if (!log->machine.empty() && !first.log.machine.empty() && log->machine != first.log.machine)
                return Error(Errc::invalid_argument, "log \"" + path + "\" is of machine \"" + log->machine + "\", \"" +
                                                         first.path + "\" of \"" + first.log.machine +
                                                         "\": relog merges logs of one machine");
            if (log->columns != first.log.columns)
                return Error(Errc::invalid_argument, "log \"" + path + "\" has other columns than \"" + first.path +
                                                         "\": relog merges logs of the same counters");
        }
        if (!log->rows.empty())
            inputs.push_back({path, std::move(*log)});
    }
    if (inputs.empty())
        return Error(Errc::not_found,
                     "no row in " + (o.inputs.size() == 1 ? "\"" + o.inputs.front() + "\"" : std::string("the logs")));
    std::stable_sort(inputs.begin(), inputs.end(), [](const Input& a, const Input& b) {
        return a.log.rows.front().time_ms < b.log.rows.front().time_ms;
    });
    for (std::size_t i = 1; i < inputs.size(); ++i)
        if (inputs[i].log.rows.front().time_ms <= inputs[i - 1].log.rows.back().time_ms)
            return Error(Errc::invalid_argument, "log \"" + inputs[i].path + "\" overlaps \"" + inputs[i - 1].path +
                                                     "\" in time: relog merges logs that follow one another");

    const std::vector<std::string>& columns = inputs.front().log.columns;
    std::vector<std::size_t> kept;
    for (std::size_t c = 0; c < columns.size(); ++c)
        if (paths.empty() || std::any_of(paths.begin(), paths.end(),
                                         [&](const std::string& p) { return column_matches(columns[c], p); }))
            kept.push_back(c);
    if (kept.empty())
        return Error(Errc::not_found, "no column of \"" + inputs.front().path + "\" matches the counters asked for");

    files::PdhCsvWriter writer(out, o.format == OutputFormat::tsv ? '\t' : ',');
    std::vector<std::string> headers;
    headers.reserve(kept.size());
    for (std::size_t c : kept)
        headers.push_back(columns[c]);
    const auto [zone, bias] = files::PdhCsvWriter::local_zone(std::chrono::system_clock::now());
    if (!writer.write_header(headers, zone, bias))
        return Error(Errc::io_error, "writing \"" + o.output_file + "\" failed");
    std::uint64_t seen = 0;
    std::vector<std::optional<double>> values(kept.size());
    for (const Input& input : inputs) {
        for (const files::PdhCsvRow& row : input.log.rows) {
            if (o.begin_ms && row.time_ms < *o.begin_ms)
                continue;
            if (o.end_ms && row.time_ms > *o.end_ms)
                continue;
            if (seen++ % o.keep_every != 0)
                continue;
            for (std::size_t k = 0; k < kept.size(); ++k)
                values[k] = kept[k] < row.values.size() ? row.values[kept[k]] : std::nullopt;
            const auto when =
                std::chrono::system_clock::time_point(std::chrono::duration_cast<std::chrono::system_clock::duration>(
                    std::chrono::milliseconds(row.time_ms)));
            if (!writer.write_row(when, values))
                return Error(Errc::io_error, "writing \"" + o.output_file + "\" failed");
        }
    }
    if (seen == 0)
        return Error(Errc::not_found, "the logs have no row between -b and -e");
    return {};
}

}  // namespace perfscope::cli
