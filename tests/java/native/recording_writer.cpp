// SPDX-License-Identifier: Apache-2.0
// Writes a recording with known raw values for the Java recording tests:
//
//   perfscope_java_recording_writer FILE COUNT INTERVAL_MS
//
// COUNT samples INTERVAL_MS apart, the first collected at 2024-03-01 12:00:00
// UTC, of two objects (query "1000 1006"), at sample i (from 0):
//   \Widgets\Level       (LARGE_RAWCOUNT) = 1000 + 7 i
//   \Widgets\Turns/sec   (COUNTER)        raw 50 i^2, so the rate over (i-1, i] is 50 (2i - 1) / interval
//   \Gears(alpha)\Teeth  (LARGE_RAWCOUNT) = 10 i + 1
//   \Gears(beta)\Teeth   (LARGE_RAWCOUNT) = 20 i + 2, present while i < 5
// Chunks hold four samples each, so that seeking crosses chunks.
#include "format/block_view.h"
#include "format/counter_type.h"
#include "recording/recording_writer.h"
#include "test_source.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

constexpr std::int64_t k1601To1970_100ns = 116'444'736'000'000'000;
constexpr std::int64_t kStartEpochSeconds = 1'709'294'400;  // 2024-03-01T12:00:00Z
constexpr const char* kQuery = "1000 1006";

}  // namespace

int main(int argc, char** argv)
{
    if (argc != 4) {
        std::fprintf(stderr, "usage: perfscope_java_recording_writer FILE COUNT INTERVAL_MS\n");
        return 2;
    }
    const std::string path = argv[1];
    const long count = std::strtol(argv[2], nullptr, 10);
    const long interval_ms = std::strtol(argv[3], nullptr, 10);
    if (count < 1 || interval_ms < 1) {
        std::fprintf(stderr, "perfscope_java_recording_writer: COUNT and INTERVAL_MS must be positive\n");
        return 2;
    }

    wpo::NameTable names;
    names.set_name(1000, "Widgets");
    names.set_name(1002, "Level");
    names.set_name(1004, "Turns/sec");
    names.set_name(1006, "Gears");
    names.set_name(1008, "Teeth");
    names.set_help(1001, "Widgets of the Java recording tests.");

    wpo::TestObject widgets;
    widgets.name_index = 1000;
    widgets.help_index = 1001;
    widgets.counters = {{1002, 1003, wpo::counter_type::PERF_COUNTER_LARGE_RAWCOUNT, 0},
                        {1004, 1005, wpo::counter_type::PERF_COUNTER_COUNTER, 0}};
    widgets.values = {0, 0};
    wpo::TestObject gears;
    gears.name_index = 1006;
    gears.help_index = 1007;
    gears.has_instances = true;
    gears.counters = {{1008, 1009, wpo::counter_type::PERF_COUNTER_LARGE_RAWCOUNT, 0}};
    wpo::TestSource source({widgets, gears}, names);
    source.times().perf_freq = 10'000'000;
    source.times().perf_time = 5'000'000'000;
    source.times().perf_time_100ns = kStartEpochSeconds * 10'000'000 + k1601To1970_100ns;

    wpo::recording::RecordingInfo info;
    info.machine = "javatest";
    info.os = "Linux";
    info.names = names;
    wpo::recording::WriterOptions options;
    options.max_blocks_per_chunk = 4;
    auto writer = wpo::recording::RecordingWriter::create(path, info, options);
    if (!writer) {
        std::fprintf(stderr, "perfscope_java_recording_writer: %s\n", writer.error().describe().c_str());
        return 1;
    }
    std::vector<std::byte> block;
    for (long i = 0; i < count; ++i) {
        const auto n = static_cast<std::uint64_t>(i);
        wpo::TestObject& w = *source.find(1000);
        w.values = {1000 + 7 * n, (50 * n * n) & 0xFFFFFFFFu};
        wpo::TestObject& g = *source.find(1006);
        g.instances = {{"alpha", {10 * n + 1}}};
        if (i < 5)
            g.instances.push_back({"beta", {20 * n + 2}});
        if (auto collected = source.collect(kQuery, block); !collected) {
            std::fprintf(stderr, "perfscope_java_recording_writer: %s\n", collected.error().describe().c_str());
            return 1;
        }
        auto view = wpo::BlockView::parse(block);
        if (!view) {
            std::fprintf(stderr, "perfscope_java_recording_writer: %s\n", view.error().describe().c_str());
            return 1;
        }
        if (auto appended = writer->append(kQuery, block, wpo::recording::RecordTimes::of(view->header())); !appended) {
            std::fprintf(stderr, "perfscope_java_recording_writer: %s\n", appended.error().describe().c_str());
            return 1;
        }
        source.advance_seconds(static_cast<double>(interval_ms) / 1000.0);
    }
    if (auto closed = writer->close(); !closed) {
        std::fprintf(stderr, "perfscope_java_recording_writer: %s\n", closed.error().describe().c_str());
        return 1;
    }
    return 0;
}
