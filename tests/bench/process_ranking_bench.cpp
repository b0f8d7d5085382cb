// SPDX-License-Identifier: Apache-2.0
// What "Who caused this?" costs: the desktop app's Process history collects
// the Process object every 2 s and keeps what the ranking reads of it; a
// ranking runs over the samples of a range. Prints
//   RESULT process_history_sample_ms <ms>        collect + extract, this machine, mean after the first
//   RESULT process_history_cpu_percent <%>      of one core at one sample per 2 s (thread CPU time)
//   RESULT process_history_sample_cpu_ms <ms>    its thread CPU time, mean
//   RESULT process_full_object_cpu_ms <ms>       the same for the whole Process object, same run
//   RESULT process_ranking_ms_1h_300 <ms>        ranking 1800 samples of 300 processes
// Usage: process_ranking_bench [SAMPLES]
#include "format/block_view.h"
#include "query/platform_source.h"
#include "query/process_ranking.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

namespace {

double thread_cpu_ms()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

}  // namespace

int main(int argc, char** argv)
{
    const int samples = argc > 1 ? std::atoi(argv[1]) : 20;
    auto source = wpo::query::make_platform_source();
    if (!source) {
        std::fprintf(stderr, "%s\n", source.error().describe().c_str());
        return 1;
    }
    std::vector<std::byte> buffer;
    std::size_t processes = 0;
    double wall_ms = 0;
    double cpu_ms = 0;
    // The first collection opens every process's files; the history's later ones reuse them.
    for (int i = -1; i < samples; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const double cpu_start = thread_cpu_ms();
        if (!(*source)->collect(wpo::query::kProcessRankingQuery, buffer))
            return 1;
        auto block = wpo::BlockView::parse(buffer);
        if (!block)
            return 1;
        auto sample = wpo::query::process_sample(*block);
        if (!sample)
            return 1;
        if (i < 0)
            continue;
        cpu_ms += thread_cpu_ms() - cpu_start;
        wall_ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        processes = sample->points.size();
    }
    double full_cpu_ms = 0;
    for (int i = -1; i < samples; ++i) {
        const double cpu_start = thread_cpu_ms();
        if (!(*source)->collect("230", buffer))
            return 1;
        if (i >= 0)
            full_cpu_ms += thread_cpu_ms() - cpu_start;
    }
    std::printf("processes on this machine: %zu\n", processes);
    std::printf("RESULT process_history_sample_ms %.3f ms\n", wall_ms / samples);
    std::printf("RESULT process_history_cpu_percent %.4f %%\n", cpu_ms / samples / 2000.0 * 100.0);
    std::printf("RESULT process_history_sample_cpu_ms %.3f ms\n", cpu_ms / samples);
    std::printf("RESULT process_full_object_cpu_ms %.3f ms\n", full_cpu_ms / samples);

    // An hour at 2 s of 300 processes, every tenth replaced each minute, each busy now and then.
    constexpr int kSamples = 1800;
    constexpr std::uint32_t kProcesses = 300;
    std::vector<wpo::query::ProcessSample> history(kSamples);
    for (int s = 0; s < kSamples; ++s) {
        auto& sample = history[static_cast<std::size_t>(s)];
        sample.time_100ns = 133'000'000'000'000'000 + static_cast<std::int64_t>(s) * 20'000'000;
        sample.object_time = 1'000'000'000 + static_cast<std::int64_t>(s) * 20'000'000;
        sample.object_freq = 10'000'000;
        sample.widths[0] = sample.widths[1] = sample.widths[2] = 8;
        for (bool& has : sample.has)
            has = true;
        sample.has_start = true;
        const auto generation = static_cast<std::uint32_t>(s / 30);
        for (std::uint32_t p = 0; p < kProcesses; ++p) {
            wpo::query::ProcessPoint point;
            const bool replaced = p % 10 == generation % 10;
            point.pid = 1000 + p + (replaced ? generation * kProcesses : 0);
            // Started when its generation began (on the object clock).
            point.start = replaced ? 1'000'000'000 + std::uint64_t{generation} * 30 * 20'000'000 : 1;
            point.cpu = static_cast<std::uint64_t>(s) * (p % 7) * 10'000;
            point.io = static_cast<std::uint64_t>(s) * p * 512;
            point.faults = static_cast<std::uint64_t>(s) * (p % 3);
            point.working_set = (p + 1) * 4096 + static_cast<std::uint64_t>(s % 50) * 4096;
            sample.points.push_back(point);
        }
    }
    const auto start = std::chrono::steady_clock::now();
    wpo::query::ProcessRanking ranking;
    for (const auto& sample : history)
        ranking.add(sample);
    const auto top = ranking.rank(wpo::query::RankBy::cpu, 50);
    const double rank_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::printf("ranked %zu processes, first pid %u\n", ranking.usages().size(), top.empty() ? 0u : top[0].usage.pid);
    std::printf("RESULT process_ranking_ms_1h_300 %.1f ms\n", rank_ms);
    return 0;
}
