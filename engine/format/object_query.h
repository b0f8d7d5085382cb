// SPDX-License-Identifier: Apache-2.0
// What a Source is asked for: the query strings of HKEY_PERFORMANCE_DATA
// (docs/performance-data-format.md §14): "Global" (every object that is not costly), "Costly"
// (only the costly ones) or a space-separated list of decimal object indices
// ("230 232"). An empty string means Global, as on Windows. The one parser of
// these strings and the one builder of index lists.
#pragma once

#include "core/result.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace wpo {

class ObjectQuery {
public:
    enum class Kind { global, costly, list };

    // Parses into this object, reusing its storage (no allocation once the
    // list has grown to its size).
    Status parse(std::string_view text);

    Kind kind() const { return m_kind; }
    // Sorted, without duplicates; only for Kind::list.
    const std::vector<std::uint32_t>& indices() const { return m_indices; }
    bool contains(std::uint32_t index) const
    {
        return std::binary_search(m_indices.begin(), m_indices.end(), index);
    }

    // "230 232": the query asking for these objects, in the order given.
    static std::string list(const std::vector<std::uint32_t>& indices);
    // Appends one index to a list query being built (no allocation once the
    // string has its capacity).
    static void append(std::string& query, std::uint32_t index);

private:
    Kind m_kind = Kind::global;
    std::vector<std::uint32_t> m_indices;
};

}  // namespace wpo
