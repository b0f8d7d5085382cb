// SPDX-License-Identifier: Apache-2.0
// CPU per scrape of `perfscope-cli serve`'s /metrics (default objects) against Debian's
// prometheus-node-exporter (default collectors) on the same machine in the same run: both started here on
// free loopback ports, scraped alternately in the text format, the server's own CPU time read from
// /proc/<pid>/task/*/schedstat (nanoseconds on the CPU, all threads) around each scrape.
// Every scrape collects by default (serve --cache-freshness 0), as one scrape per real scrape interval does;
// FRESHNESS (seconds) lets the scrapes, sent faster than that, share collections instead.
// Beside them, in turn after each pair of scrapes, the procfs floor (support/procfs_floor.h): the files one collection
// of the default objects reads, read the way the source reads them and nothing else, in this process (its
// thread's CPU around the sweep): serve_procfs_floor_ms_per_scrape, and the per-sample ratio against
// node_exporter that a collection costing only the floor would give
// (serve_floor_vs_node_exporter_cpu_per_sample_ratio, the agent's samples per scrape as the divisor). The same
// for the floor without the listing of /proc (System's Processes, which node_exporter's default collectors do not
// count; its cost grows with the machine's processes): serve_procfs_floor_unlisted_ms_per_scrape and
// serve_floor_unlisted_vs_node_exporter_cpu_per_sample_ratio.
//   serve_scrape_bench PERFSCOPE_CLI [SCRAPES [FRESHNESS]]
#include "cli/metrics_endpoint.h"
#include "loopback_port.h"
#include "serve_process.h"
#include "support/procfs_floor.h"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

using namespace perfscope::serve_testing;

// Nanoseconds every thread of the process has spent on a CPU.
double cpu_ns(pid_t pid)
{
    double total = 0;
    std::error_code ec;
    for (const auto& task : std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/task", ec)) {
        std::ifstream in(task.path() / "schedstat");
        double on_cpu = 0;
        if (in >> on_cpu)
            total += on_cpu;
    }
    return total;
}

std::size_t sample_lines(const std::string& body)
{
    std::size_t count = 0, start = 0;
    while (start < body.size()) {
        std::size_t end = body.find('\n', start);
        if (end == std::string::npos)
            end = body.size();
        if (end > start && body[start] != '#')
            ++count;
        start = end + 1;
    }
    return count;
}

struct Figures {
    std::vector<double> cpu_ms;  // per scrape
    double total_ms = 0;         // the whole run, background work included
    std::size_t samples = 0;     // of the last scrape
    bool ok = true;
};

class NodeExporter {
public:
    explicit NodeExporter(int port)
    {
        const std::string listen = "--web.listen-address=127.0.0.1:" + std::to_string(port);
        m_pid = fork();
        if (m_pid == 0) {
            std::freopen("/dev/null", "w", stderr);
            execlp("prometheus-node-exporter", "prometheus-node-exporter", listen.c_str(), static_cast<char*>(nullptr));
            _exit(127);
        }
    }
    ~NodeExporter()
    {
        if (m_pid > 0) {
            kill(m_pid, SIGTERM);
            waitpid(m_pid, nullptr, 0);
        }
    }
    NodeExporter(const NodeExporter&) = delete;
    NodeExporter& operator=(const NodeExporter&) = delete;
    pid_t pid() const { return m_pid; }

private:
    pid_t m_pid = -1;
};

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

void report(const char* name, const Figures& f)
{
    std::printf("RESULT %s_scrape_cpu_ms %.3f ms\n", name, median(f.cpu_ms));
    std::printf("RESULT %s_scrape_cpu_ms_min %.3f ms\n", name, *std::min_element(f.cpu_ms.begin(), f.cpu_ms.end()));
    std::printf("RESULT %s_scrape_cpu_ms_max %.3f ms\n", name, *std::max_element(f.cpu_ms.begin(), f.cpu_ms.end()));
    std::printf("RESULT %s_scrape_cpu_ms_mean_with_background %.3f ms\n", name,
                f.total_ms / static_cast<double>(f.cpu_ms.size()));
    std::printf("RESULT %s_samples_per_scrape %zu samples\n", name, f.samples);
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: serve_scrape_bench PERFSCOPE_CLI [SCRAPES [FRESHNESS]]\n");
        return 2;
    }
    const int scrapes = argc > 2 ? std::max(1, std::atoi(argv[2])) : 100;
    const std::string freshness = argc > 3 ? argv[3] : "0";
    ServeProcess serve(argv[1], {"--cache-freshness", freshness});
    if (serve.port() == 0) {
        std::fprintf(stderr, "perfscope-cli serve did not start\n");
        return 1;
    }
    const bool have_node = std::system("command -v prometheus-node-exporter >/dev/null 2>&1") == 0;
    const int node_port = perfscope::tests::unused_loopback_port();
    std::unique_ptr<NodeExporter> node;
    if (have_node) {
        node = std::make_unique<NodeExporter>(node_port);
        bool up = false;
        for (int i = 0; i < 100 && !up; ++i) {
            up = get(node_port, "/metrics").status == 200;
            if (!up)
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        if (!up) {
            std::printf("prometheus-node-exporter did not answer; reporting perfscope alone\n");
            node.reset();
        }
    } else {
        std::printf("prometheus-node-exporter is not installed; reporting perfscope alone\n");
    }

    struct Target {
        const char* name;
        int port;
        pid_t pid;
        Figures figures;
    };
    std::vector<Target> targets{{"serve", serve.port(), serve.pid(), {}}};
    if (node)
        targets.push_back({"node_exporter", node_port, node->pid(), {}});
    for (Target& t : targets)  // warm-up: first scrapes open files and grow buffers
        for (int i = 0; i < 3; ++i)
            get(t.port, "/metrics");
    const auto files = perfscope::bench::ProcfsFloorFiles::for_objects(
        {std::begin(perfscope::cli::kDefaultServeObjects), std::end(perfscope::cli::kDefaultServeObjects)});
    auto unlisted_files = files;
    unlisted_files.list_processes = false;
    perfscope::bench::ProcfsFloor floor(files), unlisted(unlisted_files);
    floor.sweep();  // as the warm-up scrapes: descriptors opened, buffers grown
    unlisted.sweep();
    std::vector<double> floor_ms, unlisted_ms;
    const auto sweep = [](perfscope::bench::ProcfsFloor& f, std::vector<double>& ms) {
        const double start = perfscope::bench::thread_cpu_seconds();
        f.sweep();
        ms.push_back(1000.0 * (perfscope::bench::thread_cpu_seconds() - start));
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    };
    std::vector<double> start_ns;
    for (Target& t : targets)
        start_ns.push_back(cpu_ns(t.pid));
    for (int i = 0; i < scrapes; ++i) {
        for (Target& t : targets) {
            const double before = cpu_ns(t.pid);
            const HttpResponse response = get(t.port, "/metrics");
            const double after = cpu_ns(t.pid);
            if (response.status != 200)
                t.figures.ok = false;
            t.figures.cpu_ms.push_back((after - before) / 1e6);
            t.figures.samples = sample_lines(response.body);
            // About a real scrape interval's pause, scaled down: background work lands between scrapes.
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        // The floor takes its turn as a third server would, after the same pause: a sweep right before a
        // scrape would leave the kernel's caches warm for the server's collection.
        sweep(floor, floor_ms);
        sweep(unlisted, unlisted_ms);
    }
    for (std::size_t i = 0; i < targets.size(); ++i)
        targets[i].figures.total_ms = (cpu_ns(targets[i].pid) - start_ns[i]) / 1e6;

    for (const Target& t : targets) {
        if (!t.figures.ok)
            std::printf("%s answered a scrape with an error\n", t.name);
        report(t.name, t.figures);
    }
    std::printf("RESULT serve_procfs_floor_ms_per_scrape %.3f ms\n", median(floor_ms));
    std::printf("RESULT serve_procfs_floor_ms_per_scrape_min %.3f ms\n",
                *std::min_element(floor_ms.begin(), floor_ms.end()));
    std::printf("RESULT serve_procfs_floor_ms_per_scrape_max %.3f ms\n",
                *std::max_element(floor_ms.begin(), floor_ms.end()));
    std::printf("RESULT serve_vs_procfs_floor_ratio %.3f x\n", median(targets[0].figures.cpu_ms) / median(floor_ms));
    std::printf("RESULT serve_procfs_floor_unlisted_ms_per_scrape %.3f ms\n", median(unlisted_ms));
    // The figures under the names the targets are stated in.
    std::printf("RESULT serve_cpu_ms_per_scrape_default %.3f ms\n", median(targets[0].figures.cpu_ms));
    if (targets.size() == 2) {
        const Figures& ours = targets[0].figures;
        const Figures& theirs = targets[1].figures;
        const double ratio = median(ours.cpu_ms) / median(theirs.cpu_ms);
        const double per_sample = (median(ours.cpu_ms) / static_cast<double>(ours.samples)) /
                                  (median(theirs.cpu_ms) / static_cast<double>(theirs.samples));
        std::printf("RESULT serve_vs_node_exporter_cpu_ratio %.3f ratio\n", ratio);
        std::printf("RESULT serve_vs_node_exporter_cpu_per_sample_ratio %.3f ratio\n", per_sample);
        const double floor_per_sample = (median(floor_ms) / static_cast<double>(ours.samples)) /
                                        (median(theirs.cpu_ms) / static_cast<double>(theirs.samples));
        std::printf("RESULT serve_floor_vs_node_exporter_cpu_per_sample_ratio %.3f ratio\n", floor_per_sample);
        std::printf("RESULT serve_floor_unlisted_vs_node_exporter_cpu_per_sample_ratio %.3f ratio\n",
                    floor_per_sample * median(unlisted_ms) / median(floor_ms));
        std::printf("%-16s %10s %10s %10s %12s %8s\n", "", "median ms", "min ms", "max ms", "mean+bg ms", "samples");
        for (const Target& t : targets)
            std::printf("%-16s %10.3f %10.3f %10.3f %12.3f %8zu\n", t.name, median(t.figures.cpu_ms),
                        *std::min_element(t.figures.cpu_ms.begin(), t.figures.cpu_ms.end()),
                        *std::max_element(t.figures.cpu_ms.begin(), t.figures.cpu_ms.end()),
                        t.figures.total_ms / static_cast<double>(t.figures.cpu_ms.size()), t.figures.samples);
        std::printf("%-16s %10.3f %10.3f %10.3f %12s %8s\n", "procfs floor", median(floor_ms),
                    *std::min_element(floor_ms.begin(), floor_ms.end()),
                    *std::max_element(floor_ms.begin(), floor_ms.end()), "", "");
        std::printf("%-16s %10.3f %10.3f %10.3f %12s %8s\n", "floor, no /proc", median(unlisted_ms),
                    *std::min_element(unlisted_ms.begin(), unlisted_ms.end()),
                    *std::max_element(unlisted_ms.begin(), unlisted_ms.end()), "", "");
    }
    return 0;
}
