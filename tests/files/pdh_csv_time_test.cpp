// SPDX-License-Identifier: Apache-2.0
// The PDH-CSV time stamp: expected wall milliseconds come from a count of
// days year by year and month by month (not from std::chrono, which the
// formatter uses), and the expected text from the same inputs.
#include "files/pdh_csv_time.h"
#include "files/pdh_csv_writer.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

namespace perfscope::files {
namespace {

bool leap(int y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

int days_in(int y, int m)
{
    static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && leap(y) ? 29 : kDays[m - 1];
}

// Days from 1970-01-01 to y-m-d, counted.
std::int64_t days_since_1970(int y, int m, int d)
{
    std::int64_t days = 0;
    for (int year = 1970; year < y; ++year)
        days += leap(year) ? 366 : 365;
    for (int year = y; year < 1970; ++year)
        days -= leap(year) ? 366 : 365;
    for (int month = 1; month < m; ++month)
        days += days_in(y, month);
    return days + d - 1;
}

struct Stamp {
    int y, mo, d, h, mi, s, ms;
};

std::int64_t wall_ms(const Stamp& t)
{
    return ((days_since_1970(t.y, t.mo, t.d) * 24 + t.h) * 60 + t.mi) * 60'000 + t.s * 1000 + t.ms;
}

std::string text_of(const Stamp& t)
{
    char text[40];
    std::snprintf(text, sizeof text, "%02d/%02d/%04d %02d:%02d:%02d.%03d", t.mo, t.d, t.y, t.h, t.mi, t.s, t.ms);
    return text;
}

const Stamp kStamps[] = {
    {1970, 1, 1, 0, 0, 0, 0},                                          // the epoch
    {1969, 12, 31, 23, 59, 59, 999},                                   // one millisecond before it
    {1969, 7, 20, 20, 17, 40, 1},                                      // before 1970, odd milliseconds
    {1968, 2, 29, 12, 0, 0, 500},                                      // a leap day before 1970
    {1900, 2, 28, 23, 59, 59, 999},                                    // 1900 is no leap year: 03/01 follows
    {1900, 3, 1, 0, 0, 0, 0},        {1601, 1, 1, 0, 0, 0, 0},         // the first day written
    {2000, 2, 29, 0, 0, 0, 0},                                         // 2000 is a leap year
    {2024, 2, 29, 23, 59, 59, 999},  {1999, 12, 31, 23, 59, 59, 999},  // end of year
    {2000, 1, 1, 0, 0, 0, 0},        {2026, 12, 31, 23, 59, 59, 998},
    {9999, 12, 31, 23, 59, 59, 999},  // the last millisecond written
};

TEST(PdhCsvTime, FormatsByTheCalendar)
{
    for (const Stamp& t : kStamps)
        EXPECT_EQ(format_pdh_time(wall_ms(t)), text_of(t)) << text_of(t);
}

TEST(PdhCsvTime, ParsesByTheCalendar)
{
    for (const Stamp& t : kStamps)
        EXPECT_EQ(parse_pdh_time(text_of(t)), wall_ms(t)) << text_of(t);
}

TEST(PdhCsvTime, RoundTripsEveryMillisecondAroundTheEpochAndAYearEnd)
{
    for (const std::int64_t base : {wall_ms({1970, 1, 1, 0, 0, 0, 0}), wall_ms({1999, 12, 31, 23, 59, 59, 0})})
        for (std::int64_t ms = base - 1500; ms <= base + 1500; ++ms)
            ASSERT_EQ(parse_pdh_time(format_pdh_time(ms)), ms) << format_pdh_time(ms);
}

TEST(PdhCsvTime, NextDayFollowsTheLastMillisecond)
{
    // One millisecond after the last of a day is midnight of the next.
    EXPECT_EQ(format_pdh_time(wall_ms({1900, 2, 28, 23, 59, 59, 999}) + 1), text_of({1900, 3, 1, 0, 0, 0, 0}));
    EXPECT_EQ(format_pdh_time(wall_ms({1968, 2, 28, 23, 59, 59, 999}) + 1), text_of({1968, 2, 29, 0, 0, 0, 0}));
    EXPECT_EQ(format_pdh_time(wall_ms({2023, 12, 31, 23, 59, 59, 999}) + 1), text_of({2024, 1, 1, 0, 0, 0, 0}));
}

TEST(PdhCsvTime, ClampsToTheYearsWritten)
{
    EXPECT_EQ(format_pdh_time(wall_ms({1601, 1, 1, 0, 0, 0, 0}) - 1), "01/01/1601 00:00:00.000");
    EXPECT_EQ(format_pdh_time(wall_ms({9999, 12, 31, 23, 59, 59, 999}) + 1), "12/31/9999 23:59:59.999");
}

TEST(PdhCsvTime, FractionDigits)
{
    const std::int64_t noon = wall_ms({2026, 11, 22, 12, 0, 0, 0});
    EXPECT_EQ(parse_pdh_time("11/22/2026 12:00:00"), noon);
    EXPECT_EQ(parse_pdh_time("11/22/2026 12:00:00.5"), noon + 500);
    EXPECT_EQ(parse_pdh_time("11/22/2026 12:00:00.05"), noon + 50);
    EXPECT_EQ(parse_pdh_time("11/22/2026 12:00:00.123456789"), noon + 123);
    EXPECT_EQ(parse_pdh_time("11/22/2026 12:00:00.1234567890"), std::nullopt);
}

TEST(PdhCsvTime, RejectsDatesAndTimesThatDoNotExist)
{
    for (const char* bad :
         {"02/29/1900 00:00:00.000", "02/30/2024 00:00:00.000", "04/31/2026 00:00:00.000", "13/01/2026 00:00:00.000",
          "00/01/2026 00:00:00.000", "01/00/2026 00:00:00.000", "12/31/1600 23:59:59.999", "01/01/2026 24:00:00.000",
          "01/01/2026 23:60:00.000", "01/01/2026 23:59:60.000", "1/1/2026 00:00:00.000", "01/01/2026 00:00:00,000"})
        EXPECT_EQ(parse_pdh_time(bad), std::nullopt) << bad;
}

#ifndef _WIN32
// TZ as a fixed POSIX zone five hours west of UTC ("EST5", no daylight
// saving time): local wall = UTC - 5 h.
class FixedZone : public ::testing::Test {
protected:
    void SetUp() override
    {
        const char* old_tz = std::getenv("TZ");
        m_had = old_tz != nullptr;
        m_saved = old_tz ? old_tz : "";
        setenv("TZ", "EST5", 1);
        tzset();
    }
    void TearDown() override
    {
        if (m_had)
            setenv("TZ", m_saved.c_str(), 1);
        else
            unsetenv("TZ");
        tzset();
    }

private:
    bool m_had = false;
    std::string m_saved;
};

constexpr std::int64_t kFiveHours = 5 * 3'600'000;

TEST_F(FixedZone, WriterFormatsLocalWallClock)
{
    using namespace std::chrono;
    for (const Stamp& t : {Stamp{1970, 1, 1, 4, 59, 59, 999}, Stamp{1969, 3, 1, 2, 0, 0, 250},
                           Stamp{2024, 3, 1, 3, 30, 0, 7}, Stamp{2027, 1, 1, 4, 0, 0, 0}}) {
        const auto when = system_clock::time_point(milliseconds(wall_ms(t)));
        EXPECT_EQ(utc_to_local_wall_ms(when), wall_ms(t) - kFiveHours) << text_of(t);
        EXPECT_EQ(PdhCsvWriter::format_time(when), format_pdh_time(wall_ms(t) - kFiveHours)) << text_of(t);
    }
    // 2024-03-01 03:30 UTC is 2024-02-29 22:30 local: the leap day.
    const auto leap_evening = system_clock::time_point(milliseconds(wall_ms({2024, 3, 1, 3, 30, 0, 7})));
    EXPECT_EQ(PdhCsvWriter::format_time(leap_evening), "02/29/2024 22:30:00.007");
}

TEST_F(FixedZone, LocalWallToUtcIsTheInverse)
{
    for (const Stamp& t : {Stamp{1970, 1, 1, 0, 0, 0, 0}, Stamp{2000, 2, 29, 23, 59, 59, 999}})
        EXPECT_EQ(local_wall_to_utc_ms(wall_ms(t)), wall_ms(t) + kFiveHours) << text_of(t);
}
#endif

}  // namespace
}  // namespace perfscope::files
