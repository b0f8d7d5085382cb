// SPDX-License-Identifier: Apache-2.0
#include "sources/procfs/linux_name_table.h"

#include <charconv>
#include <string>
#include <vector>

namespace wpo {
namespace {

bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && is_blank(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && is_blank(s.back()))
        s.remove_suffix(1);
    return s;
}

Error bad(std::size_t line, std::string what)
{
    return Error(Errc::bad_name_table, "linux-names.txt line " + std::to_string(line) + ": " + std::move(what));
}

}  // namespace

Result<NameTable> parse_linux_names(std::string_view text)
{
    NameTable table;
    std::vector<std::uint32_t> seen;
    std::uint32_t index = 0;
    std::string name;
    std::string help;
    std::size_t entry_line = 0;
    auto flush = [&]() -> Status {
        if (entry_line == 0)
            return {};
        if (help.empty())
            return bad(entry_line, "\"" + name + "\" has no help text");
        table.set_name(index, std::move(name));
        table.set_help(index + 1, std::move(help));
        name.clear();
        help.clear();
        return {};
    };

    std::size_t line_number = 0;
    while (!text.empty()) {
        ++line_number;
        const auto end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        const std::string_view content = trim(line);
        if (line.find('\0') != std::string_view::npos)
            return bad(line_number, "NUL character (REG_MULTI_SZ strings cannot hold one)");
        if (content.empty() || content.front() == '#')
            continue;
        if (is_blank(line.front())) {
            if (entry_line == 0)
                return bad(line_number, "help text before any entry");
            if (!help.empty())
                help += ' ';
            help += content;
            continue;
        }
        if (auto status = flush(); !status)
            return status.error();
        std::uint32_t value = 0;
        const auto [ptr, ec] = std::from_chars(content.data(), content.data() + content.size(), value);
        const std::string_view rest = trim(content.substr(static_cast<std::size_t>(ptr - content.data())));
        if (ec != std::errc() || rest.empty() || ptr == content.data() + content.size() || !is_blank(*ptr))
            return bad(line_number, "expected \"<index> <name>\"");
        if (value % 2 != 0 || value == 0)
            return bad(line_number, "index " + std::to_string(value) + " is not an even number above 0");
        for (std::uint32_t s : seen)
            if (s == value)
                return bad(line_number, "index " + std::to_string(value) + " appears twice");
        seen.push_back(value);
        index = value;
        name = rest;
        entry_line = line_number;
    }
    if (auto status = flush(); !status)
        return status.error();
    return table;
}

}  // namespace wpo
