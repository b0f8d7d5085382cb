#include "query/interval.h"

#include <charconv>
#include <cmath>
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
        const std::string_view part = text.substr(start, colon == std::string_view::npos ? std::string_view::npos
                                                                                          : colon - start);
        double value = 0;
        auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
        if (part.empty() || ec != std::errc() || end != part.data() + part.size() || !std::isfinite(value) ||
            value < 0)
            return bad(flag + " needs seconds like 5, 0.5, 01:30 or 1:00:00, got " + quoted);
        total = total * 60 + value;
        if (++fields > 3)
            return bad(flag + " has more than [[hh:]mm:]ss fields: " + quoted);
        if (colon == std::string_view::npos)
            break;
        start = colon + 1;
    }
    if (total < 0.1)
        return bad(flag + " must be at least 0.1 seconds, got " + quoted);
    if (total > 86400.0 * 365)
        return bad(flag + " is longer than a year: " + quoted);
    return total;
}

}  // namespace wpo::query
