// SPDX-License-Identifier: Apache-2.0
// How small a recording is: the Process, Processor and Memory objects of this
// machine recorded at 1 s for N samples (default 20), over R rounds (default
// 3), by the real RecordingWriter with its defaults. Each round also writes
// the same raw blocks concatenated and compresses them with `xz -9`, the
// offline floor, and measures the recorder's own CPU time (collection and
// compression; the CPU clock of this process).
//
//   RESULT recording_bytes_per_value <median> B      file bytes / stored values (and _min, _max)
//   RESULT recording_chunk_bytes_per_value <m> B     the same without the header (its name table)
//   RESULT recording_xz9_bytes_per_value <m> B       xz -9 of the raw blocks / stored values
//   RESULT recording_raw_bytes_per_value <m> B       raw blocks / stored values
//   RESULT recording_vs_xz9_ratio <r> x              median file / median xz -9 (chunks only)
//   RESULT recording_cpu_ms_per_sample <m> ms        collect + append, per sample (and _min, _max)
//   RESULT recording_codec_cpu_ms_per_sample <m> ms  append alone
//
// A stored value is one counter of one instance (or of a single-instance object).
#include "format/block_view.h"
#include "format/object_query.h"
#include "query/platform_source.h"
#include "recording/recording_writer.h"
#include "support/xz_size.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

namespace {

struct Round {
    double bytes_per_value = 0;
    double chunk_bytes_per_value = 0;
    double xz_bytes_per_value = 0;
    double raw_bytes_per_value = 0;
    double cpu_ms_per_sample = 0;
    double codec_ms_per_sample = 0;
};

double cpu_seconds()
{
    return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

struct Figures {
    double median, min, max;
};

Figures figures(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return {v[v.size() / 2], v.front(), v.back()};
}

void print(const char* metric, const Figures& f, const char* unit)
{
    std::printf("RESULT %s %.4f %s\nRESULT %s_min %.4f %s\nRESULT %s_max %.4f %s\n", metric, f.median, unit, metric,
                f.min, unit, metric, f.max, unit);
}

}  // namespace

int main(int argc, char** argv)
{
    const int samples = argc > 1 ? std::max(2, std::atoi(argv[1])) : 20;
    const int rounds = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
    auto source = wpo::query::make_platform_source();
    if (!source) {
        std::fprintf(stderr, "%s\n", source.error().describe().c_str());
        return 1;
    }
    auto names = (*source)->load_names();
    if (!names)
        return 1;
    std::vector<std::uint32_t> indices;
    for (const char* object : {"Process", "Processor", "Memory"})
        if (auto index = names->find_object(object))
            indices.push_back(*index);
    std::sort(indices.begin(), indices.end());
    const std::string query = wpo::ObjectQuery::list(indices);
    const auto dir = std::filesystem::temp_directory_path();
    const auto recording = dir / ("recording-bench-" + std::to_string(getpid()) + ".psrec");
    const auto raw = dir / ("recording-bench-" + std::to_string(getpid()) + ".raw");

    std::vector<Round> results;
    for (int r = 0; r < rounds; ++r) {
        auto writer = wpo::recording::RecordingWriter::create(recording.string(), {"bench", "Linux", *names});
        if (!writer) {
            std::fprintf(stderr, "%s\n", writer.error().describe().c_str());
            return 1;
        }
        const std::uint64_t header_bytes = writer->file_bytes();
        std::ofstream raw_out(raw, std::ios::binary);
        std::vector<std::byte> block;
        std::uint64_t values = 0;
        double cpu = 0;
        double codec = 0;
        const auto start = std::chrono::steady_clock::now();
        for (int s = 0; s < samples; ++s) {
            std::this_thread::sleep_until(start + std::chrono::seconds(s));
            const double before = cpu_seconds();
            if (!(*source)->collect(query, block))
                return 1;
            auto view = wpo::BlockView::parse(block);
            if (!view)
                return 1;
            const double collected = cpu_seconds();
            if (!writer->append(query, block, wpo::recording::RecordTimes::of(view->header())))
                return 1;
            const double appended = cpu_seconds();
            cpu += appended - before;
            codec += appended - collected;
            values += wpo::recording::stored_values(*view);
            raw_out.write(reinterpret_cast<const char*>(block.data()), static_cast<std::streamsize>(block.size()));
        }
        const double before_close = cpu_seconds();
        if (!writer->close())
            return 1;
        codec += cpu_seconds() - before_close;
        raw_out.close();
        const std::uint64_t file_bytes = std::filesystem::file_size(recording);
        const std::uint64_t xz = perfscope::bench::xz9_bytes(raw);
        const auto per_value = [&](std::uint64_t bytes) {
            return static_cast<double>(bytes) / static_cast<double>(values);
        };
        Round round;
        round.bytes_per_value = per_value(file_bytes);
        round.chunk_bytes_per_value = per_value(file_bytes - header_bytes);
        round.xz_bytes_per_value = per_value(xz);
        round.raw_bytes_per_value = per_value(std::filesystem::file_size(raw));
        round.cpu_ms_per_sample = 1000.0 * cpu / samples;
        round.codec_ms_per_sample = 1000.0 * codec / samples;
        std::printf("round %d: %d samples, %llu values, file %llu bytes (header %llu), xz -9 %llu bytes\n", r, samples,
                    static_cast<unsigned long long>(values), static_cast<unsigned long long>(file_bytes),
                    static_cast<unsigned long long>(header_bytes), static_cast<unsigned long long>(xz));
        results.push_back(round);
    }
    std::filesystem::remove(recording);
    std::filesystem::remove(raw);

    const auto pick = [&](double Round::*field) {
        std::vector<double> v;
        for (const Round& r : results)
            v.push_back(r.*field);
        return figures(v);
    };
    print("recording_bytes_per_value", pick(&Round::bytes_per_value), "B");
    print("recording_chunk_bytes_per_value", pick(&Round::chunk_bytes_per_value), "B");
    print("recording_xz9_bytes_per_value", pick(&Round::xz_bytes_per_value), "B");
    print("recording_raw_bytes_per_value", pick(&Round::raw_bytes_per_value), "B");
    std::printf("RESULT recording_vs_xz9_ratio %.3f x\n",
                pick(&Round::chunk_bytes_per_value).median / pick(&Round::xz_bytes_per_value).median);
    print("recording_cpu_ms_per_sample", pick(&Round::cpu_ms_per_sample), "ms");
    print("recording_codec_cpu_ms_per_sample", pick(&Round::codec_ms_per_sample), "ms");
    return 0;
}
