#include "object_resolver.h"

#include "format/block_view.h"
#include "name_suggestion.h"

#include <charconv>

namespace perfscope::core {

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

wpo::Result<std::uint32_t> resolve_object(const wpo::NameTable& names, const std::string& text, wpo::Source* source)
{
    std::uint32_t index = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), index);
    if (ec == std::errc() && end == text.data() + text.size() && !text.empty())
        return index;
    if (auto found = names.find_object(text))
        return *found;
    return wpo::Error(wpo::Errc::not_found,
                      "unknown object \"" + text + "\"" + unknown_object_hint(names, text, source));
}

std::string object_query(const std::vector<std::uint32_t>& indices)
{
    std::string query;
    for (std::uint32_t index : indices) {
        if (!query.empty())
            query += ' ';
        query += std::to_string(index);
    }
    return query;
}

}  // namespace perfscope::core
