// SPDX-License-Identifier: Apache-2.0
#include "native/recording_bridge.h"

#include "cache/perf_object_cache.h"

#ifdef PERFSCOPE_JNI_RECORDING
#include "recording/replay_source.h"
#endif

#include <utility>

namespace perfscope::jni {
namespace {

// FILETIME (100 ns since 1601) of 1970-01-01.
constexpr std::int64_t k1601To1970 = 116'444'736'000'000'000;

[[maybe_unused]] std::int64_t epoch_ns(std::int64_t filetime)
{
    return filetime <= k1601To1970 ? 0 : (filetime - k1601To1970) * 100;
}

}  // namespace

HandleTable<RecordingBridge>& RecordingBridge::table()
{
    static HandleTable<RecordingBridge> recordings;
    return recordings;
}

std::chrono::nanoseconds RecordingBridge::step_clock(void* self)
{
    return kStep * static_cast<std::int64_t>(static_cast<RecordingBridge*>(self)->m_moves.load());
}

RecordingBridge::~RecordingBridge()
{
    m_bridge.reset();  // its snapshots and samplers hold copies in m_cache
}

#ifdef PERFSCOPE_JNI_RECORDING

wpo::Result<std::shared_ptr<RecordingBridge>> RecordingBridge::open(const std::string& path)
{
    auto source = wpo::recording::ReplaySource::open(path);
    if (!source)
        return source.error();
    std::shared_ptr<RecordingBridge> result(new RecordingBridge());
    const auto& reader = (*source)->reader();
    result->m_info.machine = (*source)->info().machine;
    result->m_info.os = (*source)->info().os;
    result->m_info.index_rebuilt = reader.index_rebuilt();
    if (!reader.chunks().empty()) {
        result->m_info.first_ns = epoch_ns(reader.chunks().front().first_time);
        result->m_info.last_ns = epoch_ns(reader.chunks().back().last_time);
    }
    auto first = (*source)->next();
    if (!first)
        return first.error();
    if (!*first)
        return wpo::Error(wpo::Errc::not_found, "recording \"" + path + "\" holds no sample");
    result->m_source = source->get();
    result->m_cache = std::make_unique<wpo::PerfObjectCache>(
        wpo::CacheOptions{std::chrono::milliseconds(500), &RecordingBridge::step_clock, result.get()});
    wpo::SnapshotOptions options;
    options.cache = result->m_cache.get();
    result->m_bridge = std::make_unique<Bridge>(std::move(*source), options);
    result->m_bridge->set_recorded();
    return result;
}

wpo::Result<bool> RecordingBridge::next()
{
    std::lock_guard guard(m_move_mutex);
    auto held = m_bridge->lock_source();
    ++m_moves;
    return m_source->next();
}

wpo::Result<bool> RecordingBridge::seek(std::int64_t epoch_ns)
{
    std::lock_guard guard(m_move_mutex);
    auto held = m_bridge->lock_source();
    ++m_moves;
    // Rounded up to whole 100 ns, so that no record before `epoch_ns` is taken. Any int64 of nanoseconds is
    // within FILETIME's range: |epoch_ns| / 100 is below 2^57, k1601To1970 below 2^57.
    const std::int64_t units = epoch_ns / 100 + (epoch_ns > 0 && epoch_ns % 100 != 0 ? 1 : 0);
    return m_source->seek(units + k1601To1970);
}

std::int64_t RecordingBridge::time_ns()
{
    std::lock_guard guard(m_move_mutex);
    auto held = m_bridge->lock_source();
    return m_source->positioned() ? epoch_ns(m_source->current().times.time_100ns) : 0;
}

#else

wpo::Result<std::shared_ptr<RecordingBridge>> RecordingBridge::open(const std::string&)
{
    return wpo::Error(wpo::Errc::unsupported, "this build of the library reads no recordings (built without zstd)");
}

// Never reached: no RecordingBridge is made without the recording library.
wpo::Result<bool> RecordingBridge::next()
{
    return m_source != nullptr;
}

wpo::Result<bool> RecordingBridge::seek(std::int64_t)
{
    return m_source != nullptr;
}

std::int64_t RecordingBridge::time_ns()
{
    std::lock_guard guard(m_move_mutex);
    return 0;
}

#endif

}  // namespace perfscope::jni
