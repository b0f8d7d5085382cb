// SPDX-License-Identifier: Apache-2.0
// What `perfscope-cli serve` answers on /perfscope/v1/ (docs/remote-protocol.md), without HTTP: the name
// table, and collected blocks as frames of the recording's block codec. Read-only: a request names a
// query and what the client already holds, nothing else.
//
// Collections go through the agent's one cache (AgentCache), shared with /metrics: a query whose objects the
// cache holds fresh, all from one collection, is answered with a block assembled from those copies, so a
// scrape and a remote client asking for the same objects within the freshness interval cost one collection;
// anything else collects the whole query and puts its objects in the cache. One block per stream is handed to
// every client that does not hold it yet while it is fresh. Each block is compressed once, as a delta
// against the query's previous block (what a client keeping pace holds); a client that fell behind or comes
// new gets a key frame, also made once per block. Requests may come from several threads: they take turns.
#pragma once

#include "cli/agent_cache.h"
#include "cli/remote_request.h"
#include "cache/cached_object.h"
#include "core/result.h"
#include "format/object_query.h"
#include "names/name_table.h"
#include "recording/block_encoder.h"
#include "sources/source.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perfscope::cli {

struct RemoteAnswer {
    int status = 200;
    std::string content_type;
    std::string body;
};

class RemoteEndpoint {
public:
    // The agent's cache and the names outlive the endpoint. `machine`: the name the agent gives itself.
    RemoteEndpoint(AgentCache& agent, const wpo::NameTable& names, std::string machine);
    // The same alone with `source`, through a cache of its own whose freshness is `freshness`.
    RemoteEndpoint(wpo::Source& source, const wpo::NameTable& names, std::string machine,
                   std::chrono::nanoseconds freshness = std::chrono::milliseconds(500));

    // This machine's host name, as the agent names itself.
    static std::string local_machine_name();

    // Whether `path` is one of this endpoint's (the HTTP server routes those here).
    static bool serves(std::string_view path);

    // Fills `answer`: 200 with a body, or 4xx/5xx with a one-line reason.
    void handle(const RemoteRequest& request, RemoteAnswer& answer);

    // Source collections this endpoint made so far (a test sees clients share them).
    std::uint64_t collections() const;

    static constexpr std::size_t kMaxStreams = 64;  // distinct queries; more: every stream starts again

private:
    struct Stream {
        std::string query;
        std::uint64_t sequence = 0;
        // When this endpoint collected the block from the source, on the cache's clock; a block assembled from
        // cached copies is fresh as long as the cache still holds those copies.
        std::optional<std::chrono::nanoseconds> collected;
        wpo::BlockHeader times;  // of the block's collection
        std::int64_t collected_unix_ns = 0;
        std::uint32_t raw_length = 0;
        std::vector<std::byte> block;  // the raw block, for a key frame made on demand
        std::vector<std::byte> frame;  // as m_encoder made it (delta against sequence - 1, or key)
        wpo::recording::BlockKind kind = wpo::recording::BlockKind::key;
        std::vector<std::byte> key_frame;  // empty until a client needs it
    };

    // One object of a query and what it was asked for (ObjectQuery::spec(), "" for the whole object).
    struct Part {
        std::uint32_t index = 0;
        std::string_view spec;
    };
    enum class Cached { none, stream_block, newer };

    void names(RemoteAnswer& answer);
    void collect(const RemoteRequest& request, RemoteAnswer& answer);
    void answer_collect(Stream& stream, const wpo::ObjectQuery& parsed, std::uint64_t base, RemoteAnswer& answer);
    Stream& stream_for(const std::string& query);
    void new_epoch();
    void start_again();
    void split_query(std::string_view query, const wpo::ObjectQuery& parsed);
    Cached take_cached(const Stream& stream);
    std::optional<wpo::CachedObject> whole_copy(std::uint32_t index, const Stream& stream);
    void give_back();
    bool assemble();
    wpo::Status collect_from_source(const std::unique_lock<std::mutex>& held, const wpo::ObjectQuery& parsed,
                                    std::string_view query);

    std::unique_ptr<AgentCache> m_own_agent;
    AgentCache& m_agent;
    const wpo::NameTable& m_names;
    std::string m_machine;
    std::uint64_t m_epoch = 0;

    mutable std::mutex m_mutex;
    std::vector<Stream> m_streams;
    wpo::recording::BlockEncoder m_encoder{1};
    wpo::recording::BlockEncoder m_key_encoder{1};
    std::vector<std::byte> m_buffer;
    std::uint64_t m_collections = 0;
    std::vector<Part> m_parts;  // of the current request; empty when the cache cannot answer it
    wpo::EntityId m_entity = 0;
    std::vector<wpo::CachedObject> m_found;  // references of m_entity, given back before the request ends
};

}  // namespace perfscope::cli
