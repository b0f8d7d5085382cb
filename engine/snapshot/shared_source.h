// A Source shared by many snapshot entities. Sources are used by one thread
// at a time (source.h); this serialises collect() and gives the cache a
// stable identity for the source (PerfObjectCache::bind).
#pragma once

#include "sources/source.h"

#include <cstddef>
#include <mutex>
#include <string_view>
#include <vector>

namespace wpo {

class SharedSource {
public:
    explicit SharedSource(Source& source) : m_source(source) {}
    SharedSource(const SharedSource&) = delete;
    SharedSource& operator=(const SharedSource&) = delete;

    Status collect(std::string_view query, std::vector<std::byte>& buffer)
    {
        std::lock_guard lock(m_mutex);
        return m_source.collect(query, buffer);
    }

    // For what cannot go through collect() (name tables); hold no snapshot
    // lock while using it from several threads.
    Source& source() { return m_source; }

private:
    Source& m_source;
    std::mutex m_mutex;
};

}  // namespace wpo
