// SPDX-License-Identifier: Apache-2.0
// Decode throughput of the bulk path (ObjectDecoder) on a large synthetic
// snapshot shaped like a busy Windows machine: 1,000 processes x 28 counters
// (the Windows 11 Process object of docs/performance-data-format.md §13.1) and 10,000 threads x 12
// counters, two samples one second apart, instances paired through an
// explicit previous_instance_of map as snapshot entities do.
//
// Caches must not flatter it: there are several distinct sample pairs, more
// counter-block bytes in all than twice the last-level cache, and every batch
// decodes each pair once in turn, so every pass reads its samples from
// memory, as a monitor decoding a fresh sample does. The memcpy it is compared with copies
// the same counter-block bytes, rotating over the same pairs. Decode and
// memcpy batches alternate, so load from elsewhere falls on both alike.
//
// Prints, per pass (one pair decoded), over the batches:
//   RESULT decode_values_per_s <n> values/s          the median batch
//   RESULT decode_values_per_s_best <n> values/s     the fastest batch
//   RESULT decode_values_per_s_worst <n> values/s    the slowest batch
//   RESULT decode_vs_memcpy_ratio <r> x              median decode time / median memcpy time
//   RESULT decode_vs_memcpy_ratio_min|_max <r> x     extremes over adjacent decode/memcpy batches
// plus `#` lines with positional pairing and the single-value path for
// comparison. Never fails on timing; exits 1 only if decoded values are wrong.
#include "decode/object_decoder.h"
#include "format/block_builder.h"
#include "format/counter_type.h"
#include "windows_counters.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <span>
#include <memory>
#include <tuple>
#include <unistd.h>
#include <vector>

namespace {

using namespace wpo;
using namespace wpo::counter_type;
using Clock = std::chrono::steady_clock;

constexpr std::uint32_t kProcesses = 1'000;
constexpr std::uint32_t kThreads = 10'000;
constexpr std::int64_t kPerfTime = 9'242'655'165'203;
constexpr std::int64_t kNow100ns = 133'716'612'800'215'149;
constexpr std::int64_t kSecond = 10'000'000;  // both clocks run at 10 MHz

using Def = test::CounterShape;
constexpr const auto& kProcessDefs = test::kWindowsProcessCounters;
constexpr const auto& kThreadDefs = test::kWindowsThreadCounters;

constexpr std::size_t kProcessCounters = std::size(kProcessDefs);
constexpr std::size_t kThreadCounters = std::size(kThreadDefs);
static_assert(kProcessCounters == 28 && kThreadCounters == 12);

// The raw value of counter c of instance i in sample s: rates and timers
// advance between samples, everything else is a plausible constant.
std::uint64_t raw_value(std::uint32_t type, std::size_t c, std::uint32_t i, int s)
{
    const std::uint64_t base = 1'000'000ULL * (i + 1) + 7919ULL * c;
    switch (type) {
    case PERF_100NSEC_TIMER: return base * 10 + std::uint64_t(s) * (i % 97 + 1) * 10'000;  // up to ~9.7 %
    case PERF_COUNTER_COUNTER: return (base >> 4) + std::uint64_t(s) * (i % 13) * 100;     // < 2^32
    case PERF_COUNTER_BULK_COUNT: return base * 1000 + std::uint64_t(s) * (i % 31) * 4096;
    case PERF_ELAPSED_TIME: return std::uint64_t(kNow100ns) - kSecond * (3600 + i);  // started 1 h + i s ago
    case PERF_COUNTER_RAWCOUNT: return (base / 1000) & 0x7FFF'FFFF;
    default: return base * 4096;
    }
}

void add_object(BlockBuilder& b, int s, std::uint32_t index, const Def* defs, std::size_t count,
                std::uint32_t instances, std::int64_t object_time)
{
    b.begin_object({.name_index = index,
                    .help_index = index + 1,
                    .has_instances = true,
                    .perf_time = object_time,
                    .perf_freq = kSecond});
    std::vector<std::uint32_t> handles;
    for (std::size_t c = 0; c < count; ++c)
        handles.push_back(
            b.add_counter({.name_index = defs[c].index, .help_index = defs[c].index + 1, .type = defs[c].type}));
    char name[16];
    for (std::uint32_t i = 0; i < instances; ++i) {
        std::snprintf(name, sizeof name, "%s%u", index == 230 ? "proc" : "", index == 230 ? i : i % 10);
        if (index == 230)
            b.begin_instance(name);
        else
            b.begin_instance(name, 230, i / 10);
        for (std::size_t c = 0; c < count; ++c)
            b.set(handles[c], raw_value(defs[c].type, c, i, s));
    }
    b.end_object();
}

std::vector<std::byte> make_sample(int s)
{
    std::vector<std::byte> out;
    BlockBuilder b(out);
    BlockTimes times;
    times.system_time = {2024, 9, 2, 24, 14, 21, std::uint16_t((20 + s) % 60), 0};
    times.perf_time = kPerfTime + s * kSecond;
    times.perf_freq = kSecond;
    times.perf_time_100ns = kNow100ns + s * kSecond;
    b.begin(times, "BENCH", 238);
    add_object(b, s, 230, kProcessDefs, kProcessCounters, kProcesses, times.perf_time_100ns);
    add_object(b, s, 232, kThreadDefs, kThreadCounters, kThreads, times.perf_time_100ns);
    b.finish();
    return out;
}

struct Sample {
    std::vector<std::byte> bytes;
    BlockView block;
    ObjectView process, thread;
    TimeStamps process_time, thread_time;
};

bool load(Sample& s, int which)
{
    s.bytes = make_sample(which);
    auto block = BlockView::parse(s.bytes);
    if (!block) {
        std::fprintf(stderr, "sample %d does not parse: %s\n", which, block.error().describe().c_str());
        return false;
    }
    s.block = *block;
    s.process = *s.block.find_object(230);
    s.thread = *s.block.find_object(232);
    s.process_time = time_stamps(s.block.header(), s.process.header());
    s.thread_time = time_stamps(s.block.header(), s.thread.header());
    return true;
}

// Keeps the compiler from dropping stores that nothing reads.
inline void escape(const void* p)
{
#if defined(__GNUC__)
    asm volatile("" : : "r"(p) : "memory");
#else
    static const void* volatile sink;
    sink = p;
#endif
}

double seconds(Clock::duration d)
{
    return std::chrono::duration<double>(d).count();
}

// Seconds per pass of one batch: `passes` calls of f(k), k = 0, 1, ...
template <class F>
double time_batch(F&& f, std::size_t passes)
{
    const auto start = Clock::now();
    for (std::size_t k = 0; k < passes; ++k)
        f(k);
    return seconds(Clock::now() - start) / double(passes);
}

struct Stats {
    double median = 0, min = 0, max = 0;
};

Stats stats(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return {n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2, v.front(), v.back()};
}

// Batches of `passes` until `budget` is spent, at least `minimum` of them.
template <class F>
Stats time_batches(F&& f, std::size_t passes, std::chrono::milliseconds budget, int minimum)
{
    std::vector<double> per_pass;
    const auto start = Clock::now();
    do
        per_pass.push_back(time_batch(f, passes));
    while (Clock::now() - start < budget || int(per_pass.size()) < minimum);
    return stats(per_pass);
}

// The largest cache of CPU 0 as sysfs gives it (sysconf's figure comes from
// cpuid and may be the whole package's, or wrong under a hypervisor: 256 MB
// where sysfs and lscpu say 32 MB), else sysconf's, else 32 MB; at most
// 128 MB, to bound the memory the samples take.
std::size_t last_level_cache_bytes()
{
    std::size_t largest = 0;
    for (int index = 0; index < 8; ++index) {
        char path[64];
        std::snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", index);
        FILE* file = std::fopen(path, "r");
        if (!file)
            continue;
        unsigned long long size = 0;
        char unit = 0;
        if (std::fscanf(file, "%llu%c", &size, &unit) >= 1)
            largest = std::max<std::size_t>(largest, size << (unit == 'K' ? 10 : unit == 'M' ? 20 : 0));
        std::fclose(file);
    }
#if defined(_SC_LEVEL3_CACHE_SIZE)
    if (largest == 0)
        largest = std::size_t(std::max(0L, sysconf(_SC_LEVEL3_CACHE_SIZE)));
#endif
    if (largest == 0)
        largest = std::size_t(32) << 20;
    return std::min(largest, std::size_t(128) << 20);
}

int failures = 0;

void check(bool ok, const char* what)
{
    if (!ok) {
        std::fprintf(stderr, "decode_bench: wrong result: %s\n", what);
        ++failures;
    }
}

// Samples 2p (before) and 2p + 1 (now): every pair has its own values and
// clocks, one second apart like the others.
struct Pair {
    Sample before, now;
    int now_index = 0;
    std::vector<std::byte> counter_bytes;  // the counter blocks decode reads, both samples, for memcpy
};

}  // namespace

int main()
{
    // As many pairs as it takes for their counter blocks alone (what memcpy
    // reads; decode reads the blocks around them too) to be twice the
    // last-level cache, at least 4.
    std::vector<std::unique_ptr<Pair>> pairs;
    std::size_t total_bytes = 0, counter_bytes = 0;
    const std::size_t cache_bytes = last_level_cache_bytes();
    while (pairs.size() < 4 || counter_bytes < 2 * cache_bytes) {
        auto pair = std::make_unique<Pair>();
        const int p = int(pairs.size());
        if (!load(pair->before, 2 * p) || !load(pair->now, 2 * p + 1))
            return 1;
        pair->now_index = 2 * p + 1;
        for (const Sample* s : {&pair->before, &pair->now})
            for (const ObjectView& object : {s->process, s->thread})
                for (const InstanceView& instance : object.instances()) {
                    const auto bytes = instance.counters().bytes();
                    pair->counter_bytes.insert(pair->counter_bytes.end(), bytes.begin(), bytes.end());
                }
        total_bytes += pair->before.bytes.size() + pair->now.bytes.size();
        counter_bytes += pair->counter_bytes.size();
        pairs.push_back(std::move(pair));
    }
    const std::size_t pair_count = pairs.size();

    // Snapshot entities pair instances by PID; here every instance kept its row.
    std::vector<std::int32_t> process_map(kProcesses), thread_map(kThreads);
    for (std::uint32_t i = 0; i < kProcesses; ++i)
        process_map[i] = static_cast<std::int32_t>(i);
    for (std::uint32_t i = 0; i < kThreads; ++i)
        thread_map[i] = static_cast<std::int32_t>(i);

    ObjectDecoder process_decoder, thread_decoder;
    std::vector<Value> process_values(process_decoder.value_count(pairs[0]->now.process));
    std::vector<Value> thread_values(thread_decoder.value_count(pairs[0]->now.thread));
    const std::size_t values_per_pass = process_values.size() + thread_values.size();
    const DecodeOptions options{.cap_percent = false};

    auto pass = [&](const Pair& pair, bool mapped) {
        const Sample& now = pair.now;
        const Sample& before = pair.before;
        const Status a = process_decoder.decode(now.process, now.process_time, &before.process, &before.process_time,
                                                mapped ? std::span<const std::int32_t>(process_map)
                                                       : std::span<const std::int32_t>(),
                                                options, process_values);
        const Status b =
            thread_decoder.decode(now.thread, now.thread_time, &before.thread, &before.thread_time,
                                  mapped ? std::span<const std::int32_t>(thread_map) : std::span<const std::int32_t>(),
                                  options, thread_values);
        escape(process_values.data());
        escape(thread_values.data());
        return a.ok() && b.ok();
    };

    // Verify every pair before measuring, so the benchmark cannot time nothing.
    check(values_per_pass == kProcesses * kProcessCounters + kThreads * kThreadCounters, "value count");
    for (const auto& pair : pairs) {
        check(pass(*pair, true), "decode returned an error");
        std::size_t valid = 0;
        for (const Value& v : process_values)
            valid += v.valid();
        for (const Value& v : thread_values)
            valid += v.valid();
        check(valid == values_per_pass, "every value valid");
        for (std::uint32_t i : {0u, 1u, 500u, 999u}) {
            const Value* row = &process_values[i * kProcessCounters];
            // % Processor Time: 100 · (i%97+1)·10^4 / 10^7
            check(std::abs(row[0].f64 - 100.0 * double((i % 97 + 1) * 10'000) / double(kSecond)) < 1e-12, "% cpu");
            // Page Faults/sec: (i%13)·100 per second
            check(row[5].f64 == double((i % 13) * 100), "page faults/sec");
            // IO Read Bytes/sec: (i%31)·4096 per second
            check(row[23].f64 == double((i % 31) * 4096), "io read bytes/sec");
            // Elapsed Time: started 1 h + i s before sample 0, `now_index` seconds later
            check(std::abs(row[13].f64 - double(3600 + i + std::uint32_t(pair->now_index))) < 1e-6, "elapsed time");
            check(row[14].type == ValueType::int32 &&
                      row[14].i32 == std::int32_t((1'000'000ULL * (i + 1) + 7919ULL * 14) / 1000),
                  "id process");
        }
        for (std::uint32_t i : {0u, 9'999u}) {
            const Value* row = &thread_values[i * kThreadCounters];
            check(row[3].f64 == double((i % 13) * 100), "context switches/sec");
            check(row[7].type == ValueType::int64, "start address");
        }
    }
    if (failures)
        return 1;

    // Decode with the map (the headline figure) alternating with memcpy of
    // the same bytes; each batch goes once round the pairs (memcpy, being
    // faster, four times).
    std::size_t largest = 0;
    for (const auto& pair : pairs)
        largest = std::max(largest, pair->counter_bytes.size());
    std::vector<std::byte> destination(largest);
    auto decode_pass = [&](std::size_t k) { pass(*pairs[k % pair_count], true); };
    auto copy_pass = [&](std::size_t k) {
        const std::vector<std::byte>& source = pairs[k % pair_count]->counter_bytes;
        std::memcpy(destination.data(), source.data(), source.size());
        escape(destination.data());
    };
    for (std::size_t k = 0; k < pair_count; ++k) {  // warm up: the decoders' scratch, the pages
        decode_pass(k);
        copy_pass(k);
    }
    std::vector<double> decode_times, copy_times, ratios;
    const auto start = Clock::now();
    while (Clock::now() - start < std::chrono::milliseconds(3000) || decode_times.size() < 15) {
        decode_times.push_back(time_batch(decode_pass, pair_count));
        copy_times.push_back(time_batch(copy_pass, 4 * pair_count));
        ratios.push_back(decode_times.back() / copy_times.back());
    }
    const Stats decode_time = stats(decode_times);
    const Stats copy_time = stats(copy_times);
    const Stats ratio = stats(ratios);
    check(std::memcmp(destination.data(), pairs[(4 * pair_count - 1) % pair_count]->counter_bytes.data(),
                      pairs[(4 * pair_count - 1) % pair_count]->counter_bytes.size()) == 0,
          "memcpy");

    // Positional pairing and the single-value path, for information.
    const Stats positional = time_batches([&](std::size_t k) { pass(*pairs[k % pair_count], false); }, pair_count,
                                          std::chrono::milliseconds(500), 5);
    // The single-value path: read_raw + decode() per value, as a simple front
    // end would call it.
    double scalar_sum = 0.0;
    const Stats scalar = time_batches(
        [&](std::size_t k) {
            const Pair& pair = *pairs[k % pair_count];
            for (const auto& [cur, prev, cur_time, prev_time] :
                 {std::tuple{&pair.now.process, &pair.before.process, &pair.now.process_time,
                             &pair.before.process_time},
                  std::tuple{&pair.now.thread, &pair.before.thread, &pair.now.thread_time, &pair.before.thread_time}}) {
                const std::span<const CounterLayout> layouts =
                    cur == &pair.now.process ? process_decoder.counters() : thread_decoder.counters();
                auto p = prev->instances().begin();
                for (const InstanceView& instance : cur->instances()) {
                    const InstanceView old = *p;
                    ++p;
                    for (const CounterLayout& layout : layouts) {
                        const RawValue n1 = read_raw(layout, instance.counters());
                        const RawValue n0 = read_raw(layout, old.counters());
                        scalar_sum += decode(layout, n1, *cur_time, &n0, prev_time, options).as_double();
                    }
                }
            }
            escape(&scalar_sum);
        },
        pair_count, std::chrono::milliseconds(500), 3);

    // Decoding again and again must still give the verified values.
    check(process_values[5].f64 == 0.0 && process_values[kProcessCounters + 5].f64 == 100.0, "stable results");

    const double n = double(values_per_pass);
    std::printf("# %zu values per pass (%u processes x %zu + %u threads x %zu), %zu counter-block bytes per pass\n",
                values_per_pass, kProcesses, kProcessCounters, kThreads, kThreadCounters,
                pairs[0]->counter_bytes.size());
    std::printf("# %zu distinct sample pairs, %.1f MB of blocks in all, last-level cache %.1f MB; %zu batches\n",
                pair_count, double(total_bytes) / 1e6, double(cache_bytes) / 1e6, decode_times.size());
    std::printf("# per pass, median [min, max]: decode %.1f [%.1f, %.1f] us, memcpy %.1f [%.1f, %.1f] us\n",
                decode_time.median * 1e6, decode_time.min * 1e6, decode_time.max * 1e6, copy_time.median * 1e6,
                copy_time.min * 1e6, copy_time.max * 1e6);
    std::printf("# positional pairing (empty map), median: %.0f values/s\n", n / positional.median);
    std::printf("# single-value path (read_raw + decode per value), median: %.0f values/s\n", n / scalar.median);
    std::printf("RESULT decode_values_per_s %.0f values/s\n", n / decode_time.median);
    std::printf("RESULT decode_values_per_s_best %.0f values/s\n", n / decode_time.min);
    std::printf("RESULT decode_values_per_s_worst %.0f values/s\n", n / decode_time.max);
    std::printf("RESULT decode_vs_memcpy_ratio %.2f x\n", decode_time.median / copy_time.median);
    std::printf("RESULT decode_vs_memcpy_ratio_min %.2f x\n", ratio.min);
    std::printf("RESULT decode_vs_memcpy_ratio_max %.2f x\n", ratio.max);
    return failures ? 1 : 0;
}
