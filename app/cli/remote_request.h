// SPDX-License-Identifier: Apache-2.0
// One request to the agent's remote endpoints, as the router takes it: method, path and decoded query
// parameters. Over HTTP cpp-httplib parses the request; over --stdio parse_request_line() reads
// "GET /perfscope/v1/collect?q=238 [HTTP/1.1]" (docs/remote-protocol.md §4), bounded and strict.
#pragma once

#include "core/result.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perfscope::cli {

struct RemoteRequest {
    std::string method;
    std::string path;
    std::vector<std::pair<std::string, std::string>> params;  // decoded, in order

    // The first value of `name`, or nullptr.
    const std::string* param(std::string_view name) const;
};

// A --stdio request line without its newline. Errc::invalid_argument (the agent answers 400) or
// Errc::too_large (414) with the reason.
wpo::Result<RemoteRequest> parse_request_line(std::string_view line);

}  // namespace perfscope::cli
