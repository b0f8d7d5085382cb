// SPDX-License-Identifier: Apache-2.0
#include "cli/agent_cache.h"

#include "core/utf.h"

namespace perfscope::cli {
namespace {

wpo::CacheOptions with_freshness(std::chrono::nanoseconds freshness)
{
    wpo::CacheOptions options;
    options.freshness = freshness;
    return options;
}

}  // namespace

AgentCache::AgentCache(wpo::Source& source, std::chrono::nanoseconds freshness)
    : m_own_source(std::make_unique<wpo::SharedSource>(source)),
      m_own_cache(std::make_unique<wpo::PerfObjectCache>(with_freshness(freshness))),
      m_source(m_own_source.get()),
      m_cache(m_own_cache.get())
{
    attach();
}

AgentCache::AgentCache(wpo::SharedSource& source, wpo::PerfObjectCache& cache) : m_source(&source), m_cache(&cache)
{
    attach();
}

void AgentCache::attach()
{
    m_attached = m_cache->attach(m_source->id());
}

AgentCache::~AgentCache()
{
    if (m_attached)
        m_cache->detach();
}

std::chrono::nanoseconds AgentCache::now() const
{
    const wpo::CacheOptions& options = m_cache->options();
    if (options.clock)
        return options.clock(options.clock_context);
    return std::chrono::steady_clock::now().time_since_epoch();
}

wpo::Status AgentCache::collect_locked(const std::unique_lock<std::mutex>& held, std::string_view query,
                                       std::vector<std::byte>& buffer, wpo::BlockView& block)
{
    m_cache->count_source_query();
    {
        std::lock_guard lock(m_name_mutex);
        ++m_collections;
    }
    if (wpo::Status status = m_source->collect_locked(held, query, buffer); !status)
        return status;
    auto parsed = wpo::BlockView::parse(buffer);
    if (!parsed)
        return parsed.error();
    block = *parsed;
    const wpo::BlockHeader& header = block.header();
    const auto name = block.bytes().subspan(header.system_name_offset, header.system_name_length);
    std::lock_guard lock(m_name_mutex);
    m_name_utf16.assign(name.begin(), name.end());
    return {};
}

std::string AgentCache::system_name() const
{
    std::lock_guard lock(m_name_mutex);
    return wpo::utf16le_to_utf8(m_name_utf16.data(), m_name_utf16.size() / 2);
}

std::uint64_t AgentCache::collections() const
{
    std::lock_guard lock(m_name_mutex);
    return m_collections;
}

}  // namespace perfscope::cli
