// SPDX-License-Identifier: Apache-2.0
// The cardinality guard of Process and Thread (docs/prometheus-naming.md): these objects have an instance
// per process or thread, and each new one is a new series in the scraper's database, so only the instances
// whose name passes the include and exclude patterns are exported, and of those the `max_instances` with the
// largest raw value of `rank_counter`, plus `_Total`.
#pragma once

#include "core/result.h"

#include <cstddef>
#include <optional>
#include <regex>
#include <string>
#include <string_view>

namespace perfscope::exporter {

inline constexpr std::size_t kDefaultMaxInstances = 100;
inline constexpr std::string_view kDefaultRankCounter = "% Processor Time";
// Longer patterns are refused: a pattern is compiled once, but std::regex's compile time and stack grow with
// its length.
inline constexpr std::size_t kMaxPatternLength = 1024;

struct InstanceGuard {
    std::size_t max_instances = kDefaultMaxInstances;  // 0: no limit
    // The counter ranking the instances (its raw value: cumulative CPU time for the default). An object
    // without it is not ranked: every instance that passes the patterns is exported.
    std::string rank_counter = std::string(kDefaultRankCounter);
    // On the process's name (a Process instance's name; a Thread instance's parent's): the whole name must
    // match `include` (none: every name passes) and must not match `exclude`.
    std::optional<std::regex> include;
    std::optional<std::regex> exclude;

    // Whether instances of a process of this name pass the patterns (the limit is applied after).
    bool passes(std::string_view process_name) const;
};

// An ECMAScript pattern for InstanceGuard::include/exclude; `option` names the flag in the message.
// Errc::invalid_argument for a pattern that does not compile or is longer than kMaxPatternLength.
wpo::Result<std::regex> compile_instance_pattern(const std::string& pattern, std::string_view option);

}  // namespace perfscope::exporter
