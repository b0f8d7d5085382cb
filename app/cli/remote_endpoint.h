// SPDX-License-Identifier: Apache-2.0
// What `perfscope-cli serve` answers on /perfscope/v1/ (docs/remote-protocol.md), without HTTP: the name
// table, and collected blocks as frames of the recording's block codec. Read-only: a request names a
// query and what the client already holds, nothing else.
//
// One collection per query per freshness interval whatever the number of clients: a block younger than
// that is handed to every client that does not hold it yet. Each collected block is compressed once, as
// a delta against the query's previous block (what a client keeping pace holds); a client that fell
// behind or comes new gets a key frame, also made once per block. Requests may come from several
// threads: they take turns.
#pragma once

#include "cli/remote_request.h"
#include "core/result.h"
#include "names/name_table.h"
#include "recording/block_encoder.h"
#include "sources/source.h"

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace perfscope::cli {

struct RemoteAnswer {
    int status = 200;
    std::string content_type;
    std::string body;
};

class RemoteEndpoint {
public:
    // Source and names outlive the endpoint. `machine`: the name the agent gives itself.
    RemoteEndpoint(wpo::Source& source, const wpo::NameTable& names, std::string machine,
                   std::chrono::nanoseconds freshness = std::chrono::milliseconds(500));

    // This machine's host name, as the agent names itself.
    static std::string local_machine_name();

    // Whether `path` is one of this endpoint's (the HTTP server routes those here).
    static bool serves(std::string_view path);

    // Fills `answer`: 200 with a body, or 4xx/5xx with a one-line reason.
    void handle(const RemoteRequest& request, RemoteAnswer& answer);

    // Collections made so far (a test sees clients share them).
    std::uint64_t collections() const;

    static constexpr std::size_t kMaxStreams = 64;  // distinct queries; more: every stream starts again

private:
    struct Stream {
        std::string query;
        std::uint64_t sequence = 0;
        std::chrono::steady_clock::time_point collected{};
        std::int64_t collected_unix_ns = 0;
        std::uint32_t raw_length = 0;
        std::vector<std::byte> block;  // the raw block, for a key frame made on demand
        std::vector<std::byte> frame;  // as m_encoder made it (delta against sequence - 1, or key)
        wpo::recording::BlockKind kind = wpo::recording::BlockKind::key;
        std::vector<std::byte> key_frame;  // empty until a client needs it
    };

    void names(RemoteAnswer& answer);
    void collect(const RemoteRequest& request, RemoteAnswer& answer);
    Stream& stream_for(const std::string& query);
    void new_epoch();

    wpo::Source& m_source;
    const wpo::NameTable& m_names;
    std::string m_machine;
    std::chrono::nanoseconds m_freshness;
    std::uint64_t m_epoch = 0;

    mutable std::mutex m_mutex;
    std::vector<Stream> m_streams;
    wpo::recording::BlockEncoder m_encoder{1};
    wpo::recording::BlockEncoder m_key_encoder{1};
    std::vector<std::byte> m_buffer;
    std::uint64_t m_collections = 0;
};

}  // namespace perfscope::cli
