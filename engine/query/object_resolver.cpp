// SPDX-License-Identifier: Apache-2.0
#include "query/object_resolver.h"

#include "format/block_view.h"
#include "query/name_suggestion.h"

#include <charconv>

namespace wpo::query {

std::string unknown_object_hint(const wpo::NameTable& names, const std::string& text, wpo::Source* source,
                                const std::string& where)
{
    std::vector<std::string> served;
    if (source) {
        std::vector<std::byte> bytes;
        for (const char* query : {"Global", "Costly"}) {
            if (!source->collect(query, bytes))
                continue;  // a hint is a courtesy: no suggestion rather than another error
            auto block = wpo::BlockView::parse(bytes);
            if (!block)
                continue;
            for (const wpo::ObjectView& object : block->objects())
                if (const auto name = names.name(object.name_index()); !name.empty())
                    served.emplace_back(name);
        }
    }
    return suggestion_hint(text, served, where);
}

std::optional<std::uint32_t> parse_index(std::string_view text)
{
    if (!text.empty() && text.front() == '#')
        text.remove_prefix(1);
    if (text.empty() || text.front() < '0' || text.front() > '9')
        return std::nullopt;
    std::uint32_t index = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), index);
    if (ec != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return index;
}

std::string name_or_number(const wpo::NameTable& names, std::uint32_t index)
{
    const auto name = names.name(index);
    return name.empty() ? std::to_string(index) : std::string(name);
}

wpo::Result<std::uint32_t> resolve_object(const wpo::NameTable& names, const std::string& text, wpo::Source* source,
                                          const std::string& where)
{
    if (auto index = parse_index(text))
        return *index;
    if (auto found = names.find_object(text))
        return *found;
    return wpo::Error(wpo::Errc::not_found,
                      "unknown object \"" + text + "\"" + unknown_object_hint(names, text, source, where));
}

}  // namespace wpo::query
