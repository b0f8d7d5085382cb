// SPDX-License-Identifier: Apache-2.0
#include "remote/remote_source.h"

#include "remote/remote_protocol.h"
#include "remote/wire_format.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace wpo::remote {

RemoteSource::RemoteSource(std::string machine, Connect connect)
    : m_machine(std::move(machine)), m_connect(std::move(connect))
{}

void RemoteSource::forget_streams()
{
    for (Stream& stream : m_streams)
        stream.sequence = 0;
    m_decoder.start_chunk();
}

Result<Reply> RemoteSource::request(std::string_view target)
{
    if (!m_transport) {
        auto made = m_connect();
        if (!made)
            return Error(made.error().code(), "\\\\" + m_machine + ": " + made.error().message());
        m_transport = std::move(*made);
        ++m_connections;
        // A new connection may reach a new run of the agent: start every stream again.
        forget_streams();
    }
    auto reply = m_transport->get(target);
    if (!reply) {
        m_transport.reset();
        return Error(reply.error().code(), "\\\\" + m_machine + ": " + reply.error().message());
    }
    return reply;
}

Error RemoteSource::refused(const Reply& reply) const
{
    std::string text = reply.body.substr(0, 512);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
        text.pop_back();
    Errc code = Errc::io_error;
    if (reply.status == 400)
        code = Errc::invalid_argument;
    else if (reply.status == 404)
        code = Errc::not_found;
    else if (reply.status == 401 || reply.status == 403)
        code = Errc::permission_denied;
    else if (reply.status == 413 || reply.status == 414)
        code = Errc::too_large;
    // The agent's 401 says only "Unauthorized"; what the user can do about it is the client's to say.
    const std::string hint = reply.status == 401 ? " (wrong user or password, or none given)" : "";
    return Error(code, "\\\\" + m_machine + " answered " + std::to_string(reply.status) + hint +
                           (text.empty() ? std::string() : ": " + text));
}

Status RemoteSource::collect(std::string_view query, std::vector<std::byte>& buffer)
{
    buffer.clear();
    if (query.size() > kMaxQueryBytes)
        return Error(Errc::too_large, "query longer than " + std::to_string(kMaxQueryBytes) + " bytes");
    auto stream = std::find_if(m_streams.begin(), m_streams.end(), [&](const Stream& s) { return s.query == query; });
    if (stream == m_streams.end()) {
        m_streams.push_back({std::string(query), 0, 0});
        stream = m_streams.end() - 1;
    }
    m_target.assign(kCollectPath);
    m_target += "?q=";
    m_target += percent_encode(query);
    if (stream->sequence != 0 && m_transport) {
        m_target += "&epoch=" + std::to_string(stream->epoch);
        m_target += "&base=" + std::to_string(stream->sequence);
    }
    const std::size_t index = static_cast<std::size_t>(stream - m_streams.begin());
    auto reply = request(m_target);
    if (!reply)
        return reply.error();
    Stream& s = m_streams[index];
    if (reply->status != 200)
        return refused(*reply);
    auto view = read_block_reply(reply->body);
    if (!view) {
        m_transport.reset();
        return Error(view.error().code(), "\\\\" + m_machine + ": " + view.error().message());
    }
    const BlockReplyHeader& header = view->header;
    if (header.kind == recording::BlockKind::delta &&
        (s.sequence == 0 || header.epoch != s.epoch || header.sequence != s.sequence + 1)) {
        m_transport.reset();
        s.sequence = 0;
        return Error(Errc::invalid_state, "\\\\" + m_machine + " sent a delta block of query \"" + std::string(query) +
                                              "\" against a block this client does not hold");
    }
    auto block = m_decoder.decode(query, header.kind, view->frame, header.raw_length);
    if (!block) {
        s.sequence = 0;
        return Error(block.error().code(), "\\\\" + m_machine + ": " + block.error().message());
    }
    s.epoch = header.epoch;
    s.sequence = header.sequence;
    buffer.resize(block->size());
    std::memcpy(buffer.data(), block->data(), block->size());
    return {};
}

Result<NameTable> RemoteSource::load_names()
{
    auto reply = request(kNamesPath);
    if (!reply)
        return reply.error();
    if (reply->status != 200)
        return refused(*reply);
    auto names = read_names_reply(reply->body);
    if (!names) {
        m_transport.reset();
        return Error(names.error().code(), "\\\\" + m_machine + ": " + names.error().message());
    }
    m_agent_machine = names->machine;
    m_agent_os = names->os;
    return NameTable::from_multi_sz(names->counter_table, names->help_table);
}

}  // namespace wpo::remote
