// SPDX-License-Identifier: Apache-2.0
// Heap allocations and CPU of one /metrics scrape of the default objects, in process and without HTTP
// (MetricsEndpoint over this machine's source): everything the scrape does, the source's collection
// included, counted by replacing operator new (allocation_counter.h). Every scrape collects (a cache with
// no freshness), as a scrape once per interval does; then the same from a cache that holds every object.
//   serve_allocs_bench [SCRAPES [OBJECT...]]   (objects: serve's default ones)
#include "cli/metrics_endpoint.h"

#include "allocation_counter.h"
#include "query/platform_source.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <string>
#include <ctime>
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
    using perfscope::exporter::ExpositionFormat;
    const int scrapes = argc > 1 ? std::max(1, std::atoi(argv[1])) : 200;
    auto source = wpo::query::make_platform_source();
    if (!source) {
        std::fprintf(stderr, "%s\n", source.error().message().c_str());
        return 1;
    }
    auto names = (*source)->load_names();
    if (!names) {
        std::fprintf(stderr, "%s\n", names.error().message().c_str());
        return 1;
    }
    std::vector<std::uint32_t> objects;
    std::vector<std::string> wanted(argv + std::min(argc, 2), argv + argc);
    if (wanted.empty())
        wanted.assign(std::begin(perfscope::cli::kDefaultServeObjects), std::end(perfscope::cli::kDefaultServeObjects));
    for (const std::string& name : wanted)
        if (auto index = names->find_object(name))
            objects.push_back(*index);
    perfscope::cli::MetricsEndpoint endpoint(**source, *names, objects);
    std::string body;
    for (int i = 0; i < 5; ++i)  // buffers grow to their size
        if (!endpoint.scrape(ExpositionFormat::text, body)) {
            std::fprintf(stderr, "scrape failed\n");
            return 1;
        }
    std::uint64_t allocations = 0;
    std::vector<double> cpu_ms;
    for (int i = 0; i < scrapes; ++i) {
        const double before = thread_cpu_ms();
        allocations += wpo::test::allocations_in([&] { (void)endpoint.scrape(ExpositionFormat::text, body); });
        cpu_ms.push_back(thread_cpu_ms() - before);
    }
    std::sort(cpu_ms.begin(), cpu_ms.end());

    // The same from the cache (an hour's freshness): what a scrape costs besides the collection.
    wpo::SharedSource shared(**source);
    wpo::CacheOptions options;
    options.freshness = std::chrono::hours(1);
    wpo::PerfObjectCache cache(options);
    perfscope::cli::MetricsEndpoint cached(shared, cache, *names, objects);
    std::string cached_body;
    std::uint64_t cached_allocations = 0;
    std::vector<double> cached_ms;
    for (int i = 0; i < 5; ++i)
        (void)cached.scrape(ExpositionFormat::text, cached_body);
    for (int i = 0; i < scrapes; ++i) {
        const double before = thread_cpu_ms();
        cached_allocations +=
            wpo::test::allocations_in([&] { (void)cached.scrape(ExpositionFormat::text, cached_body); });
        cached_ms.push_back(thread_cpu_ms() - before);
    }
    std::sort(cached_ms.begin(), cached_ms.end());
    std::size_t samples = 0;
    for (std::size_t at = 0; at < body.size(); at = body.find('\n', at) + 1) {
        if (body[at] != '#')
            ++samples;
        if (body.find('\n', at) == std::string::npos)
            break;
    }
    std::printf("RESULT serve_allocs_per_scrape %.3f allocations\n",
                static_cast<double>(allocations) / static_cast<double>(scrapes));
    std::printf("RESULT serve_inprocess_cpu_ms_per_scrape_default %.3f ms\n", cpu_ms[cpu_ms.size() / 2]);
    std::printf("RESULT serve_allocs_per_cached_scrape %.3f allocations\n",
                static_cast<double>(cached_allocations) / static_cast<double>(scrapes));
    std::printf("RESULT serve_inprocess_cpu_ms_per_cached_scrape %.3f ms\n", cached_ms[cached_ms.size() / 2]);
    std::printf("RESULT serve_inprocess_samples_per_scrape %zu samples\n", samples);
    return 0;
}
