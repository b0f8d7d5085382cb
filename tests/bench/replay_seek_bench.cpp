// SPDX-License-Identifier: Apache-2.0
// Seeking in a day-long recording: a recording of 86,400 samples 1 s apart
// (made from real blocks of this machine with their times rewritten,
// replay_seek_synth.h; written once into the build tree and kept), then seeks
// to random times, each followed by decoding one sample (the block parsed and
// one counter's raw value read).
//
// Usage: replay_seek_bench FILE [SEEKS]   (`--build-only`: make FILE and stop)
// The same for a day that records Process too (FILE with ".process" added,
// four times the bytes) gives the _process figures.
//
//   RESULT replay_24h_build_s <s> s         making the file (0 when it was there; and _process)
//   RESULT replay_24h_file_mb <m> MB
//   RESULT replay_open_ms_24h <m> ms        RecordingReader::open: header and index
//   RESULT replay_seek_ms_24h <median> ms   seek + decode one sample (and _min, _max)
//   RESULT replay_seek_kb_read <median> KB  bytes read from the file per seek (/proc/self/io rchar)
//   RESULT replay_seek_ms_24h_process <median> ms  (and the others with _process)
//
// The file was just written or read, so it is in the page cache: the figures
// are of a warm cache.
#include "format/block_view.h"
#include "recording/replay_source.h"
#include "replay_seek_synth.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <tuple>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

namespace {

constexpr std::uint64_t kDay = 86'400;

double elapsed_ms(std::chrono::steady_clock::time_point since)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - since).count();
}

template <class T>
T median(std::vector<T> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

// Seeks to `seeks` random times of the day in `path`, each with one sample decoded.
int measure(const std::string& path, int seeks, const char* suffix)
{
    const auto open_start = std::chrono::steady_clock::now();
    auto source = wpo::recording::ReplaySource::open(path);
    if (!source) {
        std::fprintf(stderr, "replay_seek_bench: %s\n", source.error().describe().c_str());
        return 1;
    }
    std::printf("RESULT replay_open_ms_24h%s %.2f ms\n", suffix, elapsed_ms(open_start));
    const wpo::NameTable& names = source->get()->info().names;
    const auto memory = names.find_object("Memory");

    std::mt19937_64 random(86400);
    std::uniform_int_distribution<std::int64_t> offset(0, static_cast<std::int64_t>(kDay - 1) * 10'000'000);
    std::vector<double> ms;
    std::vector<std::uint64_t> bytes;
    std::uint64_t checksum = 0;
    for (int i = 0; i < seeks; ++i) {
        const std::int64_t t = perfscope::bench::kSyntheticStart100ns + offset(random);
        const std::uint64_t read_before = perfscope::bench::bytes_read_by_this_process();
        const auto start = std::chrono::steady_clock::now();
        auto found = source->get()->seek(t);
        if (!found || !*found) {
            std::fprintf(stderr, "replay_seek_bench: no sample at or after a time inside the recording\n");
            return 1;
        }
        auto block = wpo::BlockView::parse(source->get()->current().bytes);
        if (!block) {
            std::fprintf(stderr, "replay_seek_bench: %s\n", block.error().describe().c_str());
            return 1;
        }
        if (memory)
            if (auto object = block->find_object(*memory))
                for (const wpo::CounterDefinition& def : object->counters())
                    checksum += object->counter_block().value(def);
        ms.push_back(elapsed_ms(start));
        bytes.push_back(perfscope::bench::bytes_read_by_this_process() - read_before);
    }
    std::printf("RESULT replay_seek_ms_24h%s %.3f ms\n", suffix, median(ms));
    std::printf("RESULT replay_seek_ms_24h%s_min %.3f ms\n", suffix, *std::min_element(ms.begin(), ms.end()));
    std::printf("RESULT replay_seek_ms_24h%s_max %.3f ms\n", suffix, *std::max_element(ms.begin(), ms.end()));
    std::printf("RESULT replay_seek_kb_read%s %.1f KB\n", suffix, static_cast<double>(median(bytes)) / 1024);
    std::printf("# %s: %d seeks, %zu chunks, %.1f MB, checksum %llu\n", path.c_str(), seeks,
                source->get()->reader().chunks().size(), static_cast<double>(std::filesystem::file_size(path)) / 1e6,
                static_cast<unsigned long long>(checksum));
    return 0;
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: replay_seek_bench FILE [SEEKS | --build-only]\n");
        return 2;
    }
    const std::string file = argv[1];
    const bool build_only = argc > 2 && std::string(argv[2]) == "--build-only";
    const int seeks = argc > 2 && !build_only ? std::max(1, std::atoi(argv[2])) : 200;

    const std::string busy = file + ".process";
    for (const auto& [path, suffix, processes] : {std::tuple{file, "", false}, std::tuple{busy, "_process", true}}) {
        const auto build_start = std::chrono::steady_clock::now();
        const bool existed = std::filesystem::exists(path);
        if (wpo::Status s = perfscope::bench::ensure_synthetic_recording(path, kDay, 20, processes); !s) {
            std::fprintf(stderr, "replay_seek_bench: %s\n", s.error().describe().c_str());
            return 1;
        }
        std::printf("RESULT replay_24h_build_s%s %.1f s\n", suffix, existed ? 0.0 : elapsed_ms(build_start) / 1000);
        std::printf("RESULT replay_24h_file_mb%s %.1f MB\n", suffix,
                    static_cast<double>(std::filesystem::file_size(path)) / 1e6);
    }
    if (build_only)
        return 0;
    if (int failed = measure(file, seeks, ""); failed != 0)
        return failed;
    return measure(busy, seeks, "_process");
}
