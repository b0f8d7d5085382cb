// SPDX-License-Identifier: Apache-2.0
#include "test_blocks.h"

#include "format/counter_type.h"

namespace wpo::test {

using namespace counter_type;

BlockTimes fixed_times(std::int64_t perf_time)
{
    BlockTimes t;
    t.system_time = {2024, 9, 2, 24, 14, 21, 20, 21};
    t.perf_time = perf_time;
    t.perf_freq = 10'000'000;
    t.perf_time_100ns = 133716612800215149;
    return t;
}

std::vector<std::byte> sample_block()
{
    std::vector<std::byte> out;
    BlockBuilder b(out);
    b.begin(fixed_times(), "TESTHOST", 238);

    b.begin_object({.name_index = 2, .help_index = 3});
    const auto processes = b.add_counter({.name_index = 248, .help_index = 249, .type = PERF_COUNTER_RAWCOUNT});
    const auto large = b.add_counter({.name_index = 1380, .help_index = 1381, .type = PERF_COUNTER_LARGE_RAWCOUNT});
    const auto switches = b.add_counter({.name_index = 146, .help_index = 147, .type = PERF_COUNTER_COUNTER});
    b.begin_values();
    b.set(processes, 42);
    b.set(large, 0x1'0000'0002ULL);
    b.set(switches, 1000);
    b.end_object();

    b.begin_object({.name_index = 230,
                    .help_index = 231,
                    .has_instances = true,
                    .perf_time = 133716612800215149,
                    .perf_freq = 10'000'000});
    const auto pid = b.add_counter({.name_index = 784, .help_index = 785, .type = PERF_COUNTER_RAWCOUNT});
    const auto fraction = b.add_counter({.name_index = 1000, .help_index = 1001, .type = PERF_RAW_FRACTION});
    const auto base = b.add_counter({.name_index = 1000, .help_index = 1001, .type = PERF_RAW_BASE});
    const auto cpu = b.add_counter({.name_index = 6, .help_index = 7, .type = PERF_100NSEC_TIMER});
    const char* names[] = {"Idle", "bash", "bash"};
    for (std::uint32_t i = 0; i < 3; ++i) {
        b.begin_instance(names[i]);
        b.set(pid, 100 * i);
        b.set(fraction, 25 * i);
        b.set(base, 100 * i);
        b.set(cpu, 10 * (i + 1));
    }
    b.end_object();
    b.finish();
    return out;
}

}  // namespace wpo::test
