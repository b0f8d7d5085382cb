// SPDX-License-Identifier: Apache-2.0
#include "files/pdh_csv_time.h"

#include <algorithm>
#include <cstdio>
#include <ctime>

namespace perfscope::files {
namespace {

using namespace std::chrono;

using WallTime = sys_time<milliseconds>;  // a wall clock read as if it were UTC

bool all_digits(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

int number(std::string_view digits)
{
    int n = 0;
    for (char c : digits)
        n = n * 10 + (c - '0');
    return n;
}

std::int64_t count(WallTime t)
{
    return t.time_since_epoch().count();
}

constexpr sys_days kFirstDay = year{1601} / January / 1;
constexpr sys_days kEndDay = year{10000} / January / 1;

}  // namespace

std::optional<std::int64_t> parse_pdh_time(std::string_view s)
{
    // MM/DD/YYYY HH:MM:SS, then an optional '.' and 1..9 fraction digits.
    if (s.size() < 19 || s[2] != '/' || s[5] != '/' || s[10] != ' ' || s[13] != ':' || s[16] != ':')
        return std::nullopt;
    const std::string_view parts[] = {s.substr(0, 2),  s.substr(3, 2),  s.substr(6, 4),
                                      s.substr(11, 2), s.substr(14, 2), s.substr(17, 2)};
    for (std::string_view p : parts)
        if (!all_digits(p))
            return std::nullopt;
    const year_month_day date{year{number(parts[2])}, month{static_cast<unsigned>(number(parts[0]))},
                              day{static_cast<unsigned>(number(parts[1]))}};
    const int hour = number(parts[3]), minute = number(parts[4]), second = number(parts[5]);
    if (!date.ok() || date.year() < year{1601} || hour > 23 || minute > 59 || second > 59)
        return std::nullopt;
    int ms = 0;
    if (s.size() > 19) {
        const std::string_view fraction = s.substr(20);
        if (s[19] != '.' || !all_digits(fraction) || fraction.size() > 9)
            return std::nullopt;
        std::string padded(fraction.substr(0, 3));
        padded.resize(3, '0');  // ".5" is 500 ms
        ms = number(padded);
    }
    return count(sys_days{date} + hours{hour} + minutes{minute} + seconds{second} + milliseconds{ms});
}

std::string format_pdh_time(std::int64_t wall_ms)
{
    const WallTime t = std::clamp(WallTime{milliseconds{wall_ms}}, WallTime{kFirstDay}, WallTime{kEndDay} - 1ms);
    const sys_days day = floor<days>(t);
    const year_month_day date{day};
    const hh_mm_ss<milliseconds> time{t - day};
    char text[40];
    std::snprintf(text, sizeof text, "%02u/%02u/%04d %02d:%02d:%02d.%03d", static_cast<unsigned>(date.month()),
                  static_cast<unsigned>(date.day()), static_cast<int>(date.year()),
                  static_cast<int>(time.hours().count()), static_cast<int>(time.minutes().count()),
                  static_cast<int>(time.seconds().count()), static_cast<int>(time.subseconds().count()));
    return text;
}

std::int64_t local_wall_to_utc_ms(std::int64_t wall_ms)
{
    const WallTime t{milliseconds{wall_ms}};
    const sys_days day = floor<days>(t);
    const year_month_day date{day};
    const hh_mm_ss<milliseconds> time{t - day};
    std::tm tm{};
    tm.tm_year = static_cast<int>(date.year()) - 1900;
    tm.tm_mon = static_cast<int>(static_cast<unsigned>(date.month())) - 1;
    tm.tm_mday = static_cast<int>(static_cast<unsigned>(date.day()));
    tm.tm_hour = static_cast<int>(time.hours().count());
    tm.tm_min = static_cast<int>(time.minutes().count());
    tm.tm_sec = static_cast<int>(time.seconds().count());
    tm.tm_isdst = -1;  // as the zone's rules say for that date
    const std::time_t utc = std::mktime(&tm);
    if (utc == static_cast<std::time_t>(-1))
        return wall_ms;  // outside what the C library converts: as UTC
    return static_cast<std::int64_t>(utc) * 1000 + time.subseconds().count();
}

std::int64_t utc_to_local_wall_ms(system_clock::time_point when)
{
    // floor, not to_time_t's truncation: before 1970 the second and the
    // millisecond must both count down.
    const auto second = floor<seconds>(when);
    const std::time_t t = system_clock::to_time_t(second);
    std::tm tm{};
#ifdef _WIN32
    localtime_s(&tm, &t);
#else
    localtime_r(&t, &tm);
#endif
    const sys_days day = year{tm.tm_year + 1900} / month{static_cast<unsigned>(tm.tm_mon + 1)} /
                         std::chrono::day{static_cast<unsigned>(tm.tm_mday)};
    const auto wall =
        day + hours{tm.tm_hour} + minutes{tm.tm_min} + seconds{tm.tm_sec} + floor<milliseconds>(when - second);
    return count(wall);
}

}  // namespace perfscope::files
