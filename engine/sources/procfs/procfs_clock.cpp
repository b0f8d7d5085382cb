// SPDX-License-Identifier: Apache-2.0
#include "sources/procfs/procfs_clock.h"

#include <time.h>

namespace wpo {
namespace {

class SystemClock final : public ProcfsClock {
public:
    std::int64_t monotonic_ns() const override
    {
        timespec ts{};
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return std::int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
    }
    std::int64_t wall_filetime() const override
    {
        timespec ts{};
        clock_gettime(CLOCK_REALTIME, &ts);
        return kFiletimeUnixEpoch + std::int64_t(ts.tv_sec) * 10'000'000 + ts.tv_nsec / 100;
    }
};

}  // namespace

const ProcfsClock& ProcfsClock::system()
{
    static const SystemClock clock;
    return clock;
}

}  // namespace wpo
