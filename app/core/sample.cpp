#include "sample.h"

namespace perfscope::core {

wpo::Status Sample::collect(wpo::Source& source, const std::string& query)
{
    taken = std::chrono::system_clock::now();
    if (wpo::Status status = source.collect(query, bytes); !status)
        return status;
    auto parsed = wpo::BlockView::parse(bytes);
    if (!parsed)
        return parsed.error();
    block = *parsed;
    return {};
}

}  // namespace perfscope::core
