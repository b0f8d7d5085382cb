// SPDX-License-Identifier: Apache-2.0
// The two clocks a procfs block is stamped with, behind an interface so that
// fixture tests get the same bytes on every run.
#pragma once

#include <cstdint>

namespace wpo {

class ProcfsClock {
public:
    virtual ~ProcfsClock() = default;

    // CLOCK_MONOTONIC in nanoseconds: PERF_DATA_BLOCK.PerfTime (PerfFreq 10^9).
    virtual std::int64_t monotonic_ns() const = 0;
    // Wall clock as a FILETIME (100 ns units since 1601-01-01 UTC):
    // PerfTime100nSec and SystemTime (elapsed times use /proc/uptime instead,
    // see ProcfsCollector::read_uptime()).
    virtual std::int64_t wall_filetime() const = 0;

    // The real clocks (clock_gettime); lives for the whole program.
    static const ProcfsClock& system();
};

// 1970-01-01 as a FILETIME.
inline constexpr std::int64_t kFiletimeUnixEpoch = 116'444'736'000'000'000;

}  // namespace wpo
