// SPDX-License-Identifier: Apache-2.0
#include "cli/record_size.h"

#include <cmath>
#include <string>

namespace perfscope::cli {

wpo::Result<std::uint64_t> parse_size(std::string_view flag, std::string_view text)
{
    const auto bad = [&] {
        return wpo::Error(wpo::Errc::invalid_argument,
                          std::string(flag) +
                              " needs a size: a number with K, M, G or T (powers of 1024), e.g. 100M; "
                              "got \"" +
                              std::string(text.substr(0, 64)) + "\"");
    };
    std::size_t i = 0;
    double whole = 0;
    std::size_t digits = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i, ++digits)
        whole = whole * 10 + (text[i] - '0');
    if (i < text.size() && text[i] == '.') {
        double scale = 0.1;
        for (++i; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i, ++digits, scale /= 10)
            whole += scale * (text[i] - '0');
    }
    if (digits == 0 || digits > 18)
        return bad();
    double unit = 1;
    if (i < text.size()) {
        switch (text[i] | 0x20) {
        case 'k': unit = 1024.0; break;
        case 'm': unit = 1024.0 * 1024; break;
        case 'g': unit = 1024.0 * 1024 * 1024; break;
        case 't': unit = 1024.0 * 1024 * 1024 * 1024; break;
        default: return bad();
        }
        ++i;
        const std::string_view rest = text.substr(i);
        if (!(rest.empty() || rest == "B" || rest == "iB" || rest == "b" || rest == "ib"))
            return bad();
    }
    const double bytes = std::floor(whole * unit);
    if (!(bytes >= 1) || bytes > 1024.0 * 1024 * 1024 * 1024 * 1024)
        return bad();
    return static_cast<std::uint64_t>(bytes);
}

}  // namespace perfscope::cli
