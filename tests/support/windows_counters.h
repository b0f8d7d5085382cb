// SPDX-License-Identifier: Apache-2.0
// The counter layouts of Windows' Process and Thread objects, for benchmarks
// and corpora that want realistic blocks (docs/performance-data-format.md §13.1: a Windows 11 dump).
#pragma once

#include "format/counter_type.h"

#include <cstdint>

namespace wpo::test {

struct CounterShape {
    std::uint32_t index;
    std::uint32_t type;
};

using namespace wpo::counter_type;

// Process (230): 28 counters in the order Windows 11 writes them.
// clang-format off
inline constexpr CounterShape kWindowsProcessCounters[] = {
    {6, PERF_100NSEC_TIMER},            {142, PERF_100NSEC_TIMER},          {144, PERF_100NSEC_TIMER},
    {172, PERF_COUNTER_LARGE_RAWCOUNT}, {174, PERF_COUNTER_LARGE_RAWCOUNT}, {28, PERF_COUNTER_COUNTER},
    {178, PERF_COUNTER_LARGE_RAWCOUNT}, {180, PERF_COUNTER_LARGE_RAWCOUNT}, {182, PERF_COUNTER_LARGE_RAWCOUNT},
    {184, PERF_COUNTER_LARGE_RAWCOUNT}, {186, PERF_COUNTER_LARGE_RAWCOUNT}, {680, PERF_COUNTER_RAWCOUNT},
    {682, PERF_COUNTER_RAWCOUNT},       {684, PERF_ELAPSED_TIME},           {784, PERF_COUNTER_RAWCOUNT},
    {1410, PERF_COUNTER_RAWCOUNT},      {56, PERF_COUNTER_RAWCOUNT},        {58, PERF_COUNTER_RAWCOUNT},
    {952, PERF_COUNTER_RAWCOUNT},       {1412, PERF_COUNTER_BULK_COUNT},    {1414, PERF_COUNTER_BULK_COUNT},
    {1416, PERF_COUNTER_BULK_COUNT},    {1418, PERF_COUNTER_BULK_COUNT},    {1420, PERF_COUNTER_BULK_COUNT},
    {1422, PERF_COUNTER_BULK_COUNT},    {1424, PERF_COUNTER_BULK_COUNT},    {1426, PERF_COUNTER_BULK_COUNT},
    {1478, PERF_COUNTER_LARGE_RAWCOUNT},
};

// Thread (232): % Processor/User/Privileged Time, Context Switches/sec,
// Elapsed Time, Priority Current, Priority Base, Start Address, Thread State,
// Thread Wait Reason, ID Process, ID Thread.
inline constexpr CounterShape kWindowsThreadCounters[] = {
    {6, PERF_100NSEC_TIMER},     {142, PERF_100NSEC_TIMER},    {144, PERF_100NSEC_TIMER},
    {146, PERF_COUNTER_COUNTER}, {684, PERF_ELAPSED_TIME},     {694, PERF_COUNTER_RAWCOUNT},
    {682, PERF_COUNTER_RAWCOUNT}, {706, PERF_COUNTER_LARGE_RAWCOUNT_HEX}, {46, PERF_COUNTER_RAWCOUNT},
    {336, PERF_COUNTER_RAWCOUNT}, {784, PERF_COUNTER_RAWCOUNT}, {804, PERF_COUNTER_RAWCOUNT},
};
// clang-format on

}  // namespace wpo::test
