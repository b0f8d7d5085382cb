// SPDX-License-Identifier: Apache-2.0
// One collected block, owned: the bytes, the validated view over them and the
// wall-clock time it was taken. Reused from sample to sample, so the buffer
// keeps its capacity.
#pragma once

#include "format/block_view.h"
#include "query/left_out_warnings.h"
#include "sources/source.h"

#include <chrono>
#include <string>
#include <vector>

namespace wpo::query {

struct Sample {
    std::vector<std::byte> bytes;
    wpo::BlockView block;
    std::chrono::system_clock::time_point taken;

    // Objects the block left out are told through `warnings`.
    wpo::Status collect(wpo::Source& source, const std::string& query, LeftOutWarnings& warnings);
};

}  // namespace wpo::query
