// SPDX-License-Identifier: Apache-2.0
// Small, fully known blocks for unit tests.
#pragma once

#include "format/block_builder.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace wpo::test {

// Fixed time stamps: PerfFreq 10 MHz, FILETIME of 2024-09-24 14:21 UTC.
BlockTimes fixed_times(std::int64_t perf_time = 9'242'655'165'203);

// Two objects:
//   2 "System"  (single instance): RAWCOUNT 42 (Processes), LARGE_RAWCOUNT
//               0x1'0000'0002, COUNTER_COUNTER 1000
//   230 "Process" (3 instances "Idle", "bash", "bash"; UniqueID -1):
//               RAWCOUNT ID Process (0, 100, 200), RAW_FRACTION + RAW_BASE
//               (25/100, 50/200, 0/0), PERF_100NSEC_TIMER (10, 20, 30)
std::vector<std::byte> sample_block();

}  // namespace wpo::test
