// SPDX-License-Identifier: Apache-2.0
// A Source that several front ends of one process may call from their own threads: every call takes one
// lock, since a Source is used by one thread at a time (sources/source.h). `perfscope-cli serve` hands it
// to /metrics and to the remote endpoints, whose requests arrive on the HTTP server's worker threads.
#pragma once

#include "sources/source.h"

#include <mutex>

namespace perfscope::cli {

class LockedSource : public wpo::Source {
public:
    explicit LockedSource(wpo::Source& source) : m_source(source) {}

    wpo::Status collect(std::string_view query, std::vector<std::byte>& buffer) override
    {
        std::lock_guard lock(m_mutex);
        return m_source.collect(query, buffer);
    }
    wpo::Result<wpo::NameTable> load_names() override
    {
        std::lock_guard lock(m_mutex);
        return m_source.load_names();
    }

private:
    wpo::Source& m_source;
    std::mutex m_mutex;
};

}  // namespace perfscope::cli
