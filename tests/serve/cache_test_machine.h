// SPDX-License-Identifier: Apache-2.0
// What the scrape-cache tests collect from: a TestSource's System and Memory, and a clock the tests step,
// handed to the cache (CacheOptions::clock) so that freshness is decided without waiting.
#pragma once

#include "cache/perf_object_cache.h"
#include "format/counter_type.h"
#include "names/name_table.h"
#include "test_source.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

namespace perfscope::serve_testing {

inline constexpr std::uint32_t kSystem = 2;
inline constexpr std::uint32_t kMemory = 4;

struct ManualClock {
    std::atomic<std::int64_t> ns{1'000'000'000};
    static std::chrono::nanoseconds read(void* self)
    {
        return std::chrono::nanoseconds(static_cast<ManualClock*>(self)->ns.load());
    }
    // A cache on this clock.
    wpo::CacheOptions cache_options(std::chrono::nanoseconds freshness)
    {
        wpo::CacheOptions options;
        options.freshness = freshness;
        options.clock = &ManualClock::read;
        options.clock_context = this;
        return options;
    }
};

// System with Processes, Memory with Available Bytes.
inline wpo::NameTable cache_test_names()
{
    wpo::NameTable table;
    table.set_name(kSystem, "System");
    table.set_name(kMemory, "Memory");
    table.set_name(10, "Processes");
    table.set_name(12, "Available Bytes");
    return table;
}

// The source's clock: 10 MHz, 5 s after its start.
inline void start_clock(wpo::TestSource& source)
{
    source.times().perf_freq = 10'000'000;
    source.times().perf_time = 50'000'000;
}

inline std::vector<wpo::TestObject> cache_test_objects(std::uint64_t processes, std::uint64_t bytes)
{
    wpo::TestObject system{kSystem, kSystem + 1};
    system.counters = {{10, 11, wpo::counter_type::PERF_COUNTER_RAWCOUNT, 0}};
    system.values = {processes};
    wpo::TestObject memory{kMemory, kMemory + 1};
    memory.counters = {{12, 13, wpo::counter_type::PERF_COUNTER_LARGE_RAWCOUNT, 0}};
    memory.values = {bytes};
    return {system, memory};
}

}  // namespace perfscope::serve_testing
