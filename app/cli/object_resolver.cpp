#include "commands.h"

#include <charconv>

namespace perfscope::cli {

wpo::Result<std::uint32_t> resolve_object(const wpo::NameTable& names, const std::string& text)
{
    std::uint32_t index = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), index);
    if (ec == std::errc() && end == text.data() + text.size() && !text.empty())
        return index;
    if (auto found = names.find_object(text))
        return *found;
    return wpo::Error(wpo::Errc::not_found, "unknown object \"" + text + "\" (see perfscope-cli list)");
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

}  // namespace perfscope::cli
