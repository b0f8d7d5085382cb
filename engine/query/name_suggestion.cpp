// SPDX-License-Identifier: Apache-2.0
#include "query/name_suggestion.h"

#include <algorithm>

namespace wpo::query {
namespace {

char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// Names longer than this are compared by their first kMaxLength characters:
// the distance stays cheap whatever a user or a source hands in.
constexpr std::size_t kMaxLength = 256;

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b)
{
    a = a.substr(0, kMaxLength);
    b = b.substr(0, kMaxLength);
    // Three rows of the dynamic programme: two back for the swap.
    std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        previous[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        current[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const bool same = lower(a[i - 1]) == lower(b[j - 1]);
            current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (same ? 0 : 1)});
            if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
                current[j] = std::min(current[j], before[j - 2] + 1);
        }
        std::swap(before, previous);
        std::swap(previous, current);
    }
    return previous[b.size()];
}

std::optional<std::string> closest_name(std::string_view typed, const std::vector<std::string>& candidates)
{
    const std::size_t limit = std::max<std::size_t>(1, typed.size() / 3);
    std::optional<std::string> best;
    std::size_t best_distance = limit + 1;
    for (const std::string& candidate : candidates) {
        const std::size_t d = edit_distance(typed, candidate);
        if (d < best_distance) {
            best_distance = d;
            best = candidate;
        }
    }
    return best;
}

std::string suggestion_hint(std::string_view typed, const std::vector<std::string>& candidates,
                            const std::string& where)
{
    if (auto best = closest_name(typed, candidates))
        return " (did you mean \"" + *best + "\"? see " + where + ")";
    return " (see " + where + ")";
}

}  // namespace wpo::query
