// SPDX-License-Identifier: Apache-2.0
// "Did you mean ...?" for names a user typed: the closest of the names that
// exist, by edit distance without regard to ASCII case (PDH paths ignore
// case), when it is close enough to be a slip of the keyboard.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wpo::query {

// Optimal string alignment distance (insertions, deletions, substitutions
// and swaps of two neighbours each cost 1), ASCII case ignored.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate nearest `typed`, if at most max(1, length / 3) edits away
// (ties: the first in `candidates`); none when nothing is that close.
std::optional<std::string> closest_name(std::string_view typed, const std::vector<std::string>& candidates);

// " (did you mean \"X\"? see <where>)" or " (see <where>)".
std::string suggestion_hint(std::string_view typed, const std::vector<std::string>& candidates,
                            const std::string& where);

}  // namespace wpo::query
