// SPDX-License-Identifier: Apache-2.0
#include "exporter/instance_guard.h"

namespace perfscope::exporter {
namespace {

// std::regex reads the number of a back-reference (\N) or of a repetition ({N,M}) into a long without
// checking for overflow (undefined behaviour, found by fuzzing), and a large repetition count makes it build
// an automaton of that many states. Neither has a use in a process name's pattern, so a back-reference and
// a count above kMaxRepetition are refused before the pattern reaches std::regex.
constexpr unsigned kMaxRepetition = 1000;

std::string_view unsupported_part(std::string_view pattern)
{
    bool in_class = false;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        const auto digit = [&](std::size_t at) {
            return at < pattern.size() && pattern[at] >= '0' && pattern[at] <= '9';
        };
        if (c == '\\') {
            if (digit(i + 1) && pattern[i + 1] != '0')
                return "a back-reference";
            ++i;  // the escaped character, whatever it is
        } else if (c == '[') {
            in_class = true;
        } else if (c == ']') {
            in_class = false;
        } else if (c == '{' && !in_class) {
            // Each number of {N}, {N,} and {N,M}.
            for (std::size_t at = i + 1; digit(at) || (at < pattern.size() && pattern[at] == ',');) {
                unsigned value = 0;
                for (; digit(at); ++at) {
                    value = value * 10 + static_cast<unsigned>(pattern[at] - '0');
                    if (value > kMaxRepetition)
                        return "a repetition count above 1000";
                }
                if (at < pattern.size() && pattern[at] == ',')
                    ++at;
                else
                    break;
            }
        }
    }
    return {};
}

}  // namespace

bool InstanceGuard::passes(std::string_view process_name) const
{
    if (include && !std::regex_match(process_name.begin(), process_name.end(), *include))
        return false;
    return !(exclude && std::regex_match(process_name.begin(), process_name.end(), *exclude));
}

wpo::Result<std::regex> compile_instance_pattern(const std::string& pattern, std::string_view option)
{
    if (pattern.size() > kMaxPatternLength)
        return wpo::Error(wpo::Errc::invalid_argument, std::string(option) + ": the pattern is longer than " +
                                                           std::to_string(kMaxPatternLength) + " characters");
    if (const std::string_view part = unsupported_part(pattern); !part.empty())
        return wpo::Error(wpo::Errc::invalid_argument, std::string(option) + ": \"" + pattern + "\" has " +
                                                           std::string(part) +
                                                           ", which process patterns do not support");
    try {
        return std::regex(pattern, std::regex::ECMAScript | std::regex::optimize);
    } catch (const std::regex_error& e) {
        return wpo::Error(wpo::Errc::invalid_argument,
                          std::string(option) + ": \"" + pattern + "\" is not a regular expression (" + e.what() + ")");
    }
}

}  // namespace perfscope::exporter
