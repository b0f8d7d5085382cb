// SPDX-License-Identifier: Apache-2.0
// A RemoteSource's transport straight into an agent's RemoteEndpoint in the same process: requests go
// through parse_request_line and the endpoint, as over --stdio (the same router the HTTP server calls), and
// the headers of the block replies are kept for the test to inspect.
#pragma once

#include "cli/remote_endpoint.h"
#include "cli/remote_request.h"
#include "remote/remote_protocol.h"
#include "remote/transport.h"
#include "remote/wire_format.h"

#include <string>
#include <utility>
#include <vector>

namespace perfscope::cli {

class LoopTransport : public wpo::remote::Transport {
public:
    LoopTransport(RemoteEndpoint& endpoint, std::vector<wpo::remote::BlockReplyHeader>& seen)
        : m_own(&endpoint), m_endpoint(m_own), m_seen(seen)
    {}
    // Follows `endpoint` wherever it points, as one connection to an agent that is restarted behind it.
    LoopTransport(RemoteEndpoint*& endpoint, std::vector<wpo::remote::BlockReplyHeader>& seen)
        : m_endpoint(endpoint), m_seen(seen)
    {}
    wpo::Result<wpo::remote::Reply> get(std::string_view target) override
    {
        auto request = parse_request_line("GET " + std::string(target));
        if (!request)
            return request.error();
        RemoteAnswer answer;
        m_endpoint->handle(*request, answer);
        if (answer.status == 200 && request->path == wpo::remote::kCollectPath)
            if (auto view = wpo::remote::read_block_reply(answer.body))
                m_seen.push_back(view->header);
        return wpo::remote::Reply{answer.status, std::move(answer.body)};
    }

private:
    RemoteEndpoint* m_own = nullptr;
    RemoteEndpoint*& m_endpoint;
    std::vector<wpo::remote::BlockReplyHeader>& m_seen;
};

}  // namespace perfscope::cli
