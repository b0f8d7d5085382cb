// SPDX-License-Identifier: Apache-2.0
// The exposition writer: both formats written out by hand for small families, escaping, and the
// Accept negotiation; the strict checker reads what it writes.
#include "exporter/exposition_writer.h"

#include "exposition_checker.h"

#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

namespace {

using namespace perfscope::exporter;
using perfscope::exporter::testing::check_exposition;

std::vector<MetricFamily> small_families()
{
    std::vector<MetricFamily> families(4);
    families[0].name = "perfscope_processor_percent_user_time_seconds";
    families[0].type = MetricType::counter;
    families[0].help = "Time in user mode.\nSecond line with a \\ and a \"quote\".";
    families[0].unit = "seconds";
    families[0].samples = {{"{cpu=\"0\"}", 12.5}, {"{cpu=\"_Total\"}", 25.0}};
    families[1].name = "perfscope_memory_available_bytes";
    families[1].type = MetricType::gauge;
    families[1].help = "Available memory.";
    families[1].unit = "bytes";
    families[1].samples = {{"", 1048576.0}};
    families[2].name = "perfscope_counter";
    families[2].type = MetricType::info;
    families[2].help = "Map.";
    families[2].samples = {{"{object=\"Memory\",metric=\"perfscope_memory_available_bytes\"}", 1.0}};
    families[3].name = "perfscope_empty";  // no samples: left out
    families[3].type = MetricType::gauge;
    families[3].help = "Nothing.";
    return families;
}

TEST(ExpositionWriter, TextFormat)
{
    std::string out;
    write_exposition(small_families(), ExpositionFormat::text, out);
    EXPECT_EQ(out, "# HELP perfscope_processor_percent_user_time_seconds_total Time in user mode.\\nSecond line with a "
                   "\\\\ and a \"quote\".\n"
                   "# TYPE perfscope_processor_percent_user_time_seconds_total counter\n"
                   "perfscope_processor_percent_user_time_seconds_total{cpu=\"0\"} 12.5\n"
                   "perfscope_processor_percent_user_time_seconds_total{cpu=\"_Total\"} 25\n"
                   "# HELP perfscope_memory_available_bytes Available memory.\n"
                   "# TYPE perfscope_memory_available_bytes gauge\n"
                   "perfscope_memory_available_bytes 1048576\n"
                   "# HELP perfscope_counter_info Map.\n"
                   "# TYPE perfscope_counter_info gauge\n"
                   "perfscope_counter_info{object=\"Memory\",metric=\"perfscope_memory_available_bytes\"} 1\n");
    const auto checked = check_exposition(out, false);
    EXPECT_EQ(checked.error, "");
    EXPECT_EQ(checked.series.size(), 4u);
}

TEST(ExpositionWriter, OpenMetrics)
{
    std::string out;
    write_exposition(small_families(), ExpositionFormat::openmetrics, out);
    EXPECT_EQ(out, "# HELP perfscope_processor_percent_user_time_seconds Time in user mode.\\nSecond line with a "
                   "\\\\ and a \\\"quote\\\".\n"
                   "# TYPE perfscope_processor_percent_user_time_seconds counter\n"
                   "# UNIT perfscope_processor_percent_user_time_seconds seconds\n"
                   "perfscope_processor_percent_user_time_seconds_total{cpu=\"0\"} 12.5\n"
                   "perfscope_processor_percent_user_time_seconds_total{cpu=\"_Total\"} 25\n"
                   "# HELP perfscope_memory_available_bytes Available memory.\n"
                   "# TYPE perfscope_memory_available_bytes gauge\n"
                   "# UNIT perfscope_memory_available_bytes bytes\n"
                   "perfscope_memory_available_bytes 1048576\n"
                   "# HELP perfscope_counter Map.\n"
                   "# TYPE perfscope_counter info\n"
                   "perfscope_counter_info{object=\"Memory\",metric=\"perfscope_memory_available_bytes\"} 1\n"
                   "# EOF\n");
    const auto checked = check_exposition(out, true);
    EXPECT_EQ(checked.error, "");
    EXPECT_EQ(checked.units.at("perfscope_memory_available_bytes"), "bytes");
}

TEST(ExpositionWriter, EmptyOpenMetricsIsJustEof)
{
    std::string out;
    write_exposition({}, ExpositionFormat::openmetrics, out);
    EXPECT_EQ(out, "# EOF\n");
}

TEST(ExpositionWriter, SpecialValues)
{
    std::vector<MetricFamily> families(1);
    families[0].name = "perfscope_x";
    families[0].help = "x";
    families[0].samples = {{"{a=\"1\"}", std::numeric_limits<double>::quiet_NaN()},
                           {"{a=\"2\"}", std::numeric_limits<double>::infinity()},
                           {"{a=\"3\"}", -std::numeric_limits<double>::infinity()},
                           {"{a=\"4\"}", 1e-7},
                           {"{a=\"5\"}", 18446744073709551615.0}};
    std::string out;
    write_exposition(families, ExpositionFormat::text, out);
    EXPECT_NE(out.find("perfscope_x{a=\"1\"} NaN\n"), std::string::npos);
    EXPECT_NE(out.find("perfscope_x{a=\"2\"} +Inf\n"), std::string::npos);
    EXPECT_NE(out.find("perfscope_x{a=\"3\"} -Inf\n"), std::string::npos);
    const auto checked = check_exposition(out, false);
    ASSERT_EQ(checked.error, "");
    EXPECT_DOUBLE_EQ(checked.series.at("perfscope_x{a=\"4\"}"), 1e-7);
    EXPECT_DOUBLE_EQ(checked.series.at("perfscope_x{a=\"5\"}"), 18446744073709551615.0);
}

TEST(ExpositionWriter, EscapesLabelValues)
{
    EXPECT_EQ(escape_label_value("a\\b\"c\nd"), "a\\\\b\\\"c\\nd");
    EXPECT_EQ(escape_label_value("plain (x) #1"), "plain (x) #1");
}

struct AcceptRow {
    const char* name;
    const char* accept;
    ExpositionFormat expected;
};

class Negotiation : public ::testing::TestWithParam<AcceptRow> {};

TEST_P(Negotiation, PicksTheFormat)
{
    EXPECT_EQ(negotiate_format(GetParam().accept), GetParam().expected);
}

// clang-format off
INSTANTIATE_TEST_SUITE_P(Rows, Negotiation, ::testing::Values(
    AcceptRow{"Empty", "", ExpositionFormat::text},
    AcceptRow{"Anything", "*/*", ExpositionFormat::text},
    AcceptRow{"PlainText", "text/plain;version=0.0.4", ExpositionFormat::text},
    AcceptRow{"OpenMetrics", "application/openmetrics-text", ExpositionFormat::openmetrics},
    AcceptRow{"OpenMetricsUpperCase", "Application/OpenMetrics-Text; version=1.0.0", ExpositionFormat::openmetrics},
    AcceptRow{"PrometheusScraper",
              "application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;q=0.75,"
              "text/plain;version=0.0.4;q=0.5,*/*;q=0.1", ExpositionFormat::openmetrics},
    AcceptRow{"RefusedByQualityZero", "application/openmetrics-text;q=0, text/plain", ExpositionFormat::text},
    AcceptRow{"SecondInTheList", "text/html, application/openmetrics-text; q=0.2", ExpositionFormat::openmetrics},
    AcceptRow{"SimilarTypeIsNotIt", "application/openmetrics-textual", ExpositionFormat::text}),
    [](const auto& row) { return std::string(row.param.name); });
// clang-format on

TEST(ExpositionChecker, RefusesWhatIsWrong)
{
    EXPECT_NE(check_exposition("x 1\n", false).error, "");                                   // no HELP/TYPE
    EXPECT_NE(check_exposition("# HELP x a\n# TYPE x gauge\nx 1\nx 2\n", false).error, "");  // twice
    EXPECT_NE(check_exposition("# HELP x a\n# TYPE x gauge\nx{a=\"\\q\"} 1\n", false).error, "");
    EXPECT_NE(check_exposition("# HELP x a\n# TYPE x gauge\nx 1\n", true).error, "");  // no # EOF
    EXPECT_NE(check_exposition("# HELP x_total a\n# TYPE x_total counter\nx_total 1\n# EOF\n", true).error, "");
    EXPECT_EQ(check_exposition("# HELP x a\n# TYPE x gauge\nx{a=\"\\n\",b=\"c\"} 1\n", false).error, "");
}

}  // namespace
