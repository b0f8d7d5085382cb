// SPDX-License-Identifier: Apache-2.0
// The PDH-CSV reader against logs in typeperf's layout (tests/fixtures/logs,
// hand-written), against what PdhCsvWriter writes, and against every way a
// file can be broken: a named row each, the error naming the line.
#include "files/pdh_csv_reader.h"
#include "files/pdh_csv_writer.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace perfscope::files {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono;

const std::string kLogs = std::string(PERFSCOPE_FIXTURES_DIR) + "/logs/";

// UTC ms of a wall-clock time in a zone with Windows bias `bias` (UTC =
// local + bias), by std::chrono's calendar: independent of the reader's own.
std::int64_t utc_ms(int y, unsigned mo, unsigned d, int h, int mi, int s, int ms, int bias)
{
    const sys_days day = year{y} / month{mo} / std::chrono::day{d};
    const auto local = day + hours{h} + minutes{mi} + seconds{s} + milliseconds{ms};
    return duration_cast<milliseconds>(local.time_since_epoch()).count() + std::int64_t{bias} * 60'000;
}

std::vector<std::optional<double>> values(std::initializer_list<std::optional<double>> v)
{
    return v;
}

TEST(PdhCsvReader, TypeperfConsoleOutput)
{
    auto log = read_pdh_csv(kLogs + "typeperf_console.csv");
    ASSERT_TRUE(log.ok()) << log.error().describe();
    EXPECT_EQ(log->zone_name, "Pacific Standard Time");
    EXPECT_EQ(log->bias_minutes, 480);
    EXPECT_EQ(log->separator, ',');
    ASSERT_EQ(log->columns, (std::vector<std::string>{R"(\\WIN-PERF01\Processor(_Total)\% Processor Time)",
                                                      R"(\\WIN-PERF01\Memory\Available MBytes)",
                                                      R"(\\WIN-PERF01\Process(chrome#1)\Working Set)"}));
    ASSERT_EQ(log->rows.size(), 3u);
    EXPECT_EQ(log->rows[0].time_ms, utc_ms(2026, 11, 22, 8, 30, 1, 123, 480));
    EXPECT_EQ(log->rows[1].time_ms, utc_ms(2026, 11, 22, 8, 30, 2, 125, 480));
    EXPECT_EQ(log->rows[2].time_ms, utc_ms(2026, 11, 22, 8, 30, 3, 127, 480));
    EXPECT_EQ(log->rows[0].values, values({12.5, 3021.0, 104857600.0}));
    EXPECT_EQ(log->rows[1].values, values({7.03125, 3020.0, std::nullopt}));
    EXPECT_EQ(log->rows[2].values, values({100.0, 3019.0, 104865792.0}));
}

TEST(PdhCsvReader, TypeperfFileAcrossALeapDay)
{
    auto log = read_pdh_csv(kLogs + "typeperf_file.csv");
    ASSERT_TRUE(log.ok()) << log.error().describe();
    EXPECT_EQ(log->zone_name, "W. Europe Standard Time");
    EXPECT_EQ(log->bias_minutes, -60);
    ASSERT_EQ(log->columns.size(), 2u);
    EXPECT_EQ(log->columns[1],
              R"(\\WIN-PERF01\Network Interface(Intel[R] Ethernet Connection [7] I219-V)\Bytes Total/sec)");
    ASSERT_EQ(log->rows.size(), 2u);
    EXPECT_EQ(log->rows[0].time_ms, utc_ms(2024, 2, 29, 23, 59, 59, 999, -60));
    EXPECT_EQ(log->rows[1].time_ms, utc_ms(2024, 3, 1, 0, 0, 1, 0, -60));
    EXPECT_EQ(log->rows[1].time_ms - log->rows[0].time_ms, 1001) << "the leap day is one day";
    EXPECT_EQ(log->rows[0].values, values({0.0, 1536.25}));
    EXPECT_EQ(log->rows[1].values, values({std::nullopt, 2048.0}));
}

TEST(PdhCsvReader, TypeperfTsv)
{
    auto log = read_pdh_csv(kLogs + "typeperf.tsv");
    ASSERT_TRUE(log.ok()) << log.error().describe();
    EXPECT_EQ(log->separator, '\t');
    EXPECT_EQ(log->zone_name, "UTC");
    ASSERT_EQ(log->columns.size(), 2u);
    ASSERT_EQ(log->rows.size(), 2u);
    EXPECT_EQ(log->rows[1].time_ms, utc_ms(2026, 1, 1, 0, 0, 5, 0, 0));
    EXPECT_EQ(log->rows[0].values, values({2.0, 15234.5}));
    EXPECT_EQ(log->rows[1].values, values({0.0, std::nullopt}));
}

TEST(PdhCsvReader, ByteOrderMarkAndUnquotedNumbers)
{
    auto log = read_pdh_csv(kLogs + "relog_bom_unquoted.csv");
    ASSERT_TRUE(log.ok()) << log.error().describe();
    EXPECT_EQ(log->zone_name, "India Standard Time");
    EXPECT_EQ(log->bias_minutes, -330);
    ASSERT_EQ(log->rows.size(), 3u);
    EXPECT_EQ(log->rows[0].time_ms, utc_ms(2026, 7, 4, 12, 0, 0, 0, -330));
    EXPECT_EQ(log->rows[0].values, values({42.5}));
    EXPECT_EQ(log->rows[1].values, values({std::nullopt}));
    EXPECT_EQ(log->rows[2].values, values({-1250.0}));
}

// What the CLI's writer writes reads back exactly: times to the millisecond,
// values to the writer's six decimals (the inputs have no more).
TEST(PdhCsvReader, ReadsWhatTheWriterWrote)
{
#ifndef _WIN32
    // A zone with an offset, so local time and bias both matter; winter
    // dates, so the bias is one for every row.
    const char* old_tz = std::getenv("TZ");
    const std::string saved = old_tz ? old_tz : "";
    setenv("TZ", "CET-1CEST,M3.5.0,M10.5.0/3", 1);
    tzset();
#endif
    const std::vector<std::string> columns = {R"(\\HOST\Memory\Available Bytes)",
                                              R"(\\HOST\Process(a "b", c)\ID Process)",
                                              R"(\\HOST\Processor(_Total)\% Processor Time)"};
    const std::vector<std::pair<std::int64_t, std::vector<std::optional<double>>>> rows = {
        {1'763'800'000'123, {1234567.0, 42.0, 12.5}},
        {1'763'800'001'124, {0.0, std::nullopt, 100.000001}},
        {1'763'800'002'999, {-3.25, 1e12, std::nullopt}},
    };
    const fs::path file = fs::temp_directory_path() / "perfscope_pdh_csv_round_trip.csv";
    {
        std::FILE* out = std::fopen(file.string().c_str(), "w");
        ASSERT_NE(out, nullptr);
        PdhCsvWriter writer(out, ',');
        const auto first = system_clock::time_point(milliseconds(rows[0].first));
        const auto [zone, bias] = PdhCsvWriter::local_zone(first);
        ASSERT_TRUE(writer.write_header(columns, zone, bias));
        for (const auto& [ms, row] : rows)
            ASSERT_TRUE(writer.write_row(system_clock::time_point(milliseconds(ms)), row));
        std::fclose(out);
    }
    auto log = read_pdh_csv(file.string());
    fs::remove(file);
#ifndef _WIN32
    if (old_tz)
        setenv("TZ", saved.c_str(), 1);
    else
        unsetenv("TZ");
    tzset();
#endif
    ASSERT_TRUE(log.ok()) << log.error().describe();
#ifndef _WIN32
    EXPECT_EQ(log->bias_minutes, -60);
#endif
    EXPECT_EQ(log->columns, columns);
    ASSERT_EQ(log->rows.size(), rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        EXPECT_EQ(log->rows[i].time_ms, rows[i].first) << "row " << i;
        EXPECT_EQ(log->rows[i].values, rows[i].second) << "row " << i;
    }
}

// Accepted variants: one row each, with the expected first value and time.
struct GoodRow {
    std::string name;
    std::string text;
    std::int64_t time_ms;
    std::optional<double> first;
};
void PrintTo(const GoodRow& row, std::ostream* os)
{
    *os << row.name;
}

class PdhCsvAccepts : public ::testing::TestWithParam<GoodRow> {};

TEST_P(PdhCsvAccepts, Variant)
{
    auto log = parse_pdh_csv(GetParam().text);
    ASSERT_TRUE(log.ok()) << log.error().describe();
    ASSERT_EQ(log->rows.size(), 1u);
    EXPECT_EQ(log->rows[0].time_ms, GetParam().time_ms);
    ASSERT_EQ(log->rows[0].values.size(), 1u);
    EXPECT_EQ(log->rows[0].values[0], GetParam().first);
}

const std::string kHead = "\"(PDH-CSV 4.0) (UTC)(0)\",\"\\\\H\\Memory\\Available Bytes\"\n";
const std::int64_t kNoon = utc_ms(2026, 11, 22, 12, 0, 0, 0, 0);

const GoodRow kGood[] = {
    {"plain", kHead + "\"11/22/2026 12:00:00.000\",\"1.5\"\n", kNoon, 1.5},
    {"crlf", "\"(PDH-CSV 4.0) (UTC)(0)\",\"c\"\r\n\"11/22/2026 12:00:00.000\",\"1.5\"\r\n", kNoon, 1.5},
    {"bom", "\xEF\xBB\xBF" + kHead + "\"11/22/2026 12:00:00.000\",\"1.5\"\n", kNoon, 1.5},
    {"blank_lines", "\n\r\n" + kHead + "\n\"11/22/2026 12:00:00.000\",\"1.5\"\n\n", kNoon, 1.5},
    {"no_final_newline", kHead + "\"11/22/2026 12:00:00.000\",\"1.5\"", kNoon, 1.5},
    {"missing_value_space", kHead + "\"11/22/2026 12:00:00.000\",\" \"\n", kNoon, std::nullopt},
    {"missing_value_empty", kHead + "\"11/22/2026 12:00:00.000\",\"\"\n", kNoon, std::nullopt},
    {"unquoted", "(PDH-CSV 4.0) (UTC)(0),c\n11/22/2026 12:00:00.000,-7\n", kNoon, -7.0},
    {"exponent", kHead + "\"11/22/2026 12:00:00.000\",\"2.5e3\"\n", kNoon, 2500.0},
    {"no_fraction", kHead + "\"11/22/2026 12:00:00\",\"1\"\n", kNoon, 1.0},
    {"one_fraction_digit", kHead + "\"11/22/2026 12:00:00.5\",\"1\"\n", kNoon + 500, 1.0},
    {"microseconds_cut", kHead + "\"11/22/2026 12:00:00.123456\",\"1\"\n", kNoon + 123, 1.0},
    {"positive_bias", "\"(PDH-CSV 4.0) (Eastern Standard Time)(300)\",\"c\"\n\"11/22/2026 12:00:00.000\",\"1\"\n",
     kNoon + 300 * 60'000, 1.0},
    {"zone_with_parentheses", "\"(PDH-CSV 4.0) (Zone (legacy))(-120)\",\"c\"\n\"11/22/2026 12:00:00.000\",\"1\"\n",
     kNoon - 120 * 60'000, 1.0},
    {"quote_in_column", "\"(PDH-CSV 4.0) (UTC)(0)\",\"\\\\H\\P(a \"\"b\"\")\\C\"\n\"11/22/2026 12:00:00.000\",\"1\"\n",
     kNoon, 1.0},
    {"typeperf_trailer",
     kHead + "\"11/22/2026 12:00:00.000\",\"1\"\r\nExiting, please wait...\r\n"
             "The command completed successfully.\r\n",
     kNoon, 1.0},
    {"leap_day", kHead + "\"02/29/2028 00:00:00.000\",\"1\"\n", utc_ms(2028, 2, 29, 0, 0, 0, 0, 0), 1.0},
};

INSTANTIATE_TEST_SUITE_P(Rows, PdhCsvAccepts, ::testing::ValuesIn(kGood),
                         [](const auto& row) { return row.param.name; });

// Broken files: an error naming the line (and column) and nothing loaded.
struct BadRow {
    std::string name;
    std::string text;
    std::string mentions;  // the message starts with this
};
void PrintTo(const BadRow& row, std::ostream* os)
{
    *os << row.name;
}

class PdhCsvRejects : public ::testing::TestWithParam<BadRow> {};

TEST_P(PdhCsvRejects, NamesTheLine)
{
    auto log = parse_pdh_csv(GetParam().text);
    ASSERT_FALSE(log.ok()) << GetParam().name;
    EXPECT_EQ(log.error().code(), wpo::Errc::invalid_argument);
    EXPECT_TRUE(log.error().message().starts_with(GetParam().mentions)) << log.error().message();
}

const std::string kRow1 = "\"11/22/2026 12:00:00.000\",\"1\"\n";

const BadRow kBad[] = {
    {"empty", "", "line 1: empty"},
    {"only_blank_lines", "\n\r\n  \n", "line 3: empty"},
    {"not_csv", "hello world\n", "line 1: not a PDH-CSV log"},
    {"json", "{\"views\": []}\n", "line 1: not a PDH-CSV log"},
    {"binary", std::string("\x00\x01\x02\xff", 4), "line 1: not a PDH-CSV log"},
    {"plain_csv", "time,value\n1,2\n", "line 1: not a PDH-CSV log"},
    {"header_without_columns", "\"(PDH-CSV 4.0) (UTC)(0)\"\n", "line 1: the header names no counter columns"},
    {"header_zone_without_bias", "\"(PDH-CSV 4.0) (UTC)\",\"c\"\n", "line 1: the first cell"},
    {"header_bias_not_a_number", "\"(PDH-CSV 4.0) (UTC)(x)\",\"c\"\n", "line 1: the time zone bias"},
    {"header_bias_too_large", "\"(PDH-CSV 4.0) (UTC)(99999)\",\"c\"\n", "line 1: the time zone bias"},
    {"header_empty_column", "\"(PDH-CSV 4.0) (UTC)(0)\",\"c\",\" \"\n", "line 1: column 2 of the header"},
    {"header_unclosed_quote", "\"(PDH-CSV 4.0) (UTC)(0)\",\"c\n", "line 1, column 26: the quoted cell is not closed"},
    {"too_few_cells", kHead + "\"11/22/2026 12:00:00.000\"\n" + kRow1, "line 2: 1 cells where the header has 2"},
    {"too_many_cells", kHead + kRow1 + "\"11/22/2026 12:00:01.000\",\"1\",\"2\"\n",
     "line 3: 3 cells where the header has 2"},
    {"iso_time", kHead + "\"2026-11-22 12:00:00.000\",\"1\"\n", "line 2: the time stamp \"2026-11-22"},
    {"month_13", kHead + "\"13/22/2026 12:00:00.000\",\"1\"\n", "line 2: the time stamp"},
    {"february_30", kHead + "\"02/30/2026 12:00:00.000\",\"1\"\n", "line 2: the time stamp"},
    {"february_29_not_leap", kHead + "\"02/29/2026 12:00:00.000\",\"1\"\n", "line 2: the time stamp"},
    {"hour_24", kHead + "\"11/22/2026 24:00:00.000\",\"1\"\n", "line 2: the time stamp"},
    {"second_60", kHead + "\"11/22/2026 12:00:60.000\",\"1\"\n", "line 2: the time stamp"},
    {"empty_fraction", kHead + "\"11/22/2026 12:00:00.\",\"1\"\n", "line 2: the time stamp"},
    {"time_with_junk", kHead + "\"11/22/2026 12:00:00.000Z\",\"1\"\n", "line 2: the time stamp"},
    {"empty_time", kHead + "\"\",\"1\"\n", "line 2: the time stamp"},
    {"not_a_number", kHead + kRow1 + "\"11/22/2026 12:00:01.000\",\"abc\"\n",
     "line 3: cell 2 (\"\\\\H\\Memory\\Available Bytes\") \"abc\" is not a number"},
    {"number_with_junk", kHead + "\"11/22/2026 12:00:00.000\",\"12.5x\"\n", "line 2: cell 2"},
    {"decimal_comma", kHead + "\"11/22/2026 12:00:00.000\",\"12,5\"\n", "line 2: cell 2"},
    {"nan", kHead + "\"11/22/2026 12:00:00.000\",\"nan\"\n", "line 2: cell 2"},
    {"infinity", kHead + "\"11/22/2026 12:00:00.000\",\"inf\"\n", "line 2: cell 2"},
    {"overflow", kHead + "\"11/22/2026 12:00:00.000\",\"1e999\"\n", "line 2: cell 2"},
    {"quote_inside_unquoted", kHead + "\"11/22/2026 12:00:00.000\",12\"5\n", "line 2, column 29: a quote inside"},
    {"text_after_closing_quote", kHead + "\"11/22/2026 12:00:00.000\",\"12\"5\n", "line 2, column 31: text after"},
    {"row_after_trailer", kHead + kRow1 + "The command completed successfully.\n" + kRow1,
     "line 4: text after typeperf's closing message"},
    {"second_header", kHead + kRow1 + kHead, "line 3: the time stamp \"(PDH-CSV 4.0)"},
};

INSTANTIATE_TEST_SUITE_P(Rows, PdhCsvRejects, ::testing::ValuesIn(kBad),
                         [](const auto& row) { return row.param.name; });

// typeperf redirected to a file writes no zone: the stamps are local time.
// TZ is set to a fixed zone two hours east of UTC (POSIX: "XYZ-2"), so local
// 12:00 is 10:00 UTC (a Windows bias of -120).
TEST(PdhCsvReader, TypeperfRedirectedToAFileIsLocalTime)
{
#ifdef _WIN32
    GTEST_SKIP() << "setenv and tzset are POSIX: the Windows C runtime takes its zone otherwise";
#else
    const char* old_tz = std::getenv("TZ");
    const std::string saved = old_tz ? old_tz : "";
    setenv("TZ", "XYZ-2", 1);
    tzset();
    const fs::path file = fs::temp_directory_path() / "pdh_csv_reader_typeperf_redirect.csv";
    std::ofstream(file, std::ios::binary)
        << "\r\n\"(PDH-CSV 4.0)\",\"\\\\BUILD-7\\Processor(_Total)\\% Processor Time\","
           "\"\\\\BUILD-7\\Memory\\Available MBytes\"\r\n"
           "\"11/22/2026 12:00:00.000\",\"3.5\",\"2048\"\r\n"
           "\"11/22/2026 12:00:01.000\",\"4.5\",\"2047\"\r\n";
    auto log = read_pdh_csv(file.string());
    fs::remove(file);
    if (old_tz)
        setenv("TZ", saved.c_str(), 1);
    else
        unsetenv("TZ");
    tzset();
    ASSERT_TRUE(log.ok()) << log.error().describe();
    EXPECT_TRUE(log->local_time);
    EXPECT_EQ(log->zone_name, "");
    EXPECT_EQ(log->machine, "BUILD-7");
    ASSERT_EQ(log->rows.size(), 2u);
    EXPECT_EQ(log->rows[0].time_ms, utc_ms(2026, 11, 22, 12, 0, 0, 0, -120));
    EXPECT_EQ(log->rows[1].time_ms, utc_ms(2026, 11, 22, 12, 0, 1, 0, -120));
    EXPECT_EQ(log->rows[1].values, values({4.5, 2047.0}));
    EXPECT_EQ(log->dropped_line, 0u);
#endif
}

// PowerShell's ">" writes UTF-16LE with a byte order mark: the same log as
// its UTF-8 text, each character widened to two bytes (ASCII + 0, here).
TEST(PdhCsvReader, Utf16FromPowerShellRedirection)
{
    const std::string utf8 = kHead + "\"11/22/2026 12:00:00.000\",\"1.5\"\r\n";
    std::string utf16 = "\xFF\xFE";
    for (char c : utf8) {
        utf16 += c;
        utf16 += '\0';
    }
    auto log = parse_pdh_csv(utf16);
    ASSERT_TRUE(log.ok()) << log.error().describe();
    ASSERT_EQ(log->rows.size(), 1u);
    EXPECT_EQ(log->rows[0].time_ms, kNoon);
    EXPECT_EQ(log->rows[0].values, values({1.5}));
    EXPECT_EQ(log->columns, std::vector<std::string>{"\\\\H\\Memory\\Available Bytes"});
    // A non-ASCII instance name: "é" is U+00E9 (E9 00), 2 bytes in UTF-8.
    std::string named = "\xFF\xFE";
    for (char c : std::string("\"(PDH-CSV 4.0)\",\"\\\\H\\P(caf"))
        named += std::string{c, '\0'};
    named += "\xE9";
    named += '\0';
    for (char c : std::string(")\\C\"\n\"11/22/2026 12:00:00.000\",\"2\"\n"))
        named += std::string{c, '\0'};
    auto accented = parse_pdh_csv(named);
    ASSERT_TRUE(accented.ok()) << accented.error().describe();
    EXPECT_EQ(accented->columns[0], "\\\\H\\P(caf\xC3\xA9)\\C");
}

TEST(PdhCsvReader, TsvWithoutZoneAndZonedLogsAreNotLocal)
{
    auto tsv = parse_pdh_csv("\"(PDH-TSV 4.0)\"\t\"c\"\n\"11/22/2026 12:00:00.000\"\t\"1\"\n");
    ASSERT_TRUE(tsv.ok()) << tsv.error().describe();
    EXPECT_TRUE(tsv->local_time);
    EXPECT_EQ(tsv->separator, '\t');
    EXPECT_EQ(tsv->machine, "");
    auto zoned = parse_pdh_csv(kHead + "\"11/22/2026 12:00:00.000\",\"1\"\n");
    ASSERT_TRUE(zoned.ok());
    EXPECT_FALSE(zoned->local_time);
    EXPECT_EQ(zoned->machine, "H");
}

// The last line cut (no line end, does not parse): the complete rows load and
// the cut line is named. Each way of cutting a row of kHead's two columns.
TEST(PdhCsvReader, CutLastLineLoadsTheCompleteRows)
{
    const std::string row1 = "\"11/22/2026 12:00:00.000\",\"1\"\n";
    const std::string row2 = "\"11/22/2026 12:00:01.000\",\"2\"\n";
    const std::string full = "\"11/22/2026 12:00:02.000\",\"3\"";
    // Every cut of the third row short of its full length.
    for (std::size_t keep = 1; keep < full.size(); ++keep) {
        const std::string cut = full.substr(0, keep);
        const fs::path file = fs::temp_directory_path() / "pdh_csv_reader_cut.csv";
        std::ofstream(file, std::ios::binary) << kHead << row1 << row2 << cut;
        auto log = read_pdh_csv(file.string());
        fs::remove(file);
        ASSERT_TRUE(log.ok()) << cut << ": " << log.error().describe();
        ASSERT_EQ(log->rows.size(), 2u) << cut;
        EXPECT_EQ(log->rows[1].time_ms, kNoon + 1000);
        EXPECT_EQ(log->dropped_line, 4u) << cut;
        EXPECT_TRUE(log->dropped_reason.starts_with("line 4")) << log->dropped_reason;
    }
    // A cut first row: the log opens empty, naming the line.
    auto empty = parse_pdh_csv(kHead + "\"11/22/20");
    ASSERT_TRUE(empty.ok());
    EXPECT_TRUE(empty->rows.empty());
    EXPECT_EQ(empty->dropped_line, 2u);
    // A broken line with its line end is still an error: not a cut, a bad file.
    auto bad = parse_pdh_csv(kHead + row1 + "\"11/22/2026 12:00:01.000\"\n" + row2);
    EXPECT_FALSE(bad.ok());
}

TEST(PdhCsvReader, FileErrorsNameTheFile)
{
    const std::string missing = "/nonexistent_dir_xyz/log.csv";
    auto log = read_pdh_csv(missing);
    ASSERT_FALSE(log.ok());
    EXPECT_EQ(log.error().code(), wpo::Errc::not_found);
    EXPECT_NE(log.error().message().find(missing), std::string::npos) << log.error().message();

    const fs::path bad = fs::temp_directory_path() / "pdh_csv_reader_bad.csv";
    std::ofstream(bad) << kHead << "\"11/22/2026 12:00:00.000\",\"x\"\n";
    log = read_pdh_csv(bad.string());
    fs::remove(bad);
    ASSERT_FALSE(log.ok());
    EXPECT_EQ(log.error().code(), wpo::Errc::invalid_argument);
    EXPECT_TRUE(log.error().message().starts_with("\"" + bad.string() + "\": line 2: cell 2")) << log.error().message();
}

}  // namespace
}  // namespace perfscope::files
