// SPDX-License-Identifier: Apache-2.0
#include "exporter/instance_guard.h"

#include <algorithm>

namespace perfscope::exporter {
namespace {

// What std::regex makes a wrong or unbounded job of, refused before it sees the pattern: it reads the
// number of a back-reference (\N) or of a repetition ({N,M}) into a long without checking for overflow
// (undefined behaviour, found by fuzzing); it builds an automaton as large as the product of nested counts;
// and it accepts a repetition of a repetition ("x**", a syntax error in ECMAScript) whose compiled form takes
// exponential time to run. None has a use in a process name's pattern. Matching itself is kept polynomial
// by libstdc++'s breadth-first executor (compile_instance_pattern), which back-references would defeat.
constexpr unsigned long kMaxRepetition = 1000;

std::string_view unsupported_part(std::string_view pattern)
{
    const auto digit = [&](std::size_t at) { return at < pattern.size() && pattern[at] >= '0' && pattern[at] <= '9'; };
    bool in_class = false;
    bool after_quantifier = false;  // the last token was *, +, ?, {N,M}: only a lazy '?' may follow
    bool lazy_taken = false;
    unsigned long product = 1;  // of every repetition's largest count
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        if (in_class) {
            if (c == '\\')
                ++i;  // the escaped character, whatever it is
            else if (c == ']')
                in_class = false;
            continue;
        }
        const bool quantifier = c == '*' || c == '+' || c == '?' || (c == '{' && digit(i + 1));
        if (!quantifier) {
            after_quantifier = false;
            if (c == '\\') {
                if (digit(i + 1) && pattern[i + 1] != '0')
                    return "a back-reference";
                ++i;
            } else if (c == '[') {
                in_class = true;
            }
            continue;
        }
        if (after_quantifier) {
            if (c == '?' && !lazy_taken) {
                lazy_taken = true;  // *? +? ?? {N}?: as few as possible
                continue;
            }
            return "a repetition of a repetition";
        }
        after_quantifier = true;
        lazy_taken = false;
        if (c != '{')
            continue;
        // {N}, {N,} or {N,M}: the largest count it allows (N for {N,}).
        unsigned long largest = 0;
        std::size_t at = i + 1;
        while (digit(at) || (at < pattern.size() && pattern[at] == ',')) {
            unsigned long value = 0;
            for (; digit(at); ++at) {
                value = value * 10 + static_cast<unsigned long>(pattern[at] - '0');
                if (value > kMaxRepetition)
                    return "a repetition count above 1000";
            }
            largest = std::max(largest, value);
            if (at < pattern.size() && pattern[at] == ',')
                ++at;
            else
                break;
        }
        product *= std::max<unsigned long>(largest, 1);
        if (product > kMaxRepetition)
            return "repetition counts whose product is above 1000";
        if (at < pattern.size() && pattern[at] == '}')
            i = at;
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
        auto flags = std::regex::ECMAScript | std::regex::optimize;
#if defined(__GLIBCXX__)
        // Breadth-first matching: time linear in the name for a given pattern, where the default
        // backtracking takes exponential time on "(a*)*b" and the like.
        flags |= std::regex_constants::__polynomial;
#endif
        return std::regex(pattern, flags);
    } catch (const std::regex_error& e) {
        return wpo::Error(wpo::Errc::invalid_argument,
                          std::string(option) + ": \"" + pattern + "\" is not a regular expression (" + e.what() + ")");
    }
}

}  // namespace perfscope::exporter
