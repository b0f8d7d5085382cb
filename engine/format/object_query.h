// SPDX-License-Identifier: Apache-2.0
// What a Source is asked for: the query strings of HKEY_PERFORMANCE_DATA
// (docs/performance-data-format.md §14): "Global" (every object that is not costly), "Costly"
// (only the costly ones) or a space-separated list of decimal object indices
// ("230 232"). An empty string means Global, as on Windows. The one parser of
// these strings and the one builder of index lists.
//
// Perfscope's own addition: an index may carry the processes and the counters
// its asker needs, "230/1234:6,180 238" (object 230 for process 1234 only,
// counters 6 and 180; all of 238). It is a hint to sources that can leave
// processes or counters out cheaply (procfs, where each costs file reads);
// a source may return more, never other counters, and the registry source
// passes Windows the bare indices (docs/performance-data-format.md §14.1).
#pragma once

#include "core/result.h"

#include <algorithm>
#include <cstdint>
#include <span>
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
    bool contains(std::uint32_t index) const { return std::binary_search(m_indices.begin(), m_indices.end(), index); }
    // Whether the query asks for `counter` of `object`: true for every counter
    // of Global, Costly and an index listed without counters (also when it is
    // listed twice, once with and once without); false for an object not asked for.
    bool wants(std::uint32_t object, std::uint32_t counter) const;
    // Whether `object` is asked for with a counter list (and never without one).
    bool restricted(std::uint32_t object) const;
    // Whether `object` is asked for with a process list (and never without one).
    bool process_filtered(std::uint32_t object) const;
    // Adds the processes of `object`'s list to `out` (ascending, unique once
    // the caller sorts): what process_filtered() objects are asked for.
    void append_processes(std::uint32_t object, std::vector<std::uint32_t>& out) const;

    // "230 232": the query asking for these objects, in the order given.
    static std::string list(const std::vector<std::uint32_t>& indices);
    // Appends one index to a list query being built (no allocation once the
    // string has its capacity).
    static void append(std::string& query, std::uint32_t index);
    // The same with what follows the index ("/1234:6,180", from spec()).
    static void append(std::string& query, std::uint32_t index, std::string_view spec);
    // What follows an index that asks for these processes and counters only
    // ("/1234:6,180"; empty lists: every process, every counter).
    static std::string spec(std::span<const std::uint32_t> processes, std::span<const std::uint32_t> counters);

private:
    struct Wanted {
        std::uint32_t object;
        std::uint32_t n;  // a counter index or process id; 0: every one
        auto operator<=>(const Wanted&) const = default;
    };
    Kind m_kind = Kind::global;
    std::vector<std::uint32_t> m_indices;
    std::vector<Wanted> m_wanted;     // sorted, unique; one {index, 0} per index without counters
    std::vector<Wanted> m_processes;  // the same with process ids; {index, 0}: every process
};

}  // namespace wpo
