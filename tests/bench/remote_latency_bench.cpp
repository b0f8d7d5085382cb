// SPDX-License-Identifier: Apache-2.0
// How long one sample of another machine takes, client side: `perfscope-cli serve` started here on a free
// loopback port, a RemoteSource asking it for the objects a view of Processor and Memory needs, and for
// the Process object, SAMPLES times each, 100 ms apart (each request holds the newest block, so each is a
// fresh collection on the agent, compressed, sent as a delta and decompressed). The time of collect(), the
// answer's size, and the same collections made by a local source for comparison.
//   remote_latency_bench PERFSCOPE_CLI [SAMPLES]
#include "serve_process.h"

#include "names/name_table.h"
#include "query/platform_source.h"
#include "remote/http_transport.h"
#include "remote/remote_source.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Figures {
    double median = 0, min = 0, max = 0;
    double bytes = 0;  // median answer size
};

// Counts the bytes of each answer, to report what a sample costs on the wire.
class CountingTransport : public wpo::remote::Transport {
public:
    CountingTransport(int port, std::vector<double>& sizes) : m_http("127.0.0.1", port), m_sizes(sizes) {}
    wpo::Result<wpo::remote::Reply> get(std::string_view target) override
    {
        auto reply = m_http.get(target);
        if (reply)
            m_sizes.push_back(static_cast<double>(reply->body.size()));
        return reply;
    }

private:
    wpo::remote::HttpTransport m_http;
    std::vector<double>& m_sizes;
};

double median(std::vector<double> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

// Empty when a collection failed (said on stderr).
std::optional<Figures> measure(wpo::Source& source, const std::string& query, int samples, std::vector<double>* sizes)
{
    if (sizes)
        sizes->clear();
    std::vector<double> ms;
    std::vector<std::byte> block;
    for (int i = 0; i < samples + 1; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const wpo::Status status = source.collect(query, block);
        const auto end = std::chrono::steady_clock::now();
        if (!status) {
            std::fprintf(stderr, "remote_latency_bench: %s\n", status.error().describe().c_str());
            return std::nullopt;
        }
        if (i > 0)  // the first one connects and gets a key frame
            ms.push_back(std::chrono::duration<double, std::milli>(end - start).count());
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    if (sizes && !sizes->empty())
        sizes->erase(sizes->begin());  // the first answer: a key frame
    std::sort(ms.begin(), ms.end());
    return Figures{ms[ms.size() / 2], ms.front(), ms.back(), sizes ? median(*sizes) : 0};
}

void report(const std::string& metric, const Figures& f)
{
    std::printf("RESULT %s %.3f ms\n", metric.c_str(), f.median);
    std::printf("RESULT %s_min %.3f ms\n", metric.c_str(), f.min);
    std::printf("RESULT %s_max %.3f ms\n", metric.c_str(), f.max);
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: remote_latency_bench PERFSCOPE_CLI [SAMPLES]\n");
        return 2;
    }
    const int samples = argc > 2 ? std::max(1, std::atoi(argv[2])) : 50;
    perfscope::serve_testing::ServeProcess agent(argv[1]);
    if (agent.port() <= 0) {
        std::fprintf(stderr, "remote_latency_bench: the agent did not start\n");
        return 1;
    }
    std::vector<double> sizes;
    auto source = std::make_unique<wpo::remote::RemoteSource>(
        "127.0.0.1", [port = agent.port(), &sizes]() -> wpo::Result<std::unique_ptr<wpo::remote::Transport>> {
            return std::unique_ptr<wpo::remote::Transport>(std::make_unique<CountingTransport>(port, sizes));
        });
    auto local = wpo::query::make_platform_source();
    if (!local) {
        std::fprintf(stderr, "remote_latency_bench: %s\n", local.error().describe().c_str());
        return 1;
    }
    auto names = source->load_names();
    if (!names) {
        std::fprintf(stderr, "remote_latency_bench: %s\n", names.error().describe().c_str());
        return 1;
    }
    const auto processor = names->find_object("Processor");
    const auto memory = names->find_object("Memory");
    const auto process = names->find_object("Process");
    if (!processor || !memory || !process) {
        std::fprintf(stderr, "remote_latency_bench: the agent serves no Processor, Memory or Process object\n");
        return 1;
    }
    // The same collections made locally: what the agent itself spends, for the remote figures' overhead.
    const std::string view_query = std::to_string(*processor) + " " + std::to_string(*memory);
    const std::string process_query = std::to_string(*process);
    // Returning (never exit()) ends the agent through its destructor.
    const auto view = measure(*source, view_query, samples, &sizes);
    const auto local_view = view ? measure(**local, view_query, samples, nullptr) : std::nullopt;
    const auto processes = local_view ? measure(*source, process_query, samples, &sizes) : std::nullopt;
    const auto local_processes = processes ? measure(**local, process_query, samples, nullptr) : std::nullopt;
    if (!local_processes)
        return 1;
    report("remote_sample_latency_ms", *view);
    std::printf("RESULT remote_sample_bytes %.0f bytes\n", view->bytes);
    report("local_sample_latency_ms", *local_view);
    report("remote_sample_latency_process_ms", *processes);
    std::printf("RESULT remote_sample_bytes_process %.0f bytes\n", processes->bytes);
    report("local_sample_latency_process_ms", *local_processes);
    return 0;
}
