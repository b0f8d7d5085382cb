// SPDX-License-Identifier: Apache-2.0
#include "native/thread_cpu_reader.h"

#include "format/block_view.h"
#include "format/object_query.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace perfscope::jni {

using wpo::Errc;
using wpo::Error;

namespace {

constexpr std::uint32_t kProcess = 230;
constexpr std::uint32_t kThread = 232;
constexpr std::uint32_t kProcessorTime = 6;
constexpr std::uint32_t kIdProcess = 784;

const wpo::CounterLayout* find_layout(std::span<const wpo::CounterLayout> layouts, std::uint32_t counter)
{
    for (const wpo::CounterLayout& layout : layouts)
        if (layout.definition.name_index == counter)
            return &layout;
    return nullptr;
}

}  // namespace

ThreadCpuReader::ThreadCpuReader(wpo::SharedSource& source, std::uint32_t process_id)
    : m_source(source), m_process_id(process_id)
{
    // Process comes along with Thread (its instances are the threads'
    // parents); asked for ID Process alone it costs one stat file.
    const std::uint32_t pid[] = {process_id};
    const std::uint32_t process_counters[] = {kIdProcess};
    const std::uint32_t thread_counters[] = {kProcessorTime, kIdProcess};
    wpo::ObjectQuery::append(m_query, kProcess, wpo::ObjectQuery::spec(pid, process_counters));
    wpo::ObjectQuery::append(m_query, kThread, wpo::ObjectQuery::spec(pid, thread_counters));
}

wpo::Result<std::unique_ptr<ThreadCpuReader>> ThreadCpuReader::open(wpo::SharedSource& source, std::uint32_t process_id)
{
    if (process_id == 0)
        return Error(Errc::invalid_argument, "process id 0 has no threads to watch");
    std::unique_ptr<ThreadCpuReader> reader(new ThreadCpuReader(source, process_id));
    if (wpo::Status first = reader->collect(); !first)
        return first.error();
    return reader;
}

wpo::Status ThreadCpuReader::sample(std::vector<Row>& out)
{
    std::lock_guard guard(m_mutex);
    if (wpo::Status collected = collect(); !collected)
        return collected;
    out.assign(m_rows[m_at].begin(), m_rows[m_at].end());
    return {};
}

void ThreadCpuReader::rows(std::vector<Row>& out)
{
    std::lock_guard guard(m_mutex);
    out.assign(m_rows[m_at].begin(), m_rows[m_at].end());
}

void ThreadCpuReader::names(std::vector<std::string>& out)
{
    std::lock_guard guard(m_mutex);
    out.clear();
    auto block = wpo::BlockView::parse(m_blocks[m_at]);
    std::optional<wpo::ObjectView> thread = block ? block->find_object(kThread) : std::nullopt;
    std::vector<std::string> all;
    if (thread)
        for (const wpo::InstanceView& instance : thread->instances())
            all.push_back(instance.name());
    for (std::uint32_t position : m_positions[m_at])
        out.push_back(position < all.size() ? all[position] : std::string());
}

// Collects into the older of the two blocks and makes it the current one.
// The previous sample's rows pair with this one's by identity (tid, start):
// only a pair is decoded, as the engine's own decode pairs instances.
wpo::Status ThreadCpuReader::collect()
{
    const int next = 1 - m_at;
    std::vector<std::byte>& bytes = m_blocks[next];
    if (wpo::Status collected = m_source.collect(m_query, bytes); !collected)
        return collected;
    auto block = wpo::BlockView::parse(bytes);
    if (!block)
        return block.error();
    const std::optional<wpo::ObjectView> thread = block->find_object(kThread);
    if (!thread)
        return Error(Errc::not_found, "the source serves no Thread object (232)");
    const auto definitions = thread->definition_bytes();
    if (!std::equal(definitions.begin(), definitions.end(), m_definitions.begin(), m_definitions.end())) {
        m_layouts = wpo::counter_layouts(*thread);
        m_definitions.assign(definitions.begin(), definitions.end());
        // Raw values of other definitions do not pair with these.
        m_rows[m_at].clear();
        m_raw[m_at].clear();
        m_ids[m_at].clear();
    }
    const wpo::CounterLayout* cpu = find_layout(m_layouts, kProcessorTime);
    const wpo::CounterLayout* owner = find_layout(m_layouts, kIdProcess);
    if (!cpu)
        return Error(Errc::not_found, "the Thread object has no % Processor Time (6)");

    m_identifier.identify(*block, *thread, m_all_ids);
    std::vector<Row>& rows = m_rows[next];
    std::vector<wpo::RawValue>& raw = m_raw[next];
    std::vector<wpo::InstanceIdentity>& ids = m_ids[next];
    std::vector<std::uint32_t>& positions = m_positions[next];
    rows.clear();
    raw.clear();
    ids.clear();
    positions.clear();
    std::uint32_t position = 0;
    for (const wpo::InstanceView& instance : thread->instances()) {
        const std::uint32_t at = position++;
        // A source that cannot narrow by process (the registry) brings every thread.
        if (owner && wpo::read_raw(*owner, instance.counters()).value != m_process_id)
            continue;
        const wpo::RawValue value = wpo::read_raw(*cpu, instance.counters());
        const wpo::InstanceIdentity& identity = m_all_ids[at];
        Row row;
        row.id = static_cast<std::int64_t>(identity.id);
        row.start = static_cast<std::int64_t>(identity.start);
        row.cpu_100ns = static_cast<std::int64_t>(value.value);
        row.percent = std::numeric_limits<double>::quiet_NaN();
        rows.push_back(row);
        raw.push_back(value);
        ids.push_back(identity);
        positions.push_back(at);
    }
    m_times[next] = wpo::time_stamps(block->header(), thread->header());
    m_identifier.pair(m_ids[m_at], ids, m_previous_of);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const std::int32_t previous = m_previous_of[i];
        if (previous < 0)
            continue;
        const wpo::Value v =
            wpo::decode(*cpu, raw[i], m_times[next], &m_raw[m_at][static_cast<std::size_t>(previous)], &m_times[m_at]);
        if (v.valid())
            rows[i].percent = v.as_double();
    }
    m_at = next;
    return {};
}

}  // namespace perfscope::jni
