// SPDX-License-Identifier: Apache-2.0
// perfscope-cli top: its options and usage, parsed by parse_options() through
// parse_top_argument() (docs/process-ranking.md).
#pragma once

#include "core/result.h"
#include "query/process_ranking.h"

#include <cstddef>
#include <string>
#include <vector>

namespace perfscope::cli {

struct Options;

struct TopOptions {
    wpo::query::RankBy by = wpo::query::RankBy::cpu;  // --by cpu|io|faults|ws
    std::size_t count = 10;                           // -n, 0 = every process
    bool csv = false;                                 // -f csv; else a table
    double last_s = 5;                                // --last: live, the span sampled
    bool last_given = false;
};

// One argument of `top` at args[i] (and its value, i moved past it): true if
// it was top's, false to leave it to the common parsing, an Error if it is
// top's but wrong.
wpo::Result<bool> parse_top_argument(const std::vector<std::string>& args, std::size_t& i, Options& options);
// What top's arguments cannot be together, once all are read.
wpo::Status check_top_options(const Options& options);
// Whether `flag` takes a value (so a help flag after it is that value).
bool top_flag_takes_value(const std::string& flag);

const char* top_usage();

}  // namespace perfscope::cli
