// SPDX-License-Identifier: Apache-2.0
// The C++ half of jni_cycle_bench (jni_cycle_bench.sh): the cycle the JNI
// library runs for Java -- prepare, sample, decode, copy every value out as
// a double (Bridge::values, the body of getSnapshotValues) -- through the
// same bridge code, without the JVM. A Global snapshot of the /proc tree named
// by PERFSCOPE_PROC_ROOT (a capture of the live /proc: both halves read the
// same replayed data).
//
//   RESULT cpp_cycle_us <median> us (min <v> max <v>)
//   RESULT cpp_values_per_cycle <n> values
//   RESULT cpp_copy_ns_per_value <median> ns (min max)   Bridge::values alone
#include "native/bridge.h"
#include "sources/procfs/procfs_source.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using perfscope::jni::Bridge;
namespace code = perfscope::jni::code;

struct Stats {
    double median, min, max;
};

Stats stats(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return {v[v.size() / 2], v.front(), v.back()};
}

}  // namespace

int main(int argc, char** argv)
{
    const char* root = std::getenv("PERFSCOPE_PROC_ROOT");
    if (!root) {
        std::fprintf(stderr, "jni_cycle_bench: set PERFSCOPE_PROC_ROOT to a captured proc tree\n");
        return 2;
    }
    const int cycles = argc > 1 ? std::atoi(argv[1]) : 40;
    wpo::ProcfsOptions options;
    options.proc_root = root;
    options.sys_root = (std::filesystem::path(root).parent_path() / "sys").string();
    options.fs_root.clear();
    // As the JNI library's own source (bridge_instance.cpp): the same budget, so that only JNI differs.
    options.raise_descriptor_limit = false;
    options.max_open_handles = Bridge::kDefaultDescriptorBudget;
    Bridge bridge(std::make_unique<wpo::ProcfsSource>(options));
    const int h = bridge.create(0, {}, true);
    if (h <= 0) {
        std::fprintf(stderr, "jni_cycle_bench: createSnapshot: %d\n", h);
        return 1;
    }
    std::vector<double> values(1 << 20);
    auto cycle = [&] {
        if (bridge.prepare(h) != code::ok)
            return -1;
        const int s = bridge.sample(h);
        if (s != code::ok && s != code::anomaly)
            return -1;
        if (bridge.decode(h) != code::ok)
            return -1;
        return bridge.values(h, values, false);
    };
    int n = 0;
    for (int i = 0; i < 5; ++i)
        n = cycle();
    if (n <= 0) {
        std::fprintf(stderr, "jni_cycle_bench: cycle failed (%d)\n", n);
        return 1;
    }
    std::vector<double> us, copy_ns;
    for (int i = 0; i < cycles; ++i) {
        const auto t0 = Clock::now();
        n = cycle();
        const auto t1 = Clock::now();
        us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    }
    for (int i = 0; i < 200; ++i) {
        const auto t0 = Clock::now();
        const int m = bridge.values(h, values, false);
        const auto t1 = Clock::now();
        copy_ns.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count() / m);
    }
    const Stats c = stats(us);
    const Stats k = stats(copy_ns);
    std::printf("RESULT cpp_cycle_us %.1f us (min %.1f max %.1f)\n", c.median, c.min, c.max);
    std::printf("RESULT cpp_values_per_cycle %d values\n", n);
    std::printf("RESULT cpp_copy_ns_per_value %.3f ns (min %.3f max %.3f)\n", k.median, k.min, k.max);
    bridge.destroy(h);
    return 0;
}
