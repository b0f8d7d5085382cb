// SPDX-License-Identifier: Apache-2.0
#include "cli/remote_endpoint.h"

#include "core/this_os.h"
#include "format/block_view.h"
#include "format/object_query.h"
#include "remote/remote_protocol.h"
#include "remote/wire_format.h"

#include <algorithm>
#include <charconv>
#include <random>

#ifndef _WIN32
#include <unistd.h>
#endif

namespace perfscope::cli {
namespace {

namespace remote = wpo::remote;

void refuse(RemoteAnswer& answer, int status, const std::string& why)
{
    answer.status = status;
    answer.content_type = "text/plain; charset=utf-8";
    answer.body = why + "\n";
}

bool parse_u64(const std::string& text, std::uint64_t& value)
{
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return !text.empty() && ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

RemoteEndpoint::RemoteEndpoint(wpo::Source& source, const wpo::NameTable& names, std::string machine,
                               std::chrono::nanoseconds freshness)
    : m_source(source), m_names(names), m_machine(std::move(machine)), m_freshness(freshness)
{
    new_epoch();
}

void RemoteEndpoint::new_epoch()
{
    // Sequence numbers of an earlier run of the agent, or from before its streams started again, must not
    // match this epoch's: a client would decode a delta against the wrong block.
    std::random_device random;
    const std::uint64_t previous = m_epoch;
    do {
        m_epoch = (static_cast<std::uint64_t>(random()) << 32) ^ random() ^
                  static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
    } while (m_epoch == 0 || m_epoch == previous);
}

std::string RemoteEndpoint::local_machine_name()
{
#ifndef _WIN32
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) == 0)
        return name;
#endif
    return "localhost";
}

bool RemoteEndpoint::serves(std::string_view path)
{
    return path == remote::kNamesPath || path == remote::kCollectPath;
}

std::uint64_t RemoteEndpoint::collections() const
{
    std::lock_guard lock(m_mutex);
    return m_collections;
}

void RemoteEndpoint::handle(const RemoteRequest& request, RemoteAnswer& answer)
{
    answer = {};
    if (!serves(request.path))
        return refuse(answer, 404,
                      "not found: the remote endpoints are " + std::string(remote::kNamesPath) + " and " +
                          std::string(remote::kCollectPath));
    if (request.method != "GET" && request.method != "HEAD")
        return refuse(answer, 405, "method not allowed: " + request.path + " is read-only");
    if (request.path == remote::kNamesPath)
        return names(answer);
    return collect(request, answer);
}

void RemoteEndpoint::names(RemoteAnswer& answer)
{
    remote::NamesReply reply;
    reply.machine = m_machine;
    reply.os = wpo::kThisOs;
    reply.counter_table = m_names.counter_multi_sz();
    reply.help_table = m_names.help_multi_sz();
    answer.content_type = "application/octet-stream";
    remote::write_names_reply(reply, answer.body);
}

RemoteEndpoint::Stream& RemoteEndpoint::stream_for(const std::string& query)
{
    auto found = std::find_if(m_streams.begin(), m_streams.end(), [&](const Stream& s) { return s.query == query; });
    if (found != m_streams.end())
        return *found;
    if (m_streams.size() >= kMaxStreams) {
        // Bounded memory whatever the clients ask: drop every stream; clients get key frames next.
        m_streams.clear();
        m_encoder = wpo::recording::BlockEncoder(1);
        m_key_encoder = wpo::recording::BlockEncoder(1);
        new_epoch();
    }
    m_streams.push_back(Stream{});
    m_streams.back().query = query;
    return m_streams.back();
}

void RemoteEndpoint::collect(const RemoteRequest& request, RemoteAnswer& answer)
{
    const std::string* query = request.param("q");
    if (!query)
        return refuse(answer, 400, "collect needs q=QUERY (Global, Costly or object indices)");
    if (query->size() > remote::kMaxQueryBytes)
        return refuse(answer, 400, "q= is longer than " + std::to_string(remote::kMaxQueryBytes) + " bytes");
    wpo::ObjectQuery parsed;
    if (wpo::Status status = parsed.parse(*query); !status)
        return refuse(answer, 400, "bad query \"" + *query + "\": " + status.error().message());
    std::uint64_t epoch = 0;
    std::uint64_t base = 0;
    const std::string* epoch_text = request.param("epoch");
    const std::string* base_text = request.param("base");
    if ((epoch_text && !parse_u64(*epoch_text, epoch)) || (base_text && !parse_u64(*base_text, base)))
        return refuse(answer, 400, "epoch= and base= take decimal numbers");
    std::lock_guard lock(m_mutex);
    Stream& stream = stream_for(*query);
    // Only this epoch's numbers count: a client of an earlier run holds nothing the encoder knows.
    if (epoch != m_epoch)
        base = 0;
    const auto now = std::chrono::steady_clock::now();
    const bool fresh = stream.sequence != 0 && now - stream.collected < m_freshness;
    // A client never gets the same block twice: it needs time to pass for its rates.
    if (!fresh || base >= stream.sequence) {
        ++m_collections;
        if (wpo::Status status = m_source.collect(*query, m_buffer); !status) {
            // The stream's previous block stays the encoder's prefix, so clients keep their deltas.
            return refuse(answer, 500, "collecting the performance data failed: " + status.error().describe());
        }
        if (auto block = wpo::BlockView::parse(m_buffer); !block)
            return refuse(answer, 500, "the source returned a bad block: " + block.error().describe());
        if (m_buffer.size() > wpo::recording::kMaxBlockBytes)
            return refuse(answer, 500, "the block is larger than the protocol allows");
        stream.frame.clear();
        auto kind = m_encoder.encode(stream.query, m_buffer, stream.frame);
        if (!kind) {
            // The encoder's prefix for this query is unknown now: every stream starts again.
            m_streams.clear();
            m_encoder = wpo::recording::BlockEncoder(1);
            m_key_encoder = wpo::recording::BlockEncoder(1);
            new_epoch();
            return refuse(answer, 500, "compressing the block failed: " + kind.error().describe());
        }
        stream.kind = *kind;
        stream.block.assign(m_buffer.begin(), m_buffer.end());
        stream.raw_length = static_cast<std::uint32_t>(m_buffer.size());
        stream.key_frame.clear();
        ++stream.sequence;
        stream.collected = now;
        stream.collected_unix_ns =
            std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
                .count();
    }

    remote::BlockReplyHeader header{m_epoch, stream.sequence, stream.kind, stream.raw_length, stream.collected_unix_ns};
    const std::vector<std::byte>* frame = &stream.frame;
    const bool client_has_prefix = base != 0 && base + 1 == stream.sequence;
    if (stream.kind == wpo::recording::BlockKind::delta && !client_has_prefix) {
        if (stream.key_frame.empty()) {
            m_key_encoder.start_chunk();
            if (auto made = m_key_encoder.encode(stream.query, stream.block, stream.key_frame); !made)
                return refuse(answer, 500, "compressing the block failed: " + made.error().describe());
        }
        frame = &stream.key_frame;
        header.kind = wpo::recording::BlockKind::key;
    }
    if (frame->size() > remote::kMaxResponseBytes - 64)
        return refuse(answer, 500, "the compressed block is larger than the protocol allows");
    answer.content_type = "application/octet-stream";
    remote::write_block_reply(header, *frame, answer.body);
}

}  // namespace perfscope::cli
