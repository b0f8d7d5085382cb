// SPDX-License-Identifier: Apache-2.0
// The Source of another machine: blocks and names fetched from its agent (`perfscope-cli serve`, over
// HTTP or through ssh and --stdio, docs/remote-protocol.md), so the cache, the snapshot entities and the
// decoder above it run unchanged. Blocks arrive as frames of the recording's block codec, each a delta
// against the client's previous block of the same query where the agent still has it.
//
// A machine that is down, an agent that ended or answers garbage: that collection returns the error and
// the transport is dropped; the next collection connects again, so the source comes back by itself.
#pragma once

#include "recording/block_decoder.h"
#include "remote/transport.h"
#include "sources/source.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace wpo::remote {

class RemoteSource : public Source {
public:
    using Connect = std::function<Result<std::unique_ptr<Transport>>()>;

    // `machine` names the source in messages; `connect` makes a transport to the agent (called again
    // after each failure).
    RemoteSource(std::string machine, Connect connect);

    // The source for `machine` as a counter path names it (machine_address.h).
    static Result<std::unique_ptr<RemoteSource>> open(std::string_view machine);

    Status collect(std::string_view query, std::vector<std::byte>& buffer) override;
    Result<NameTable> load_names() override;

    // What the agent said of itself in its last names answer.
    const std::string& agent_machine() const { return m_agent_machine; }
    const std::string& agent_os() const { return m_agent_os; }
    // Connections made so far (1 while nothing failed).
    std::uint64_t connections() const { return m_connections; }

private:
    Result<Reply> request(std::string_view target);
    Error refused(const Reply& reply) const;
    void forget_streams();

    std::string m_machine;
    Connect m_connect;
    std::unique_ptr<Transport> m_transport;
    std::uint64_t m_connections = 0;
    std::string m_agent_machine;
    std::string m_agent_os;

    struct Stream {
        std::string query;
        std::uint64_t epoch = 0;
        std::uint64_t sequence = 0;  // 0: nothing the decoder can build on
    };
    std::vector<Stream> m_streams;
    recording::BlockDecoder m_decoder;
    std::string m_target;
};

}  // namespace wpo::remote
