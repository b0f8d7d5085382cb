// SPDX-License-Identifier: Apache-2.0
// The Java library's Transport to an agent over HTTP (POSIX sockets): one connection per GET, closed by
// the agent after its answer (`Connection: close`), read whole and then parsed (http_reply.h). The same
// short timeouts as the CLI's client: a machine that is down costs a sample, not a hung thread.
#pragma once

#include "remote/transport.h"

#include <string>

namespace perfscope::jni {

class SocketTransport : public wpo::remote::Transport {
public:
    SocketTransport(std::string host, int port);

    wpo::Result<wpo::remote::Reply> get(std::string_view target) override;

private:
    std::string m_host;
    int m_port;
    std::string m_where;  // host:port ([v6]:port), for messages
    std::string m_raw;    // the last answer as read, kept for its capacity
};

}  // namespace perfscope::jni
