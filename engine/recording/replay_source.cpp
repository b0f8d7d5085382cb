// SPDX-License-Identifier: Apache-2.0
#include "recording/replay_source.h"

#include "core/byte_io.h"
#include "format/layout.h"
#include "format/object_query.h"

#include <memory>
#include <utility>

namespace wpo::recording {
namespace {

// Whether a record collected for `recorded` holds any object `asked` wants.
bool covers(std::string_view recorded, const ObjectQuery& asked)
{
    ObjectQuery have;
    if (!have.parse(recorded) || have.kind() != ObjectQuery::Kind::list || asked.kind() != ObjectQuery::Kind::list)
        return true;  // Global or Costly: cannot tell without the block, let it answer
    for (std::uint32_t index : asked.indices())
        if (have.contains(index))
            return true;
    return false;
}

std::chrono::nanoseconds to_duration(const RecordTimes& times)
{
    if (times.perf_freq <= 0) {
        // From the Unix epoch: a FILETIME (from 1601) counted in nanoseconds does not fit in 64 bits.
        constexpr std::int64_t kUnixEpoch100ns = 116'444'736'000'000'000LL;
        return std::chrono::nanoseconds((times.time_100ns - kUnixEpoch100ns) * 100);
    }
    const auto ticks = static_cast<long double>(times.perf_time);
    return std::chrono::nanoseconds(
        static_cast<std::int64_t>(ticks * 1e9L / static_cast<long double>(times.perf_freq)));
}

}  // namespace

Result<std::unique_ptr<ReplaySource>> ReplaySource::open(const std::string& path)
{
    auto reader = RecordingReader::open(path);
    if (!reader)
        return reader.error();
    return std::make_unique<ReplaySource>(std::move(*reader));
}

ReplaySource::ReplaySource(RecordingReader reader) : m_reader(std::move(reader))
{}

std::chrono::nanoseconds ReplaySource::clock(void* self)
{
    return static_cast<ReplaySource*>(self)->m_now;
}

Status ReplaySource::load_chunk(std::size_t chunk)
{
    m_chunk = chunk;
    m_record = 0;
    if (Status status = m_reader.read_chunk(chunk, m_records); !status) {
        m_records.clear();
        return status;
    }
    return {};
}

Result<bool> ReplaySource::next()
{
    if (!m_started) {
        m_started = true;
        if (m_reader.chunks().empty())
            return false;
        if (Status status = load_chunk(0); !status)
            return status.error();
    } else if (m_record + 1 < m_records.size()) {
        ++m_record;
    } else {
        if (m_chunk + 1 >= m_reader.chunks().size()) {
            m_record = m_records.size();
            return false;
        }
        if (Status status = load_chunk(m_chunk + 1); !status)
            return status.error();
    }
    if (!positioned())
        return false;
    m_now = std::max(m_now, to_duration(current().times));
    return true;
}

Result<bool> ReplaySource::seek(std::int64_t time_100ns)
{
    const auto chunk = m_reader.chunk_at(time_100ns);
    if (!chunk)
        return false;
    m_started = true;
    for (std::size_t c = *chunk; c < m_reader.chunks().size(); ++c) {
        if (Status status = load_chunk(c); !status)
            return status.error();
        for (m_record = 0; m_record < m_records.size(); ++m_record) {
            if (m_records[m_record].times.time_100ns >= time_100ns) {
                m_now = std::max(m_now, to_duration(current().times));
                return true;
            }
        }
    }
    m_record = m_records.size();
    return false;
}

Status ReplaySource::collect(std::string_view query, std::vector<std::byte>& buffer)
{
    buffer.clear();
    if (!positioned())
        return Error(Errc::invalid_state,
                     "the recording's replay stands on no record (before the first or past the last)");
    ObjectQuery asked;
    if (Status status = asked.parse(query); !status)
        return status;
    if (asked.kind() == ObjectQuery::Kind::costly) {
        // A recording cannot tell which of its objects a live machine would
        // call costly; every one answers Global and index lists, and Costly
        // gets the current block's header alone (no objects), so a caller
        // asking both does not see each object twice.
        const std::vector<std::byte>& bytes = current().bytes;
        const std::uint32_t header_length =
            bytes.size() >= layout::block::kSize ? load_u32(bytes.data() + layout::block::kHeaderLength) : 0;
        if (header_length < layout::block::kSize || header_length > bytes.size())
            return Error(Errc::out_of_bounds, "recorded block header length " + std::to_string(header_length));
        buffer.assign(bytes.begin(), bytes.begin() + header_length);
        store<std::uint32_t>(buffer.data() + layout::block::kTotalByteLength, header_length);
        store<std::uint32_t>(buffer.data() + layout::block::kNumObjectTypes, 0);
        return {};
    }
    for (std::size_t i = m_record + 1; i-- > 0;) {
        if (covers(m_records[i].query, asked)) {
            buffer.assign(m_records[i].bytes.begin(), m_records[i].bytes.end());
            return {};
        }
    }
    const RecordedBlock& block = current();
    buffer.assign(block.bytes.begin(), block.bytes.end());
    return {};
}

}  // namespace wpo::recording
