// SPDX-License-Identifier: Apache-2.0
#include "query/process_ranking.h"

#include <algorithm>
#include <string_view>

namespace wpo::query {
namespace {

// Name indices of the Process object and the counters the ranking reads.
constexpr std::uint32_t kProcessObject = 230;
constexpr std::uint32_t kProcessorTime = 6;
constexpr std::uint32_t kPageFaults = 28;
constexpr std::uint32_t kWorkingSet = 180;
constexpr std::uint32_t kElapsedTime = 684;
constexpr std::uint32_t kIdProcess = 784;
constexpr std::uint32_t kIoReadBytes = 1420;
constexpr std::uint32_t kIoWriteBytes = 1422;

struct Definitions {
    std::optional<CounterDefinition> cpu, faults, working_set, start, pid, io_read, io_write;
};

Definitions definitions_of(const ObjectView& object)
{
    Definitions d;
    for (const CounterDefinition& def : object.counters()) {
        std::optional<CounterDefinition>* slot = nullptr;
        switch (def.name_index) {
        case kProcessorTime: slot = &d.cpu; break;
        case kPageFaults: slot = &d.faults; break;
        case kWorkingSet: slot = &d.working_set; break;
        case kElapsedTime: slot = &d.start; break;
        case kIdProcess: slot = &d.pid; break;
        case kIoReadBytes: slot = &d.io_read; break;
        case kIoWriteBytes: slot = &d.io_write; break;
        default: break;
        }
        if (slot && !*slot)  // the first of a duplicated index, as the decoder reads it
            *slot = def;
    }
    return d;
}

std::uint64_t read(const CounterBlock& block, const std::optional<CounterDefinition>& def)
{
    return def ? block.value(*def) : 0;
}

std::uint32_t width(const std::optional<CounterDefinition>& def)
{
    return def ? def->size : 0;
}

// How far a running total moved: a DWORD (or narrower) counter wraps, so its
// difference is taken modulo its width; a QWORD that went back was reset, and
// counts nothing.
std::uint64_t advance(std::uint64_t previous, std::uint64_t current, std::uint32_t size)
{
    if (size > 0 && size < 8) {
        const std::uint64_t mask = (std::uint64_t{1} << (8 * size)) - 1;
        return (current - previous) & mask;
    }
    return current >= previous ? current - previous : 0;
}

bool is_total(const InstanceView& instance)
{
    constexpr std::string_view kTotal = "_total";
    const std::string name = instance.name();
    return std::equal(name.begin(), name.end(), kTotal.begin(), kTotal.end(),
                      [](char a, char b) { return (a >= 'A' && a <= 'Z' ? char(a - 'A' + 'a') : a) == b; });
}

}  // namespace

std::optional<ProcessSample> process_sample(const BlockView& block)
{
    const std::optional<ObjectView> object = block.find_object(kProcessObject);
    if (!object || !object->has_instances())
        return std::nullopt;
    const Definitions defs = definitions_of(*object);
    if (!defs.pid)
        return std::nullopt;
    ProcessSample sample;
    sample.time_100ns = block.header().perf_time_100ns;
    sample.object_time = object->header().perf_time;
    sample.object_freq = object->header().perf_freq;
    sample.widths[0] = width(defs.cpu);
    sample.widths[1] = std::max(width(defs.io_read), width(defs.io_write));
    sample.widths[2] = width(defs.faults);
    sample.has[static_cast<std::size_t>(RankBy::cpu)] = defs.cpu.has_value();
    sample.has[static_cast<std::size_t>(RankBy::io)] = defs.io_read.has_value() || defs.io_write.has_value();
    sample.has[static_cast<std::size_t>(RankBy::faults)] = defs.faults.has_value();
    sample.has[static_cast<std::size_t>(RankBy::working_set)] = defs.working_set.has_value();
    sample.has_start = defs.start.has_value();
    sample.points.reserve(object->instance_count());
    sample.names.reserve(object->instance_count());
    for (const InstanceView& instance : object->instances()) {
        const CounterBlock& counters = instance.counters();
        ProcessPoint point;
        point.pid = static_cast<std::uint32_t>(read(counters, defs.pid));
        // The Idle process (PID 0 on Windows) counts idle time, and _Total
        // (PID 0 too) is the sum of the others: neither causes a spike.
        if (point.pid == 0 || is_total(instance))
            continue;
        point.start = read(counters, defs.start);
        point.cpu = read(counters, defs.cpu);
        point.io = read(counters, defs.io_read) + read(counters, defs.io_write);
        point.faults = read(counters, defs.faults);
        point.working_set = read(counters, defs.working_set);
        sample.points.push_back(point);
        sample.names.push_back(instance.name());
    }
    return sample;
}

bool ProcessRanking::add(const BlockView& block)
{
    std::optional<ProcessSample> sample = process_sample(block);
    if (!sample)
        return false;
    add(*sample);
    return true;
}

void ProcessRanking::add(const ProcessSample& s)
{
    const std::size_t sample = m_samples;
    if (sample == 0) {
        m_first_time_100ns = s.time_100ns;
        m_first_object_time = s.object_time;
        m_object_freq = s.object_freq;
    }
    m_last_time_100ns = s.time_100ns;
    m_last_object_time = s.object_time;
    for (std::size_t by = 0; by < 4; ++by)
        m_has[by] |= s.has[by];

    const bool named = s.names.size() == s.points.size();
    for (std::size_t i = 0; i < s.points.size(); ++i) {
        const ProcessPoint& p = s.points[i];
        const std::uint64_t raw[kCounted] = {p.cpu, p.io, p.faults};
        auto [it, is_new] = m_index.try_emplace({p.pid, p.start}, m_tracks.size());
        if (is_new) {
            Track track;
            track.usage.pid = p.pid;
            track.usage.start = p.start;
            // A process that started after the first sample did all its work
            // inside the range: it is counted from zero. One present at the
            // start, or one whose start is unknown or before the range, is
            // counted from the first sample it is in.
            track.usage.started_inside =
                sample > 0 && s.has_start && static_cast<std::int64_t>(p.start) > m_first_object_time;
            for (std::size_t c = 0; c < kCounted; ++c) {
                track.raw[c] = track.usage.started_inside ? 0 : raw[c];
                track.raw_size[c] = s.widths[c];
            }
            track.first_working_set = track.usage.started_inside ? 0 : p.working_set;
            m_tracks.push_back(std::move(track));
        }
        Track& track = m_tracks[it->second];
        if (named && !track.named) {
            track.usage.name = s.names[i];
            track.named = true;
        }
        std::uint64_t* totals[kCounted] = {&track.usage.cpu_100ns, &track.usage.io_bytes, &track.usage.faults};
        for (std::size_t c = 0; c < kCounted; ++c) {
            *totals[c] += advance(track.raw[c], raw[c], std::max(track.raw_size[c], s.widths[c]));
            track.raw[c] = raw[c];
            track.raw_size[c] = s.widths[c];
        }
        track.last_working_set = p.working_set;
        track.usage.working_set_growth =
            static_cast<std::int64_t>(p.working_set) - static_cast<std::int64_t>(track.first_working_set);
        track.last_sample = sample;
    }
    ++m_samples;
}

double ProcessRanking::seconds() const
{
    if (m_object_freq <= 0)
        return 0;
    return static_cast<double>(m_last_object_time - m_first_object_time) / static_cast<double>(m_object_freq);
}

std::vector<ProcessUsage> ProcessRanking::usages() const
{
    std::vector<ProcessUsage> out;
    out.reserve(m_tracks.size());
    for (const Track& track : m_tracks) {
        out.push_back(track.usage);
        out.back().ended_inside = track.last_sample + 1 < m_samples;
    }
    return out;
}

double ranked_value(const ProcessUsage& usage, RankBy by)
{
    switch (by) {
    case RankBy::cpu: return static_cast<double>(usage.cpu_100ns);
    case RankBy::io: return static_cast<double>(usage.io_bytes);
    case RankBy::faults: return static_cast<double>(usage.faults);
    case RankBy::working_set: return static_cast<double>(usage.working_set_growth);
    }
    return 0;
}

double ProcessRanking::total(RankBy by) const
{
    double sum = 0;
    for (const Track& track : m_tracks)
        sum += std::max(ranked_value(track.usage, by), 0.0);
    return sum;
}

std::vector<RankedProcess> ProcessRanking::rank(RankBy by, std::size_t limit) const
{
    const double whole = total(by);
    std::vector<RankedProcess> out;
    out.reserve(m_tracks.size());
    for (ProcessUsage& usage : usages()) {
        RankedProcess ranked;
        ranked.value = ranked_value(usage, by);
        ranked.share = whole > 0 && ranked.value > 0 ? ranked.value / whole : 0;
        ranked.usage = std::move(usage);
        out.push_back(std::move(ranked));
    }
    std::sort(out.begin(), out.end(), [](const RankedProcess& a, const RankedProcess& b) {
        if (a.value != b.value)
            return a.value > b.value;
        if (a.usage.pid != b.usage.pid)
            return a.usage.pid < b.usage.pid;
        return a.usage.start < b.usage.start;
    });
    if (limit != 0 && out.size() > limit)
        out.resize(limit);
    return out;
}

}  // namespace wpo::query
