// Decode throughput of the bulk path (ObjectDecoder) on a large synthetic
// snapshot shaped like a busy Windows machine: 1,000 processes x 28 counters
// (the Windows 11 Process object of spec §10) and 10,000 threads x 12
// counters, two samples one second apart, instances paired through an
// explicit previous_instance_of map as snapshot entities do.
//
// Prints
//   RESULT decode_values_per_s <n> values/s
//   RESULT decode_vs_memcpy_ratio <r> x    (decode time / memcpy time of the same counter-block bytes)
// from the fastest batch of each (see time_batches), plus `#` lines with the
// plain means, positional pairing and the single-value path for comparison.
// Never fails on timing; exits 1 only if the decoded values are wrong.
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
#include <tuple>
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
    case PERF_COUNTER_COUNTER: return (base >> 4) + std::uint64_t(s) * (i % 13) * 100;  // < 2^32
    case PERF_COUNTER_BULK_COUNT: return base * 1000 + std::uint64_t(s) * (i % 31) * 4096;
    case PERF_ELAPSED_TIME: return std::uint64_t(kNow100ns) - kSecond * (3600 + i);  // started 1 h + i s ago
    case PERF_COUNTER_RAWCOUNT: return (base / 1000) & 0x7FFF'FFFF;
    default: return base * 4096;
    }
}

void add_object(BlockBuilder& b, int s, std::uint32_t index, const Def* defs, std::size_t count,
                std::uint32_t instances, std::int64_t object_time)
{
    b.begin_object({.name_index = index, .help_index = index + 1, .has_instances = true, .perf_time = object_time,
                    .perf_freq = kSecond});
    std::vector<std::uint32_t> handles;
    for (std::size_t c = 0; c < count; ++c)
        handles.push_back(b.add_counter({.name_index = defs[c].index, .help_index = defs[c].index + 1,
                                         .type = defs[c].type}));
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
    times.system_time = {2024, 9, 2, 24, 14, 21, std::uint16_t(20 + s), 0};
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

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

// Runs `f` in batches of `batch` calls until `budget` is spent. `best` is the
// per-call time of the fastest batch: the machine may be shared (CI, other
// builds), and the fastest batch is the one least disturbed by that; `mean`
// is the plain average, printed for comparison.
struct Timing {
    double best = 0.0;
    double mean = 0.0;
};

template <class F>
Timing time_batches(F&& f, int batch, std::chrono::milliseconds budget)
{
    Timing t;
    t.best = 1e300;
    std::uint64_t calls = 0;
    const auto start = Clock::now();
    auto elapsed = Clock::duration::zero();
    do {
        const auto batch_start = Clock::now();
        for (int i = 0; i < batch; ++i)
            f();
        const auto batch_end = Clock::now();
        t.best = std::min(t.best, seconds(batch_end - batch_start) / batch);
        calls += std::uint64_t(batch);
        elapsed = batch_end - start;
    } while (elapsed < budget);
    t.mean = seconds(elapsed) / double(calls);
    return t;
}

int failures = 0;

void check(bool ok, const char* what)
{
    if (!ok) {
        std::fprintf(stderr, "decode_bench: wrong result: %s\n", what);
        ++failures;
    }
}

}  // namespace

int main()
{
    Sample before, now;
    if (!load(before, 0) || !load(now, 1))
        return 1;

    // Snapshot entities pair instances by PID; here every instance kept its row.
    std::vector<std::int32_t> process_map(kProcesses), thread_map(kThreads);
    for (std::uint32_t i = 0; i < kProcesses; ++i)
        process_map[i] = static_cast<std::int32_t>(i);
    for (std::uint32_t i = 0; i < kThreads; ++i)
        thread_map[i] = static_cast<std::int32_t>(i);

    ObjectDecoder process_decoder, thread_decoder;
    std::vector<Value> process_values(process_decoder.value_count(now.process));
    std::vector<Value> thread_values(thread_decoder.value_count(now.thread));
    const std::size_t values_per_pass = process_values.size() + thread_values.size();
    const DecodeOptions options{.cap_percent = false};

    auto pass = [&](bool mapped) {
        const Status a = process_decoder.decode(now.process, now.process_time, &before.process, &before.process_time,
                                                mapped ? std::span<const std::int32_t>(process_map)
                                                       : std::span<const std::int32_t>(),
                                                options, process_values);
        const Status b = thread_decoder.decode(now.thread, now.thread_time, &before.thread, &before.thread_time,
                                               mapped ? std::span<const std::int32_t>(thread_map)
                                                      : std::span<const std::int32_t>(),
                                               options, thread_values);
        escape(process_values.data());
        escape(thread_values.data());
        return a.ok() && b.ok();
    };

    // Verify before measuring, so the benchmark cannot time nothing.
    check(pass(true), "decode returned an error");
    check(values_per_pass == kProcesses * kProcessCounters + kThreads * kThreadCounters, "value count");
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
        // Elapsed Time: 1 h + i s, one second later
        check(std::abs(row[13].f64 - double(3600 + i + 1)) < 1e-6, "elapsed time");
        check(row[14].type == ValueType::int32 && row[14].i32 == std::int32_t((1'000'000ULL * (i + 1) + 7919ULL * 14) /
                                                                                  1000),
              "id process");
    }
    for (std::uint32_t i : {0u, 9'999u}) {
        const Value* row = &thread_values[i * kThreadCounters];
        check(row[3].f64 == double((i % 13) * 100), "context switches/sec");
        check(row[7].type == ValueType::int64, "start address");
    }
    if (failures)
        return 1;

    // Decode with the map (the headline figure), then positional pairing and
    // the single-value path for information.
    for (int i = 0; i < 20; ++i)
        pass(true);
    const Timing mapped = time_batches([&] { pass(true); }, 16, std::chrono::milliseconds(1500));
    const Timing positional = time_batches([&] { pass(false); }, 16, std::chrono::milliseconds(300));

    // The single-value path: read_raw + decode() per value, as a simple front
    // end would call it.
    double scalar_sum = 0.0;
    const Timing scalar = time_batches(
        [&] {
            for (const auto& [cur, prev, cur_time, prev_time] :
                 {std::tuple{&now.process, &before.process, &now.process_time, &before.process_time},
                  std::tuple{&now.thread, &before.thread, &now.thread_time, &before.thread_time}}) {
                const std::span<const CounterLayout> layouts =
                    cur == &now.process ? process_decoder.counters() : thread_decoder.counters();
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
        1, std::chrono::milliseconds(400));

    // memcpy of the same raw counter-block bytes decode reads (both samples).
    std::vector<std::byte> source;
    for (const Sample* s : {&before, &now})
        for (const ObjectView& object : {s->process, s->thread})
            for (const InstanceView& instance : object.instances()) {
                const auto bytes = instance.counters().bytes();
                source.insert(source.end(), bytes.begin(), bytes.end());
            }
    std::vector<std::byte> destination(source.size());
    auto copy = [&] {
        std::memcpy(destination.data(), source.data(), source.size());
        escape(destination.data());
    };
    for (int i = 0; i < 20; ++i)
        copy();
    const Timing memcpy_time = time_batches(copy, 64, std::chrono::milliseconds(500));
    check(std::memcmp(destination.data(), source.data(), source.size()) == 0, "memcpy");

    // Decoding again and again must still give the verified values.
    check(process_values[5].f64 == 0.0 && process_values[kProcessCounters + 5].f64 == 100.0, "stable results");

    const double n = double(values_per_pass);
    std::printf("# %zu values per pass (%u processes x %zu + %u threads x %zu), %zu counter-block bytes per pass\n",
                values_per_pass, kProcesses, kProcessCounters, kThreads, kThreadCounters, source.size());
    std::printf("# per pass, best batch / mean: decode %.1f / %.1f us, memcpy %.2f / %.2f us\n", mapped.best * 1e6,
                mapped.mean * 1e6, memcpy_time.best * 1e6, memcpy_time.mean * 1e6);
    std::printf("# mean over the whole run (includes other load on the machine): %.0f values/s, ratio %.2f x\n",
                n / mapped.mean, mapped.mean / memcpy_time.mean);
    std::printf("# positional pairing (empty map): %.0f values/s\n", n / positional.best);
    std::printf("# single-value path (read_raw + decode per value): %.0f values/s\n", n / scalar.best);
    std::printf("RESULT decode_values_per_s %.0f values/s\n", n / mapped.best);
    std::printf("RESULT decode_vs_memcpy_ratio %.2f x\n", mapped.best / memcpy_time.best);
    return failures ? 1 : 0;
}
