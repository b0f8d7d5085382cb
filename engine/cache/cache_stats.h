// SPDX-License-Identifier: Apache-2.0
// Counters of one PerfObjectCache, for the app's status bar, `perfscope-cli
// query --stats` and the benchmarks. A snapshot of atomics read one by one:
// each figure is exact, the set is not taken at one instant.
#pragma once

#include <cstdint>

namespace wpo {

struct CacheStats {
    std::uint64_t finds = 0;           // find() calls
    std::uint64_t hits = 0;            // ... that handed out an object
    std::uint64_t inserts = 0;         // insert() calls that stored data
    std::uint64_t stale_inserts = 0;   // ... refused: not newer than the cached data
    std::uint64_t source_queries = 0;  // queries entities made to the source (count_source_query)
    std::uint64_t bytes_copied = 0;    // object bytes copied into the cache
    std::uint64_t allocations = 0;     // item buffers allocated (in-place copies do not count)
    std::uint64_t items = 0;           // objects in the cache table now
    std::uint64_t outdated = 0;        // outdated items still referenced now
};

}  // namespace wpo
