// SPDX-License-Identifier: Apache-2.0
// A Source shared by many snapshot entities. Sources are used by one thread
// at a time (source.h); this serialises collect() and gives the source an id
// for the cache (PerfObjectCache::attach) that no other SharedSource of the
// process ever has, even one created later at the same address.
#pragma once

#include "sources/source.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string_view>
#include <vector>

namespace wpo {

class SharedSource {
public:
    explicit SharedSource(Source& source) : m_source(source), m_id(next_id()) {}
    SharedSource(const SharedSource&) = delete;
    SharedSource& operator=(const SharedSource&) = delete;

    Status collect(std::string_view query, std::vector<std::byte>& buffer)
    {
        std::lock_guard guard(m_mutex);
        return m_source.collect(query, buffer);
    }

    // For a snapshot that must look in the cache again once it has the
    // source (another entity may have collected while it waited) and insert
    // what it collects before the next waiter looks: lock(), then
    // collect_locked() any number of times.
    std::unique_lock<std::mutex> lock() { return std::unique_lock(m_mutex); }
    Status collect_locked(const std::unique_lock<std::mutex>& held, std::string_view query,
                          std::vector<std::byte>& buffer)
    {
        (void)held;  // proof of holding the lock, by type
        return m_source.collect(query, buffer);
    }

    std::uint64_t id() const { return m_id; }

    // For what cannot go through collect() (name tables); hold no snapshot
    // lock while using it from several threads.
    Source& source() { return m_source; }

private:
    static std::uint64_t next_id()
    {
        static std::atomic<std::uint64_t> counter{0};
        return counter.fetch_add(1, std::memory_order_relaxed) + 1;
    }

    Source& m_source;
    const std::uint64_t m_id;
    std::mutex m_mutex;
};

}  // namespace wpo
