// SPDX-License-Identifier: Apache-2.0
#include "query/interval.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

namespace wpo::query {

wpo::Result<double> parse_interval(std::string_view text, std::string_view option)
{
    const std::string flag(option);
    const std::string quoted = "\"" + std::string(text) + "\"";
    auto bad = [](const std::string& what) { return wpo::Error(wpo::Errc::invalid_argument, what); };
    double total = 0;
    std::size_t start = 0;
    int fields = 0;
    while (true) {
        const auto colon = text.find(':', start);
        const std::string_view part =
            text.substr(start, colon == std::string_view::npos ? std::string_view::npos : colon - start);
        double value = 0;
        auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
        if (part.empty() || ec != std::errc() || end != part.data() + part.size() || !std::isfinite(value) || value < 0)
            return bad(flag + " needs seconds like 5, 0.5, 01:30 or 1:00:00, got " + quoted);
        total = total * 60 + value;
        if (++fields > 3)
            return bad(flag + " has more than [[hh:]mm:]ss fields: " + quoted);
        if (colon == std::string_view::npos)
            break;
        start = colon + 1;
    }
    if (total < kShortestDurationS)
        return bad(flag + " must be at least 0.1 seconds, got " + quoted);
    if (total > kLongestDurationS)
        return bad(flag + " is longer than a year: " + quoted);
    return total;
}

std::string format_interval(double seconds)
{
    if (!std::isfinite(seconds) || seconds < 0)
        seconds = 0;
    const auto total_ms = static_cast<std::int64_t>(std::llround(seconds * 1000));
    // Seconds with their fraction, without trailing zeros: "5", "0.5", "2.25".
    auto secs = [](std::int64_t ms, bool pad) {
        char text[32];
        std::snprintf(text, sizeof text, pad ? "%02lld" : "%lld", static_cast<long long>(ms / 1000));
        std::string out = text;
        if (ms % 1000 != 0) {
            std::snprintf(text, sizeof text, ".%03lld", static_cast<long long>(ms % 1000));
            std::string fraction = text;
            while (fraction.back() == '0')
                fraction.pop_back();
            out += fraction;
        }
        return out;
    };
    if (total_ms < 60'000)
        return secs(total_ms, false);
    const std::int64_t hours = total_ms / 3'600'000;
    const std::int64_t minutes = total_ms / 60'000 % 60;
    char text[48];
    if (hours > 0)
        std::snprintf(text, sizeof text, "%lld:%02lld:", static_cast<long long>(hours),
                      static_cast<long long>(minutes));
    else
        std::snprintf(text, sizeof text, "%lld:", static_cast<long long>(minutes));
    return text + secs(total_ms % 60'000, true);
}

}  // namespace wpo::query
