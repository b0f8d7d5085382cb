// SPDX-License-Identifier: Apache-2.0
// Counter paths as PDH and typeperf write them (docs/performance-data-format.md §12.4):
//
//   [\\Computer]\Object[(Parent/Instance#Index)]\Counter
//
// `*` as the instance (or counter) is a wildcard; `#Index` is 0-based and
// only meaningful when several instances share a name. Instance names may
// themselves contain parentheses, so the instance part runs from the first
// '(' after the object name to the last ')' before the final '\'.
#pragma once

#include "core/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace wpo {

struct CounterPath {
    std::string machine;  // without the leading "\\"; empty = local
    std::string object;
    bool has_instance = false;           // an "(...)" part was given
    bool wildcard_instance = false;      // "(*)"
    std::string parent;                  // "Parent" of "(Parent/Instance)", may be empty
    std::string instance;                // without parent and #index
    std::optional<std::uint32_t> index;  // "#N"
    std::string counter;
    bool wildcard_counter = false;  // "\*"

    static Result<CounterPath> parse(std::string_view text);
    // The instance part as written between the parentheses ("bash:12", "a/b#1").
    std::string instance_text() const;
    // "\Object(Instance)\Counter" (no machine).
    std::string to_string() const;
};

}  // namespace wpo
