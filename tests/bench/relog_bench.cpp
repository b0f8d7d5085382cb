// SPDX-License-Identifier: Apache-2.0
// relog of a recording to CSV: values written per second, every counter of
// every instance, over a stretch of the day-long recording replay_seek_bench
// makes (the relog runs in this process, as perfscope-cli relog runs it).
//
// Usage: relog_bench FILE [HOURS] [ROUNDS]   (defaults: 1 hour, 3 rounds)
//
//   RESULT relog_values_per_s <median> values/s   (and _min, _max)
//   RESULT relog_rows_per_s <median> rows/s
//   RESULT relog_values_per_s_process ...         the day with Process (FILE.process), a tenth of HOURS
#include "cli/commands.h"
#include "files/pdh_csv_reader.h"
#include "replay_seek_synth.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

// relog of `span_hours` of `path` to CSV, `rounds` times.
int measure(const std::string& path, double span_hours, int rounds, const char* suffix)
{
    const std::string out =
        (std::filesystem::temp_directory_path() / ("perfscope-relog-bench-" + std::to_string(getpid()) + ".csv"))
            .string();
    perfscope::cli::Options options;
    options.command = perfscope::cli::Command::relog;
    options.inputs = {path};
    options.output_file = out;
    options.overwrite = true;
    // From 06:00 of the recorded day, for HOURS.
    const std::int64_t start_ms = (perfscope::bench::kSyntheticStart100ns - 116'444'736'000'000'000LL) / 10'000;
    options.begin_ms = start_ms + 6 * 3'600'000LL;
    options.end_ms = *options.begin_ms + static_cast<std::int64_t>(span_hours * 3'600'000);

    std::vector<double> values_per_s, rows_per_s;
    std::size_t columns = 0;
    for (int round = 0; round < rounds; ++round) {
        const auto start = std::chrono::steady_clock::now();
        if (wpo::Status s = perfscope::cli::run_relog(options, stderr); !s) {
            std::fprintf(stderr, "relog_bench: %s\n", s.error().describe().c_str());
            return 1;
        }
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        auto log = perfscope::files::read_pdh_csv(out);
        if (!log) {
            std::fprintf(stderr, "relog_bench: %s\n", log.error().describe().c_str());
            return 1;
        }
        columns = log->columns.size();
        std::size_t values = 0;
        for (const auto& row : log->rows)
            values += static_cast<std::size_t>(
                std::count_if(row.values.begin(), row.values.end(), [](const auto& v) { return v.has_value(); }));
        values_per_s.push_back(static_cast<double>(values) / seconds);
        rows_per_s.push_back(static_cast<double>(log->rows.size()) / seconds);
    }
    std::filesystem::remove(out);
    std::sort(values_per_s.begin(), values_per_s.end());
    std::sort(rows_per_s.begin(), rows_per_s.end());
    std::printf("RESULT relog_values_per_s%s %.0f values/s\n", suffix, values_per_s[values_per_s.size() / 2]);
    std::printf("RESULT relog_values_per_s%s_min %.0f values/s\n", suffix, values_per_s.front());
    std::printf("RESULT relog_values_per_s%s_max %.0f values/s\n", suffix, values_per_s.back());
    std::printf("RESULT relog_rows_per_s%s %.0f rows/s\n", suffix, rows_per_s[rows_per_s.size() / 2]);
    std::printf("# %.2f h, %zu columns, %d rounds\n", span_hours, columns, rounds);
    return 0;
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: relog_bench FILE [HOURS] [ROUNDS]\n");
        return 2;
    }
    const std::string file = argv[1];
    const double hours = argc > 2 ? std::max(0.01, std::atof(argv[2])) : 1.0;
    const int rounds = argc > 3 ? std::max(1, std::atoi(argv[3])) : 3;
    if (wpo::Status s = perfscope::bench::ensure_synthetic_recording(file, 86'400); !s) {
        std::fprintf(stderr, "relog_bench: %s\n", s.error().describe().c_str());
        return 1;
    }
    if (int failed = measure(file, hours, rounds, ""); failed != 0)
        return failed;
    if (wpo::Status s = perfscope::bench::ensure_synthetic_recording(file + ".process", 86'400, 20, true); !s) {
        std::fprintf(stderr, "relog_bench: %s\n", s.error().describe().c_str());
        return 1;
    }
    return measure(file + ".process", hours / 10, rounds, "_process");
}
