// SPDX-License-Identifier: Apache-2.0
// `perfscope-cli relog`'s command line, in the manner of Windows relog.exe:
// INPUT... -o FILE [-f csv|tsv|bin] [-b TIME] [-e TIME] [-t N]
// [-c PATH... | -cf FILE] [-y]. Every bad argument is an Error naming it.
#pragma once

#include "cli/cli_options.h"
#include "core/result.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace perfscope::cli {

// Parses relog's arguments from args[from] on into `options` (its command
// already relog).
wpo::Result<Options> parse_relog_options(const std::vector<std::string>& args, std::size_t from, Options options);

// Whether `flag` takes the argument after it (so `-o -h` names a file).
bool relog_option_takes_value(const std::string& flag);

// A counter file (-cf): one counter path a line; blank lines and lines
// starting with '#' are skipped, a UTF-8 byte order mark and CR line ends
// are accepted. Errc::invalid_argument naming the line for a line that is
// not a path (does not start with '\').
wpo::Result<std::vector<std::string>> parse_counter_list(std::string_view text);

// Whether a log's column (\\HOST\Object(Instance)\Counter) is one -c names
// (\Object(Instance)\Counter, with or without \\HOST, '*' matching any run of
// characters, without regard to case).
bool column_matches(std::string_view column, std::string_view path);

std::string relog_usage();

}  // namespace perfscope::cli
