// SPDX-License-Identifier: Apache-2.0
#include "gui/spike/process_history.h"

#include <algorithm>

namespace perfscope::gui {

using wpo::query::ProcessRanking;
using wpo::query::ProcessSample;
using wpo::query::RankBy;

namespace {

// A std::map node and a string's heap block beside the characters: what a
// name costs, roughly.
constexpr std::size_t kNameOverhead = 96;

}  // namespace

std::size_t ProcessHistory::bytes_of(const ProcessSample& sample)
{
    return sizeof(ProcessSample) + sample.points.capacity() * sizeof(wpo::query::ProcessPoint);
}

void ProcessHistory::append(ProcessSample sample)
{
    std::lock_guard lock(m_mutex);
    const std::uint64_t sequence = m_first_sequence + m_samples.size();
    for (std::size_t i = 0; i < sample.names.size() && i < sample.points.size(); ++i) {
        const auto& p = sample.points[i];
        auto [it, is_new] = m_names.try_emplace({p.pid, p.start});
        if (is_new) {
            it->second.text = std::move(sample.names[i]);
            m_bytes += kNameOverhead + it->second.text.size();
        }
        it->second.last_sequence = sequence;
    }
    sample.names = {};
    sample.points.shrink_to_fit();
    m_bytes += bytes_of(sample);
    m_samples.push_back(std::move(sample));
    while (m_bytes > m_max_bytes && m_samples.size() > 1)
        drop_oldest();
}

void ProcessHistory::drop_oldest()
{
    m_bytes -= bytes_of(m_samples.front());
    m_samples.pop_front();
    ++m_first_sequence;
    // Names of processes in no sample left.
    for (auto it = m_names.begin(); it != m_names.end();) {
        if (it->second.last_sequence < m_first_sequence) {
            m_bytes -= kNameOverhead + it->second.text.size();
            it = m_names.erase(it);
        } else {
            ++it;
        }
    }
}

ProcessHistory::Result ProcessHistory::rank(std::int64_t from_100ns, std::int64_t to_100ns, RankBy by,
                                            std::size_t limit) const
{
    ProcessRanking ranking;
    Result result;
    {
        // Ranking reads a few values per process: cheap enough to do under
        // the lock, which the sampler takes once per interval.
        std::lock_guard lock(m_mutex);
        auto first = std::upper_bound(m_samples.begin(), m_samples.end(), from_100ns,
                                      [](std::int64_t t, const ProcessSample& s) { return t < s.time_100ns; });
        if (first != m_samples.begin())
            --first;
        for (auto it = first; it != m_samples.end() && it->time_100ns <= to_100ns; ++it)
            ranking.add(*it);
        result.rows = ranking.rank(by, limit);
        for (auto& row : result.rows) {
            const auto name = m_names.find({row.usage.pid, row.usage.start});
            if (name != m_names.end())
                row.usage.name = name->second.text;
        }
    }
    result.samples = ranking.sample_count();
    result.first_100ns = ranking.first_time_100ns();
    result.last_100ns = ranking.last_time_100ns();
    result.has_measure = ranking.has(by);
    return result;
}

std::size_t ProcessHistory::sample_count() const
{
    std::lock_guard lock(m_mutex);
    return m_samples.size();
}

std::size_t ProcessHistory::memory_bytes() const
{
    std::lock_guard lock(m_mutex);
    return m_bytes;
}

std::pair<std::int64_t, std::int64_t> ProcessHistory::span() const
{
    std::lock_guard lock(m_mutex);
    if (m_samples.empty())
        return {0, 0};
    return {m_samples.front().time_100ns, m_samples.back().time_100ns};
}

}  // namespace perfscope::gui
