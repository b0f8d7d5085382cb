// SPDX-License-Identifier: Apache-2.0
#include "cli/replay_input.h"

namespace perfscope::cli {
namespace {

using wpo::Errc;
using wpo::Error;

// FILETIME (100 ns since 1601) and Unix milliseconds are 11644473600 s apart.
constexpr std::int64_t kUnixEpochMs = 11'644'473'600'000LL;

std::int64_t filetime_of_ms(std::int64_t unix_ms)
{
    return (unix_ms + kUnixEpochMs) * 10'000;
}

}  // namespace

ReplayInput::ReplayInput(std::unique_ptr<wpo::recording::ReplaySource> source, std::optional<std::int64_t> end_100ns)
    : m_source(std::move(source)),
      m_cache(std::make_unique<wpo::PerfObjectCache>(
          wpo::CacheOptions{std::chrono::milliseconds(500), &wpo::recording::ReplaySource::clock, m_source.get()})),
      m_end_100ns(end_100ns)
{}

wpo::Result<std::unique_ptr<ReplayInput>>
ReplayInput::open(const std::string& path, std::optional<std::int64_t> begin_ms, std::optional<std::int64_t> end_ms)
{
    auto source = wpo::recording::ReplaySource::open(path);
    if (!source)
        return source.error();
    std::optional<std::int64_t> end;
    if (end_ms)
        end = filetime_of_ms(*end_ms);
    std::unique_ptr<ReplayInput> input(new ReplayInput(std::move(*source), end));
    auto found = begin_ms ? input->m_source->seek(filetime_of_ms(*begin_ms)) : input->m_source->next();
    if (!found)
        return found.error();
    if (!*found || (end && input->m_source->current().times.time_100ns > *end))
        return Error(Errc::not_found,
                     "recording \"" + path + "\" has no sample" + (begin_ms || end_ms ? " between -b and -e" : ""));
    return input;
}

wpo::Result<bool> ReplayInput::next()
{
    auto more = m_source->next();
    if (!more || !*more)
        return more;
    return !m_end_100ns || m_source->current().times.time_100ns <= *m_end_100ns;
}

std::chrono::system_clock::time_point ReplayInput::time() const
{
    const std::int64_t unix_100ns = m_source->current().times.time_100ns - kUnixEpochMs * 10'000;
    return std::chrono::system_clock::time_point(
        std::chrono::duration_cast<std::chrono::system_clock::duration>(std::chrono::nanoseconds(unix_100ns * 100)));
}

}  // namespace perfscope::cli
