// SPDX-License-Identifier: Apache-2.0
#include "cli/relog_stream.h"

#include "core/byte_io.h"
#include "format/layout.h"
#include "format/object_query.h"

#include <algorithm>
#include <cstdio>

namespace perfscope::cli {
namespace {

using wpo::Errc;
using wpo::Error;
using wpo::recording::RecordingReader;

// FILETIME (100 ns since 1601) and the Unix epoch are 11644473600 s apart.
constexpr std::int64_t kUnixEpoch100ns = 116'444'736'000'000'000LL;

std::string filetime_text(std::int64_t filetime)
{
    // UTC, for messages: YYYY-MM-DD HH:MM:SS.
    const auto tp = std::chrono::sys_time<std::chrono::milliseconds>(
        std::chrono::milliseconds((filetime - kUnixEpoch100ns) / 10'000));
    const auto day = std::chrono::floor<std::chrono::days>(tp);
    const std::chrono::year_month_day ymd(day);
    const std::chrono::hh_mm_ss hms(std::chrono::floor<std::chrono::seconds>(tp - day));
    char text[40];
    std::snprintf(text, sizeof text, "%04d-%02u-%02u %02lld:%02lld:%02lld UTC", static_cast<int>(ymd.year()),
                  static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()),
                  static_cast<long long>(hms.hours().count()), static_cast<long long>(hms.minutes().count()),
                  static_cast<long long>(hms.seconds().count()));
    return text;
}

}  // namespace

wpo::Result<std::unique_ptr<RelogStream>> RelogStream::open(const std::vector<std::string>& paths, const RelogCut& cut)
{
    std::vector<Input> inputs;
    for (const std::string& path : paths) {
        auto reader = RecordingReader::open(path);
        if (!reader)
            return reader.error();
        if (!inputs.empty() && reader->info().machine != inputs.front().reader.info().machine)
            return Error(Errc::invalid_argument, "recording \"" + path + "\" is of machine \"" +
                                                     reader->info().machine + "\", \"" + inputs.front().path +
                                                     "\" of \"" + inputs.front().reader.info().machine +
                                                     "\": relog merges recordings of one machine");
        if (reader->chunks().empty())
            continue;  // nothing to merge (a recorder stopped before its first chunk)
        inputs.push_back({path, std::move(*reader)});
    }
    if (inputs.empty())
        return Error(Errc::not_found, "no recorded sample in " + (paths.size() == 1 ? "\"" + paths.front() + "\""
                                                                                    : std::string("the inputs")));
    std::stable_sort(inputs.begin(), inputs.end(), [](const Input& a, const Input& b) {
        return a.reader.chunks().front().first_time < b.reader.chunks().front().first_time;
    });
    for (std::size_t i = 1; i < inputs.size(); ++i) {
        const auto& before = inputs[i - 1].reader.chunks();
        const auto& after = inputs[i].reader.chunks();
        if (after.front().first_time <= before.back().last_time)
            return Error(Errc::invalid_argument, "recording \"" + inputs[i].path + "\" (from " +
                                                     filetime_text(after.front().first_time) + ") overlaps \"" +
                                                     inputs[i - 1].path + "\" (up to " +
                                                     filetime_text(before.back().last_time) +
                                                     "): relog merges recordings that follow one another");
    }
    std::unique_ptr<RelogStream> stream(new RelogStream(std::move(inputs), cut));
    auto found = stream->next();
    if (!found)
        return found.error();
    if (!*found)
        return Error(
            Errc::not_found,
            (paths.size() == 1 ? "recording \"" + paths.front() + "\" has" : std::string("the recordings have")) +
                " no sample" + (cut.begin_100ns || cut.end_100ns ? " between -b and -e" : ""));
    return stream;
}

RelogStream::RelogStream(std::vector<Input> inputs, const RelogCut& cut) : m_inputs(std::move(inputs)), m_cut(cut)
{
    m_info = m_inputs.front().reader.info();
    if (m_cut.keep_every == 0)
        m_cut.keep_every = 1;
    // -b: start in the first recording that reaches it, at the chunk holding it.
    if (m_cut.begin_100ns) {
        while (m_input + 1 < m_inputs.size() && m_inputs[m_input].reader.chunks().back().last_time < *m_cut.begin_100ns)
            ++m_input;
        m_chunk = m_inputs[m_input].reader.chunk_at(*m_cut.begin_100ns).value_or(0);
    }
}

wpo::Result<bool> RelogStream::step()
{
    if (m_loaded && m_record + 1 < m_records.size()) {
        ++m_record;
        return true;
    }
    if (m_loaded) {
        ++m_chunk;
        m_loaded = false;
    }
    while (m_input < m_inputs.size()) {
        RecordingReader& reader = m_inputs[m_input].reader;
        if (m_chunk >= reader.chunks().size()) {
            ++m_input;
            m_chunk = 0;
            continue;
        }
        if (wpo::Status status = reader.read_chunk(m_chunk, m_records); !status)
            return status.error();
        m_loaded = true;
        m_record = 0;
        if (!m_records.empty())
            return true;
        ++m_chunk;
        m_loaded = false;
    }
    return false;
}

wpo::Result<bool> RelogStream::next()
{
    for (;;) {
        auto more = step();
        if (!more || !*more)
            return more;
        const wpo::recording::RecordedBlock& record = current();
        if (m_cut.begin_100ns && record.times.time_100ns < *m_cut.begin_100ns)
            continue;
        if (m_cut.end_100ns && record.times.time_100ns > *m_cut.end_100ns) {
            m_input = m_inputs.size();  // past -e: done
            m_loaded = false;
            return false;
        }
        auto seen = m_seen.find(record.query);
        if (seen == m_seen.end())
            seen = m_seen.emplace(record.query, 0).first;
        if (seen->second++ % m_cut.keep_every != 0)
            continue;
        // From the Unix epoch: a FILETIME (from 1601) counted in nanoseconds does not fit in 64 bits.
        m_now = std::max(m_now, std::chrono::nanoseconds((record.times.time_100ns - kUnixEpoch100ns) * 100));
        return true;
    }
}

std::chrono::system_clock::time_point RelogStream::time() const
{
    const std::int64_t unix_100ns = current().times.time_100ns - kUnixEpoch100ns;
    return std::chrono::system_clock::time_point(
        std::chrono::duration_cast<std::chrono::system_clock::duration>(std::chrono::nanoseconds(unix_100ns * 100)));
}

std::chrono::nanoseconds RelogStream::clock(void* self)
{
    return static_cast<RelogStream*>(self)->m_now;
}

wpo::Status RelogStream::collect(std::string_view query, std::vector<std::byte>& buffer)
{
    buffer.clear();
    if (!m_loaded || m_record >= m_records.size())
        return Error(Errc::invalid_state, "relog's input stands on no record");
    wpo::ObjectQuery asked;
    if (wpo::Status status = asked.parse(query); !status)
        return status;
    const std::vector<std::byte>& bytes = current().bytes;
    if (asked.kind() == wpo::ObjectQuery::Kind::costly) {
        // As ReplaySource: the header alone, so Global + Costly does not list each object twice.
        const std::uint32_t header_length = bytes.size() >= wpo::layout::block::kSize
                                                ? wpo::load_u32(bytes.data() + wpo::layout::block::kHeaderLength)
                                                : 0;
        if (header_length < wpo::layout::block::kSize || header_length > bytes.size())
            return Error(Errc::out_of_bounds, "recorded block header length " + std::to_string(header_length));
        buffer.assign(bytes.begin(), bytes.begin() + header_length);
        wpo::store<std::uint32_t>(buffer.data() + wpo::layout::block::kTotalByteLength, header_length);
        wpo::store<std::uint32_t>(buffer.data() + wpo::layout::block::kNumObjectTypes, 0);
        return {};
    }
    buffer.assign(bytes.begin(), bytes.end());
    return {};
}

}  // namespace perfscope::cli
