// SPDX-License-Identifier: Apache-2.0
// perfscope-cli top's output: a table for reading or CSV with every measure,
// from a ProcessRanking (docs/process-ranking.md).
#pragma once

#include "query/process_ranking.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace perfscope::cli {

struct TopReportOptions {
    wpo::query::RankBy by = wpo::query::RankBy::cpu;
    std::size_t count = 10;  // 0 = every process
};

// "Top 3 processes by CPU time, <begin> to <end> (10.0 s, 11 samples)", then
// one row per process: rank, name, PID, value with its unit, share.
std::string format_top_table(const wpo::query::ProcessRanking& ranking, const TopReportOptions& options);

// A header row, then one row per process, ranked: Rank, Process, PID, CPU
// Seconds, IO Bytes, Page Faults, Working Set Growth Bytes, Share Percent
// (of the measure ranked by), Started Inside, Ended Inside (0 or 1).
std::string format_top_csv(const wpo::query::ProcessRanking& ranking, const TopReportOptions& options);

// The ranked value with its unit: "9.87 s", "12.3 MiB", "1234 faults", "+4.0 KiB".
std::string format_ranked_value(wpo::query::RankBy by, double value);

// What the measure is called in the table's title: "CPU time", "I/O bytes", ...
const char* measure_name(wpo::query::RankBy by);

}  // namespace perfscope::cli
