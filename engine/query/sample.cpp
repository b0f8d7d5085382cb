// SPDX-License-Identifier: Apache-2.0
#include "query/sample.h"

namespace wpo::query {

wpo::Status Sample::collect(wpo::Source& source, const std::string& query, LeftOutWarnings& warnings)
{
    taken = std::chrono::system_clock::now();
    if (wpo::Status status = source.collect(query, bytes); !status)
        return status;
    auto parsed = wpo::BlockView::parse(bytes);
    if (!parsed)
        return parsed.error();
    block = *parsed;
    warnings.report(block.left_out());
    return {};
}

}  // namespace wpo::query
