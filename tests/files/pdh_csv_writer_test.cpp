// SPDX-License-Identifier: Apache-2.0
#include "files/pdh_csv_writer.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace perfscope::files {
namespace {

std::string written(const std::function<void(PdhCsvWriter&)>& write, char separator = ',')
{
    std::FILE* f = std::tmpfile();
    PdhCsvWriter writer(f, separator);
    write(writer);
    std::rewind(f);
    std::string text;
    char buffer[256];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, f))
        text.append(buffer, n);
    std::fclose(f);
    return text;
}

TEST(PdhCsvWriter, HeaderAndRowsAreQuotedCells)
{
    const auto text = written([](PdhCsvWriter& w) {
        w.write_header({R"(\\HOST\Memory\Available Bytes)", R"(\\HOST\Process(a "b")\ID Process)"}, "UTC", 0);
        w.write_row(std::chrono::system_clock::time_point{}, {1234.5, std::nullopt});
    });
    const auto header_end = text.find('\n');
    EXPECT_EQ(text.substr(0, header_end),
              R"x("(PDH-CSV 4.0) (UTC)(0)","\\HOST\Memory\Available Bytes","\\HOST\Process(a ""b"")\ID Process")x");
    const std::string row = text.substr(header_end + 1);
    // Time in local time: only its shape is fixed here.
    ASSERT_GE(row.size(), 26u);
    EXPECT_EQ(row[0], '"');
    EXPECT_EQ(row[3], '/');
    EXPECT_EQ(row[6], '/');
    EXPECT_EQ(row[11], ' ');
    EXPECT_EQ(row[20], '.');
    EXPECT_EQ(row.substr(24), R"x(","1234.500000"," ")x"
                              "\n");
}

TEST(PdhCsvWriter, TsvUsesTabsAndItsOwnTag)
{
    const auto text = written([](PdhCsvWriter& w) { w.write_header({"a", "b"}, "CET", -60); }, '\t');
    EXPECT_EQ(text, "\"(PDH-TSV 4.0) (CET)(-60)\"\t\"a\"\t\"b\"\n");
}

TEST(PdhCsvWriter, TimeFormat)
{
    // 2001-09-09 01:46:40.250 UTC; rendered in local time, so compare the
    // fixed parts of "MM/DD/YYYY HH:MM:SS.mmm".
    const auto when = std::chrono::system_clock::from_time_t(1'000'000'000) + std::chrono::milliseconds(250);
    const std::string text = PdhCsvWriter::format_time(when);
    ASSERT_EQ(text.size(), 23u);
    EXPECT_EQ(text.substr(19), ".250");
    EXPECT_EQ(text.substr(6, 4), "2001");
}

}  // namespace
}  // namespace perfscope::files
