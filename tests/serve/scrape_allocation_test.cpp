// SPDX-License-Identifier: Apache-2.0
// A steady scrape allocates nothing: the same objects, counters and instances as the scrape before, new
// values. Counted by replacing this executable's operator new (allocation_counter.h), the source's own
// collection included.
#include "cli/metrics_endpoint.h"

#include "allocation_counter.h"
#include "format/counter_type.h"
#include "test_source.h"

#include <gtest/gtest.h>

#include <regex>

namespace {

using namespace perfscope::cli;
using perfscope::exporter::ExpositionFormat;
namespace ct = wpo::counter_type;

constexpr std::uint32_t kProcessor = 238;
constexpr std::uint32_t kProcess = 230;
constexpr std::uint32_t kProcessorTime = 6;
constexpr std::uint32_t kIdProcess = 784;
constexpr std::uint32_t kWorkingSet = 180;

wpo::NameTable names()
{
    wpo::NameTable table;
    table.set_name(kProcessor, "Processor");
    table.set_name(kProcess, "Process");
    table.set_name(kProcessorTime, "% Processor Time");
    table.set_help(kProcessorTime + 1, "Busy time.");
    table.set_name(kIdProcess, "ID Process");
    table.set_name(kWorkingSet, "Working Set");
    return table;
}

std::vector<wpo::TestObject> objects(std::uint64_t tick)
{
    wpo::TestObject processor{kProcessor, kProcessor + 1};
    processor.has_instances = true;
    processor.counters = {{kProcessorTime, kProcessorTime + 1, ct::PERF_100NSEC_TIMER_INV, 0}};
    processor.instances = {{"0", {100 + tick}}, {"1", {200 + tick}}, {"_Total", {300 + 2 * tick}}};
    wpo::TestObject process{kProcess, kProcess + 1};
    process.has_instances = true;
    process.counters = {{kProcessorTime, kProcessorTime + 1, ct::PERF_100NSEC_TIMER, 0},
                        {kIdProcess, kIdProcess + 1, ct::PERF_COUNTER_RAWCOUNT, 0},
                        {kWorkingSet, kWorkingSet + 1, ct::PERF_COUNTER_LARGE_RAWCOUNT, 0}};
    // The busiest processes change from scrape to scrape: the guard's choice must not allocate either.
    for (std::uint64_t pid = 1; pid <= 40; ++pid)
        process.instances.push_back(
            {"proc" + std::to_string(pid % 7), {(pid * 37 + tick * pid) % 101, pid, pid * 4096}});
    process.instances.push_back({"_Total", {9999, 0, 0}});
    return {processor, process};
}

// The test source builds its block with allocations of its own (procfs does not: procfs_allocation_test):
// those are not the scrape's.
class UncountedSource : public wpo::Source {
public:
    explicit UncountedSource(wpo::Source& inner) : m_inner(inner) {}
    wpo::Status collect(std::string_view query, std::vector<std::byte>& buffer) override
    {
        const wpo::test::UncountedScope uncounted;
        return m_inner.collect(query, buffer);
    }
    wpo::Result<wpo::NameTable> load_names() override { return m_inner.load_names(); }

private:
    wpo::Source& m_inner;
};

TEST(ScrapeAllocation, SteadyScrapeAllocatesNothing)
{
    const wpo::NameTable table = names();
    wpo::TestSource source(objects(0), names());
    source.times().perf_freq = 10'000'000;
    perfscope::exporter::InstanceGuard guard;
    guard.max_instances = 10;
    guard.exclude = std::regex("proc3");
    UncountedSource uncounted(source);
    MetricsEndpoint endpoint(uncounted, table, {kProcessor, kProcess}, std::move(guard));
    endpoint.add_set("processor", {kProcessor});
    std::string body;
    for (std::uint64_t tick = 1; tick <= 3; ++tick) {  // buffers grow to their size
        source.objects() = objects(tick);
        source.advance_seconds(1);
        ASSERT_TRUE(endpoint.scrape(ExpositionFormat::text, body));
        ASSERT_TRUE(endpoint.scrape(ExpositionFormat::openmetrics, body));
        ASSERT_TRUE(endpoint.scrape(ExpositionFormat::text, body, "processor"));
    }
    for (std::uint64_t tick = 4; tick <= 8; ++tick) {
        source.objects() = objects(tick);  // the test's own allocations, not counted
        source.advance_seconds(1);
        for (const ExpositionFormat format : {ExpositionFormat::text, ExpositionFormat::openmetrics}) {
            std::uint64_t count = 0;
            wpo::Status status;
            count = wpo::test::allocations_in([&] { status = endpoint.scrape(format, body); });
            ASSERT_TRUE(status);
            EXPECT_EQ(count, 0u) << "tick " << tick;
        }
        std::uint64_t count =
            wpo::test::allocations_in([&] { (void)endpoint.scrape(ExpositionFormat::text, body, "processor"); });
        EXPECT_EQ(count, 0u) << "set, tick " << tick;
    }
    // The values are this tick's (108 ticks of 100 ns), and the guard still chooses: ten processes but none
    // named proc3, and _Total.
    ASSERT_TRUE(endpoint.scrape(ExpositionFormat::text, body));
    EXPECT_NE(body.find("perfscope_processor_percent_processor_time_inverse_seconds_total{cpu=\"0\"} 1.08e-05\n"),
              std::string::npos);
    std::size_t processes = 0;
    for (std::size_t at = body.find("\nperfscope_process_id_process{"); at != std::string::npos;
         at = body.find("\nperfscope_process_id_process{", at + 1))
        ++processes;
    EXPECT_EQ(processes, 11u);
    EXPECT_EQ(body.find("process=\"proc3\""), std::string::npos);
}

}  // namespace
