// SPDX-License-Identifier: Apache-2.0
#include "gui/sampling/source_hub.h"

#include "format/block_view.h"

#include <atomic>

namespace perfscope::gui {

namespace {
wpo::Error with_context(const wpo::Error& error, const std::string& context)
{
    return wpo::Error(error.code(), context + ": " + error.message());
}

thread_local std::uint64_t t_queries = 0;
thread_local std::uint64_t t_objects = 0;
}  // namespace

class SourceHub::CountingSource : public wpo::Source {
public:
    explicit CountingSource(std::unique_ptr<wpo::Source> inner) : m_inner(std::move(inner)) {}

    wpo::Status collect(std::string_view query, std::vector<std::byte>& buffer) override
    {
        ++t_queries;
        // "230 232" asks for two objects; "Global"/"Costly" count as one.
        std::uint64_t objects = 1;
        for (char c : query)
            objects += c == ' ' ? 1 : 0;
        t_objects += objects;
        m_total.fetch_add(1, std::memory_order_relaxed);
        return m_inner->collect(query, buffer);
    }
    wpo::Result<wpo::NameTable> load_names() override { return m_inner->load_names(); }
    std::uint64_t total() const { return m_total.load(std::memory_order_relaxed); }

private:
    std::unique_ptr<wpo::Source> m_inner;
    std::atomic<std::uint64_t> m_total{0};
};

SourceHub::~SourceHub()
{
    // Workers still collecting read the source: they end before it does.
    m_retired.reset();
    if (m_pool)
        m_pool->waitForDone();
    m_pool.reset();
}

wpo::Result<std::unique_ptr<SourceHub>> SourceHub::create(std::unique_ptr<wpo::Source> source,
                                                          wpo::PerfObjectCache* cache)
{
    std::unique_ptr<SourceHub> hub(new SourceHub);
    hub->m_pool = std::make_unique<QThreadPool>();
    // One at a time: resolutions are collections, and the source serialises them anyway.
    hub->m_pool->setMaxThreadCount(1);
    hub->m_counting = std::make_unique<CountingSource>(std::move(source));
    auto names = hub->m_counting->load_names();
    if (!names)
        return with_context(names.error(), "loading the counter names");
    hub->m_names = std::move(*names);
    hub->m_shared = std::make_unique<wpo::SharedSource>(*hub->m_counting);
    hub->m_cache = cache ? cache : &wpo::PerfObjectCache::process_default();
    // System (2) is cheap on every source; only the block header is wanted.
    std::vector<std::byte> bytes;
    if (wpo::Status status = hub->m_shared->collect("2", bytes); !status)
        return with_context(status.error(), "reading the machine's name");
    auto block = wpo::BlockView::parse(bytes);
    if (!block)
        return block.error();
    hub->m_system_name = block->system_name();
    return hub;
}

std::uint64_t SourceHub::queries_on_this_thread()
{
    return t_queries;
}
std::uint64_t SourceHub::objects_queried_on_this_thread()
{
    return t_objects;
}
std::uint64_t SourceHub::total_queries() const
{
    return m_counting->total();
}

}  // namespace perfscope::gui
