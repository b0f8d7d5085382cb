// SPDX-License-Identifier: Apache-2.0
#include "files/dialog_path.h"

#include <algorithm>

namespace perfscope::files {
namespace {

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
    return out;
}

// ".png" of "dir/cpu.PNG" (lower case); empty when the file name has no dot
// after its first character (".profile" has none) or ends in one.
std::string extension_of(std::string_view path)
{
    const std::size_t slash = path.find_last_of("/\\");
    const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
    const std::size_t dot = name.rfind('.');
    if (dot == std::string_view::npos || dot == 0 || dot + 1 == name.size())
        return {};
    return lower(name.substr(dot));
}

}  // namespace

std::vector<std::string> filter_extensions(std::string_view filter)
{
    std::vector<std::string> out;
    const std::size_t open = filter.rfind('(');
    const std::size_t close = filter.rfind(')');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open)
        return out;
    std::string_view patterns = filter.substr(open + 1, close - open - 1);
    while (!patterns.empty()) {
        const std::size_t space = patterns.find(' ');
        const std::string_view pattern = patterns.substr(0, space);
        patterns = space == std::string_view::npos ? std::string_view() : patterns.substr(space + 1);
        // Only plain "*.ext": "*" and "data-*.csv" name no extension to append.
        if (pattern.size() > 2 && pattern.starts_with("*.") &&
            pattern.find_first_of("*?[", 1) == std::string_view::npos)
            out.push_back(lower(pattern.substr(1)));
    }
    return out;
}

std::string path_with_filter_extension(std::string_view path, std::string_view selected_filter,
                                       std::string_view filters)
{
    const std::vector<std::string> wanted = filter_extensions(selected_filter);
    if (path.empty() || wanted.empty() || path.back() == '/' || path.back() == '\\')
        return std::string(path);
    std::vector<std::string> known = wanted;
    for (std::size_t at = 0; at <= filters.size();) {
        const std::size_t next = filters.find(";;", at);
        const auto more = filter_extensions(filters.substr(at, next == std::string_view::npos ? next : next - at));
        known.insert(known.end(), more.begin(), more.end());
        if (next == std::string_view::npos)
            break;
        at = next + 2;
    }
    const std::string typed = extension_of(path);
    if (!typed.empty() && std::find(known.begin(), known.end(), typed) != known.end())
        return std::string(path);
    std::string out(path);
    if (out.back() == '.')
        out.pop_back();  // "cpu." -> "cpu.png", not "cpu..png"
    return out + wanted.front();
}

}  // namespace perfscope::files
