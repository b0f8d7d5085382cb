// SPDX-License-Identifier: Apache-2.0
// serve's options, and its /metrics body without HTTP (MetricsEndpoint over a TestSource).
#include "cli/cli_options.h"
#include "cli/metrics_endpoint.h"

#include "exposition_checker.h"
#include "format/counter_type.h"
#include "test_source.h"

#include <gtest/gtest.h>

namespace {

using namespace perfscope::cli;
using perfscope::exporter::ExpositionFormat;
using perfscope::exporter::testing::check_exposition;

TEST(ServeOptions, ListenAndSet)
{
    auto o = parse_options({"serve", "--listen", "0.0.0.0:9999", "--set", "web.json"});
    ASSERT_TRUE(o.ok()) << o.error().message();
    EXPECT_EQ(o->command, Command::serve);
    EXPECT_EQ(o->listen, "0.0.0.0:9999");
    EXPECT_EQ(o->set_file, "web.json");
    auto sets = parse_options({"serve", "--sets-dir", "/etc/perfscope/sets"});
    ASSERT_TRUE(sets.ok());
    EXPECT_EQ(sets->sets_dir, "/etc/perfscope/sets");
    auto limited = parse_options({"serve", "--max-instances", "0"});
    ASSERT_TRUE(limited.ok());
    EXPECT_EQ(limited->max_instances, 0u);
    EXPECT_FALSE(parse_options({"serve", "--max-instances", "many"}).ok());
    auto plain = parse_options({"serve"});
    ASSERT_TRUE(plain.ok());
    EXPECT_EQ(plain->listen, "");  // kDefaultListen then
    EXPECT_FALSE(plain->max_instances);
    EXPECT_TRUE(std::string(kDefaultListen).starts_with("127.0.0.1:"));
}

TEST(ServeOptions, GuardAndCacheFlags)
{
    auto o = parse_options({"serve", "--include-process", "postgres|nginx", "--exclude-process", "bash", "--top-by",
                            "Working Set", "--cache-freshness", "2"});
    ASSERT_TRUE(o.ok()) << o.error().message();
    EXPECT_EQ(o->include_process, "postgres|nginx");
    EXPECT_EQ(o->exclude_process, "bash");
    EXPECT_EQ(o->top_by, "Working Set");
    EXPECT_EQ(o->cache_freshness_s, 2.0);
    auto zero = parse_options({"serve", "--cache-freshness", "0"});
    ASSERT_TRUE(zero.ok());
    EXPECT_EQ(zero->cache_freshness_s, 0.0);
    auto plain = parse_options({"serve"});
    ASSERT_TRUE(plain.ok());
    EXPECT_FALSE(plain->include_process);
    EXPECT_FALSE(plain->exclude_process);
    EXPECT_EQ(plain->top_by, "");
    EXPECT_FALSE(plain->cache_freshness_s);
    EXPECT_FALSE(parse_options({"serve", "--cache-freshness", "soon"}).ok());
    EXPECT_FALSE(parse_options({"serve", "--include-process"}).ok());
    EXPECT_FALSE(parse_options({"query", "--include-process", "x"}).ok());  // serve's flag only
    EXPECT_NE(usage(Command::serve).find("--include-process RE"), std::string::npos);
}

TEST(ServeOptions, HelpAndErrors)
{
    auto help = parse_options({"serve", "--listen", "-h", "--help"});
    ASSERT_TRUE(help.ok());
    EXPECT_EQ(help->command, Command::help);
    EXPECT_EQ(help->help_topic, Command::serve);
    EXPECT_NE(usage(Command::serve).find("--listen ADDR:PORT"), std::string::npos);
    EXPECT_NE(usage().find("serve"), std::string::npos);
    EXPECT_FALSE(parse_options({"serve", "--listen"}).ok());
    EXPECT_TRUE(parse_options({"serve", "--stdio"})->stdio);
    EXPECT_FALSE(parse_options({"serve", "--stdin"}).ok());
    EXPECT_FALSE(parse_options({"serve", "extra"}).ok());
}

TEST(MetricsEndpoint, ScrapesTheSourceOncePerRequest)
{
    namespace ct = wpo::counter_type;
    wpo::NameTable names;
    names.set_name(2, "System");
    names.set_name(10, "Context Switches/sec");
    names.set_help(11, "Switches.");
    names.set_name(4, "Memory");
    wpo::TestObject system{2, 3};
    system.counters = {{10, 11, ct::PERF_COUNTER_BULK_COUNT, 0}};
    system.values = {123456};
    wpo::TestObject memory{4, 5};  // not exported
    memory.counters = {{10, 11, ct::PERF_COUNTER_RAWCOUNT, 0}};
    memory.values = {1};
    wpo::TestSource source({system, memory}, names);
    MetricsEndpoint endpoint(source, names, {2});

    std::string body;
    ASSERT_TRUE(endpoint.scrape(ExpositionFormat::text, body));
    auto checked = check_exposition(body, false);
    ASSERT_EQ(checked.error, "");
    EXPECT_EQ(checked.series.at("perfscope_system_context_switches_total"), 123456);
    EXPECT_EQ(checked.helps.at("perfscope_system_context_switches_total"), "Switches.");
    EXPECT_EQ(checked.series.count("perfscope_memory_context_switches"), 0u);
    // One counter and its mapping row.
    EXPECT_EQ(checked.series.at("perfscope_scrape_samples"), 2);
    EXPECT_EQ(checked.series.at("perfscope_source_queries_total"), 1);
    EXPECT_EQ(source.last_query(), "2");

    source.objects()[0].values = {123460};
    ASSERT_TRUE(endpoint.scrape(ExpositionFormat::openmetrics, body));
    checked = check_exposition(body, true);
    ASSERT_EQ(checked.error, "");
    EXPECT_EQ(checked.series.at("perfscope_system_context_switches_total"), 123460);
    EXPECT_EQ(checked.series.at("perfscope_source_queries_total"), 2);
    EXPECT_EQ(source.collect_count(), 2u);
    EXPECT_EQ(endpoint.source_queries(), 2u);
}

TEST(MetricsEndpoint, NamedSets)
{
    namespace ct = wpo::counter_type;
    wpo::NameTable names;
    names.set_name(2, "System");
    names.set_name(4, "Memory");
    names.set_name(10, "Processes");
    names.set_name(12, "Available Bytes");
    wpo::TestObject system{2, 3};
    system.counters = {{10, 11, ct::PERF_COUNTER_RAWCOUNT, 0}};
    system.values = {7};
    wpo::TestObject memory{4, 5};
    memory.counters = {{12, 13, ct::PERF_COUNTER_LARGE_RAWCOUNT, 0}};
    memory.values = {4096};
    wpo::TestSource source({system, memory}, names);
    MetricsEndpoint endpoint(source, names, {2});
    endpoint.add_set("mem", {4});

    std::string body;
    ASSERT_TRUE(endpoint.scrape(ExpositionFormat::text, body, "mem"));
    auto checked = check_exposition(body, false);
    ASSERT_EQ(checked.error, "");
    EXPECT_EQ(checked.series.at("perfscope_memory_available_bytes"), 4096);
    EXPECT_EQ(checked.series.count("perfscope_system_processes"), 0u);
    EXPECT_EQ(source.last_query(), "4");

    ASSERT_TRUE(endpoint.scrape(ExpositionFormat::text, body));
    checked = check_exposition(body, false);
    EXPECT_EQ(checked.series.at("perfscope_system_processes"), 7);
    EXPECT_EQ(checked.series.count("perfscope_memory_available_bytes"), 0u);

    const auto collects = source.collect_count();
    auto unknown = endpoint.scrape(ExpositionFormat::text, body, "../mem");
    ASSERT_FALSE(unknown);
    EXPECT_EQ(unknown.error().code(), wpo::Errc::not_found);
    EXPECT_EQ(source.collect_count(), collects);  // an unknown set costs no source query
}

TEST(MetricsEndpoint, SourceErrorIsAnError)
{
    wpo::NameTable names;
    names.set_name(2, "System");
    wpo::TestSource source({wpo::TestObject{2, 3}}, names);
    MetricsEndpoint endpoint(source, names, {2});
    source.fail_next(wpo::Error(wpo::Errc::io_error, "gone"));
    std::string body;
    EXPECT_FALSE(endpoint.scrape(ExpositionFormat::text, body));
    EXPECT_TRUE(endpoint.scrape(ExpositionFormat::text, body));
}

}  // namespace
