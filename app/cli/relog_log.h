// SPDX-License-Identifier: Apache-2.0
// relog over PDH-CSV/TSV logs (the files::PdhCsvLog reader): merge logs of one
// machine with the same columns in time order, cut to [-b, -e], keep every
// Nth row, keep the columns -c names, and write them as CSV or TSV. A log
// holds values, not raw counters, so -t keeps every Nth row as it is: its
// rates cannot be taken again over the longer interval.
#pragma once

#include "cli/cli_options.h"
#include "core/result.h"

#include <cstdio>
#include <string>
#include <vector>

namespace perfscope::cli {

// Writes the result to `out`; errors name the file they are about.
wpo::Status relog_logs(const Options& options, const std::vector<std::string>& paths, std::FILE* out);

}  // namespace perfscope::cli
