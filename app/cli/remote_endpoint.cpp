// SPDX-License-Identifier: Apache-2.0
#include "cli/remote_endpoint.h"

#include "core/this_os.h"
#include "format/block_builder.h"
#include "format/block_view.h"
#include "format/object_query.h"
#include "remote/remote_protocol.h"
#include "remote/wire_format.h"

#include <algorithm>
#include <charconv>
#include <limits>
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

bool same_collection(const wpo::BlockHeader& a, const wpo::BlockHeader& b)
{
    return a.perf_time == b.perf_time && a.perf_time_100ns == b.perf_time_100ns && a.perf_freq == b.perf_freq;
}

std::int64_t unix_ns_now()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// When a block was collected, from its PerfTime100nSec (a FILETIME: 100 ns since 1601); now when it holds none.
std::int64_t unix_ns(const wpo::BlockHeader& block)
{
    constexpr std::int64_t kUnixEpochAsFiletime = 116'444'736'000'000'000;
    if (block.perf_time_100ns <= kUnixEpochAsFiletime ||
        block.perf_time_100ns - kUnixEpochAsFiletime > std::numeric_limits<std::int64_t>::max() / 100)
        return unix_ns_now();
    return (block.perf_time_100ns - kUnixEpochAsFiletime) * 100;
}

}  // namespace

RemoteEndpoint::RemoteEndpoint(AgentCache& agent, const wpo::NameTable& names, std::string machine)
    : m_agent(agent), m_names(names), m_machine(std::move(machine))
{
    new_epoch();
}

RemoteEndpoint::RemoteEndpoint(wpo::Source& source, const wpo::NameTable& names, std::string machine,
                               std::chrono::nanoseconds freshness)
    : m_own_agent(std::make_unique<AgentCache>(source, freshness)),
      m_agent(*m_own_agent),
      m_names(names),
      m_machine(std::move(machine))
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

// Every stream is dropped and numbers start again under a new epoch: clients get key frames next.
void RemoteEndpoint::start_again()
{
    m_streams.clear();
    m_encoder = wpo::recording::BlockEncoder(1);
    m_key_encoder = wpo::recording::BlockEncoder(1);
    new_epoch();
}

RemoteEndpoint::Stream& RemoteEndpoint::stream_for(const std::string& query)
{
    auto found = std::find_if(m_streams.begin(), m_streams.end(), [&](const Stream& s) { return s.query == query; });
    if (found != m_streams.end())
        return *found;
    if (m_streams.size() >= kMaxStreams)
        start_again();  // bounded memory whatever the clients ask
    m_streams.push_back(Stream{});
    m_streams.back().query = query;
    return m_streams.back();
}

// The query's objects and what each is asked for, as the cache keys its copies; empty for Global and Costly,
// and for a query naming an object twice (the cache holds one copy per object).
void RemoteEndpoint::split_query(std::string_view query, const wpo::ObjectQuery& parsed)
{
    m_parts.clear();
    if (parsed.kind() != wpo::ObjectQuery::Kind::list)
        return;
    for (std::size_t at = 0; at < query.size();) {
        std::size_t end = query.find(' ', at);
        if (end == std::string_view::npos)
            end = query.size();
        const std::string_view token = query.substr(at, end - at);
        at = end + 1;
        if (token.empty())
            continue;
        Part part;
        const auto [digits_end, ec] = std::from_chars(token.data(), token.data() + token.size(), part.index);
        if (ec != std::errc()) {
            m_parts.clear();
            return;
        }
        part.spec = token.substr(static_cast<std::size_t>(digits_end - token.data()));
        m_parts.push_back(part);
    }
    if (m_parts.size() != parsed.indices().size())
        m_parts.clear();
}

// The references m_entity holds, given back.
void RemoteEndpoint::give_back()
{
    for (const wpo::CachedObject& found : m_found)
        (void)m_agent.cache().release(m_entity, found.bytes.data());
    m_found.clear();
}

// Every object of the query from the cache, all copies of one collection (a client's rates use the block's
// times for each of its objects). stream_block: they are what the stream's newest block holds; newer: a later
// collection, whose references stay in m_found for assemble(); none: nothing is held.
RemoteEndpoint::Cached RemoteEndpoint::take_cached(const Stream& stream)
{
    give_back();
    if (m_parts.empty())
        return Cached::none;
    wpo::PerfObjectCache& cache = m_agent.cache();
    // A new entity for every look: the cache bans an entity from the copies it found.
    m_entity = cache.register_entity();
    for (const Part& part : m_parts) {
        auto found = cache.find(part.index, m_entity, std::numeric_limits<std::int64_t>::min(), {}, part.spec);
        if (!found && !part.spec.empty() && part.spec.find('/') == std::string_view::npos)
            found = whole_copy(part.index, stream);
        if (!found)
            return give_back(), Cached::none;
        m_found.push_back(*found);
        if (!same_collection(found->block, m_found.front().block))
            return give_back(), Cached::none;
    }
    if (stream.sequence != 0 && same_collection(m_found.front().block, stream.times))
        return give_back(), Cached::stream_block;
    // A stream never goes back in time.
    if (stream.sequence != 0 && m_found.front().block.perf_time <= stream.times.perf_time)
        return give_back(), Cached::none;
    return Cached::newer;
}

// A copy collected whole (a scrape's) for a query asking some counters of every instance: a source may answer
// with more counters than asked, never others. Only when the stream's previous block held that object with the
// same definitions, or holds nothing yet: a client's decoder pairs samples by their definitions, and a change
// would cost it an interval (with a source that narrows this object, the stream's next own collection changes
// them once, and whole copies are not taken again).
std::optional<wpo::CachedObject> RemoteEndpoint::whole_copy(std::uint32_t index, const Stream& stream)
{
    wpo::PerfObjectCache& cache = m_agent.cache();
    auto found = cache.find(index, m_entity, std::numeric_limits<std::int64_t>::min());
    if (!found || stream.sequence == 0)
        return found;
    const auto previous = wpo::BlockView::from_validated(stream.block).find_object(index);
    const auto copy = wpo::ObjectView::from_validated(found->bytes).definition_bytes();
    if (previous && std::ranges::equal(previous->definition_bytes(), copy))
        return found;
    (void)cache.release(m_entity, found->bytes.data());
    return std::nullopt;
}

// The copies in m_found as one block in m_buffer, with the times of their collection and the machine name of
// the agent's blocks. False when a copy cannot be appended as it is (a length that is not a multiple of 8):
// the query is collected instead.
bool RemoteEndpoint::assemble()
{
    for (const wpo::CachedObject& found : m_found)
        if (found.bytes.size() % 8 != 0)
            return false;
    const wpo::BlockHeader& header = m_found.front().block;
    std::string system_name = m_agent.system_name();
    if (system_name.empty())
        system_name = m_machine;
    wpo::BlockBuilder builder(m_buffer);
    builder.begin({header.system_time, header.perf_time, header.perf_freq, header.perf_time_100ns}, system_name,
                  header.default_object);
    for (const wpo::CachedObject& found : m_found)
        builder.append_object(found.bytes);
    builder.finish();
    return true;
}

// One source query for the whole query; its objects go into the cache as a scrape's do (every object of Global
// and Costly; of a list, those asked for with what they were asked for, and those brought along unless some were
// asked for a few processes only, docs/snapshots-and-cache.md §2.3).
wpo::Status RemoteEndpoint::collect_from_source(const std::unique_lock<std::mutex>& held,
                                                const wpo::ObjectQuery& parsed, std::string_view query)
{
    ++m_collections;
    wpo::BlockView block;
    if (wpo::Status status = m_agent.collect_locked(held, query, m_buffer, block); !status)
        return status;
    const bool listed = parsed.kind() == wpo::ObjectQuery::Kind::list;
    if (listed && m_parts.empty())
        return {};
    const bool some_processes =
        std::any_of(m_parts.begin(), m_parts.end(), [](const Part& p) { return p.spec.find('/') != p.spec.npos; });
    wpo::PerfObjectCache& cache = m_agent.cache();
    const wpo::EntityId entity = cache.register_entity();
    for (const wpo::ObjectView& object : block.objects()) {
        const auto part =
            std::find_if(m_parts.begin(), m_parts.end(), [&](const Part& p) { return p.index == object.name_index(); });
        if (part != m_parts.end())
            (void)cache.insert(entity, block, object, part->spec);
        else if (!some_processes)
            (void)cache.insert(entity, block, object);
    }
    return {};
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
    if (!m_agent.attached())
        return refuse(answer, 500, "the agent's cache: " + m_agent.attached().error().describe());
    std::lock_guard lock(m_mutex);
    Stream& stream = stream_for(*query);
    // Only this epoch's numbers count: a client of an earlier run holds nothing the encoder knows.
    if (epoch != m_epoch)
        base = 0;
    split_query(*query, parsed);
    answer_collect(stream, parsed, base, answer);
    give_back();
}

void RemoteEndpoint::answer_collect(Stream& stream, const wpo::ObjectQuery& parsed, std::uint64_t base,
                                    RemoteAnswer& answer)
{
    // A client never gets the same block twice: it needs time to pass for its rates.
    const bool holds_newest = stream.sequence != 0 && base >= stream.sequence;
    const auto now = m_agent.now();
    Cached cached = take_cached(stream);
    const bool collected_fresh = stream.collected && now - *stream.collected < m_agent.freshness();
    const bool reuse = stream.sequence != 0 && !holds_newest &&
                       (cached == Cached::stream_block || (cached == Cached::none && collected_fresh));
    if (!reuse) {
        bool from_source = cached != Cached::newer || !assemble();
        if (from_source) {
            const auto held = m_agent.source().lock();
            // Another request may have collected while this one waited for the source.
            from_source = take_cached(stream) != Cached::newer || !assemble();
            if (from_source) {
                if (wpo::Status status = collect_from_source(held, parsed, stream.query); !status) {
                    // The stream's previous block stays the encoder's prefix, so clients keep their deltas.
                    return refuse(answer, 500, "collecting the performance data failed: " + status.error().describe());
                }
            }
        }
        if (m_buffer.size() > wpo::recording::kMaxBlockBytes)
            return refuse(answer, 500, "the block is larger than the protocol allows");
        stream.frame.clear();
        auto kind = m_encoder.encode(stream.query, m_buffer, stream.frame);
        if (!kind) {
            start_again();  // the encoder's prefix for this query is unknown now
            return refuse(answer, 500, "compressing the block failed: " + kind.error().describe());
        }
        const auto block = wpo::BlockView::from_validated(m_buffer);
        stream.kind = *kind;
        stream.block.assign(m_buffer.begin(), m_buffer.end());
        stream.raw_length = static_cast<std::uint32_t>(m_buffer.size());
        stream.key_frame.clear();
        ++stream.sequence;
        stream.times = block.header();
        stream.collected = from_source ? std::optional(now) : std::nullopt;
        stream.collected_unix_ns = from_source ? unix_ns_now() : unix_ns(stream.times);
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
