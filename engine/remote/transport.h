// SPDX-License-Identifier: Apache-2.0
// How a RemoteSource reaches its agent: one GET at a time, answered with a status and a body. A transport
// that fails (refused, closed, timed out) returns an error and is not used again: the source makes a new
// one for its next request, which is how it reconnects by itself.
#pragma once

#include "core/result.h"

#include <string>
#include <string_view>

namespace wpo::remote {

struct Reply {
    int status = 0;  // HTTP status codes, also over --stdio
    std::string body;
};

class Transport {
public:
    virtual ~Transport() = default;
    // `target`: path and query string ("/perfscope/v1/collect?q=238"), already percent-encoded.
    virtual Result<Reply> get(std::string_view target) = 0;
};

}  // namespace wpo::remote
