// SPDX-License-Identifier: Apache-2.0
// perfscope-publish-demo: publishes the counters of perfscope-demo.counters
// (docs/publishing.md walks through it).
//
//   perfscope-publish-demo [--raw N] [--rate N] [--seconds S] [--definition FILE]
//
// "Perfscope Demo": Demo Raw = N (12345), Demo Ticks/sec grows by N (1000)
// per second, Demo Busy Ratio a fraction that moves. "Perfscope Demo
// Workers": worker instances start and stop every few seconds. Runs S
// seconds (0 = until Ctrl-C or SIGTERM); the objects vanish when it exits.
#include "perfscope_demo_definition.h"
#include "publisher.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

namespace {

std::atomic<bool> g_stop{false};

extern "C" void on_signal(int)
{
    g_stop.store(true);
}

bool parse_u64(const char* s, std::uint64_t& out)
{
    char* end = nullptr;
    out = std::strtoull(s, &end, 10);
    return s[0] != '\0' && s[0] != '-' && end && *end == '\0';
}

int usage()
{
    std::fprintf(stderr, "usage: perfscope-publish-demo [--raw N] [--rate N] [--seconds S] [--definition FILE]\n");
    return 2;
}

}  // namespace

int main(int argc, char** argv)
{
    std::uint64_t raw = 12345, rate = 1000, seconds = 0;
    std::string definition_text(wpo::publish::kDemoDefinition);
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (i + 1 >= argc)
            return usage();
        const char* value = argv[++i];
        const bool number_read = (arg == "--raw" && parse_u64(value, raw) && raw <= 0xFFFFFFFFu) ||
                                 (arg == "--rate" && parse_u64(value, rate)) ||
                                 (arg == "--seconds" && parse_u64(value, seconds));
        if (number_read)
            continue;
        if (arg == "--definition") {
            std::ifstream in(value, std::ios::binary);
            if (!in) {
                std::fprintf(stderr, "perfscope-publish-demo: cannot open %s\n", value);
                return 1;
            }
            std::stringstream text;
            text << in.rdbuf();
            definition_text = text.str();
        } else {
            return usage();
        }
    }
    auto definition = wpo::published::parse_definition(definition_text);
    if (!definition) {
        std::fprintf(stderr, "perfscope-publish-demo: %s\n", definition.error().describe().c_str());
        return 1;
    }
    auto started = wpo::publish::Publisher::start(std::move(*definition));
    if (!started) {
        std::fprintf(stderr, "perfscope-publish-demo: %s\n", started.error().describe().c_str());
        return 1;
    }
    auto& pub = **started;
    const auto demo = pub.find_object("Perfscope Demo");
    const auto workers = pub.find_object("Perfscope Demo Workers");
    if (!demo || !workers) {
        std::fprintf(stderr, "perfscope-publish-demo: the definition lacks the demo's objects\n");
        return 1;
    }
    const auto values = pub.values(*demo);
    const auto raw_counter = values.counter(0);
    const auto ticks = values.counter(1);
    const auto busy = values.counter(2);
    const auto busy_base = values.counter(3);
    raw_counter.set(raw);

    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
    std::printf("perfscope-publish-demo: publishing \"%s\" in %s", pub.definition().publisher.c_str(),
                pub.segment_name().c_str());
    if (pub.index_base())
        std::printf(", title indices from %u", *pub.index_base());
    std::printf("\n");
    std::fflush(stdout);

    using clock = std::chrono::steady_clock;
    const auto start = clock::now();
    std::uint64_t published = 0;
    std::uint64_t tick = 0;
    std::deque<wpo::publish::Instance> running;
    std::uint64_t next_worker = 1;
    while (!g_stop.load()) {
        const auto elapsed = clock::now() - start;
        const auto ns =
            static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(elapsed).count());
        if (seconds != 0 && ns >= seconds * 1'000'000'000u)
            break;
        // Exactly `rate` per second of wall time, whatever the sleeps do:
        // add what the clock says is due.
        const std::uint64_t due =
            static_cast<std::uint64_t>(static_cast<double>(rate) * (static_cast<double>(ns) / 1e9));
        if (due > published) {
            ticks.add(due - published);
            published = due;
        }
        ++tick;
        if (tick % 10 == 0) {
            // A fraction and its base change together.
            values.update([&] {
                busy.add(tick % 30 < 20 ? 1 : 0);
                busy_base.add(1);
            });
        }
        if (tick % 100 == 0) {
            // Workers come and go: one starts every second, the oldest stops when four run.
            if (running.size() >= 4) {
                pub.remove_instance(running.front());
                running.pop_front();
            }
            auto worker = pub.add_instance(*workers, "worker-" + std::to_string(next_worker++));
            if (worker)
                running.push_back(*worker);
        }
        for (std::size_t i = 0; i < running.size(); ++i) {
            const auto& w = running[i];
            w.counter(0).add(1);
            w.counter(1).add(1);
            w.update([&] {
                w.counter(2).add(10 + i);
                w.counter(3).add(1);
            });
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    std::printf("perfscope-publish-demo: stopped\n");
    return 0;
}
