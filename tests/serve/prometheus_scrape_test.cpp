// SPDX-License-Identifier: Apache-2.0
// A real Prometheus (Debian's prometheus package) scrapes `perfscope-cli serve` every second; the test then
// asks Prometheus' HTTP API whether the target is up without errors, whether the series carry the
// expected labels, and whether rate() of the processor time series lies where it must: between 0 and 1
// second per second for one CPU, between 0 and the number of CPUs summed over them.
#include "files/json_value.h"
#include "loopback_port.h"
#include "serve_process.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace {

using namespace perfscope::serve_testing;
using perfscope::files::JsonValue;

#if defined(PERFSCOPE_PROMETHEUS)

std::string url_encode(const std::string& text)
{
    static const char* kHex = "0123456789ABCDEF";
    std::string out;
    for (const unsigned char c : text) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
            c == '-' || c == '~') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += kHex[c >> 4];
            out += kHex[c & 15];
        }
    }
    return out;
}

// user + nice of cpu0 in /proc/stat, in seconds: what % User Time of Processor(0) counts.
double proc_stat_cpu0_user_seconds()
{
    std::ifstream in("/proc/stat");
    std::string line;
    while (std::getline(in, line)) {
        if (line.starts_with("cpu0 ")) {
            std::istringstream fields(line.substr(5));
            double user = 0, nice = 0;
            fields >> user >> nice;
            return (user + nice) / static_cast<double>(sysconf(_SC_CLK_TCK));
        }
    }
    return -1.0;
}

class PrometheusProcess {
public:
    PrometheusProcess(const std::filesystem::path& dir, int port, int target_port) : m_port(port)
    {
        std::ofstream(dir / "prometheus.yml") << "global:\n"
                                                 "  scrape_interval: 1s\n"
                                                 "  scrape_timeout: 1s\n"
                                                 "scrape_configs:\n"
                                                 "  - job_name: perfscope\n"
                                                 "    static_configs:\n"
                                                 "      - targets: ['127.0.0.1:"
                                              << target_port << "']\n";
        const std::string config = "--config.file=" + (dir / "prometheus.yml").string();
        const std::string storage = "--storage.tsdb.path=" + (dir / "data").string();
        const std::string listen = "--web.listen-address=127.0.0.1:" + std::to_string(port);
        const std::string log = (dir / "prometheus.log").string();
        m_pid = fork();
        if (m_pid == 0) {
            const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            dup2(fd, STDOUT_FILENO);
            dup2(fd, STDERR_FILENO);
            execl(PERFSCOPE_PROMETHEUS, PERFSCOPE_PROMETHEUS, config.c_str(), storage.c_str(), listen.c_str(),
                  "--log.level=warn", static_cast<char*>(nullptr));
            _exit(127);
        }
    }
    ~PrometheusProcess()
    {
        if (m_pid <= 0)
            return;
        kill(m_pid, SIGTERM);
        for (int i = 0; i < 100; ++i) {
            if (waitpid(m_pid, nullptr, WNOHANG) == m_pid)
                return;
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        kill(m_pid, SIGKILL);
        waitpid(m_pid, nullptr, 0);
    }
    PrometheusProcess(const PrometheusProcess&) = delete;
    PrometheusProcess& operator=(const PrometheusProcess&) = delete;

    bool ready() const { return get(m_port, "/-/ready").status == 200; }

    // The vector result of an instant query: each element's metric labels and value.
    struct Element {
        std::vector<std::pair<std::string, std::string>> labels;
        double value = 0.0;
        std::string label(const std::string& name) const
        {
            for (const auto& [key, text] : labels)
                if (key == name)
                    return text;
            return {};
        }
    };
    std::vector<Element> query(const std::string& promql) const
    {
        std::vector<Element> out;
        const HttpResponse response = get(m_port, "/api/v1/query?query=" + url_encode(promql));
        auto json = perfscope::files::parse_json(response.body);
        if (response.status != 200 || !json)
            return out;
        const JsonValue* data = json->find("data");
        const JsonValue* result = data ? data->find("result") : nullptr;
        if (!result)
            return out;
        for (const JsonValue& item : result->items()) {
            Element element;
            if (const JsonValue* metric = item.find("metric"))
                for (const auto& [key, value] : metric->members())
                    element.labels.emplace_back(key, value.as_string());
            if (const JsonValue* value = item.find("value"); value && value->items().size() == 2)
                element.value = std::strtod(value->items()[1].as_string().c_str(), nullptr);
            out.push_back(std::move(element));
        }
        return out;
    }
    std::string targets() const { return get(m_port, "/api/v1/targets").body; }

private:
    pid_t m_pid = -1;
    int m_port = 0;
};

TEST(PrometheusScrape, RealPrometheusScrapesServe)
{
    ServeProcess serve(PERFSCOPE_CLI);
    ASSERT_GT(serve.port(), 0);
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("perfscope_prometheus_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    {
        PrometheusProcess prometheus(dir, perfscope::tests::unused_loopback_port(), serve.port());
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (!prometheus.ready() && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(250));
        ASSERT_TRUE(prometheus.ready()) << "Prometheus did not start; see " << (dir / "prometheus.log");

        // At least 6 scrapes, so a 5 s rate() has several points.
        double scrapes = 0;
        while (std::chrono::steady_clock::now() < deadline) {
            const auto counted = prometheus.query("count_over_time(up{job=\"perfscope\"}[1m])");
            scrapes = counted.empty() ? 0 : counted.front().value;
            if (scrapes >= 6)
                break;
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
        }
        ASSERT_GE(scrapes, 6) << "Prometheus scraped too rarely";

        const auto up = prometheus.query("up{job=\"perfscope\"}");
        ASSERT_EQ(up.size(), 1u);
        EXPECT_EQ(up.front().value, 1.0);
        const std::string targets = prometheus.targets();
        EXPECT_NE(targets.find("\"health\":\"up\""), std::string::npos) << targets;
        EXPECT_NE(targets.find("\"lastError\":\"\""), std::string::npos) << targets;
        const auto samples = prometheus.query("scrape_samples_scraped{job=\"perfscope\"}");
        ASSERT_EQ(samples.size(), 1u);
        EXPECT_GT(samples.front().value, 50.0);

        // One series per CPU and _Total, labelled cpu, with Prometheus' own job and instance labels.
        const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        const auto user = prometheus.query("rate(perfscope_processor_percent_user_time_seconds_total[5s])");
        ASSERT_EQ(user.size(), static_cast<std::size_t>(cpus + 1));
        for (const auto& element : user) {
            EXPECT_FALSE(element.label("cpu").empty());
            EXPECT_EQ(element.label("job"), "perfscope");
            EXPECT_EQ(element.label("instance"), "127.0.0.1:" + std::to_string(serve.port()));
            EXPECT_EQ(element.label("exported_instance"), "");
            // One CPU (and _Total, the CPUs' mean) spends at most one second per second; rate()'s
            // extrapolation over scrape-time jitter gets a small allowance.
            EXPECT_GE(element.value, 0.0) << element.label("cpu");
            EXPECT_LE(element.value, 1.05) << element.label("cpu");
        }
        const auto busy_sum =
            prometheus.query("sum(rate(perfscope_processor_percent_user_time_seconds_total{cpu!=\"_Total\"}[5s]) + "
                             "rate(perfscope_processor_percent_privileged_time_seconds_total{cpu!=\"_Total\"}[5s]))");
        ASSERT_EQ(busy_sum.size(), 1u);
        EXPECT_GE(busy_sum.front().value, 0.0);
        EXPECT_LE(busy_sum.front().value, 1.05 * static_cast<double>(cpus));
        // The inverse timer counts the time outside % Processor Time: its rate lies in [0, 1] too.
        const auto inverse = prometheus.query(
            "rate(perfscope_processor_percent_processor_time_inverse_seconds_total{cpu=\"_Total\"}[5s])");
        ASSERT_EQ(inverse.size(), 1u);
        EXPECT_GE(inverse.front().value, 0.0);
        EXPECT_LE(inverse.front().value, 1.05);

        // The raw value is exported as it is: the last scraped one (at most a scrape interval old, plus the
        // time of the query) trails /proc/stat's count read now by at most that time.
        const auto raw = prometheus.query("perfscope_processor_percent_user_time_seconds_total{cpu=\"0\"}");
        const double now = proc_stat_cpu0_user_seconds();
        ASSERT_EQ(raw.size(), 1u);
        EXPECT_LE(raw.front().value, now);
        EXPECT_GE(raw.front().value, now - 3.0);

        // The mapping table and the agent's own metrics arrived (Prometheus asks for OpenMetrics first).
        const auto info = prometheus.query(
            "perfscope_perfmon_name_info{object=\"Memory\",metric=\"perfscope_memory_available_bytes\"}");
        ASSERT_EQ(info.size(), 1u);
        EXPECT_EQ(info.front().value, 1.0);
        const auto queries = prometheus.query("perfscope_source_queries_total");
        ASSERT_EQ(queries.size(), 1u);
        EXPECT_GE(queries.front().value, scrapes);
    }
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
}

#else

TEST(PrometheusScrape, RealPrometheusScrapesServe)
{
    GTEST_SKIP() << "Debian's prometheus is not installed (scripts/setup.sh --all installs it)";
}

#endif

}  // namespace
