// SPDX-License-Identifier: Apache-2.0
// A Source produces performance data blocks: HKEY_PERFORMANCE_DATA on
// Windows, /proc on Linux, a test description in unit tests. Everything
// above the sources sees only PERF_DATA_BLOCK bytes and a NameTable.
//
// Thread-safety: a Source is used by one thread at a time; callers that
// share one serialise collect() themselves.
#pragma once

#include "core/result.h"
#include "names/name_table.h"

#include <cstddef>
#include <string_view>
#include <vector>

namespace wpo {

class Source {
public:
    virtual ~Source() = default;

    // Collects one block for `query` ("Global", "Costly", "230 232"; see
    // ObjectQuery) into `buffer`, which is resized to the block and whose
    // capacity is reused across calls. A query may return more objects than
    // asked (Thread brings Process, as on Windows); unknown indices are
    // ignored, as Windows ignores them. On error `buffer` holds no block.
    virtual Status collect(std::string_view query, std::vector<std::byte>& buffer) = 0;

    // The names and help texts of the objects and counters this source serves.
    virtual Result<NameTable> load_names() = 0;
};

}  // namespace wpo
